# contextlib and inspect as training scripts use them (nanoGPT's train.py and model.py)
import inspect
import time
from contextlib import nullcontext, contextmanager, suppress
import contextlib
import torch
import torch.nn as nn

device_type = 'cpu'
ctx = nullcontext() if device_type == 'cpu' else torch.amp.autocast(device_type=device_type, dtype=torch.float16)
model = nn.Linear(3, 2)
with ctx:
    out = model(torch.ones(1, 3))
print(out.shape)
with nullcontext(5) as v:
    print(v)
fused_available = 'fused' in inspect.signature(torch.optim.AdamW).parameters
print("fused available:", fused_available)
params = inspect.signature(torch.optim.SGD).parameters
print(list(params)[:4], params['lr'].default, params['momentum'].default, params['lr'].name)
print(params['params'].default is inspect.Parameter.empty)
print('foreach' in inspect.signature(torch.optim.Adam).parameters)

@contextmanager
def evaluating(net):
    was_training = net.training
    try:
        net.eval()
        yield net
    finally:
        if was_training:
            net.train()

@contextmanager
def timer(name):
    start = time.perf_counter()
    yield
    elapsed = time.perf_counter() - start
    print(f"{name} took less than a minute: {elapsed < 60}")

model.train()
with evaluating(model) as m:
    print("inside:", m.training)
print("after:", model.training)
try:
    with evaluating(model):
        raise ValueError("boom")
except ValueError as e:
    print("caught", e, model.training)
with timer("forward"):
    model(torch.zeros(2, 3))

@contextmanager
def ignoring_nans():
    try:
        yield
    except FloatingPointError as e:
        print("handled:", e)
with ignoring_nans():
    raise FloatingPointError("nan loss")
print("continued")
with suppress(KeyError, IndexError):
    [][1]
print("suppressed")
with contextlib.suppress(ZeroDivisionError):
    1 / 0
try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    print("not suppressed:", e)
with torch.no_grad() if True else nullcontext():
    print(model(torch.ones(1, 3)).requires_grad)
