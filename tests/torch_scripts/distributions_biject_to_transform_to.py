import torch
from torch.distributions import constraints, biject_to, transform_to, Normal
from torch.distributions.transforms import LowerCholeskyTransform, PositiveDefiniteTransform
print(biject_to(constraints.positive), transform_to(constraints.nonnegative))
print(biject_to(constraints.greater_than(2.0)), transform_to(constraints.interval(0., 1.)), transform_to(constraints.interval(-1., 3.)))
print(biject_to(constraints.simplex), transform_to(constraints.simplex), biject_to(constraints.real_vector), transform_to(constraints.positive_definite), transform_to(constraints.unit_interval))
raw = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
t = transform_to(Normal.arg_constraints["scale"]) if False else transform_to(constraints.positive)
sigma = t(raw)
print(sigma, t.log_abs_det_jacobian(raw, sigma))
p = biject_to(constraints.simplex)(raw)
print(p, p.sum())
p.log().sum().backward()
print(raw.grad)
m = torch.tensor([[0.5, 0.0], [1.0, -0.3]])
L = LowerCholeskyTransform()(m)
print(L, LowerCholeskyTransform().inv(L))
P = PositiveDefiniteTransform()(m)
print(P, PositiveDefiniteTransform().inv(P))
try:
    biject_to(constraints.lower_cholesky)
except NotImplementedError as e:
    print("NotImplementedError", e)
