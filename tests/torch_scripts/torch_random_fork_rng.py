import torch
torch.manual_seed(0)
with torch.random.fork_rng():
    torch.manual_seed(5)
    print(torch.rand(2))
print(torch.rand(2))
with torch.random.fork_rng(enabled=False):
    print(torch.randn(1))
print(torch.randn(1))
torch.random.manual_seed(3)
print(torch.rand(1), torch.random.initial_seed())
s = torch.random.get_rng_state()
a = torch.rand(2)
torch.random.set_rng_state(s)
print(torch.equal(a, torch.rand(2)))
import torch.random as R
print(R.initial_seed())
