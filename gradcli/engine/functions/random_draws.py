"""``torch.normal`` and ``torch.bernoulli``: the draws (creation.normal, creation.bernoulli) under
torch's node when a tensor argument needs grad (NormalBackward1/2/3, BernoulliBackward0, or a
NotImplemented node for ``bernoulli(input, p)``), whose gradient is zero (ops/random_draw_nodes)."""
from __future__ import annotations

from .. import creation
from ..autograd.grad_mode import mode as _grad_mode
from ..dispatch import call
from ..ops.random_draw_nodes import BERNOULLI, BERNOULLI_P, NORMAL_MEAN, NORMAL_MEAN_STD, NORMAL_STD
from ..public import public
from ..tensor import Tensor


def with_node(op, inputs: tuple, drawn: Tensor, params: dict | None = None) -> Tensor:
    """The draws, under torch's node when an input needs grad (outside vmap, which draws per example)."""
    if _grad_mode().grad and creation.random_rules is None and any(t._requires_grad for t in inputs):
        return call(op, inputs, {"drawn": drawn._data, **(params or {})})
    return drawn


_NORMAL_FORMS = (
    " * (Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (float mean, float std, tuple of ints size, *, torch.Generator generator = None, Tensor out = None, "
    "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
    "bool requires_grad = False)\n")


@public()
def normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, device=None, requires_grad=False) -> Tensor:
    """Draws from N(mean, std) (numbers or tensors, broadcast; ``size``, ``dtype`` and ``device`` for two
    numbers)."""
    if (dtype is not None or device is not None) and (isinstance(mean, Tensor) or isinstance(std, Tensor)):
        given = [type(a).__name__ for a in (mean, std)] + [f"{k}={type(v).__module__.split('.')[0]}.{type(v).__name__}"
                                                          for k, v in (("dtype", dtype), ("device", device)) if v is not None]
        raise TypeError(f"normal() received an invalid combination of arguments - got ({', '.join(given)}), but "
                        f"expected one of:\n{_NORMAL_FORMS}")
    drawn = creation.normal(mean, std, size, generator=generator, dtype=dtype, device=device, requires_grad=requires_grad)
    if isinstance(mean, Tensor):
        return with_node(NORMAL_MEAN_STD, (mean, std), drawn) if isinstance(std, Tensor) else \
            with_node(NORMAL_MEAN, (mean,), drawn)
    return with_node(NORMAL_STD, (std,), drawn) if isinstance(std, Tensor) else drawn


@public(method=True)
def bernoulli(input, p=None, *, generator=None) -> Tensor:
    """0/1 draws, 1 with probability ``input`` (or ``p``, in input's shape)."""
    return with_node(BERNOULLI if p is None else BERNOULLI_P, (input,), creation.bernoulli(input, p, generator=generator))
