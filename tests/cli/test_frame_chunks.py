"""A command's imports do not map and unmap CPython's frame-stack chunks over and over.

CPython 3.11 frees a 16 KB chunk of its frame stack as soon as the frame that opened it returns,
so a loop of calls sitting at a chunk's edge costs an mmap, a munmap and a page fault per call:
numpy's import reached from deep inside a renderer's import did it ~1,400 times in ``graph``
(see cli.preload). Counted with strace where it is installed."""
import shutil
import subprocess
import sys

import pytest

CHUNK_UNMAPS_ALLOWED = 200     # before cli.preload: graph 1,449, run 358 (each ~10 us)


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace")
@pytest.mark.parametrize("args", [("graph", "x*2", "--at", "x=1"), ("run", "-e", "print(1)"), ("check", "x*2", "--at", "x=1")])
def test_a_command_start_does_not_thrash_the_frame_stack(args, tmp_path):
    log = tmp_path / "strace.log"
    subprocess.run(["strace", "-f", "-e", "trace=munmap", "-o", str(log), sys.executable, "-m", "gradcli", *args],
                   check=True, capture_output=True, timeout=120)
    unmaps = sum(", 16384)" in line for line in log.read_text().splitlines())
    assert unmaps <= CHUNK_UNMAPS_ALLOWED, (
        f"{unmaps} frame-stack chunks freed: a loop of calls sits at a chunk's edge (see cli.preload)")
