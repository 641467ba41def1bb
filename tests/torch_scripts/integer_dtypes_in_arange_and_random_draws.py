import torch
# arange with an integer dtype steps in whole numbers (torch truncates start and step);
# random draws of floats refuse integer dtypes instead of rounding them


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, type(e).__name__, ":", e)


for dt in (None, torch.int64, torch.int32, torch.uint8, torch.int16, torch.float32, torch.float64):
    for args in [(0, 4, 1.5), (0.5, 4), (4,), (1, 10, 3), (10, 1, -3), (10.5, 1, -2.5), (0, 4, 0.5), (0, -3, 1),
                 (-2.7, 3.2, 1.1), (2.9,), (0, 7, 7), (5, 5)]:
        if dt is torch.uint8 and min(args) < 0:
            continue
        attempt(f"arange {dt} {args}", lambda: torch.arange(*args, dtype=dt))
attempt("arange bool", lambda: torch.arange(3, dtype=torch.bool))
attempt("arange tensor bounds", lambda: torch.arange(torch.tensor(1), torch.tensor(7.5), dtype=torch.long))
idx = torch.arange(0, 10, 2.5, dtype=torch.long)
print(torch.linspace(0, 1, 10)[idx])

for dt in (torch.int64, torch.int32, torch.uint8, torch.bool, torch.float16, torch.float64):
    attempt(f"randn {dt}", lambda: torch.randn(2, dtype=dt).dtype)
    attempt(f"rand {dt}", lambda: torch.rand(2, dtype=dt).dtype)
    attempt(f"randn_like {dt}", lambda: torch.randn_like(torch.zeros(2, dtype=dt)).dtype)
    attempt(f"rand_like {dt}", lambda: torch.rand_like(torch.zeros(2, dtype=dt)).dtype)
    attempt(f"normal_ {dt}", lambda: torch.zeros(2, dtype=dt).normal_().dtype)
    attempt(f"uniform_ {dt}", lambda: torch.zeros(2, dtype=dt).uniform_().dtype)
    attempt(f"randint {dt}", lambda: torch.randint(0, 2, (2,), dtype=dt).dtype)
attempt("normal with an integer mean", lambda: torch.normal(torch.tensor([1, 2]), 1.0))
attempt("bernoulli of integer probabilities", lambda: torch.bernoulli(torch.tensor([1, 0])))
