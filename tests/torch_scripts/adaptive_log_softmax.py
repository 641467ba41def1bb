import torch
import torch.nn as nn
asm = nn.AdaptiveLogSoftmaxWithLoss(6, 8, [2, 5], div_value=2.0)
with torch.no_grad():
    for i, p in enumerate(asm.parameters()):
        p.copy_(torch.sin(torch.arange(p.numel()) * 0.37 + i).reshape(p.shape))
print(asm)
x = torch.cos(torch.arange(24.) * 0.5).reshape(4, 6).requires_grad_()
output, loss = asm(x, torch.tensor([0, 3, 7, 1]))
loss.backward()
print(output, loss, x.grad)
print([None if p.grad is None else round(p.grad.abs().sum().item(), 4) for p in asm.parameters()])
