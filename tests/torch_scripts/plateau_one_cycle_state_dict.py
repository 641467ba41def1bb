# ReduceLROnPlateau and OneCycleLR state_dicts: torch 2.13's keys, in its order, with its values
import torch

p = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.SGD([p], lr=0.1, momentum=0.9)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=10)
for _ in range(3):
    opt.step()
    sched.step()
print(sched.state_dict())
three = torch.optim.lr_scheduler.OneCycleLR(torch.optim.SGD([p], lr=0.1, momentum=0.9), max_lr=1.0,
                                            total_steps=10, anneal_strategy="linear", three_phase=True)
print(three.state_dict()["_schedule_phases"], three.state_dict()["_anneal_func_type"])

adam = torch.optim.Adam([p], lr=0.1)
plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(adam, patience=1, min_lr=0.001)
for loss in (1.0, 1.0, 1.0, 1.0, 0.5):
    plateau.step(loss)
print(plateau.state_dict())
print(torch.optim.lr_scheduler.ReduceLROnPlateau(adam, min_lr=[0.01]).state_dict()["default_min_lr"])
