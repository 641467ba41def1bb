"""``torch.autograd.graph``: the node type and saved-tensor hooks."""
from ..graph import Node  # noqa: F401
