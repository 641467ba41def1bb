"""``torch.autograd.forward_ad``: dual levels, dual tensors and their tangents."""
from ..forward_ad import (  # noqa: F401
    UnpackedDualTensor, dual_level, enter_dual_level, exit_dual_level, make_dual, unpack_dual,
)
