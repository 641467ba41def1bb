# Optimizers on the Rosenbrock function, losses and parameters printed in full precision (RAdam's
# adaptive learning rate is torch's number / tensor, computed as reciprocal(tensor) * number).
import torch
def rosen(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
for opt_name in ["SGD", "Adam", "RMSprop", "Adagrad", "AdamW", "NAdam", "RAdam", "Adamax", "Adadelta"]:
    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    kw = {"lr": 1e-3} if opt_name == "SGD" else {"lr": 0.01}
    if opt_name == "Adadelta": kw = {"lr": 1.0}
    opt = getattr(torch.optim, opt_name)([p], **kw)
    for i in range(301):
        opt.zero_grad()
        loss = rosen(p)
        loss.backward()
        opt.step()
        if i % 100 == 0:
            print(opt_name, i, loss.item(), p.tolist())
x = torch.tensor(3.0, requires_grad=True)
for i in range(6):
    f = x ** 3 - 2 * x - 5
    g, = torch.autograd.grad(f, x)
    with torch.no_grad():
        x -= f / g
    print(i, x.item())

configs = [("RAdam", dict(lr=0.01, weight_decay=0.01)), ("RAdam", dict(lr=0.01, weight_decay=0.01, decoupled_weight_decay=True)),
           ("NAdam", dict(lr=0.01, momentum_decay=0.004, weight_decay=0.01)), ("NAdam", dict(lr=0.01, decoupled_weight_decay=True, weight_decay=0.1)),
           ("Adam", dict(lr=0.01, amsgrad=True, weight_decay=0.01)), ("AdamW", dict(lr=0.01, amsgrad=True)), ("SGD", dict(lr=1e-3, momentum=0.9, nesterov=True, weight_decay=1e-3)),
           ("SGD", dict(lr=1e-3, momentum=0.9, dampening=0.1)), ("Adagrad", dict(lr=0.1, lr_decay=0.01, weight_decay=0.01, initial_accumulator_value=0.1)),
           ("RMSprop", dict(lr=0.01, centered=True, momentum=0.5, weight_decay=0.01)), ("ASGD", dict(lr=0.001, t0=50)), ("Rprop", dict(lr=0.01)),
           ("Adamax", dict(lr=0.01, weight_decay=0.01)), ("Adadelta", dict(lr=1.0, rho=0.8, weight_decay=0.01))]
for name, kw in configs:
    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    opt = getattr(torch.optim, name)([p], **kw)
    for i in range(201):
        opt.zero_grad()
        loss = rosen(p)
        loss.backward()
        opt.step()
    print(name, kw, loss.item(), p.tolist())
