# torch.randint/randint_like with low/high by name (Hutchinson's probes: randint_like(p, high=2) * 2 - 1), generator= on the *_like draws
import torch
x = torch.zeros(3)
g = torch.Generator().manual_seed(0)
tests = [
    ('torch.randint_like(x, high=2)', lambda: torch.randint_like(x, high=2)),
    ('torch.randint_like(x, low=1, high=3)', lambda: torch.randint_like(x, low=1, high=3)),
    ('torch.randint_like(x, 5, generator=g)', lambda: torch.randint_like(x, 5, generator=g)),
    ('torch.randint_like(x, 2, 5)', lambda: torch.randint_like(x, 2, 5)),
    ('torch.randint_like(x, low=2)', lambda: torch.randint_like(x, low=2)),
    ('torch.randint(high=5, size=(3,))', lambda: torch.randint(high=5, size=(3,))),
    ('torch.randint(low=2, high=5, size=(3,))', lambda: torch.randint(low=2, high=5, size=(3,))),
    ('torch.randint(5, size=(3,))', lambda: torch.randint(5, size=(3,))),
    ('torch.randint(2, 5, (3,))', lambda: torch.randint(2, 5, (3,))),
    ('torch.randint(5, (2,), dtype=torch.int32)', lambda: torch.randint(5, (2,), dtype=torch.int32)),
    ('torch.randint_like(x, 0, high=4)', lambda: torch.randint_like(x, 0, high=4)),
    ('torch.randint_like(x.long(), 3)', lambda: torch.randint_like(x.long(), 3)),
    ('torch.randint(3, 10, (2, 2), generator=g)', lambda: torch.randint(3, 10, (2, 2), generator=g)),
    ('torch.rand_like(x, generator=g)', lambda: torch.rand_like(x, generator=g)),
    ('torch.randn_like(x.t(), generator=g)', lambda: torch.randn_like(x, generator=g)),
    ('torch.randint(5, size=(3,), high=7)', lambda: torch.randint(5, size=(3,), high=7)),
    ('torch.randint(5, (3,), 7)', lambda: torch.randint(5, (3,), 7)),
    ('torch.randint_like(x, 1, 2, 3)', lambda: torch.randint_like(x, 1, 2, 3)),
    ('torch.randint()', lambda: torch.randint()),
    ('torch.randint(0, 10)', lambda: torch.randint(0, 10)),
    ('torch.randint(0, 10, 5)', lambda: torch.randint(0, 10, 5)),
    ('torch.randint(10, size=3)', lambda: torch.randint(10, size=3)),
    ('torch.randint(0, 10, size=5)', lambda: torch.randint(0, 10, size=5)),
    ('torch.randint(0, 10, torch.Size([2]))', lambda: torch.randint(0, 10, torch.Size([2]))),
    ('torch.randint(0, 10, [2])', lambda: torch.randint(0, 10, [2])),
]
for text, make in tests:
    torch.manual_seed(0)
    try:
        print(text, make())
    except Exception as e:
        print(text, type(e).__name__, str(e).splitlines()[0])
