# vmap's checks of in_dims, out_dims, chunk_size and randomness, with torch's messages.
import torch
from torch.func import vmap
x = torch.ones(3, 2)
for name, fn in [("in_dims list", lambda: vmap(lambda a: a, in_dims=[0])(x)),
                 ("in_dims float", lambda: vmap(lambda a: a, in_dims=0.5)(x)),
                 ("in_dims str", lambda: vmap(lambda a: a, in_dims=(0, "a"))(x, x)),
                 ("out_dims bad", lambda: vmap(lambda a: a, out_dims=5)(x)),
                 ("out_dims tuple mismatch", lambda: vmap(lambda a: (a, a), out_dims=(0, 0, 0))(x)),
                 ("no tensors", lambda: vmap(lambda a: a, in_dims=None)(x)),
                 ("scalar input", lambda: vmap(lambda a: a)(torch.tensor(1.0))),
                 ("int arg", lambda: vmap(lambda a, n: a * n)(x, 3)),
                 ("int arg none", lambda: vmap(lambda a, n: a * n, in_dims=(0, None))(x, 3)),
                 ("chunk 0", lambda: vmap(lambda a: a, chunk_size=0)(x)),
                 ("randomness bad", lambda: vmap(lambda a: a, randomness="x")(x)),
                 ("return none", lambda: vmap(lambda a: None)(x)),
                 ("return int", lambda: vmap(lambda a: 3)(x)),
                 ]:
    try:
        print(name, fn())
    except Exception as e:
        print(name, type(e).__name__, e)
