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


def spec_repr(tree, indent: int = 0) -> str:
    """torch's ``TreeSpec`` repr of ``tree``'s structure (vmap's in_dims messages show it)."""
    if isinstance(tree, dict):
        kind, context, children = "dict", repr(list(tree)), list(tree.values())
    elif isinstance(tree, (tuple, list)):
        kind, context, children = type(tree).__name__, "None", list(tree)
    else:
        return "*"
    indent += 2
    inner = ",".join(("" if i == 0 else "\n" + " " * indent) + spec_repr(child, indent)
                     for i, child in enumerate(children))
    return f"TreeSpec({kind}, {context}, [{inner}])"


def broadcasts(prefix, tree) -> bool:
    """Whether ``prefix`` (vmap's in_dims) matches ``tree``'s structure, a leaf of it standing for a
    whole subtree (torch's ``_broadcast_to_and_flatten``)."""
    if not isinstance(prefix, (tuple, list, dict)):
        return True
    if type(prefix) is not type(tree) or len(prefix) != len(tree):
        return False
    if isinstance(prefix, dict):
        return set(prefix) == set(tree) and all(broadcasts(prefix[k], tree[k]) for k in tree)
    return all(broadcasts(p, t) for p, t in zip(prefix, tree))


def broadcast_leaves(prefix, tree) -> list:
    """``prefix`` (one that ``broadcasts``) spread over ``tree``'s leaves, in ``flatten``'s order."""
    if not isinstance(prefix, (tuple, list, dict)):
        return [prefix] * len(flatten(tree)[0])
    if isinstance(prefix, dict):
        return [d for key in tree for d in broadcast_leaves(prefix[key], tree[key])]
    return [d for p, t in zip(prefix, tree) for d in broadcast_leaves(p, t)]


class _Asterisk:
    def __repr__(self) -> str:
        return "*"


def pprint(tree) -> str:
    """torch's ``treespec_pprint``: the structure with every leaf shown as ``*`` ("(*, *)")."""
    leaves, spec = flatten(tree)
    return repr(unflatten(spec, [_Asterisk()] * len(leaves)))
