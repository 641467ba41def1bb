# Arguments of the wrong kind, as scripts pass them: torch's answer or torch's error, never a third thing.
import torch
import torch.nn as nn

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
if x.grad == None:
    print("no grad yet")
(x * x).sum().backward()
print("grad is None:", x.grad == None, "| grad is not None:", x.grad != None)
print("compared with a list:", x.detach() == [1.0, 2.0, 3.0])
print("compared with a number:", x.detach() == 2.0)

# Python's float is float64 whatever the default dtype
print(torch.zeros(2, dtype=float).dtype, torch.ones(2).to(float).dtype, torch.ones(2).to("cpu", float).dtype)
print(torch.arange(3, dtype=int), torch.ones(2).to(bool))

for make in (lambda: torch.zeros(1.5), lambda: torch.ones(2.0, 3), lambda: torch.ones(4).reshape(2.0, 2),
             lambda: torch.ones(3).repeat(2.0), lambda: nn.Linear(2.0, 3)):
    try:
        make()
        print("made")
    except TypeError:
        print("TypeError")

t = torch.ones(2)
try:
    t.requires_grad = 1
except RuntimeError as e:
    print("RuntimeError:", e)
print(t.requires_grad)
try:
    t.requires_grad_(1)
except TypeError:
    print("TypeError")
t.requires_grad = True
print(t)
