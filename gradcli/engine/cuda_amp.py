"""``torch.cuda.amp``: torch's deprecated spellings of ``torch.amp.autocast("cuda")`` and
``torch.amp.GradScaler("cuda")`` (they warn, then turn themselves off without CUDA)."""
from .amp import cuda_autocast as autocast, cuda_grad_scaler as GradScaler

__all__ = ["GradScaler", "autocast"]
