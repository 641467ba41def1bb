import torch
import torch.nn.functional as F

pred = torch.tensor([2.5, 0.0, 2.0, 8.0], requires_grad=True)
target = torch.tensor([3.0, -0.5, 2.0, 7.0])
loss = F.mse_loss(pred, target)
print(loss)
loss.backward()
print(pred.grad)
pred.grad = None
l1 = F.l1_loss(pred, target, reduction="sum")
print(l1)
l1.backward()
print(pred.grad)
print(F.mse_loss(pred, target, reduction="none"))
print(F.smooth_l1_loss(pred, target))
print(F.huber_loss(pred, target, delta=0.5))
