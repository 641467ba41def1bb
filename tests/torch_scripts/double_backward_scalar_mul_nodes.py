import torch
# torch's formulas multiply by Python numbers with mul.Scalar: MulBackward1 under create_graph
x = torch.tensor([0.5, 2.0], requires_grad=True)
for f in [torch.log2, torch.log10, lambda v: torch.logaddexp2(v, v * 0)]:
    g1, = torch.autograd.grad(f(x).sum(), x, create_graph=True)
    g2, = torch.autograd.grad(g1.sum(), x, create_graph=True)
    print(g1, g2)
    g3, = torch.autograd.grad(g2.sum(), x)
    print(g3)
g1, = torch.autograd.grad(torch.trapezoid(x * x, dx=0.5), x, create_graph=True)
print(g1, g1.grad_fn, g1.grad_fn.next_functions)
