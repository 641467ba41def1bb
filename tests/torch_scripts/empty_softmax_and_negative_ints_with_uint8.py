# softmax/log_softmax of empty tensors return them (numpy's max of nothing raised); a negative Python int
# beside a uint8 tensor wraps round as torch casts it (sub/add alpha, remainder, fmod, in place too)
import torch
for f in (lambda: torch.zeros(0).softmax(0), lambda: torch.zeros(0).log_softmax(0), lambda: torch.zeros(2, 0).softmax(1),
          lambda: torch.zeros(0, 3).softmax(1), lambda: torch.zeros(0, 3).softmax(0), lambda: torch.nn.functional.softmin(torch.zeros(0), 0),
          lambda: torch.zeros(0).logsumexp(0), lambda: torch.zeros(2, 0).log_softmax(0), lambda: torch.special.softmax(torch.zeros(0), 0)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
x = torch.zeros(0, 3, requires_grad=True)
y = x.softmax(1)
y.sum().backward()
print(y, x.grad)
u = torch.tensor([1, 2, 250], dtype=torch.uint8)
for name, f in [("sub alpha", lambda: u.sub(1, alpha=-1)), ("sub neg", lambda: u.sub(-3)), ("rem", lambda: u.remainder(-3)),
                ("fmod", lambda: u.fmod(-3)), ("add alpha", lambda: u.add(2, alpha=-1)), ("mul neg", lambda: u * -2),
                ("rsub", lambda: torch.rsub(u, -1)), ("sub_", lambda: u.clone().sub_(-1, alpha=2)), ("rem_", lambda: u.clone().remainder_(-3)),
                ("fmod_", lambda: u.clone().fmod_(-3)), ("floor_divide", lambda: u // -3), ("div", lambda: u / -3),
                ("i8 sub", lambda: torch.tensor([100], dtype=torch.int8).sub(-100)), ("i8 rem", lambda: torch.tensor([-7, 7], dtype=torch.int8) % -3),
                ("eq neg", lambda: u == -6), ("clamp", lambda: u.clamp(min=-1)), ("where", lambda: torch.where(u > 1, u, -1)),
                ("max", lambda: torch.maximum(u, torch.tensor(-1))), ("pow", lambda: u.pow(2)), ("bitand", lambda: u & -2)]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
