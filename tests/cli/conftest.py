import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from gradcli.cli.commands import app


@pytest.fixture
def cli():
    """Invoke gradcli in-process: ``cli("grad", "x**2", "--at", "x=3")`` -> click Result."""
    runner = CliRunner(env={"NO_COLOR": "1", "FORCE_COLOR": None})

    def invoke(*args, input=None):
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)
    return invoke


@pytest.fixture
def shell():
    """Run a shell pipeline where ``gradcli`` is this interpreter's ``python -m gradcli``."""
    def run(command: str, **kw):
        env = dict(os.environ, NO_COLOR="1")
        env.pop("FORCE_COLOR", None)
        py = sys.executable
        command = f'gradcli() {{ "{py}" -m gradcli "$@"; }}; python() {{ "{py}" "$@"; }}; ' + command
        return subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True,
                              env=env, timeout=120, **kw)
    return run
