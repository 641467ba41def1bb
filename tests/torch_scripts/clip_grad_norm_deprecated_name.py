# the deprecated torch.nn.utils.clip_grad_norm of older scripts (pytorch/examples' word language model): clip_grad_norm_ with a FutureWarning
import warnings
import torch
m = torch.nn.Linear(2, 2)
m(torch.ones(1, 2)).sum().backward()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(torch.nn.utils.clip_grad_norm(m.parameters(), 0.5))
    print(w[0].category.__name__, w[0].message)
print(m.weight.grad)
