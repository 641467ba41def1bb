import torch
import torch.nn.functional as F
# where self and target (x1 and x2) are equal, torch's gradient for the second operand comes from its
# own swapped backward: +0, not the -0 of a negated first gradient (printed "0." and "-0.")
x = torch.tensor([[0.5, -1.0, 0.0], [2.0, 0.0, -0.3]], requires_grad=True)
y = torch.tensor([[0.1, -1.0, 0.0], [1.0, 0.0, 0.7]], requires_grad=True)
for name, f in [("mse", F.mse_loss), ("mse sum", lambda a, b: F.mse_loss(a, b, reduction="sum")),
                ("mse none", lambda a, b: F.mse_loss(a, b, reduction="none")), ("l1", F.l1_loss),
                ("smooth_l1", F.smooth_l1_loss), ("smooth_l1 beta 0", lambda a, b: F.smooth_l1_loss(a, b, beta=0.0)),
                ("huber", lambda a, b: F.huber_loss(a, b, delta=0.5)), ("huber none", lambda a, b: F.huber_loss(a, b, reduction="none")),
                ("MSELoss", torch.nn.MSELoss()), ("HuberLoss", torch.nn.HuberLoss())]:
    gx, gy = torch.autograd.grad(f(x, y).sum(), (x, y))
    print(name, gx, gy, sep="\n")
for p in (1.0, 2.0, 3.0, 0.5, float("inf")):
    gx, gy = torch.autograd.grad(torch.cdist(x, y, p=p).sum(), (x, y))
    print("cdist", p, gx, gy, sep="\n")
a = torch.tensor([[1., 2.]], requires_grad=True)
b = torch.tensor([[1., 2.], [1., 3.]], requires_grad=True)
print(torch.autograd.grad(torch.cdist(a, b, p=1).sum(), (a, b)))
