# backward(inputs=...) calls retain_grad() on every input, as torch's engine does: a non-leaf input
# keeps accumulating into .grad in later passes; the argument checks come in torch's order.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = (y ** 2).sum()
z.backward(inputs=[y], retain_graph=True)
print(y.retains_grad, y.grad, x.grad)
z.backward(inputs=x)
print(x.grad, y.grad)

for bad in ([], [torch.ones(2)]):
    try:
        (x * 3).sum().backward(inputs=bad)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    (x * 3).backward(inputs=[])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.autograd.backward((x * 3).sum(), inputs=())
except RuntimeError as e:
    print("RuntimeError:", e)
