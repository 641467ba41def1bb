# register_forward_hook(always_call=True): the hook also runs when forward raises (with output
# None), e.g. to close a timer or a log; an error of the hook itself then only warns.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(2, 2)
calls = []


def log_call(module, args, output):
    calls.append(None if output is None else tuple(output.shape))


def strict_hook(module, args, output):
    print("strict hook sees", output.shape)


model.register_forward_hook(log_call, always_call=True)
model.register_forward_hook(strict_hook, always_call=True)
model(torch.randn(3, 2))
try:
    model(torch.randn(3, 5))
except RuntimeError as e:
    print("error:", e)
print(calls)


def with_kwargs(module, args, kwargs, output):
    print("kwargs hook", kwargs, output)


block = nn.Identity()
block.register_forward_hook(with_kwargs, with_kwargs=True, always_call=True)
print(block(torch.ones(2)))

handle = nn.ReLU().register_forward_hook(log_call, always_call=True)
handle.remove()
print(calls)
