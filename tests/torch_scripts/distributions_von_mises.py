import torch
from torch.distributions import VonMises
torch.manual_seed(0)
loc = torch.tensor([0.0, 1.0, -2.0], requires_grad=True)
kappa = torch.tensor([0.5, 4.0, 20.0], requires_grad=True)
vm = VonMises(loc, kappa)
s = vm.sample((4,))
print(s)
lp = vm.log_prob(s)
print(lp, vm.mean, vm.variance)
lp.sum().backward()
print(loc.grad, kappa.grad)
print(VonMises(torch.tensor(0.5), torch.tensor(1e-6)).sample((3,)))
