import torch
from torch.func import vmap, grad, jacrev, hessian
from torch.distributions import Normal, Gamma, Beta, StudentT, MultivariateNormal, LogNormal
def nll(theta, x):
    return -Normal(theta[0], theta[1].exp()).log_prob(x).sum()
theta = torch.tensor([0.5, -0.2])
xs = torch.tensor([[0.1, 0.4], [1.0, -1.0], [2.0, 0.0]])
print(vmap(grad(nll), in_dims=(None, 0))(theta, xs))
print(hessian(nll)(theta, xs[0]))
print(jacrev(lambda a: Gamma(a, torch.tensor(1.0)).log_prob(torch.tensor([0.5, 1.5])))(torch.tensor(2.0)))
print(torch.autograd.functional.hessian(lambda c: Beta(c[0], c[1]).log_prob(torch.tensor(0.3)), torch.tensor([2.0, 3.0])))
print(vmap(lambda m: LogNormal(m, 1.0).log_prob(torch.tensor(2.0)))(torch.tensor([0.0, 1.0])))
print(grad(lambda s: StudentT(3.0, 0.0, s).log_prob(torch.tensor(1.5)))(torch.tensor(2.0)))
mu = torch.zeros(2, requires_grad=True)
cov = torch.tensor([[2.0, 0.5], [0.5, 1.0]])
lp = MultivariateNormal(mu, cov).log_prob(torch.tensor([[1.0, 0.0], [0.0, 1.0]])).sum()
print(torch.autograd.grad(lp, mu))
