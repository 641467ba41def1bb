"""``torch.nn.parallel``: DataParallel (one CPU, it calls its module) and DistributedDataParallel,
which needs a process group that a gradcli run never has: constructing one is torch's error for a
missing default group, and ``isinstance(model, DistributedDataParallel)`` is False, as templates
that unwrap ``model.module`` expect."""
from __future__ import annotations

from ..distributed import NO_DEFAULT_GROUP
from .extra_layers import DataParallel
from .module import Module

__all__ = ["DataParallel", "DistributedDataParallel"]


class DistributedDataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True,
                 process_group=None, bucket_cap_mb=None, find_unused_parameters=False, check_reduction=False,
                 gradient_as_bucket_view=False, static_graph=False, delay_all_reduce_named_params=None,
                 param_to_hook_all_reduce=None, mixed_precision=None, device_mesh=None):
        raise ValueError(NO_DEFAULT_GROUP)
