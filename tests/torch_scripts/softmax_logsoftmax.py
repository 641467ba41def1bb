import torch
import torch.nn.functional as F

logits = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
p = F.softmax(logits, dim=1)
print(p)
print(p.sum(dim=1))
lp = F.log_softmax(logits, dim=-1)
print(lp)
print(p.grad_fn, lp.grad_fn)
p[0, 2].backward()
print(logits.grad)
logits.grad = None
lp[:, 0].sum().backward()
print(logits.grad)
print(torch.softmax(torch.tensor([1000.0, 1000.0]), dim=0))
print(logits.softmax(0))
