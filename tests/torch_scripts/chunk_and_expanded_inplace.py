import torch
for c in [0, -1]:
    try:
        torch.ones(3).chunk(c)
    except RuntimeError as e:
        print(e)
print(torch.ones(0).chunk(2), torch.ones(5).chunk(3), torch.ones(5).chunk(10))
print(torch.arange(6.).reshape(2, 3).chunk(2, dim=1))
print(torch.ones(0, 2).chunk(3, 1))
e = torch.ones(1).expand(3)
for name, f in [("add_", lambda: e.add_(1)), ("mul_", lambda: e.mul_(2)), ("add_ tensor", lambda: e.add_(torch.ones(3))),
                ("copy_", lambda: e.copy_(torch.ones(3))), ("clamp_", lambda: e.clamp_(0, 1)), ("exp_", lambda: e.exp_())]:
    try:
        f()
        print(name, "ok", e)
    except RuntimeError as ex:
        print(name, ex)
print(e)
