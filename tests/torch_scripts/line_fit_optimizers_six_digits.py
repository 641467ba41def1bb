"""A line fit by each optimizer, its loss and parameters printed with 6 decimals every 10 steps: the
gradient of a broadcast scalar parameter is summed in torch's order (the trajectories' last digits)."""
import torch
torch.manual_seed(0)
x = torch.linspace(-2, 2, 40)
y = 3 * x - 1 + 0.3 * torch.randn(40)
for name, make in [("Adam", lambda p: torch.optim.Adam(p, lr=0.05)), ("AdamW", lambda p: torch.optim.AdamW(p, lr=0.05, weight_decay=0.1)),
                   ("Adagrad", lambda p: torch.optim.Adagrad(p, lr=0.3)),
                   ("Adadelta", lambda p: torch.optim.Adadelta(p, lr=1.0)), ("RAdam", lambda p: torch.optim.RAdam(p, lr=0.05)),
                   ("Adamax", lambda p: torch.optim.Adamax(p, lr=0.05)), ("SGD", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, nesterov=True))]:
    w = torch.zeros(1, requires_grad=True); b = torch.zeros(1, requires_grad=True)
    opt = make([w, b])
    for step in range(50):
        opt.zero_grad()
        loss = ((w * x + b - y) ** 2).mean()
        loss.backward()
        opt.step()
        if step % 10 == 9:
            print(f"{name} {step + 1}: loss={loss.item():.6f} w={w.item():.6f} b={b.item():.6f}")
