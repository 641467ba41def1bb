"""``torch.nn.utils.prune``: pruning as torch reparametrizes it.

Pruning ``weight`` moves the parameter to ``weight_orig``, keeps a ``weight_mask`` buffer, and
sets ``module.weight = weight_mask * weight_orig`` again before every forward (the method object
is the module's forward pre-hook). Pruning the same tensor again combines the masks through a
``PruningContainer``, the new method choosing among the entries still kept; ``remove`` makes the
product the parameter. Masks are chosen as torch chooses them: ``topk`` of the magnitudes or of
``torch.rand_like`` draws, Ln norms over all dims but ``dim``, ``kthvalue`` for random channels.
"""
from __future__ import annotations

import numbers

from .. import creation, functions
from ..autograd.grad_mode import no_grad

__all__ = ["BasePruningMethod", "PruningContainer", "Identity", "RandomUnstructured", "L1Unstructured",
           "RandomStructured", "LnStructured", "CustomFromMask", "identity", "random_unstructured",
           "l1_unstructured", "random_structured", "ln_structured", "global_unstructured", "custom_from_mask",
           "remove", "is_pruned"]


class BasePruningMethod:
    """A pruning method: ``compute_mask`` of a tensor given the mask already applied to it."""

    PRUNING_TYPE = "unstructured"
    _tensor_name = None

    def __call__(self, module, inputs) -> None:
        setattr(module, self._tensor_name, self.apply_mask(module))

    def compute_mask(self, t, default_mask):
        raise NotImplementedError

    def apply_mask(self, module):
        orig = getattr(module, self._tensor_name + "_orig")
        return getattr(module, self._tensor_name + "_mask").to(dtype=orig.dtype) * orig

    @classmethod
    def apply(cls, module, name, *args, importance_scores=None, **kwargs):
        method = _compose(cls, module, name, *args, **kwargs)
        orig = getattr(module, name)
        if importance_scores is not None and importance_scores.shape != orig.shape:
            raise AssertionError(f"importance_scores should have the same shape as parameter {name} of {module}, "
                                 f"got {importance_scores.shape} vs {orig.shape}")
        scores = orig if importance_scores is None else importance_scores
        first = not isinstance(method, PruningContainer)
        if first:
            module.register_parameter(name + "_orig", orig)
            del module._parameters[name]
            default_mask = creation.ones_like(orig)
        else:
            default_mask = getattr(module, name + "_mask").detach().clone()
        try:
            module.register_buffer(name + "_mask", method.compute_mask(scores, default_mask=default_mask))
            setattr(module, name, method.apply_mask(module))
            module.register_forward_pre_hook(method)
        except Exception:
            if first:      # roll back: the parameter returns under its name
                module.register_parameter(name, getattr(module, name + "_orig"))
                del module._parameters[name + "_orig"]
            raise
        return method

    def prune(self, t, default_mask=None, importance_scores=None):
        scores = t if importance_scores is None else importance_scores
        mask = creation.ones_like(t) if default_mask is None else default_mask
        return t * self.compute_mask(scores, default_mask=mask)

    def remove(self, module) -> None:
        """Make the pruned tensor the parameter ``name`` again, without mask or hook."""
        weight = self.apply_mask(module)
        if hasattr(module, self._tensor_name):
            delattr(module, self._tensor_name)
        orig = module._parameters[self._tensor_name + "_orig"]
        orig.data = weight.data
        del module._parameters[self._tensor_name + "_orig"]
        del module._buffers[self._tensor_name + "_mask"]
        setattr(module, self._tensor_name, orig)


def _compose(cls, module, name, *args, **kwargs):
    """The method to apply: a new one, or the module's earlier one for ``name`` with it added."""
    old = None
    for key, hook in list(module._forward_pre_hooks.items()):
        if isinstance(hook, BasePruningMethod) and hook._tensor_name == name:
            old = hook
            del module._forward_pre_hooks[key]
    method = cls(*args, **kwargs)
    method._tensor_name = name
    if old is None:
        return method
    if not isinstance(old, PruningContainer):
        old = PruningContainer(old)
    old.add_pruning_method(method)
    return old


class PruningContainer(BasePruningMethod):
    """Successive pruning of one tensor: each new method prunes what the earlier ones kept."""

    def __init__(self, *args):
        self._pruning_methods: tuple = ()
        if len(args) == 1 and isinstance(args[0], BasePruningMethod):
            self._tensor_name = args[0]._tensor_name
        for method in args:
            self.add_pruning_method(method)

    def add_pruning_method(self, method) -> None:
        if not isinstance(method, BasePruningMethod) and method is not None:
            raise TypeError(f"{type(method)} is not a BasePruningMethod subclass")
        if method is not None and self._tensor_name != method._tensor_name:
            raise ValueError(f"Can only add pruning methods acting on the parameter named '{self._tensor_name}' "
                             f"to PruningContainer {self}. Found '{method._tensor_name}'")
        self._pruning_methods += (method,)

    def __len__(self) -> int:
        return len(self._pruning_methods)

    def __iter__(self):
        return iter(self._pruning_methods)

    def __getitem__(self, idx):
        return self._pruning_methods[idx]

    def compute_mask(self, t, default_mask):
        method = self._pruning_methods[-1]
        new_mask = default_mask.to(dtype=t.dtype)
        if method.PRUNING_TYPE == "unstructured":
            slc = default_mask == 1
        elif method.PRUNING_TYPE == "structured":
            dim = method.dim + t.dim() if method.dim < 0 else method.dim
            kept = default_mask.sum(dim=[d for d in range(t.dim()) if d != dim]) != 0
            slc = tuple(kept if d == dim else slice(None) for d in range(t.dim()))
        elif method.PRUNING_TYPE == "global":
            slc = tuple(slice(None) for _ in range(t.dim()))
        else:
            raise ValueError(f"Unrecognized PRUNING_TYPE {method.PRUNING_TYPE}")
        with no_grad():
            new_mask[slc] = method.compute_mask(t[slc], default_mask=default_mask[slc]).to(dtype=new_mask.dtype)
        return new_mask


class Identity(BasePruningMethod):
    def compute_mask(self, t, default_mask):
        return default_mask

    @classmethod
    def apply(cls, module, name):
        return super().apply(module, name)


def _check_amount(amount) -> None:
    if not isinstance(amount, numbers.Real):
        raise TypeError(f"Invalid type for amount: {amount}. Must be int or float.")
    if (isinstance(amount, numbers.Integral) and amount < 0) or (
            not isinstance(amount, numbers.Integral) and (float(amount) > 1.0 or float(amount) < 0.0)):
        raise ValueError(f"amount={amount} should either be a float in the range [0, 1] or a non-negative integer")


def _count(amount, size: int) -> int:
    """How many units to prune: an int as given, a fraction of ``size`` rounded as Python rounds."""
    n = amount if isinstance(amount, numbers.Integral) else round(amount * size)
    if isinstance(amount, numbers.Integral) and amount > size:
        raise ValueError(f"amount={amount} should be smaller than the number of parameters to prune={size}")
    return n


def _zero_lowest(scores, default_mask, n, largest):
    mask = default_mask.clone()
    if n != 0:
        with no_grad():
            mask.view(-1)[functions.topk(scores.reshape(-1), k=n, largest=largest).indices] = 0
    return mask


class _UnstructuredByAmount(BasePruningMethod):
    """The unstructured methods' common part: a checked amount (a fraction, or a count of entries)."""
    PRUNING_TYPE = "unstructured"

    def __init__(self, amount):
        _check_amount(amount)
        self.amount = amount


class RandomUnstructured(_UnstructuredByAmount):

    def compute_mask(self, t, default_mask):
        n = _count(self.amount, t.numel())
        return _zero_lowest(creation.rand_like(t) if n else None, default_mask, n, True)

    @classmethod
    def apply(cls, module, name, amount):
        return super().apply(module, name, amount=amount)


class L1Unstructured(_UnstructuredByAmount):

    def compute_mask(self, t, default_mask):
        n = _count(self.amount, t.numel())
        return _zero_lowest(t.detach().abs(), default_mask, n, False)

    @classmethod
    def apply(cls, module, name, amount, importance_scores=None):
        return super().apply(module, name, amount=amount, importance_scores=importance_scores)


def _check_structured(t) -> None:
    if t.dim() <= 1:
        raise ValueError("Structured pruning can only be applied to multidimensional tensors. Found tensor of shape "
                         f"{t.shape} with {t.dim()} dims")


def _channel_mask(t, dim, channels):
    """Ones on the given channels (indices or a boolean mask) of ``dim``, zeros elsewhere."""
    mask = creation.zeros_like(t)
    with no_grad():
        mask[tuple(channels if d == dim else slice(None) for d in range(t.dim()))] = 1
    return mask


def _structured_count(t, amount, dim) -> tuple:
    """The size of the pruned dim and how many of its channels to prune (a structured method's start)."""
    _check_structured(t)
    size = t.shape[dim]
    return size, _count(amount, size)


class RandomStructured(BasePruningMethod):
    PRUNING_TYPE = "structured"

    def __init__(self, amount, dim=-1):
        _check_amount(amount)
        self.amount, self.dim = amount, dim

    def compute_mask(self, t, default_mask):
        size, n = _structured_count(t, self.amount, self.dim)
        if n == 0:
            return default_mask
        prob = creation.rand(size)
        threshold = functions.kthvalue(prob, k=n).values
        mask = _channel_mask(t, self.dim % t.dim(), prob > threshold)
        return mask * default_mask.to(dtype=mask.dtype)

    @classmethod
    def apply(cls, module, name, amount, dim=-1):
        return super().apply(module, name, amount=amount, dim=dim)


class LnStructured(BasePruningMethod):
    PRUNING_TYPE = "structured"

    def __init__(self, amount, n, dim=-1):
        _check_amount(amount)
        self.amount, self.n, self.dim = amount, n, dim

    def compute_mask(self, t, default_mask):
        size, n = _structured_count(t, self.amount, self.dim)
        if n == 0:
            return default_mask
        dim = self.dim % t.dim()
        norm = functions.norm(t.detach(), p=self.n, dim=[d for d in range(t.dim()) if d != dim])
        kept = functions.topk(norm, k=size - n, largest=True).indices
        mask = _channel_mask(t, dim, kept)
        return mask * default_mask.to(dtype=mask.dtype)

    @classmethod
    def apply(cls, module, name, amount, n, dim, importance_scores=None):
        return super().apply(module, name, amount=amount, n=n, dim=dim, importance_scores=importance_scores)


class CustomFromMask(BasePruningMethod):
    PRUNING_TYPE = "global"

    def __init__(self, mask):
        self.mask = mask

    def compute_mask(self, t, default_mask):
        return default_mask * self.mask.to(dtype=default_mask.dtype)

    @classmethod
    def apply(cls, module, name, mask):
        return super().apply(module, name, mask=mask)


def identity(module, name):
    Identity.apply(module, name)
    return module


def random_unstructured(module, name, amount):
    RandomUnstructured.apply(module, name, amount)
    return module


def l1_unstructured(module, name, amount, importance_scores=None):
    L1Unstructured.apply(module, name, amount=amount, importance_scores=importance_scores)
    return module


def random_structured(module, name, amount, dim):
    RandomStructured.apply(module, name, amount, dim)
    return module


def ln_structured(module, name, amount, n, dim, importance_scores=None):
    LnStructured.apply(module, name, amount, n, dim, importance_scores=importance_scores)
    return module


def custom_from_mask(module, name, mask):
    CustomFromMask.apply(module, name, mask)
    return module


def global_unstructured(parameters, pruning_method, importance_scores=None, **kwargs) -> None:
    """One mask over all the ``(module, name)`` tensors together, applied to each as a custom mask."""
    parameters = list(parameters)
    scores = importance_scores if importance_scores is not None else {}
    flat_scores = _flat([scores.get((m, n), getattr(m, n)) for m, n in parameters])
    default_mask = _flat([getattr(m, n + "_mask", creation.ones_like(getattr(m, n))) for m, n in parameters])
    method = pruning_method(**kwargs)
    method._tensor_name = "temp"
    if method.PRUNING_TYPE != "unstructured":
        raise TypeError('Only "unstructured" PRUNING_TYPE supported for the `pruning_method`. Found method '
                        f"{pruning_method} of type {method.PRUNING_TYPE}")
    container = PruningContainer()
    container._tensor_name = "temp"
    container.add_pruning_method(method)
    final = container.compute_mask(flat_scores, default_mask)
    start = 0
    for m, n in parameters:
        param = getattr(m, n)
        custom_from_mask(m, n, mask=final[start:start + param.numel()].view_as(param))
        start += param.numel()


def _flat(tensors):
    """parameters_to_vector's concatenation (nn.utils imports this module)."""
    return functions.cat([t.reshape(-1) for t in tensors])


def remove(module, name):
    for key, hook in list(module._forward_pre_hooks.items()):
        if isinstance(hook, BasePruningMethod) and hook._tensor_name == name:
            hook.remove(module)
            del module._forward_pre_hooks[key]
            return module
    raise ValueError(f"Parameter '{name}' of module {module} has to be pruned before pruning can be removed")


def is_pruned(module) -> bool:
    return any(isinstance(hook, BasePruningMethod) for m in module.modules()
               for hook in m._forward_pre_hooks.values())
