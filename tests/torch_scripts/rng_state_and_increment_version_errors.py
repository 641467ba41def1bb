import torch
for v in [torch.zeros(3), torch.zeros(3, dtype=torch.uint8), [1,2], 'x']:
    try: torch.random.set_rng_state(v)
    except Exception as e: print(type(e).__name__, e)
for v in [[torch.zeros(1), 3], (torch.zeros(1),), 'ab', 3]:
    try: torch.autograd.graph.increment_version(v); print('ok')
    except Exception as e: print(type(e).__name__, e)
s = torch.get_rng_state(); a = torch.rand(2); torch.set_rng_state(s); print(torch.equal(a, torch.rand(2)))
