"""The Typer-free fast path of ``gradcli grad`` accepts exactly the options of the Typer command."""
import typer.main

from gradcli.cli import oneshot
from gradcli.cli.commands import app


def _typer_grad_options():
    command = typer.main.get_command(app).commands["grad"]
    flags, valued = set(), set()
    for param in command.params:
        if param.param_type_name != "option" or param.name == "help":
            continue
        names = set(param.opts) | set(param.secondary_opts)
        (flags if param.is_flag else valued).update(names)
    return flags, valued


def test_fast_path_knows_every_option_of_the_grad_command_and_no_other():
    flags, valued = _typer_grad_options()
    assert set(oneshot.FLAGS) == flags
    assert set(oneshot.VALUED) == valued


def test_fast_path_maps_options_to_the_grad_command_parameters():
    command = typer.main.get_command(app).commands["grad"]
    parameters = {p.name for p in command.params}
    assert {key for key, _ in oneshot.FLAGS.values()} <= parameters
    assert set(oneshot.VALUED.values()) <= parameters


def test_anything_else_goes_to_typer():
    assert oneshot.parse_grad_args(["x**2", "--at", "x=3"])["at"] == ["x=3"]
    assert oneshot.parse_grad_args(["x**2", "--help"]) is None
    assert oneshot.parse_grad_args(["x**2", "--wrt"]) is None
    assert oneshot.parse_grad_args(["x**2", "--dtype", "int8"]) is None
