# torch.distributions inside vmap (their argument checks look at the whole batch, as
# torch._is_all_true does) and gather with an index shared by every example.
import torch
from torch.distributions import Bernoulli, Categorical, Normal, kl_divergence
from torch.func import grad, vmap

torch.manual_seed(0)
x = torch.randn(3, 4)
print(vmap(lambda a: Normal(a, 1.0).log_prob(torch.zeros(4)))(x))
print(vmap(lambda a: Normal(0., a.exp()).log_prob(a))(x))
print(vmap(lambda a: Normal(a, 1.0).entropy())(x))
print(vmap(grad(lambda a: Normal(a, 0.5).log_prob(torch.ones(4)).sum()))(x))
print(vmap(lambda p: Bernoulli(probs=p).log_prob(torch.ones(4)))(torch.sigmoid(x)))
print(vmap(lambda l: Categorical(logits=l).log_prob(torch.tensor(1)))(x))
print(vmap(lambda l: Categorical(logits=l).entropy())(x))
print(vmap(lambda l: Categorical(probs=l.softmax(-1)).probs.sum())(x))
print(vmap(lambda a: kl_divergence(Normal(a, 1.0), Normal(0., 2.)))(x))
print(vmap(grad(lambda l: Categorical(logits=l).log_prob(torch.tensor(2))))(x))

index = torch.tensor([1, 3])
print(vmap(lambda row: row.gather(0, index))(x))
print(vmap(lambda row: row.gather(-1, torch.tensor([0])))(x))
print(vmap(lambda m: m.gather(1, torch.tensor([[0], [1]])))(x.reshape(3, 2, 2)))
print(vmap(grad(lambda row: row.gather(0, index).pow(2).sum()))(x))
print(vmap(lambda row: torch.zeros(4).scatter(0, index, row[:2]))(x))
print(vmap(lambda row: row.scatter_add(0, index, torch.ones(2)))(x))
