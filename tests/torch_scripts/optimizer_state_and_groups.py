import torch
w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
for name, kw in [("SGD", dict(lr=0.1, momentum=0.9)), ("Adam", dict(lr=0.1)), ("AdamW", dict(lr=0.1)),
                 ("RMSprop", dict(lr=0.1, momentum=0.5, centered=True)), ("Adagrad", dict(lr=0.1))]:
    opt = getattr(torch.optim, name)([w], **kw)
    for _ in range(2):
        opt.zero_grad()
        (w ** 2).sum().backward()
        opt.step()
    print(name, w)
    print(opt.state_dict()["state"])
    print(opt)
opt = torch.optim.Adam([w], lr=0.1, weight_decay=0.1, decoupled_weight_decay=True)
(w ** 2).sum().backward(); opt.step(); print(w)
opt = torch.optim.SGD([{"params": [w], "lr": 0.5}], lr=0.1)
print(opt.param_groups[0]["lr"], opt.defaults["lr"])
opt.add_param_group({"params": [torch.nn.Parameter(torch.ones(1))]})
print(len(opt.param_groups), opt.param_groups[1]["lr"])
w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
(w ** 2).sum().backward()
opt.step()
print(opt.state[w])
print(type(opt.state[w]["momentum_buffer"]))
sd = opt.state_dict()
opt2 = torch.optim.SGD([w], lr=0.5, momentum=0.9)
opt2.load_state_dict(sd)
print(opt2.param_groups[0]["lr"], opt2.state[w])
for g in opt.param_groups:
    g["lr"] = 0.01
print(opt.param_groups[0]["lr"])
