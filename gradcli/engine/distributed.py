"""``torch.distributed`` in one process that never joins a process group, as torch answers when no
launcher has set RANK and WORLD_SIZE: training templates import it (nanoGPT's train.py imports
``init_process_group``) and ask ``is_initialized()`` or read an environment variable to decide to
run alone. Everything that needs a group raises torch's error for a missing default group."""
from __future__ import annotations

__all__ = ["Backend", "ReduceOp", "all_gather", "all_reduce", "barrier", "broadcast", "destroy_process_group",
           "gather", "get_backend", "get_rank", "get_world_size", "init_process_group", "is_available",
           "is_gloo_available", "is_initialized", "is_mpi_available", "is_nccl_available",
           "is_torchelastic_launched", "new_group", "reduce", "reduce_scatter", "scatter"]

NO_DEFAULT_GROUP = "Default process group has not been initialized, please make sure to call init_process_group."


class RedOpType:
    """One reduction a collective names (``op=dist.ReduceOp.SUM``), printed as torch's."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: int):
        self.name, self.value = name, value

    def __repr__(self) -> str:
        return f"<RedOpType.{self.name}: {self.value}>"

    def __str__(self) -> str:
        return f"RedOpType.{self.name}"


_REDUCTIONS = ("SUM", "AVG", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR", "PREMUL_SUM")


class ReduceOp:
    """The reductions, as class attributes."""
    script_class_members = _REDUCTIONS


for _value, _name in enumerate(_REDUCTIONS):
    setattr(ReduceOp, _name, RedOpType(_name, _value))


class Backend:
    """Backend names, as torch's string constants."""
    script_class_members = ("UNDEFINED", "GLOO", "NCCL", "MPI")
    UNDEFINED = "undefined"
    GLOO = "gloo"
    NCCL = "nccl"
    MPI = "mpi"


def is_available() -> bool:
    return True


def is_initialized() -> bool:
    return False


def is_torchelastic_launched() -> bool:
    return False


def is_gloo_available() -> bool:
    return True


def is_nccl_available() -> bool:
    return False


def is_mpi_available() -> bool:
    return False


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    """torch's env:// rendezvous finds no RANK in a gradcli run's environment."""
    raise ValueError("Error initializing torch.distributed using env:// rendezvous: environment variable RANK "
                     "expected, but not set")


def destroy_process_group(group=None):
    raise AssertionError("Process group cannot be None")


def _needs_group(*args, **kwargs):
    raise ValueError(NO_DEFAULT_GROUP)


get_rank = get_world_size = get_backend = barrier = new_group = _needs_group
all_reduce = reduce = broadcast = all_gather = gather = scatter = reduce_scatter = _needs_group
