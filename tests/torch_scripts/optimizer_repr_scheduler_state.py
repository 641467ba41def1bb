# print(optimizer) with several param groups, and the schedulers' state_dict as torch 2.13 writes it.
import torch
import torch.nn as nn
m = nn.Linear(2, 1)
sgd = torch.optim.SGD([{"params": [m.weight]}, {"params": [m.bias], "lr": 0.5}], lr=0.1, momentum=0.9)
print(sgd)
L = torch.optim.lr_scheduler
for make in (lambda o: L.StepLR(o, 2, 0.5), lambda o: L.ExponentialLR(o, 0.9), lambda o: L.MultiStepLR(o, [1, 3]),
             lambda o: L.CosineAnnealingLR(o, 10), lambda o: L.LinearLR(o), lambda o: L.ConstantLR(o),
             lambda o: L.PolynomialLR(o), lambda o: L.LambdaLR(o, lambda e: 0.9 ** e),
             lambda o: L.MultiplicativeLR(o, lambda e: 0.9)):
    opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    s = make(opt)
    opt.step()
    s.step()
    print(type(s).__name__, s.state_dict())
