# torch.func transforms of a network whose parameters require grad: the Jacobians keep the
# parameters' graph (a gradient penalty on the input Jacobian trains the weights).
import torch
from torch.func import jacfwd, jacrev, jvp

net = torch.nn.Linear(3, 2)
with torch.no_grad():
    net.weight.copy_(torch.tensor([[0.1, 0.2, 0.3], [-0.4, 0.5, -0.6]]))
    net.bias.fill_(0.5)
x = torch.tensor([1.0, 2.0, 3.0])

J = jacfwd(lambda t: net(t).tanh())(x)
print(J)
print(J.grad_fn, J.grad_fn.next_functions[0][0].name())
J.pow(2).sum().backward()
print(net.weight.grad, net.bias.grad)

net.zero_grad()
J = jacrev(lambda t: net(t).tanh())(x)
print(J)
print(J.grad_fn.next_functions[0][0])
J.pow(2).sum().backward()
print(net.weight.grad, net.bias.grad)

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out, tangent = jvp(lambda t: t.sin() * w, (x,), (torch.ones(3),))
print(out)
tangent.sum().backward()
print(w.grad)

w.grad = None
J = jacrev(lambda t: (t * w).sum())(x)
print(J, J.grad_fn.next_functions)
J.sum().backward()
print(w.grad)
