# vmap's randomness flag on the draws PyTorch users write inside a vmapped function: in-place
# fills (normal_, uniform_, bernoulli_, random_), draws from a tensor (bernoulli(p), normal(mean),
# poisson, multinomial, distributions' sample/rsample), randperm, alpha_dropout, nested levels;
# 'same' refuses a batched parameter and 'different' refuses an in-place fill of an unbatched tensor.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import vmap


def show(fn):
    try:
        print(fn())
    except Exception as e:
        print(type(e).__name__, e)


x = torch.ones(3, 4)
for mode in ['error', 'different', 'same']:
    print('--', mode)
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t.clone().normal_(), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t.clone().uniform_(), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t.clone().random_(0, 10), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t.clone().exponential_(), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: nn.init.normal_(t.clone()), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.empty(2).normal_() + t[0], randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t.clone().bernoulli_(t * 0.3), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t.clone().bernoulli_(0.3), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.bernoulli(t * 0.5), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.bernoulli(torch.full((4,), 0.5)) * t, randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.normal(t, 1.0), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.normal(0.0, t), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.normal(torch.zeros(4), 2.0) * t, randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.poisson(t * 2), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.multinomial(t, 2), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.multinomial(torch.ones(2, 5), 3, replacement=True), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.randperm(5), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t[torch.randperm(4)], randomness=mode)(torch.arange(12.).reshape(3, 4)))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.distributions.Normal(t, 1.0).sample(), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.distributions.Normal(t, 1.0).rsample(), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.distributions.Bernoulli(probs=t * 0.5).sample(), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: torch.distributions.Categorical(logits=t).sample(), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: F.alpha_dropout(t, 0.5, True), randomness=mode)(x))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: nn.Dropout2d(0.5)(t), randomness=mode)(torch.ones(2, 2, 3, 2, 2)))
    torch.manual_seed(1)
    show(lambda: vmap(vmap(lambda t: t + torch.rand(()), randomness='same'), randomness=mode)(torch.ones(2, 3)))
    torch.manual_seed(1)
    show(lambda: vmap(vmap(lambda t: t.clone().normal_(), randomness=mode), randomness='different')(torch.ones(2, 3)))
    torch.manual_seed(1)
    show(lambda: vmap(lambda t: t * torch.rand_like(t), randomness=mode, chunk_size=2)(x))
print(torch.rand(2))
