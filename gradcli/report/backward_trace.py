"""Record a backward pass as it runs, with the engine's public hooks only.

Every node below the output gets a pre-hook (its incoming gradients) and a
hook (the gradients it passes to each input); every leaf gets a
post-accumulate hook (its ``.grad`` after accumulation). What the script's
own hooks print is captured by the ``write`` callable and attached to the
step it belongs to: tensor hooks run just before their node, so text printed
since the previous step goes to the next one as "before". This is seed 003's
hand simulation (``D.manual_grad, E.manual_grad = F.grad_fn(F.manual_grad)``)
done by the engine and written down.
"""
from __future__ import annotations

from ..engine.autograd.graph import topological_order
from .graph import build_graph, root_node


class Step:
    def __init__(self, number: int, node: int, incoming: list, grad_before=None, printed_before: str = ""):
        self.number = number
        self.node = node                    # id in the Graph
        self.incoming = incoming            # one gradient (or None) per output of the node
        self.outgoing: list = []            # (child id or None, gradient or None) per input
        self.grad_before = grad_before      # AccumulateGrad: the leaf's .grad before and after
        self.grad_after = None
        self.printed_before = printed_before    # output of the script's hooks that fired for this node
        self.printed_during = ""


class Trace:
    def __init__(self, graph, gradient):
        self.graph = graph
        self.gradient = gradient            # the gradient the pass started from
        self.steps: list = []
        self.printed_after = ""
        self.fan_in: dict = {}              # node id -> number of edges that feed it


class Recorder:
    """Hooks that fill a Trace; ``write`` receives what the script prints meanwhile."""

    def __init__(self, output, names: dict, output_name: str | None = None):
        self.output = output
        self.graph = build_graph(output, names, output_name)
        self.pending = []
        self.current = None
        self.trace = None

    def write(self, text: str) -> int:
        self.pending.append(text)
        return len(text)

    def flush(self) -> None:
        """Streams have ``flush``; the recorder keeps everything until the step ends."""

    def _take(self) -> str:
        text = "".join(self.pending)
        self.pending.clear()
        return text

    def run(self, gradient, engine) -> Trace:
        """Run ``output.backward(gradient)`` with the recording hooks in place, then remove them."""
        order = topological_order([root_node(self.output)])
        trace = self.trace = Trace(self.graph, gradient)
        ids = {node: i for i, node in enumerate(order)}
        for node in order:
            for child, _ in node.next_functions:
                if child is not None:
                    trace.fan_in[ids[child]] = trace.fan_in.get(ids[child], 0) + 1
        handles = []
        for node in order:
            handles.append(node.register_prehook(self._pre(node, ids)))
            if hasattr(node, "variable"):
                handles.append(node.variable.register_post_accumulate_grad_hook(self._accumulated))
            else:
                handles.append(node.register_hook(self._post(node, ids)))
        try:
            engine.autograd.backward(self.output, gradient)
        finally:
            for handle in handles:
                handle.remove()
        trace.printed_after = self._take()
        return trace

    def _pre(self, node, ids):
        def hook(grad_outputs):
            step = Step(len(self.trace.steps) + 1, ids[node], [_copy(g) for g in grad_outputs],
                        printed_before=self._take())
            if hasattr(node, "variable"):
                step.grad_before = _copy(node.variable.grad)
            self.trace.steps.append(step)
            self.current = step
        return hook

    def _post(self, node, ids):
        def hook(grad_inputs, grad_outputs):
            step = self.current
            step.outgoing = [(ids[child] if child is not None else None, _copy(g))
                             for (child, _), g in zip(node.next_functions, grad_inputs)]
            step.printed_during = self._take()
        return hook

    def _accumulated(self, tensor) -> None:
        step = self.current
        step.grad_after = _copy(tensor.grad)
        step.printed_during = self._take()


def _copy(t):
    """A detached copy: later accumulation in place must not change what the step recorded."""
    return None if t is None else t.detach().clone()
