import torch
import torch.nn.functional as F

logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3], [1.2, 0.2, 3.1]], requires_grad=True)
target = torch.tensor([0, 1, 2])
loss = F.cross_entropy(logits, target)
print(loss)
loss.backward()
print(logits.grad)
print(loss.grad_fn)
logits.grad = None
loss2 = F.nll_loss(F.log_softmax(logits, dim=1), target, reduction="sum")
print(loss2)
loss2.backward()
print(logits.grad)
print(F.cross_entropy(logits, target, reduction="none"))
w = torch.tensor([1.0, 2.0, 0.5])
print(F.cross_entropy(logits, target, weight=w))
print(F.cross_entropy(logits, target, label_smoothing=0.1))
probs = torch.tensor([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]])
print(F.cross_entropy(logits, probs))
