"""Where a grad mode reaches, as torch's thread-local one: not into another thread (which starts
with grad on), but out of a generator suspended inside it, and back when the block ends."""
import threading

import pytest

from gradcli import engine


def _scenario(torch) -> list:
    seen = []
    x = torch.ones(3, requires_grad=True)
    with torch.no_grad():
        seen.append(("no_grad", torch.is_grad_enabled(), (x * 2).requires_grad))
        thread = threading.Thread(target=lambda: seen.append(
            ("thread", torch.is_grad_enabled(), (x * 2).requires_grad, torch.is_inference_mode_enabled())))
        thread.start()
        thread.join()
    with torch.inference_mode():
        thread = threading.Thread(target=lambda: seen.append(
            ("thread in inference", torch.is_grad_enabled(), torch.is_inference_mode_enabled())))
        thread.start()
        thread.join()

    def steps():
        with torch.no_grad():
            yield 1
            with torch.enable_grad():
                yield 2
        yield 3

    gen = steps()
    for _ in gen:
        seen.append(("generator", torch.is_grad_enabled(), (x * 2).requires_grad))

    def inference_steps():
        with torch.inference_mode():
            yield 1

    suspended = inference_steps()
    next(suspended)
    y = x * 2
    seen.append(("suspended in inference_mode", torch.is_grad_enabled(), y.requires_grad, y.is_inference()))
    suspended.close()
    seen.append(("closed", torch.is_grad_enabled(), torch.is_inference_mode_enabled()))

    def worker():
        torch.set_grad_enabled(False)   # a thread's own switch stays in that thread
        seen.append(("worker switched off", torch.is_grad_enabled()))

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    seen.append(("main after worker", torch.is_grad_enabled(), (x * 2).requires_grad))
    return seen


# what torch 2.13 gives (test_scenario_matches_torch compares the two when torch is installed)
TORCH_SEEN = [
    ("no_grad", False, False),
    ("thread", True, True, False),
    ("thread in inference", True, False),
    ("generator", False, False),
    ("generator", True, True),
    ("generator", True, True),
    ("suspended in inference_mode", False, False, True),
    ("closed", True, False),
    ("worker switched off", False),
    ("main after worker", True, True),
]


def test_threads_start_with_grad_on_and_generators_share_the_mode():
    assert _scenario(engine) == TORCH_SEEN


@pytest.mark.parity
def test_scenario_matches_torch():
    torch = pytest.importorskip("torch")
    assert _scenario(torch) == TORCH_SEEN
