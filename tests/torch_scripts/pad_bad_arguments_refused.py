import torch
import torch.nn.functional as F
# F.pad with a bad pad list, a bad value or negative pads larger than the input: torch refuses them
# all; gradcli computed a result for most (int(1.5) as a pad, 2**63 wrapped, a crop past the input as
# a tensor of fill, a string or complex value cast by numpy, reflect/replicate to an empty tensor)
x = torch.arange(16.).view(1, 4, 4)
x1 = torch.arange(12.).view(3, 4)
x3 = torch.arange(48.).view(2, 2, 3, 4)
cases = [
    ("float first", lambda: F.pad(x, (1.5, 1))), ("float second", lambda: F.pad(x, (1, 1.5))),
    ("bool first", lambda: F.pad(x, (True, 1))), ("bool second", lambda: F.pad(x, (1, True))),
    ("int tensor", lambda: F.pad(x, (torch.tensor(1), 1))), ("float tensor", lambda: F.pad(x, (torch.tensor(1.), 1))),
    ("float tensor second", lambda: F.pad(x, (1, torch.tensor(1.)))), ("None second", lambda: F.pad(x, (1, None))),
    ("an int", lambda: F.pad(x, 1)), ("a string", lambda: F.pad(x, "ab")), ("a tensor", lambda: F.pad(x, torch.tensor([1, 1]))),
    ("2**63", lambda: F.pad(x, (2 ** 63, 0))), ("-2**63-1 second", lambda: F.pad(x, (0, -2 ** 63 - 1))),
    ("crop past, pad after", lambda: F.pad(x, (-5, 7))), ("pad before, crop past", lambda: F.pad(x, (7, -5))),
    ("huge crop and pad", lambda: F.pad(x, (-2 ** 62, 2 ** 62))), ("crop both past", lambda: F.pad(x, (-1, -4))),
    ("crop to nothing", lambda: F.pad(x, (-2, -2))), ("crop and pad", lambda: F.pad(x, (1, -4))),
    ("height crop past", lambda: F.pad(x, (0, 0, -5, 7))),
    ("value str", lambda: F.pad(x, (1, 0), value="1")), ("value complex", lambda: F.pad(x, (1, 0), value=1 + 1j)),
    ("value list", lambda: F.pad(x, (1, 0), value=[1])), ("value 1-d tensor", lambda: F.pad(x, (1, 0), value=torch.tensor([2.]))),
    ("value 0-d tensor", lambda: F.pad(x, (1, 0), value=torch.tensor(2))), ("value True", lambda: F.pad(x, (1, 0), value=True)),
    ("value 10**400", lambda: F.pad(x, (1, 0), value=10 ** 400)),
]
for mode in ("replicate", "reflect"):
    for p in [(-2, -2), (-3, -2), (-4, 1), (1, -5)]:
        cases.append((f"{mode} 1d {p}", lambda p=p, mode=mode: F.pad(x1, p, mode=mode)))
    for p in [(0, 0, -2, -1), (0, 0, -3, -1), (-2, -2, -3, 0), (-5, 0, -3, 0)]:
        cases.append((f"{mode} 2d {p}", lambda p=p, mode=mode: F.pad(x, p, mode=mode)))
    for p in [(0, 0, 0, 0, -2, 0), (0, 0, -4, 0, -3, 0), (-4, 0, -3, 0, -2, 0), (-5, 0, -3, 0, -2, 0)]:
        cases.append((f"{mode} 3d {p}", lambda p=p, mode=mode: F.pad(x3, p, mode=mode)))
for p in [(-5, 1), (-3, -3), (-4, 0), (-5, 5), (1, -5)]:
    cases.append((f"circular {p}", lambda p=p: F.pad(x, p, mode="circular")))
for name, f in cases:
    try:
        out = f()
        print(name, tuple(out.shape), out.sum().item() if out.numel() else None)
    except (TypeError, RuntimeError, OverflowError) as e:
        kind = type(e).__name__ if type(e).__name__ in ("TypeError", "OverflowError") else "RuntimeError"
        print(name, kind, str(e).split("\n")[0].rstrip('"'))     # (torch's overflow message runs on: a C++ trace)
