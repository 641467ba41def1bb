"""``torch.profiler``, the profiler tutorials import: the same recorder as ``torch.autograd.profiler``
(every op and backward node, torch's table) under torch.profiler's arguments. A ``schedule`` decides
when ``on_trace_ready`` runs, as torch's (at the end of each active cycle and at exit while recording);
the events of every step are kept, not only the active ones."""
from __future__ import annotations

from .autograd import profiler as _autograd

__all__ = ["ProfilerActivity", "profile", "record_function", "schedule"]

record_function = _autograd.record_function


class _Activity:
    """One member of ``ProfilerActivity``; prints as torch's enum member does."""

    def __init__(self, name: str, value: int):
        self.name, self.value = name, value

    def __repr__(self) -> str:
        return f"<ProfilerActivity.{self.name}: {self.value}>"

    def __str__(self) -> str:
        return f"ProfilerActivity.{self.name}"


class _Activities:
    """``torch.profiler.ProfilerActivity``: CPU is the one gradcli records (CUDA is accepted, unused)."""

    def __init__(self):
        for name, value in (("CPU", 0), ("XPU", 1), ("MTIA", 4), ("CUDA", 2), ("HPU", 3), ("PrivateUse1", 5)):
            setattr(self, name, _Activity(name, value))


ProfilerActivity = _Activities()


NONE, WARMUP, RECORD, RECORD_AND_SAVE = "NONE", "WARMUP", "RECORD", "RECORD_AND_SAVE"


def schedule(*, wait: int, warmup: int, active: int, repeat: int = 0, skip_first: int = 0,
             skip_first_wait: int = 0):
    """torch's step -> action function: skip_first steps, then cycles of wait, warmup and active steps
    (the last active step saves), ``repeat`` times (0: forever)."""
    def action(step: int) -> str:
        if step < skip_first:
            return NONE
        step -= skip_first
        cycle = wait + warmup + active
        if repeat > 0 and step // cycle >= repeat:
            return NONE
        pos = step % cycle
        if pos < wait:
            return NONE
        if pos < wait + warmup:
            return WARMUP
        return RECORD if pos < cycle - 1 else RECORD_AND_SAVE
    return action


class profile(_autograd.profile):
    """``with torch.profiler.profile(activities=[ProfilerActivity.CPU]) as prof: ...``"""

    def __init__(self, *, activities=None, schedule=None, on_trace_ready=None, record_shapes: bool = False,
                 profile_memory: bool = False, with_stack: bool = False, with_flops: bool = False,
                 with_modules: bool = False, experimental_config=None, execution_trace_observer=None,
                 acc_events: bool = False, use_cuda=None, custom_trace_id_callback=None):
        super().__init__(record_shapes=record_shapes, profile_memory=profile_memory, with_stack=with_stack,
                         with_flops=with_flops, with_modules=with_modules)
        self.on_trace_ready = on_trace_ready
        self.schedule = schedule if schedule is not None else (lambda step: RECORD)
        self.step_num = 0

    def start(self) -> None:
        self.__enter__()

    def stop(self) -> None:
        self.__exit__(None, None, None)

    def __exit__(self, *exc) -> bool:
        super().__exit__(*exc)
        if self.schedule(self.step_num) in (RECORD, RECORD_AND_SAVE):
            self._trace_ready()
        return False

    def step(self) -> None:
        """The end of one training step: a cycle's last active step hands the trace over."""
        if self.schedule(self.step_num) == RECORD_AND_SAVE:
            self.function_events = _autograd.EventList(sorted(self._events, key=lambda e: (e.start_us, e.id)),
                                                       record_shapes=self.record_shapes)
            self._trace_ready()
        self.step_num += 1

    def _trace_ready(self) -> None:
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)
