"""Every ``$ gradcli ...`` block in the README shows what the command prints today."""
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCKS = re.findall(r"```\n\$ (.+?)\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("command,expected", BLOCKS, ids=[c[:50] for c, _ in BLOCKS])
def test_readme_example(shell, command, expected):
    result = shell(command + " 2>&1")
    assert result.stdout.rstrip("\n") == expected.rstrip("\n")


def test_readme_has_every_command():
    shown = {re.search(r"gradcli (\w+)", c).group(1) for c, _ in BLOCKS}
    assert {"grad", "jacobian", "hessian", "graph", "trace", "check", "run", "plot", "ops"} <= shown
