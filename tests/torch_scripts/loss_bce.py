import torch
import torch.nn.functional as F

z = torch.tensor([0.8, -1.2, 2.0, 0.0], requires_grad=True)
y = torch.tensor([1.0, 0.0, 1.0, 0.0])
p = torch.sigmoid(z)
bce = F.binary_cross_entropy(p, y)
print(bce)
bce.backward()
print(z.grad)
z.grad = None
bcel = F.binary_cross_entropy_with_logits(z, y)
print(bcel)
bcel.backward()
print(z.grad)
print(bcel.grad_fn)
pw = torch.tensor([2.0])
print(F.binary_cross_entropy_with_logits(z, y, pos_weight=pw))
print(F.binary_cross_entropy(p, y, reduction="none"))
