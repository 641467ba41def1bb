"""``torch.version``: what a CPU build of torch reports (no CUDA, no ROCm)."""

cuda = None
hip = None
debug = False

__all__ = ["cuda", "debug", "hip"]
