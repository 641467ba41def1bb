# igamma/igammac (and torch.special.gammainc/gammaincc) have float kernels only: two integer or
# bool tensors are refused in the dtype they promote to (they computed in float32, exit 0); an
# integer beside a float tensor is promoted as before.
import torch

for a,b in [(torch.tensor([2]), torch.tensor([1.5])), (torch.tensor([2.]), torch.tensor([1])), (torch.tensor([2]), torch.tensor([1])), (torch.tensor([True]), torch.tensor([1.])), (torch.tensor(2), torch.tensor(1)), (torch.tensor([2.]), torch.tensor([1.], dtype=torch.float64)), (torch.tensor([2], dtype=torch.int32), torch.tensor(1.)), (torch.tensor([2+1j]), torch.tensor([1.])), (torch.tensor([True]), torch.tensor([False]))]:
    for f in [torch.igamma, torch.igammac, torch.special.gammainc, torch.special.gammaincc, lambda x, y: x.igamma(y), lambda x, y: x.clone().igammac_(y)]:
        try:
            r = f(a, b); print(r, r.dtype)
        except Exception as e:
            print(type(e).__name__, e)
