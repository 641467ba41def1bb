"""``torch.autograd.graph``: the node type, saved-tensor hooks and multi-grad hooks."""
from ..graph import Node  # noqa: F401
from ..saved_hooks import register_multi_grad_hook, save_on_cpu, saved_tensors_hooks  # noqa: F401
