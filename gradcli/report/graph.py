"""The backward graph as data, read through the public node interface only.

A walk from the output's ``grad_fn`` visits every node once, in a
topological order computed with dependency counts (no recursion: a chain of
a million nodes is fine). Each node records its torch name, its inputs as an
ordered tuple with duplicates (``x * x`` has two edges), its saved values
from ``_saved_<name>`` (names from ``type(node).op.saves``), and, for
``AccumulateGrad``, its ``variable``. Script variable names label the leaves
and the intermediate results they hold.
"""
from __future__ import annotations

import numpy as np

from ..engine.autograd.graph import accumulator, topological_order
from . import values

VERSION_MESSAGE_MARK = "is at version "
FREED_MESSAGE_MARK = "backward through the graph a second time"


class Saved:
    """One value a node saved for backward."""

    def __init__(self, name: str, is_tensor: bool, value=None, version_saved: int | None = None,
                 version_now: int | None = None, same_storage_as: str | None = None, freed: bool = False):
        self.name = name
        self.is_tensor = is_tensor
        self.value = value                  # the tensor, or the plain value (dim, exponent, sizes)
        self.version_saved = version_saved
        self.version_now = version_now
        self.same_storage_as = same_storage_as
        self.freed = freed

    @property
    def modified(self) -> bool:
        return self.version_saved is not None and self.version_saved != self.version_now


class GraphNode:
    def __init__(self, id: int, name: str, label: str | None, shape: tuple | None, dtype: str | None,
                 inputs: list, saved: list, is_leaf: bool, variable):
        self.id = id
        self.name = name
        self.label = label                  # the script variable that holds this node's output (or the leaf)
        self.shape = shape
        self.dtype = dtype
        self.inputs = inputs                # (node id or None, output_nr) per next_functions entry
        self.saved = saved
        self.is_leaf = is_leaf              # an AccumulateGrad node: its variable is a leaf
        self.variable = variable            # that leaf tensor
        self.module: str | None = None      # with --by-module: the innermost module call that made it
        self.batched = False                # with a batch (``mark_batch``): its value differs per example

    @property
    def short_name(self) -> str:
        """``AccumulateGrad`` rather than torch's ``torch::autograd::AccumulateGrad``."""
        return self.name.rsplit("::", 1)[-1]


class Graph:
    def __init__(self, nodes: list, output: str | None):
        self.nodes = nodes                  # topological order, root first
        self.output = output                # the name of the output, when it has one
        self.batch: tuple | None = None     # (batch size, names of the batched inputs): the graph is one example's

    def __iter__(self):
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)


def root_node(output):
    """The node a backward from ``output`` starts at: its ``grad_fn``, or for a leaf that requires grad
    its AccumulateGrad (torch's gradient edge: ``x.backward()`` fills ``x.grad``); None without either."""
    if output.grad_fn is None and output.is_leaf and output.requires_grad:
        return accumulator(output)
    return output.grad_fn


def build_graph(output, names: dict | None = None, output_name: str | None = None, module_calls=None) -> Graph:
    """The graph below ``root_node(output)``; ``names`` maps script names to their values;
    ``module_calls`` (from nn's record_module_calls) says which module call made each node."""
    root = root_node(output)
    if root is None:
        return Graph([], output_name)
    tensors = _named_tensors(names or {})
    labels = {}
    for name, t in tensors:
        key = _producer(t)
        if key is not None:
            labels.setdefault(key, (name, t))
    if output_name is not None:
        labels[(root, output.output_nr)] = (output_name, output)
    elif (root, output.output_nr) not in labels:
        labels[(root, output.output_nr)] = (None, output)
    order = topological_order([root])
    ids = {node: i for i, node in enumerate(order)}
    nodes = []
    for i, node in enumerate(order):
        label, tensor = labels.get((node, 0), (None, None))
        if _is_accumulate(node):
            tensor = node.variable
            label = label or _name_of(tensor, tensors)
        shape, dtype = _output_metadata(node, tensor)
        nodes.append(GraphNode(
            id=i, name=node.name(), label=label, shape=shape, dtype=dtype,
            inputs=[(ids[n] if n is not None else None, nr) for n, nr in node.next_functions],
            saved=_saved_values(node, tensors), is_leaf=_is_accumulate(node),
            variable=node.variable if _is_accumulate(node) else None))
    _infer_missing_shapes(nodes, order)
    if module_calls:
        _assign_modules(nodes, order, module_calls, names or {})
    return Graph(nodes, output_name)


def mark_batch(graph: Graph, size: int, inputs: dict) -> None:
    """The graph is one example of a batch of ``size`` (``inputs``: name -> that example's leaf):
    mark the nodes whose value depends on a batched input (what vmap runs with a batch dim)."""
    graph.batch = (size, tuple(inputs))
    leaves = {id(t) for t in inputs.values()}
    for node in reversed(graph.nodes):     # inputs before the nodes that use them
        node.batched = (node.is_leaf and id(node.variable) in leaves) or any(
            c is not None and graph.nodes[c].batched for c, _ in node.inputs)


def _assign_modules(nodes: list, order: list, calls: list, names: dict) -> None:
    """Each node's innermost module call, named by its path in the script's models
    (``layer1: Linear``, the model itself by its variable)."""
    models = [(n, v) for n, v in names.items() if _is_model(v) and not n.startswith("_")]
    paths = {}
    for model_name, model in models:
        prefix = f"{model_name}." if len(models) > 1 else ""
        for path, module in model.named_modules():
            paths.setdefault(id(module), (prefix + path) if path else model_name)
    spans = sorted(((end - start, start, end, module) for module, start, end in calls), key=lambda c: c[0])
    for node, info in zip(order, nodes):
        seq = getattr(node, "_seq", None)
        if seq is None:
            continue
        for _, start, end, module in spans:
            if start < seq < end:
                info.module = f"{paths.get(id(module), '?')}: {type(module).__name__}"
                break


def _is_accumulate(node) -> bool:
    return node.name().endswith("AccumulateGrad")   # torch names it torch::autograd::AccumulateGrad


def _output_metadata(node, tensor) -> tuple:
    """Shape and dtype of the node's (first) output: torch's ``_input_metadata``, else a known tensor."""
    meta = getattr(node, "_input_metadata", None)
    if meta:
        return tuple(meta[0].shape), str(meta[0].dtype).removeprefix("torch.")
    if tensor is not None:
        return tuple(tensor.shape), values.dtype_name(tensor)
    return None, None


def _named_tensors(names: dict) -> list:
    """(name, tensor) for every tensor among the script's variables, public names first; a model's
    parameters come first, named by their module path as torchviz's ``params`` names them
    (``layer1.weight``; ``model.layer1.weight`` when the script holds several models)."""
    found = [(n, v) for n, v in names.items() if hasattr(v, "grad_fn") and hasattr(v, "is_leaf")]
    found.sort(key=lambda item: item[0].startswith("_"))
    models = [(n, v) for n, v in names.items() if _is_model(v) and not n.startswith("_")]
    params = []
    for model_name, model in models:
        prefix = f"{model_name}." if len(models) > 1 else ""
        params += [(prefix + pname, p) for pname, p in model.named_parameters()]
    return params + found + _listed_tensors(names)


def _listed_tensors(names: dict, limit: int = 100_000) -> list:
    """Tensors held in a script's list or tuple (``xs = [randn(2, requires_grad=True) ...]``),
    named ``xs[3]`` so such leaves are not drawn nameless; one level deep and bounded."""
    found = []
    for name, value in names.items():
        if name.startswith("_") or not isinstance(value, (list, tuple)):
            continue
        for i, item in enumerate(value[:limit]):
            if hasattr(item, "grad_fn") and hasattr(item, "is_leaf"):
                found.append((f"{name}[{i}]", item))
    return found


def _is_model(value) -> bool:
    return hasattr(value, "named_parameters") and hasattr(value, "named_modules") and not isinstance(value, type)


def _producer(t):
    """The (node, output_nr) that produced ``t``, or None for a tensor outside any graph."""
    if t.grad_fn is not None:
        return (t.grad_fn, t.output_nr)
    return None


def _name_of(t, tensors: list) -> str | None:
    for name, other in tensors:
        if other is t:
            return name
    return None


def _saved_values(node, tensors: list) -> list:
    op = getattr(type(node), "op", None)
    # what the node holds (constants such as add's alpha = 1 and derived counts are torch names, not storage)
    names = tuple(n for n in op.saves if n not in op.internal) if op is not None else ()
    return [_read_saved(node, name, tensors) for name in names]


def _read_saved(node, name: str, tensors: list) -> Saved:
    try:
        value = getattr(node, "_saved_" + name)
    except RuntimeError as err:  # torch raises RuntimeError for modified or freed saved tensors
        return _unreadable(name, str(err))
    if not (hasattr(value, "grad_fn") and hasattr(value, "_version")):
        return Saved(name, False, value)
    return Saved(name, True, value, value._version, value._version, _same_storage(value, tensors))


def _unreadable(name: str, message: str) -> Saved:
    if FREED_MESSAGE_MARK in message:
        return Saved(name, True, freed=True)
    if VERSION_MESSAGE_MARK in message:
        now = int(message.split(VERSION_MESSAGE_MARK)[1].split(";")[0])
        saved = int(message.split("expected version ")[1].split(" ")[0])
        return Saved(name, True, version_saved=saved, version_now=now)
    raise RuntimeError(message)


def _same_storage(t, tensors: list) -> str | None:
    """The script variable whose memory this saved tensor shares (``x`` itself, or a view of it)."""
    data = t.detach().numpy()
    for name, other in tensors:
        if other is t:
            return name
    for name, other in tensors:
        if data.size and np.shares_memory(data, other.detach().numpy()):
            return name
    return None


def _infer_missing_shapes(nodes: list, order: list) -> None:
    """Shapes the labels did not give, read from what the consumers saved about their inputs."""
    for node, info in zip(order, nodes):
        op = getattr(type(node), "op", None)
        if op is None:
            continue
        for saved in info.saved:
            index = _input_index(op, saved.name)
            if index is None or index >= len(info.inputs):
                continue
            child, nr = info.inputs[index]
            if child is None or nr != 0 or nodes[child].shape is not None:
                continue
            if saved.is_tensor and saved.value is not None:
                nodes[child].shape = tuple(saved.value.shape)
                nodes[child].dtype = values.dtype_name(saved.value)
            elif saved.name.endswith("_sym_sizes"):
                nodes[child].shape = tuple(saved.value)
        result = next((s for s in info.saved if s.name == "result" and s.value is not None), None)
        if info.shape is None and result is not None:
            info.shape = tuple(result.value.shape)
            info.dtype = values.dtype_name(result.value)


def _input_index(op, saved_name: str) -> int | None:
    name = saved_name[:-len("_sym_sizes")] if saved_name.endswith("_sym_sizes") else saved_name
    inputs = getattr(op, "inputs", ())
    return inputs.index(name) if name in inputs else None
