# a Python bool on either side of a subtraction is torch's bool-tensor refusal (x - True, True - x,
# x.sub(True), x.sub_(True), x -= True); it computed
import torch
x = torch.tensor([1., 2.])
i = torch.tensor([3, 4])
b = torch.tensor([True, False])
for name, f in [("x - True", lambda: x - True), ("True - x", lambda: True - x), ("x.sub(True)", lambda: x.sub(True)),
                ("torch.sub", lambda: torch.sub(i, False)), ("rsub", lambda: torch.rsub(x, True)), ("i - True", lambda: i - True),
                ("b - True", lambda: b - True), ("True - b", lambda: True - b), ("x.sub_(True)", lambda: x.clone().sub_(True)),
                ("x -= True", lambda: x.clone().__isub__(True) if False else None), ("x + True", lambda: x + True), ("x - 1", lambda: x - 1),
                ("b - b", lambda: b - b), ("-b", lambda: -b), ("x - np.bool_", lambda: x * 1), ("x.sub(1, alpha=2)", lambda: x.sub(1, alpha=2))]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, str(e).split("\n")[0])
y = x.clone()
try:
    y -= True
except RuntimeError as e:
    print("y -= True", e)
print(y)
