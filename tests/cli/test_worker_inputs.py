"""Sources are read with a size bound (issue 14): a script file, standard input or a device that
never ends is refused with one error line and exit code 2, at once."""
import os
import subprocess
import sys


def gradcli(*args, **kw):
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, env=env,
                          timeout=60, **kw)


def test_max_source_bounds_a_script_file(tmp_path):
    script = tmp_path / "small.grad"
    script.write_text("print(1)\n# a comment to pass ten bytes\n")
    result = gradcli("run", "--max-source", "10", str(script))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"error: cannot read {script}: 39 bytes is more than a script may have (10 bytes; "
                             "gradcli run --max-source BYTES allows more)\n")
    assert gradcli("run", "--max-source", "100", str(script)).stdout == "1\n"


def test_standard_input_is_read_with_the_same_bound():
    result = gradcli("run", "--max-source", "5", "-", input="print(2)\n")
    assert result.returncode == 2 and "more than 5 bytes, more than a script may have" in result.stderr
    endless = subprocess.Popen(["head", "-c", "20000000", "/dev/zero"], stdout=subprocess.PIPE)
    result = gradcli("grad", "-", stdin=endless.stdout)
    endless.stdout.close()
    endless.kill()
    endless.wait()
    assert result.returncode == 2 and "more than 10485760 bytes" in result.stderr
    assert "Traceback" not in result.stderr
