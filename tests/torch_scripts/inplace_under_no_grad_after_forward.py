# Parameters updated in place under no_grad (or through .data) after a forward that saved them: the
# backward refuses as torch's does, naming a stale view's regenerated grad_fn (AsStrided); ops that
# saved nothing, or .data writes (no version bump), go through.
import torch
w = torch.tensor([1., 2.], requires_grad=True)
y = (w ** 2).sum()
with torch.no_grad():
    w -= 0.1
try:
    y.backward()
except RuntimeError as e:
    print(e)
w2 = torch.tensor([1., 2.], requires_grad=True)
y2 = (w2 * 3).sum()
with torch.no_grad():
    w2.mul_(2)
y2.backward(); print(w2.grad)
w3 = torch.tensor([1., 2.], requires_grad=True)
y3 = (w3 * w3).sum()
w3.data.mul_(2)
y3.backward(); print(w3.grad)
w4 = torch.tensor([1., 2.], requires_grad=True)
y4 = w4.exp().sum()
with torch.no_grad():
    w4.zero_()
y4.backward(); print(w4.grad)
w5 = torch.tensor([1., 2.], requires_grad=True)
y5 = torch.sigmoid(w5)
with torch.no_grad():
    y5.add_(1)
try:
    y5.sum().backward()
except RuntimeError as e:
    print(e)
lin = torch.nn.Linear(2, 1)
out = lin(torch.ones(1, 2))
with torch.no_grad():
    lin.weight.add_(1)
try:
    out.sum().backward()
    print(lin.weight.grad)
except RuntimeError as e:
    print(e)
out = lin(torch.ones(1, 2, requires_grad=True))
with torch.no_grad():
    lin.weight.add_(1)
try:
    out.sum().backward()
    print(lin.weight.grad)
except RuntimeError as e:
    print(e)
