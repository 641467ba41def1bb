"""The containers torch.func walks (tuples, lists, dicts, nested): flatten to a list of leaves and
rebuild the same structure around new leaves."""
from __future__ import annotations


def flatten(tree) -> tuple:
    """(leaves, spec): ``unflatten(spec, leaves)`` rebuilds ``tree``."""
    leaves: list = []
    spec = _flatten(tree, leaves)
    return leaves, spec


def _flatten(tree, leaves: list):
    if isinstance(tree, (tuple, list)):
        return (type(tree), [_flatten(item, leaves) for item in tree])
    if isinstance(tree, dict):
        return (dict, [(key, _flatten(value, leaves)) for key, value in tree.items()])
    leaves.append(tree)
    return None


def unflatten(spec, leaves) -> object:
    it = iter(leaves)
    return _build(spec, it)


def _build(spec, it):
    if spec is None:
        return next(it)
    kind, children = spec
    if kind is dict:
        return {key: _build(child, it) for key, child in children}
    items = [_build(child, it) for child in children]
    return kind(items) if kind in (tuple, list) else kind(*items)


def map_leaves(fn, tree):
    leaves, spec = flatten(tree)
    return unflatten(spec, [fn(leaf) for leaf in leaves])
