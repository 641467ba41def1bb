"""Grad modes (thread-local, nested, inference tensors), dtype promotion and casts, the default dtype, version counters shared by views."""
import threading
x = torch.tensor([1., 2.], requires_grad=True)
seen = []
def worker():
    seen.append(torch.is_grad_enabled())
    seen.append((x * 2).requires_grad)
with torch.no_grad():
    t = threading.Thread(target=worker); t.start(); t.join()
    seen.append(torch.is_grad_enabled())
print(seen)
with torch.inference_mode():
    y = x * 2
    print(y.requires_grad, y.is_inference(), torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), (x * 2).requires_grad)
print(y.is_inference(), torch.is_inference_mode_enabled())
try:
    y.add_(1)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
try:
    y.requires_grad_()
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
z = y.clone()
print(z.is_inference(), z.requires_grad)
with torch.set_grad_enabled(False):
    print((x * 2).requires_grad)
print(torch.is_grad_enabled())
for a, b in [(torch.tensor([1, 2]), 2.5), (torch.tensor([1, 2], dtype=torch.int32), torch.tensor([1, 2])),
             (torch.tensor([1., 2.]), torch.tensor([1, 2])), (torch.tensor([True]), torch.tensor([1.5], dtype=torch.float64)),
             (torch.tensor([1., 2.], dtype=torch.float16), 3), (torch.tensor(2.5, dtype=torch.float64), torch.tensor([1, 2])),
             (torch.tensor([1., 2.]), torch.tensor(2.5, dtype=torch.float64)), (torch.tensor([1, 2]), True)]:
    r = a + b
    print(r, r.dtype)
print(torch.tensor([1, 2]) / torch.tensor([2, 4]), torch.tensor([5, -5]) // 2, torch.tensor([True, False]) * 3)
print(torch.tensor([1.5]).int(), torch.tensor([1.7, -1.7]).long(), torch.tensor([0., 1.]).bool(), torch.tensor([1, 0]).float())
print(torch.ones(2, dtype=torch.float16) * 1.5, torch.ones(2).half().dtype, torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
print(torch.tensor([1.5]), torch.ones(2), torch.tensor([1, 2]) * 0.5, torch.get_default_dtype())
torch.set_default_dtype(torch.float32)
try:
    torch.tensor([1., 2.]).add_(torch.tensor([1, 2]))
    i = torch.tensor([1, 2]); i.add_(1.5)
except RuntimeError as e:
    print("ERR", type(e).__name__, e)
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 1
v = b.view(3)
print(b._version, v._version, v._base is b, b._base)
v.add_(1)
print(b._version, v._version, b)
print(a.detach()._version, a.data._version)
d = a.detach(); d.zero_() if False else None
