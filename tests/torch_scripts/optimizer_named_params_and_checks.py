# Optimizers built the ways tutorials build them: from model.named_parameters() (torch keeps the names in the
# group and its state_dict), from dicts that stay the optimizer's own groups, with weight-decay splits; and the
# errors a wrong argument gets (a bare tensor, a set, a non-leaf, bad betas, negative decays), printed.
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
groups = [{"params": m[0].parameters(), "lr": 0.1}, {"params": m[2].parameters()}]
opt = torch.optim.Adam(groups, lr=0.01)
print(opt.param_groups[0] is groups[0], type(groups[0]["params"]).__name__)
groups[1]["lr"] = 0.05
print(opt.param_groups[1]["lr"])

opt2 = torch.optim.AdamW(m.named_parameters(), lr=0.01)
print(opt2.param_groups[0]["param_names"])
x = torch.randn(5, 3)
m(x).sum().backward()
opt2.step()
sd = opt2.state_dict()
print(sd["param_groups"])
print(sd["state"][1]["exp_avg"])
print(opt2)

opt3 = torch.optim.SGD(m.named_parameters(), lr=0.1)
opt3.load_state_dict(torch.optim.SGD(m.parameters(), lr=0.3).state_dict())
print(opt3.param_groups[0]["param_names"], opt3.param_groups[0]["lr"], list(opt3.param_groups[0].keys()))

decay = [p for n, p in m.named_parameters() if p.ndim > 1]
no_decay = [p for n, p in m.named_parameters() if p.ndim == 1]
opt4 = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}],
                         lr=3e-4, betas=(0.9, 0.95))
print([len(g["params"]) for g in opt4.param_groups], [g["weight_decay"] for g in opt4.param_groups])

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.optim.SGD([m[0].weight, m[0].weight], lr=0.1)
print([str(w.message)[:60] for w in caught])

h = m[0].weight * 2
h.retain_grad()
print(len(torch.optim.SGD([h], lr=0.1).param_groups[0]["params"]))


def attempt(label, make):
    try:
        make()
        print(label, "accepted")
    except Exception as e:
        print(label, type(e).__name__, e)


O = torch.optim
attempt("a tensor", lambda: O.SGD(m[0].weight, lr=0.1))
attempt("a set", lambda: O.SGD(set(m.parameters()), lr=0.1))
attempt("a group of a set", lambda: O.SGD([{"params": set(m.parameters())}], lr=0.1))
attempt("a non-leaf", lambda: O.SGD([m[0].weight * 2], lr=0.1))
attempt("some names", lambda: O.SGD([("a", m[0].weight), m[0].bias], lr=0.1))
attempt("a group without names", lambda: opt3.add_param_group({"params": [torch.zeros(1, requires_grad=True)]}))
attempt("a group not a dict", lambda: opt.add_param_group([torch.zeros(1, requires_grad=True)]))
for name in ["Adam", "AdamW", "NAdam", "RAdam", "Adamax"]:
    cls = getattr(O, name)
    attempt(name + " beta1", lambda: cls(m.parameters(), betas=(1.0, 0.9)))
    attempt(name + " beta2", lambda: cls(m.parameters(), betas=(0.9, -0.1)))
attempt("RMSprop weight_decay", lambda: O.RMSprop(m.parameters(), weight_decay=-1))
attempt("Adagrad lr_decay", lambda: O.Adagrad(m.parameters(), lr_decay=-1))
attempt("Adagrad weight_decay", lambda: O.Adagrad(m.parameters(), weight_decay=-1))
attempt("Adagrad initial_accumulator_value", lambda: O.Adagrad(m.parameters(), initial_accumulator_value=-1))

# capturable=True is a CUDA-graph option: on the CPU torch refuses it at the first step with a gradient
for name in ["Adam", "AdamW", "Adamax", "ASGD", "NAdam", "RAdam", "RMSprop", "Rprop", "Adadelta"]:
    p = torch.zeros(2, requires_grad=True)
    o = getattr(torch.optim, name)([p], capturable=True)
    o.step()
    p.grad = torch.ones(2)
    attempt(name + " capturable", o.step)
