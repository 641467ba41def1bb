import torch

# nn.Parameter of an integer tensor is refused in the factories' words; requires_grad must be a bool
for rg in [True, False, 1, None]:
    for dt in [torch.float32, torch.int64]:
        try:
            p = torch.nn.Parameter(torch.ones(2, dtype=dt), requires_grad=rg)
            print(p, p.requires_grad)
        except Exception as e:
            print(type(e).__name__, e)
print(torch.nn.Parameter(), torch.nn.Parameter(torch.ones(1, dtype=torch.complex64)))
