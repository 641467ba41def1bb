import torch

# a sizes argument given as nothing at all is a missing argument; an empty tuple is a 0-d tensor's size
x = torch.ones(())
m = torch.arange(6.0).reshape(2, 3)
calls = {
    "x.expand()": lambda: x.expand(), "x.expand(())": lambda: x.expand(()), "m.reshape()": lambda: m.reshape(),
    "torch.reshape(m)": lambda: torch.reshape(m), "x.reshape(())": lambda: x.reshape(()), "x.reshape()": lambda: x.reshape(),
    "x.view()": lambda: x.view(), "x.view(())": lambda: x.view(()), "m.permute()": lambda: m.permute(),
    "torch.permute(m)": lambda: torch.permute(m), "x.permute()": lambda: x.permute(), "x.permute(())": lambda: x.permute(()),
    "m.repeat()": lambda: m.repeat(), "x.repeat()": lambda: x.repeat(), "x.repeat(())": lambda: x.repeat(()),
    "m.flip()": lambda: m.flip(), "torch.flip(m)": lambda: torch.flip(m), "m.flip(0, 1)": lambda: m.flip(0, 1),
    "torch.flip(m, (1,))": lambda: torch.flip(m, (1,)), "m.flip(-1)": lambda: m.flip(-1), "torch.tile(m)": lambda: torch.tile(m),
    "m.tile()": lambda: m.tile(), "torch.tile(x, ())": lambda: torch.tile(x, ()), "m.tile(2)": lambda: m.tile(2),
    "m.unflatten(1, ())": lambda: m.unflatten(1, ()), "m.unflatten(1, (3, 1))": lambda: m.unflatten(1, (3, 1)),
}
for name, call in calls.items():
    try:
        print(f"{name}: {call()}")
    except Exception as e:
        print(f"{name}: {type(e).__name__}: {e}")
