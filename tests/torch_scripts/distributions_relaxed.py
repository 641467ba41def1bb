import torch
import torch.nn.functional as F
from torch.distributions import RelaxedBernoulli, RelaxedOneHotCategorical
torch.manual_seed(0)
logits = torch.tensor([[0.5, -1.0, 2.0], [0.0, 0.0, 1.0]], requires_grad=True)
temp = torch.tensor(0.5)
d = RelaxedOneHotCategorical(temp, logits=logits)
y = d.rsample()
print(y, y.sum(-1))
lp = d.log_prob(y)
print(lp)
(y[:, 0] * 3 + lp).sum().backward()
print(logits.grad)
rb = RelaxedBernoulli(torch.tensor([0.3]), probs=torch.tensor([0.2, 0.7]))
z = rb.rsample((3,))
print(z, rb.log_prob(z), rb.temperature, rb.probs, rb.logits)
print(F.gumbel_softmax(torch.tensor([[1.0, 2.0, 0.5]]), tau=0.7), F.gumbel_softmax(torch.tensor([[1.0, 2.0, 0.5]]), tau=0.7, hard=True))
