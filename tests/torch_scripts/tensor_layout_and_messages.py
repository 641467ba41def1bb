# Strides, storage offsets and sizes of views, and the words of a few everyday errors.
import torch

t = torch.arange(12.).view(3, 4)
for v in (t, t[1:], t[:, 2:], t.t(), t[1], t[2, 1:], t.view(-1)[5:], t.narrow(1, 1, 2), t.unsqueeze(0)[:, 1:]):
    print(v.storage_offset(), v.stride(), v.is_contiguous(), v.nbytes, v.itemsize, v.element_size())


def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, ":", str(e).split("\n")[0])


attempt(lambda: torch.ones(2, 2).expand(3, 3))
attempt(lambda: torch.ones(2, 1).expand(3, 3, 4))
attempt(lambda: torch.ones(2).to("cuda"))
attempt(lambda: torch.ones(2).cuda())
attempt(lambda: torch.arange(0, 10, -1))
