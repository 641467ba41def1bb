"""``torch.backends``: the switches scripts set at their top (``cudnn.deterministic = True``) and
the availability questions they ask, answered as a CPU build of torch answers them. The switches
are remembered and change nothing: gradcli's kernels are deterministic and use no cuDNN or TF32."""

__all__ = ["cuda", "cudnn", "mps"]


class _Cudnn:
    """``torch.backends.cudnn``."""

    def __init__(self):
        self.enabled = True
        self.benchmark = False
        self.deterministic = False
        self.allow_tf32 = True

    @staticmethod
    def is_available() -> bool:
        return False

    @staticmethod
    def version():
        return None

    def __repr__(self) -> str:
        return "<module 'torch.backends.cudnn'>"


class _Matmul:
    """``torch.backends.cuda.matmul``."""

    def __init__(self):
        self.allow_tf32 = False
        self.allow_fp16_reduced_precision_reduction = True
        self.allow_bf16_reduced_precision_reduction = True

    def __repr__(self) -> str:
        return "<torch.backends.cuda.cuBLASModule object>"


class _Cuda:
    """``torch.backends.cuda``."""

    def __init__(self):
        self.matmul = _Matmul()

    @staticmethod
    def is_built() -> bool:
        return False

    def __repr__(self) -> str:
        return "<module 'torch.backends.cuda'>"


class _Mps:
    """``torch.backends.mps``."""

    @staticmethod
    def is_available() -> bool:
        return False

    @staticmethod
    def is_built() -> bool:
        return False

    def __repr__(self) -> str:
        return "<module 'torch.backends.mps'>"


cudnn = _Cudnn()
cuda = _Cuda()
mps = _Mps()
