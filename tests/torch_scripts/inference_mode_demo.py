import torch

x = torch.ones(2, 2, requires_grad=True)
with torch.inference_mode():
    y = x * x
print(y.requires_grad)
print(y.is_inference())
print(x.is_inference())
print(torch.is_inference_mode_enabled())
with torch.inference_mode():
    print(torch.is_inference_mode_enabled())
try:
    (y * x).sum().backward()
except RuntimeError as e:
    print(e)

@torch.inference_mode()
def predict(t):
    return t * 10

p = predict(x)
print(p, p.requires_grad)
with torch.inference_mode(mode=False):
    q = x * 2
print(q.requires_grad)
