import numpy as np
import torch
a = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, 4.0]])
for f in [lambda: torch.softmax(a), lambda: torch.log_softmax(a), lambda: torch.special.softmax(a), lambda: a.softmax(),
          lambda: torch.softmax(a, dim=None), lambda: torch.softmax(a, 1, torch.float64),
          lambda: torch.special.log_softmax(a), lambda: a.log_softmax(0), lambda: torch.log_softmax(a, 0, torch.float64),
          lambda: torch.softmax(a, -1), lambda: torch.special.softmax(a, 0), lambda: a.softmax(dim=1, dtype=torch.float64),
          lambda: torch.nn.functional.softmax(a, 1, 3, torch.float64)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
torch.manual_seed(0)
for f in [lambda: torch.multinomial(torch.ones(2), 0), lambda: torch.multinomial(torch.ones(2, 2, 2), 1),
          lambda: torch.multinomial(torch.ones(2, dtype=torch.long), 1), lambda: torch.multinomial(torch.tensor(1.), 1),
          lambda: torch.multinomial(torch.tensor([0.0, 0.0]), 1), lambda: torch.multinomial(torch.tensor([[0.5, 0.5], [0., 0.]]), 1),
          lambda: torch.multinomial(torch.tensor([-1.0, 2.0]), 1), lambda: torch.multinomial(torch.tensor([float('nan'), 1.0]), 1),
          lambda: torch.multinomial(torch.tensor([float('inf'), 1.0]), 1), lambda: torch.multinomial(torch.tensor([0.2, 0.8]), 3),
          lambda: torch.multinomial(torch.tensor([[0.2, 0.8], [0.9, 0.1]]), 4, replacement=True),
          lambda: torch.multinomial(torch.tensor([0.0, 1.0, 2.0], dtype=torch.float64), 2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
x = torch.ones(2)
for f in [lambda: torch.ones(2, dtype=np.float32), lambda: x.to('float64'),
          lambda: x.type('torch.DoubleTensor'), lambda: x.type(torch.float64), lambda: torch.zeros(2, dtype=float),
          lambda: torch.tensor([1], dtype='int64'), lambda: x.new_zeros(2, dtype='float64'), lambda: torch.empty(2, dtype=None),
          lambda: torch.ones(2, dtype=int), lambda: torch.ones(2, dtype=bool), lambda: x.to(torch.int32),
          lambda: x.to('cpu', torch.float64), lambda: torch.full((2,), 1, dtype=torch.float16), lambda: torch.ones(2, dtype="float")]:
    try:
        r = f()
        print(r.dtype)
    except Exception as e:
        print(type(e).__name__, str(e).split("(")[-1][:60])
