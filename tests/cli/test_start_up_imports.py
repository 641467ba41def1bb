"""What each command loads at start-up (its cold start is mostly imports): no pydantic anywhere,
neither Rich nor prompt_toolkit for plain output, and the one-shot ``grad`` without Typer at all."""
import subprocess
import sys

import pytest


@pytest.fixture(scope="module", autouse=True)
def grammar_tables_cached():
    """The first parse on a machine builds the grammar's tables with lark; the commands below
    are measured as they run every time after that."""
    subprocess.run([sys.executable, "-c", "import gradcli.lang; gradcli.lang.parse('x')"], check=True, timeout=120)


def _imported(*args) -> set:
    code = ("import sys; from gradcli.cli.app import main\n"
            "try:\n    main(sys.argv[1:])\n"
            "except SystemExit:\n    pass\n"
            "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)
    return set(result.stderr.rsplit("MODULES ", 1)[1].split())


@pytest.mark.parametrize("args", [
    ("jacobian", "x**2", "--at", "x=[1,2]"), ("hessian", "x**3", "--at", "x=2"), ("graph", "x*2", "--at", "x=1"),
    ("trace", "x*2", "--at", "x=1"), ("check", "x*2", "--at", "x=1"), ("run", "-e", "print(1)"), ("ops", "mul"),
])
def test_plain_output_loads_no_pydantic_rich_prompt_toolkit_or_lark(args):
    # lark only compiles the grammar when its cached tables are missing (see lang.grammar_loader)
    assert not {m for m in _imported(*args) if m.split(".")[0] in ("pydantic", "rich", "prompt_toolkit", "lark")}


def test_the_one_shot_grad_loads_neither_typer_nor_lark():
    loaded = _imported("grad", "x**2", "--at", "x=3")
    assert "gradcli.engine" in loaded
    assert not {m for m in loaded if m.split(".")[0] in ("typer", "lark", "pydantic", "prompt_toolkit")}
    # Typer's commands have these from Typer; a bare interpreter may too (an editable install's finder)
    assert not {"pathlib", "difflib", "select"} & (loaded - _bare_interpreter())


def _bare_interpreter() -> set:
    code = "import sys; print(' '.join(sys.modules))"
    return set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout.split())


def test_json_output_loads_json():
    assert "json" in _imported("grad", "x**2", "--at", "x=3", "--json")


LAZY = ("gradcli.engine.func", "gradcli.engine.optim", "gradcli.engine.utils", "numpy.random",
        "gradcli.engine.nn.layers", "gradcli.engine.nn.spatial_layers", "gradcli.engine.nn.recurrent",
        "gradcli.engine.nn.attention", "gradcli.engine.nn.init", "gradcli.engine.nn.utils",
        "json", "zipfile", "random", "array",     # --json, @file.npz inputs, a script's random, a grammar build
        "gradcli.lang.prompt_paste", "gradcli.lang.stdlib_modules")     # a >>> paste, a script's `import typing`


@pytest.mark.parametrize("args", [
    ("grad", "x**2", "--at", "x=3"), ("jacobian", "x**2", "--at", "x=[1,2]"), ("hessian", "x**3", "--at", "x=2"),
    ("graph", "x*2", "--at", "x=1"), ("trace", "x*2", "--at", "x=1"), ("check", "x*2", "--at", "x=1"),
    ("run", "-e", "print(1)"), ("ops", "mul"),
])
def test_commands_leave_func_optim_data_layers_and_random_numbers_unloaded(args):
    assert not set(LAZY) & _imported(*args)


def test_a_script_loads_what_it_reaches():
    loaded = _imported("run", "-e", "opt = torch.optim.SGD([torch.ones(1, requires_grad=True)], lr=0.1)")
    assert "gradcli.engine.optim" in loaded and "gradcli.engine.func" not in loaded


def test_a_paste_with_prompts_and_an_import_of_typing_load_what_they_need():
    loaded = _imported("run", "-e", ">>> from typing import Optional\n>>> 1 + 1\n2")
    assert {"gradcli.lang.prompt_paste", "gradcli.lang.stdlib_modules"} <= loaded


def test_a_script_that_builds_a_layer_loads_the_layers():
    loaded = _imported("run", "-e", "print(nn.Linear(2, 1))")
    assert "gradcli.engine.nn.layers" in loaded and "gradcli.engine.optim" not in loaded


@pytest.mark.parametrize("args", [("--help",), ("graph", "--help"), ("--version",)])
def test_help_and_version_load_no_numpy(args):
    # every other command imports numpy first, on a thread of its own (see cli.preload)
    assert "numpy" not in _imported(*args)
