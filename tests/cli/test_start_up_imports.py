"""What each command loads at start-up (its cold start is mostly imports): no pydantic anywhere,
neither Rich nor prompt_toolkit for plain output, and the one-shot ``grad`` without Typer at all."""
import os
import subprocess
import sys

import pytest

from gradcli.engine.ops.lazy_families import FAMILIES


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


LAZY = ("numpy.random", "json", "zipfile", "random", "array", "dataclasses")   # --json, @file.npz, a script's random, a grammar build, graph --out


def _names(package: str, names: str) -> frozenset:
    return frozenset({package} | {f"{package}.{name}" for name in names.split()})


# Every module of the CLI, the language and the reports each command loads, so that an import added to
# a start-up fails here; one a command does not need loads on first use (``__getattr__`` in
# lang/__init__.py, imports inside the functions that need them), one it needs goes in these lists.
# The engine loads whole but for these parts (``_LAZY`` in engine/__init__.py and engine/nn/__init__.py):
ENGINE_LAZY = ("gradcli.engine.func", "gradcli.engine.optim", "gradcli.engine.utils", "gradcli.engine.distributions",
               "gradcli.engine.backends", "gradcli.engine.cuda", "gradcli.engine.testing", "gradcli.engine.nn.layers",
               "gradcli.engine.nn.spatial_layers", "gradcli.engine.nn.recurrent", "gradcli.engine.nn.attention",
               "gradcli.engine.nn.init", "gradcli.engine.nn.utils") + tuple(
    f"gradcli.engine.ops.{family}" for family in FAMILIES)     # the op families loaded on first use
# the language (no prompt_paste, stdlib_modules: a >>> paste, a script's `import typing`)
LANG = _names("gradcli.lang", """
    compile_calls compile_errors compile_expressions compile_generators compile_statements compiler engine_modes errors
    finalizers grammar_loader iterators lexer limits namespace parser sandbox scopes session stdlib_tools syntax_builder
    syntax_tree watchdog""")
CLI = {"gradcli", "gradcli.engine"} | _names("gradcli.cli", "app code_cache dash_expr errors inputs output preload problem")
TYPER = CLI | _names("gradcli.cli", "commands options bodies oneshot worker")
REPORT = _names("gradcli.report", "document to_plain")
STARTUP = {
    ("grad", "x**2", "--at", "x=3"): CLI | LANG | REPORT | {
        "gradcli.cli.oneshot", "gradcli.report.values", "gradcli.report.derivatives_view"},
    ("jacobian", "x**2", "--at", "x=[1,2]"): TYPER | LANG | REPORT | {
        "gradcli.report.values", "gradcli.report.derivatives_view"},
    ("hessian", "x**3", "--at", "x=2"): TYPER | LANG | REPORT | {
        "gradcli.report.values", "gradcli.report.derivatives_view"},
    ("graph", "x*2", "--at", "x=1"): TYPER | LANG | REPORT | _names("gradcli.report", "values graph graph_view"),
    ("trace", "x*2", "--at", "x=1"): TYPER | LANG | REPORT | _names(
        "gradcli.report", "values graph trace_view backward_trace"),
    ("check", "x*2", "--at", "x=1"): TYPER | LANG | REPORT | {"gradcli.cli.check"} | _names(
        "gradcli.report", "values graph kinks check_view"),
    ("run", "-e", "print(1)"): TYPER | LANG | {"gradcli.cli.scripts"},
    ("ops", "mul"): TYPER | REPORT | {"gradcli.cli.reference", "gradcli.report.ops_view"},
}


@pytest.mark.parametrize("args", list(STARTUP), ids=" ".join)
def test_each_command_loads_its_gradcli_modules_and_no_more(args):
    loaded = _imported(*args)
    ours = {m for m in loaded if m.split(".")[0] == "gradcli" and not m.startswith("gradcli.engine.")}
    expected = STARTUP[args]
    assert ours == expected, (f"now also loads {sorted(ours - expected)}; "
                             f"no longer loads {sorted(expected - ours)} (see STARTUP)")
    assert not set(LAZY + ENGINE_LAZY) & loaded


def test_the_engine_as_a_library_loads_its_lazy_parts_on_first_use_and_lists_them():
    code = ("import sys; import gradcli.engine as torch\n"
            "before = sorted(m for m in ('cuda', 'backends', 'optim') if 'gradcli.engine.' + m in sys.modules)\n"
            "print(before, torch.cuda.is_available(), torch.backends.cudnn.enabled, torch.nn.Linear.__name__,\n"
            "      {'cuda', 'backends', 'optim', 'nn'} <= set(dir(torch)), {'Linear', 'init'} <= set(dir(torch.nn)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["[]", "False", "True", "Linear", "True", "True"], result.stderr


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


def test_the_worker_of_run_loads_no_pathlib():
    # the worker runs bodies.run on file names Typer already made into str(Path); pathlib and the urllib and
    # ipaddress it imports were a sixth of what run -e adds to the engine (Typer's supervisor has them anyway)
    code = ("import sys\nfrom gradcli.cli import bodies\n"
            "try:\n    bodies.run(sources=[('<exec>', 'print(1)')], keep_going=False, timeout=None, max_elements=None,\n"
            "              max_memory=None, max_output=10**6, max_source=10**6, dtype=None, debug=False)\n"
            "except SystemExit:\n    pass\n"
            "print(' '.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    printed, loaded = result.stdout.split("\n", 1)
    assert printed == "1" and "gradcli.engine" in loaded.split(), result.stderr
    assert not {"pathlib", "urllib", "ipaddress"} & (set(loaded.split()) - _bare_interpreter())


def test_importing_the_engine_makes_no_node_class():
    # a record's node class is made at its first use (``OpDef.node_cls``; members declared with ``on_node``):
    # ~50 us each, and the ~50 made at import were ~1% of every command's start
    code = ("import gradcli.engine\nfrom gradcli.engine.ops import OPS\n"
            "print(sorted(op.name for op in OPS.values() if 'node_cls' in op.__dict__))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["[]"], result.stdout + result.stderr


WORKER_PROBE = """
import os, sys
leave, supervisor = os._exit, os.getpid()

def report(code):
    if os.getpid() != supervisor:
        sys.stderr.write("\\nWORKER " + " ".join(sorted(sys.modules)))
    leave(code)

os._exit = report
sys.argv = ["gradcli", *sys.argv[1:]]
from gradcli.cli.app import entry
entry()
"""


@pytest.mark.parametrize("args", [("grad", "x**2", "--at", "x=3"), ("check", "x*2", "--at", "x=1")], ids=" ".join)
def test_the_worker_loads_no_signal_module(args):
    # the supervisor alone watches signals; the worker forks from it, so what it imports before the fork
    # the worker has too (``signal`` builds three enums: 3 M instructions)
    env = {k: v for k, v in os.environ.items() if k != "GRADCLI_NO_WORKER"}
    result = subprocess.run([sys.executable, "-c", WORKER_PROBE, *args], capture_output=True, text=True, timeout=60,
                            env=env)
    worker = set(result.stderr.rsplit("WORKER ", 1)[1].split())
    assert "gradcli.engine" in worker and "signal" not in worker


SUPERVISOR_PROBE = """
import sys
from gradcli.cli import worker
watch = worker._watch

def probe(pid, limit):
    status = watch(pid, limit)
    sys.stderr.write("\\nSUPERVISOR " + " ".join(sorted(sys.modules)))
    return status

worker._watch = probe
sys.argv = ["gradcli", *sys.argv[1:]]
from gradcli.cli.app import entry
entry()
"""


def test_the_supervisor_of_grad_watches_signals_without_the_enum_module():
    # signal.py's enums and the enum module they need (20 M instructions) would run in the supervisor while
    # its worker starts: the supervisor of the fast-path grad otherwise loads neither (a bare interpreter may:
    # an editable install's finder)
    env = {k: v for k, v in os.environ.items() if k != "GRADCLI_NO_WORKER"}
    result = subprocess.run([sys.executable, "-c", SUPERVISOR_PROBE, "grad", "x**2", "--at", "x=3"],
                            capture_output=True, text=True, timeout=60, env=env)
    assert result.stdout == "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n", result.stderr
    supervisor = set(result.stderr.rsplit("SUPERVISOR ", 1)[1].split())
    assert "gradcli.cli.oneshot" in supervisor and not {"signal", "enum", "numpy"} & (supervisor - _bare_interpreter())
