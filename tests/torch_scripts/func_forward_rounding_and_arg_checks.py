# Forward mode through tanh and sigmoid rounds as torch's formulas do (tanh_backward and
# sigmoid_backward applied to the tangent; tiny cancelling entries showed it), and the transforms
# reject what torch rejects: a float where a tensor is differentiated, out_dims that are not ints.
import torch
import torch.nn as nn
from torch.func import jvp, jacfwd, jacrev, hessian, grad, vjp, vmap
from torch.autograd.functional import jacobian

torch.set_printoptions(precision=8)
torch.manual_seed(0)
x = torch.randn(7) * 2
t = torch.randn(7)
for f in (torch.tanh, torch.sigmoid):
    print(jvp(f, (x,), (t,))[1])
torch.set_printoptions(profile='default')
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
inputs = torch.randn(5, 3)
print(jacfwd(model)(inputs[0]))
print(jacobian(model, inputs, vectorize=True, strategy='forward-mode')[0, :, 0])
sig = nn.Sequential(nn.Linear(3, 4), nn.Sigmoid(), nn.Linear(4, 1))
print(hessian(lambda v: sig(v).squeeze())(inputs[1]))
print(jacfwd(jacrev(lambda v: model(v).tanh().sum()))(inputs[2]))
for call in (lambda: grad(lambda a: a ** 2)(3.0), lambda: vjp(torch.sin, 2.0), lambda: jacfwd(torch.sin)(2.0),
             lambda: vmap(torch.sin, out_dims='x')(inputs), lambda: vmap(torch.sin, out_dims=(0, 1.5))(inputs)):
    try:
        call()
    except Exception as e:
        print(type(e).__name__, e)
