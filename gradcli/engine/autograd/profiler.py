"""``torch.autograd.profiler``: ``profile`` and ``record_function``."""
from ..profiler import EventList, FunctionEvent, FunctionEventAvg, profile, record_function  # noqa: F401
