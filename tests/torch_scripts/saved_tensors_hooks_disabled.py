# torch.autograd.graph.disable_saved_tensors_hooks: inside it, saved_tensors_hooks raises the given message.
import torch
from torch.autograd.graph import disable_saved_tensors_hooks, saved_tensors_hooks

x = torch.tensor([1.0, 2.0], requires_grad=True)
with disable_saved_tensors_hooks("saved tensors default hooks are disabled"):
    y = (x * x).sum()
    try:
        with saved_tensors_hooks(lambda t: t, lambda t: t):
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        with torch.autograd.graph.save_on_cpu():
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)
y.backward()
print(x.grad)

with saved_tensors_hooks(lambda t: t, lambda t: t):
    try:
        with disable_saved_tensors_hooks("hooks are active"):
            pass
    except RuntimeError as e:
        print("RuntimeError:", e)

@disable_saved_tensors_hooks("not in this function")
def f(t):
    with saved_tensors_hooks(lambda t: t, lambda t: t):
        return t * 2

try:
    f(x)
except RuntimeError as e:
    print("RuntimeError:", e)
with saved_tensors_hooks(lambda t: t, lambda t: t):
    print((x * 3).sum())

with torch.autograd.set_detect_anomaly(True, check_nan=False):
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
