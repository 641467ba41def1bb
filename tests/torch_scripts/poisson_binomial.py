# torch.poisson and torch.binomial on a seeded generator: torch's counts, and the generator left where torch leaves it.
import torch

torch.manual_seed(0)
rates = torch.tensor([0.0, 0.5, 3.0, 9.99, 10.0, 25.0, 100.0, 1e4, 1.5, 40.0])
print(torch.poisson(rates))
print(torch.poisson(rates.double()))
print(torch.poisson(torch.full((2, 3), 4.0)))
print(torch.rand(2))

count = torch.tensor([10.0, 100.0, 5.0, 1000.0, 30.0, 0.0, 7.0, 50.0, 200.0, 3.0, 1e5, 20.0])
prob = torch.tensor([0.5, 0.3, 0.9, 0.01, 0.7, 0.5, 1.0, 0.95, 0.2, 0.33, 0.123, 0.0])
print(torch.binomial(count, prob))
print(torch.binomial(count.double(), prob.double()))
print(torch.binomial(torch.ones(2, 3).t() * 10, torch.full((3, 2), 0.5)))
print(torch.binomial(torch.full((2, 1), 40.0), torch.tensor([[0.1, 0.5, 0.8]])))
print(torch.binomial(torch.tensor([10.0, -3.0, 2.5, float("inf")]), torch.tensor([0.5, 0.5, 0.5, 0.5])))
print(torch.binomial(torch.tensor([10.0, 10.0, 10.0]), torch.tensor([float("nan"), 1.5, -0.5])))
print(torch.rand(2))

g = torch.Generator().manual_seed(3)
print(torch.poisson(torch.tensor([4.0, 40.0]), generator=g), torch.poisson(torch.tensor([4.0, 40.0]), g))
print(torch.binomial(torch.tensor([10.0]), torch.tensor([0.5]), generator=g))
print(torch.poisson(torch.tensor([3.0], dtype=torch.float16)), torch.poisson(torch.tensor(3.0)), torch.poisson(torch.zeros(0)))
print(torch.poisson(torch.tensor([float("inf"), 1e20])))

# a Poisson sample has a zero gradient; binomial has none
r = torch.tensor([1.0, 2.0], requires_grad=True)
p = torch.poisson(r)
print(p.grad_fn.name())
p.sum().backward()
print(r.grad)
c = torch.tensor([10.0, 20.0], requires_grad=True)
q = torch.tensor([0.5, 0.2])
b = torch.binomial(c, q)
print(b, b.grad_fn.name(), len(b.grad_fn.next_functions))
try:
    b.sum().backward()
except Exception as e:
    print(type(e).__name__, e)

for f in (lambda: torch.poisson(torch.tensor([1.0, -1.0])), lambda: torch.poisson(torch.tensor([float("nan")])),
          lambda: torch.poisson(torch.tensor([1, 2])), lambda: torch.poisson(torch.tensor([True])),
          lambda: torch.poisson([1.0]), lambda: torch.binomial(torch.tensor([10.0, 5.0]), torch.tensor([0.5, 0.2, 0.9])),
          lambda: torch.binomial(torch.tensor([10.0]), torch.tensor([0.5], dtype=torch.float64)),
          lambda: torch.binomial(torch.tensor([10]), torch.tensor([1])),
          lambda: torch.binomial(torch.tensor([10.0]), torch.tensor([1])),
          lambda: torch.binomial(torch.tensor([10.0]), 0.5),
          lambda: torch.binomial(torch.tensor([10.0], dtype=torch.float16), torch.tensor([0.5], dtype=torch.float16))):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.rand(2))
