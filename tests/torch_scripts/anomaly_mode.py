import torch

x = torch.tensor([0.0, 1.0], requires_grad=True)
y = torch.sqrt(x)
z = y * 0
print(z)
z.sum().backward()
print(x.grad)
x.grad = None
with torch.autograd.detect_anomaly():
    y = torch.sqrt(x)
    z = y * 0
    try:
        z.sum().backward()
    except RuntimeError as e:
        print(e)
print(torch.is_anomaly_enabled())
torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled())
torch.autograd.set_detect_anomaly(False)
