"""A new user's walkthrough: every command's --help works, and the example each help text gives
runs as printed (from the repository's root, where samples/ is), exits 0 and prints something."""
import re


import pytest

from gradcli.cli.commands import app

# exit 1 is the documented outcome of two examples: check's shows a kink (relu at 0) failing
# gradgradcheck with a note, run's runs samples of which some end in torch's own errors
EXPECTED_EXIT = {"check": {0, 1}, "run": {0, 1}}
COMMANDS = sorted(info.name or info.callback.__name__.replace("_", "-") for info in app.registered_commands)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_shows_an_example_that_runs(cli, shell, command):
    help_text = cli(command, "--help").stdout
    assert help_text.startswith(f"Usage: gradcli {command}")
    # an example the help text wrapped goes on, indented, until a blank line
    examples = [" ".join(m.split()) for m in re.findall(r"Example: (gradcli .+?)(?:\n\s*\n|\Z)", help_text, re.S)]
    assert examples, f"gradcli {command} --help gives no example"
    for example in examples:
        if command == "repl":
            example += " < /dev/null"        # the REPL reads a script from a non-terminal stdin
        result = shell(example)
        assert result.returncode in EXPECTED_EXIT.get(command, {0}), f"{example}\n{result.stderr}"
        assert "Traceback" not in result.stderr
        assert result.stdout.strip() or command == "repl", example


def test_top_level_help_lists_every_command(cli):
    text = cli("--help").stdout
    assert all(re.search(rf"^\s+{c}\s", text, re.M) for c in COMMANDS)


def test_plot_draws_in_the_terminal_even_when_the_figure_cannot_be_saved(cli, tmp_path):
    pytest.importorskip("numpy")
    try:
        import matplotlib  # noqa: F401
        pytest.skip("matplotlib is installed: the figure would be saved")
    except ImportError:
        pass
    result = cli("plot", "sin(x)", "--out", str(tmp_path / "p.png"))
    assert result.exit_code == 1 and "f'" in result.stdout and "needs matplotlib" in result.stderr
