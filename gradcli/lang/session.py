"""A persistent script environment: what the CLI and the REPL talk to.

A Session owns the global variables of the scripts it runs, the builtins
layer (torch-like names from the engine, safe Python builtins, math), the
attribute policy and the limits. Each `run`/`eval` call gets a fresh time
budget; globals persist until `reset()`.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import warnings

from . import syntax_tree as syntax
from .compile_errors import wrap_exception
from .compiler import Compiler
from .scopes import Runtime
from .errors import GradcliError, ScriptExit, closest
from .finalizers import FinalizerErrors
from . import engine_modes
from .limits import Limits, RunState, WarningCounter, memory_cap
from .watchdog import WATCHDOG
from .stdlib_tools import stdlib_tool_modules
from .namespace import (Namespace, base_environment, build_modules, configure_policy, known_names, numpy_namespaces,
                        script_class_bases)
from .parser import parse, parse_expression
from .sandbox import AttributePolicy

# Python frames allowed while a script runs: enough for the default 1000 nested
# script calls (7 to 12 frames each: a method's __repr__ called by Python is the
# deepest), small enough that C-level recursion (repr of a deeply nested list)
# stops with RecursionError, not a crash: 32000 still does on an 8 MB stack.
PYTHON_RECURSION_LIMIT = 16000


class Session:
    """Run gradcli scripts against the engine, keeping variables between runs.

    `stdout` receives the output of the script's `print` (default: the
    current sys.stdout at the time of printing). `dtype` (e.g. "float64")
    sets the engine's default floating dtype, as `--dtype` does.

    The engine's process-wide switches a script can change (default dtype,
    grad mode, anomaly detection) belong to the session: they are put in
    place when a run starts, remembered when it ends, and the values the
    process had before are restored, so that two sessions (or a session and
    library code) do not leak settings into each other.
    """

    def __init__(self, stdout=None, limits: Limits | None = None, dtype=None):
        if not gc.isenabled():
            # the command line imports with the collector off (a cold-start saving); scripts run with
            # it on, and the objects made so far are frozen out of its scans
            gc.freeze()
            gc.enable()
        self.limits = limits or Limits()
        self.stdout = stdout
        self._state = RunState(self.limits)
        self._policy = AttributePolicy(self._state)
        self._finalizers = FinalizerErrors(self._state)
        self._modules = build_modules()
        self._globals: dict = {}
        self._modules.update(stdlib_tool_modules(self._state, self._policy, self._globals))
        self._modules.update(numpy_namespaces(self._state, self._policy))
        self._argv = _argv_for("<string>")
        self._modules["sys"] = Namespace("sys", None, loader=self._sys_members)
        self._modules["argparse"] = Namespace("argparse", None, loader=self._argparse_members)
        self._modules["logging"] = Namespace("logging", None, loader=self._logging_members)
        configure_policy(self._policy, self._modules)
        self._builtins = base_environment(self._modules, self._state, self._policy,
                                          self._stream)
        # Warnings the engine issued during the last run/eval ("UserWarning: ..."),
        # for the CLI to show: library code does not print them itself.
        self.warnings: list[str] = []
        # whether the last run/eval ended in exit(), quit() or sys.exit() (a REPL leaves then)
        self.exited = False
        torch = self._modules["torch"]
        self._runtime = Runtime(
            globals_=self._globals, builtins=self._builtins, state=self._state,
            policy=self._policy, modules=self._modules,
            tensor_type=torch.get("Tensor", None) if "Tensor" in torch.members() else None,
            class_bases=script_class_bases(self._modules), echo=self._echo)
        # The engine settings of this session: (default dtype, grad enabled, anomaly).
        self._settings = None
        self._modes = None      # what the session's runs left on of the engine's modes (engine_modes)
        if dtype is not None:
            self._settings = self._engine_settings()
            self._settings = (self._dtype_object(dtype),) + self._settings[1:]

    # ------------------------------------------------------------------ API

    def run(self, source: str, filename: str = "<string>", echo: bool = False):
        """Run statements; return the value of a final expression statement.

        With `echo`, every other top-level expression statement prints its
        value (repr, None omitted) as the Python REPL does.
        """
        self._state.begin()  # --timeout covers parsing and compiling too
        self._argv[:] = _argv_for(filename)
        if ">>>" in source:     # maybe a paste with prompts (prompt_paste is not part of every start-up)
            from .prompt_paste import doctest_chunks
            chunks = doctest_chunks(source)
            if chunks is not None:
                return self._run_doctest(chunks, source, filename)
        module = parse(source, filename, self._state.check_deadline)
        with _named(filename):
            program = Compiler(self._runtime, filename, source).module(module, echo=echo)
        return self._execute(program, filename)

    def eval(self, source: str, filename: str = "<string>"):
        """The value of one expression (`a, b` gives a tuple)."""
        self._state.begin()
        node = parse_expression(source, filename, self._state.check_deadline)
        with _named(filename):
            program = Compiler(self._runtime, filename, source).expression(node)
        return self._execute(program, filename)

    def names(self) -> list[str]:
        """Every name a script can use now (globals and builtins), for completion."""
        return sorted(set(self._globals) | set(self._builtins))

    def attributes(self, value) -> list[str]:
        """The attribute names a script may read on `value`, for completion."""
        return self._policy.readable_names(value)

    def get(self, name: str):
        """The value of a global or builtin name."""
        if name in self._globals:
            return self._globals[name]
        if name in self._builtins:
            return self._builtins[name]
        message = f"name {name!r} is not defined"
        suggestion = closest(name, self.names())
        if suggestion:
            message += f"; did you mean {suggestion!r}?"
        raise GradcliError("name", message)

    def set(self, name: str, value) -> None:
        """Bind a global (the CLI's `--at x=...` values)."""
        if not name.isidentifier():
            raise GradcliError("value", f"{name!r} is not a valid name")
        self._globals[name] = value

    def variables(self) -> dict:
        """A copy of the globals the scripts have set (the REPL's :vars)."""
        return dict(self._globals)

    def reset(self) -> None:
        """Forget every global; builtins and imports stay available."""
        with self._finalizers.installed():
            self._globals.clear()

    def close(self) -> None:
        """Drop the script's values while its modes are on: a generator suspended inside
        ``with torch.no_grad():`` then leaves its ``with`` here, not later, in whatever run the
        garbage collector happens to interrupt."""
        outside = self._engine_settings()
        if self._settings is not None:
            self._apply_settings(self._settings)
        outside_modes = self._enter_modes()
        from .compile_generators import ScriptGenerator
        try:
            for value in list(self._globals.values()):
                if type(value) is ScriptGenerator:
                    with contextlib.suppress(Exception):     # as Python at exit, an error here ends nothing
                        value.close()
            with self._finalizers.installed():
                self._globals.clear()
                gc.collect()
        finally:
            engine_modes.restore(outside_modes)
            self._apply_settings(outside)

    # ------------------------------------------------------------ internals

    def _stream(self):
        return self.stdout if self.stdout is not None else sys.stdout

    def _sys_members(self):
        from .stdlib_sys import sys_members     # on a script's first use of `sys`
        return sys_members(self._state, self._policy, self._stream, self._argv)

    def _argparse_members(self):
        from .stdlib_argparse import argparse_members     # on a script's first use of `argparse`
        return argparse_members(self._policy, self._stream, self._argv), ()

    def _logging_members(self):
        from .stdlib_logging import logging_members     # on a script's first use of `logging`
        return logging_members(self._state, self._policy), ()

    def _echo(self, value) -> None:
        self._stream().write(self._bounded_repr(value) + "\n")

    def _bounded_repr(self, value) -> str:
        text = repr(value)
        self._state.check_length(len(text), "string", None)
        return text

    def show(self, value, filename: str = "<string>") -> str:
        """repr(value) under the session's limits (time, memory, string length,
        recursion): what a REPL prints for a value a run returned, which can be a
        structure too big or too deep to print (a GradcliError of kind "limit")."""
        return self.within_limits(lambda: self._bounded_repr(value), filename)

    def within_limits(self, work, filename: str = "<string>"):
        """``work()`` under the session's limits (time, tensor size, memory), as a run is: what the REPL
        does with a script's values outside a run (:vars prints them with the script's ``__repr__``,
        :trace runs their hooks) may run script code, which must not escape the limits there."""
        def program():
            self._state.start()
            return work()
        return self._execute(program, filename)

    def _run_doctest(self, chunks, source: str, filename: str):
        """A pasted `>>>` session: each prompt's statement runs in turn and shows
        its value; a statement the paste shows failing ("Traceback ...") prints
        its error and the paste goes on, as in the Python REPL."""
        for text, expects_error in chunks:
            self._state.resume()     # one time limit for the whole paste, parsing included, not one per prompt
            module = parse(text, filename, self._state.check_deadline)
            with _named(filename):
                program = Compiler(self._runtime, filename, source).module(module, echo=True)
            try:
                value = self._execute(program, filename)
            except GradcliError as err:
                if not expects_error or err.kind in ("limit", "syntax"):
                    raise
                self._stream().write(err.message.split("\n")[0] + "\n")
                continue
            if value is not None:
                self._echo(value)
        return None

    def _dtype_object(self, dtype):
        torch = self._modules["torch"]
        if isinstance(dtype, str):
            name = dtype.removeprefix("torch.")
            if name not in torch.members():
                raise GradcliError("value", f"unknown dtype {dtype!r}")
            dtype = torch.get(name, None)
        return dtype

    def _engine_settings(self) -> tuple:
        torch = self._modules["torch"]
        return (torch.get("get_default_dtype", None)(),
                torch.get("is_grad_enabled", None)(), _anomaly_enabled(), _print_options(), _switches())

    def _apply_settings(self, settings: tuple) -> None:
        torch = self._modules["torch"]
        dtype, grad, anomaly, printing, switches = settings
        _set_switches(switches)
        torch.get("set_default_dtype", None)(dtype)
        torch.get("set_grad_enabled", None)(grad)
        if anomaly is not None and anomaly != _anomaly_enabled():
            self._modules["torch.autograd"].get("set_detect_anomaly", None)(anomaly)
        if printing is not None:   # torch.set_printoptions in a script stays in its session
            _set_print_options(printing)

    def _enter_modes(self) -> tuple:
        """Switch on what this session's runs left on (a generator suspended in a ``with``); the
        modes around the run, to put back at its end."""
        outside = engine_modes.snapshot()
        if self._modes is not None:
            engine_modes.push(self._modes)
        return outside

    def _where(self):
        """instrumentation.creation_context while a script runs: the running line."""
        where = self._state.where
        if where is None:
            return None
        (filename, source), span = where
        lines = source.splitlines()
        text = lines[span.line - 1].strip() if 0 < span.line <= len(lines) else ""
        return f"{filename}:{span.line}: {text}"

    def _execute(self, program, filename: str):
        self.exited = False
        old_recursion = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_recursion, PYTHON_RECURSION_LIMIT))
        restore_engine_limit = _apply_engine_limit(self.limits.max_elements,
                                                   self._state if self.limits.timeout is not None else None)
        outside = self._engine_settings()
        if self._settings is not None:
            self._apply_settings(self._settings)
        outside_modes = self._enter_modes()
        restore_context = _apply_creation_context(self._where)
        self._state.where = None
        caught = warnings.catch_warnings()
        caught.__enter__()
        counter = warnings.showwarning = WarningCounter()
        warnings.simplefilter("always")
        # numpy's floating-point notices (log(-1), 1/0, overflow in a cast): torch computes the
        # same nan and inf silently, so a script's output matches torch's
        ignore_numpy_float_notices()
        try:
            with memory_cap(self.limits), self._finalizers.installed() as finalizers:
                value = program()
            if finalizers.limit is not None:    # met in a dropped generator's finally
                raise finalizers.limit
            return value
        except GradcliError as err:
            if err.filename == "<string>":
                err.filename = filename
            raise
        except ScriptExit as done:    # sys.exit(): 0 or None ends the run as its end would
            self.exited = True
            code = done.code
            quiet = isinstance(code, int)    # (a tensor's == 0 is a tensor: sys.exit(t) raised its bool() error)
            if code is None or (quiet and code == 0):
                return None
            try:
                text = f"SystemExit: {code}" if quiet else str(code)
            except GradcliError as err:     # the script's own __str__ of the code, which met a limit or failed
                if err.filename == "<string>":
                    err.filename = filename
                raise
            err = GradcliError("runtime", text, None, filename=filename)
            err.exit_code, err.exit_quietly = (_exit_status(code) if quiet else 1), quiet
            raise err from None
        except BrokenPipeError:
            raise      # stdout was closed (`| head`): the CLI ends quietly
        except KeyboardInterrupt:     # Ctrl-C: where the script was, as Python's traceback says
            where = self._state.where
            span = where[1] if where is not None and where[0][0] == filename else None
            raise GradcliError("interrupted", "KeyboardInterrupt", span, filename=filename) from None
        except Exception as exc:  # an escape from a closure: still the user's error
            raise wrap_exception(exc, None, filename) from None
        finally:
            caught.__exit__(None, None, None)
            self.warnings = counter.texts()
            restore_context()
            self._settings = self._engine_settings()
            self._modes = engine_modes.script_part(outside_modes, engine_modes.snapshot())
            engine_modes.restore(outside_modes)
            self._apply_settings(outside)
            restore_engine_limit()
            sys.setrecursionlimit(old_recursion)


def _exit_status(code: int) -> int:
    """The status Python's ``sys.exit(code)`` ends with: the low byte of a C long, 255 past one
    (``sys.exit(2**70)`` must not end with 0, success)."""
    return code & 0xFF if -2**63 <= code < 2**63 else 255


def _argv_for(filename: str) -> list:
    """``sys.argv`` as Python sets it: the script's path, ``-c`` for code given inline, ``-`` for
    standard input."""
    return [{"<string>": "-c", "<exec>": "-c", "<stdin>": "-"}.get(filename, filename)]


class _NumpyFloatNotice:
    """The message pattern of a warning filter for numpy's floating-point notices (``divide by zero
    encountered in log``...), without a regular expression: compiling one cost every command ~0.8 M
    instructions. (A filter calls ``.match(text)`` on what it holds.)"""

    NOTICES = ("divide by zero encountered in", "overflow encountered in", "underflow encountered in",
               "invalid value encountered in")

    def match(self, text: str) -> bool:
        return text.lower().startswith(self.NOTICES)


_FLOAT_NOTICE_FILTER = ("ignore", _NumpyFloatNotice(), RuntimeWarning, None, 0)


def ignore_numpy_float_notices() -> None:
    """Inside ``warnings.catch_warnings()``: numpy's floating-point notices stay silent (torch computes
    the same nan and inf without a word), as ``warnings.filterwarnings("ignore", ...)`` would do."""
    if _FLOAT_NOTICE_FILTER in warnings.filters:
        warnings.filters.remove(_FLOAT_NOTICE_FILTER)
    warnings.filters.insert(0, _FLOAT_NOTICE_FILTER)
    warnings._filters_mutated()


@contextlib.contextmanager
def _named(filename: str):
    """Errors found while compiling carry the script's file name too."""
    try:
        yield
    except GradcliError as err:
        if err.filename == "<string>":
            err.filename = filename
        raise


def _apply_engine_limit(max_elements: int, timed: RunState | None):
    """Set the engine's tensor-size limit for this run and, for a run with a time limit, its time
    check, with the watchdog that asks for it at the deadline; return the undo."""
    try:
        from gradcli.engine import instrumentation
    except ImportError:
        return lambda: None
    previous = instrumentation.limit, instrumentation.interrupt, WATCHDOG.armed()
    instrumentation.set_max_elements(max_elements)
    if timed is None:
        instrumentation.set_interrupt(None)
        WATCHDOG.arm(None)
    else:
        def check():
            """The error once the deadline has passed; else (the watchdog fired for a deadline since
            replaced: Session.show starts its own clock) the watchdog armed for the one running."""
            timed.check_deadline()
            WATCHDOG.arm(timed.deadline)
        instrumentation.set_interrupt(check)
        WATCHDOG.arm(timed.deadline, instrumentation.request_interrupt)

    def undo():
        limit, interrupt, armed = previous
        WATCHDOG.arm(*armed)
        instrumentation.set_max_elements(limit)
        instrumentation.set_interrupt(interrupt)
        if interrupt is not None:
            # a run inside a run: the outer deadline may have fired before this run's install reset its
            # request (``armed`` then holds no deadline); the outer check runs once and re-arms it
            instrumentation.request_interrupt()
    return undo


def _print_options():
    try:
        from gradcli.engine import printing
    except ImportError:
        return None
    return printing.get_printoptions()


def _switches() -> tuple:
    """The engine's process-wide switches a script sets (use_deterministic_algorithms, set_num_threads,
    torch.backends.cudnn.deterministic, ...): they stay in the session that set them, as print options
    do. None for a module not loaded yet (a run that loads it leaves it at its defaults)."""
    settings, backends = sys.modules.get(_RUNTIME_SETTINGS), sys.modules.get(_BACKENDS)
    return (None if settings is None else dict(settings._state),
            None if backends is None else [dict(vars(flags)) for flags in (backends.cudnn, backends.cuda.matmul)])


def _set_switches(switches: tuple) -> None:
    state, flags = switches
    settings, backends = sys.modules.get(_RUNTIME_SETTINGS), sys.modules.get(_BACKENDS)
    if settings is not None and state is not None:
        settings._state.update(state)
    if backends is not None:
        for holder, values in zip((backends.cudnn, backends.cuda.matmul), flags or (None, None)):
            if values is None:
                holder.__init__()        # loaded during the run: back to what torch starts with
            else:
                vars(holder).clear()
                vars(holder).update(values)


_RUNTIME_SETTINGS, _BACKENDS = "gradcli.engine.runtime_settings", "gradcli.engine.backends"


def _set_print_options(options: dict) -> None:
    from gradcli.engine import printing
    printing.set_printoptions(**options)


def _anomaly_enabled():
    try:
        from gradcli.engine import instrumentation
    except ImportError:
        return None
    return instrumentation.anomaly


def _apply_creation_context(where):
    """Let anomaly mode name the script line that created a node; return the undo."""
    try:
        from gradcli.engine import instrumentation
    except ImportError:
        return lambda: None
    previous = instrumentation.creation_context
    instrumentation.creation_context = where

    def restore():
        instrumentation.creation_context = previous
    return restore


def free_variables(source: str, filename: str = "<string>") -> list[str]:
    """Names the source reads but never binds and that no session predefines.

    The CLI uses it to report expressions whose variables have no `--at`
    value; scoping is approximated (a name bound anywhere counts as bound).
    """
    tree = parse(source, filename)
    read: list[str] = []
    bound: set[str] = set()
    _collect_names(tree, read, bound)
    known = known_names()
    # a name that is only ever called is a function the source misspelt, not an input: running
    # the source reports it with its position ("name 'foo' is not defined; did you mean ...")
    called: list[str] = []
    _collect_callees(tree, called)
    only_called = {n for n in set(called) if read.count(n) == called.count(n)}
    seen = set()
    result = []
    for name in read:
        if name not in bound and name not in known and name not in seen and name not in only_called:
            seen.add(name)
            result.append(name)
    return result


def _collect_callees(node, called: list) -> None:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, syntax.Node):
            if isinstance(item, syntax.Call) and isinstance(item.func, syntax.Name):
                called.append(item.func.id)
            stack.extend(getattr(item, field) for field in item._fields)


def _collect_names(node, read: list, bound: set) -> None:
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
            continue
        if not isinstance(item, syntax.Node):
            continue
        if isinstance(item, syntax.Name):
            read.append(item.id)
            continue
        if isinstance(item, (syntax.Assign, syntax.For, syntax.AugAssign, syntax.Comprehension)):
            targets = item.targets if isinstance(item, syntax.Assign) else (item.target,)
            for target in targets:
                _bind_target(target, bound, stack)
        elif isinstance(item, syntax.WithItem) and item.target is not None:
            _bind_target(item.target, bound, stack)
        elif isinstance(item, (syntax.FunctionDef, syntax.ClassDef)):
            bound.add(item.name)
        elif isinstance(item, syntax.ExceptHandler) and item.name:
            bound.add(item.name)
        elif isinstance(item, syntax.Params):
            bound.update(p.name for p in item.args + item.kwonly)
            bound.update(n for n in (item.vararg, item.kwarg) if n)
        elif isinstance(item, (syntax.Import, syntax.ImportFrom)):
            for alias in item.names:
                bound.add(alias.asname or alias.name.split(".")[0])
        children = [getattr(item, field) for field in item._fields
                    if not (field in ("targets", "target") and isinstance(
                        item, (syntax.Assign, syntax.For, syntax.Comprehension, syntax.WithItem)))]
        stack.extend(reversed(children))


def _bind_target(target, bound: set, stack: list) -> None:
    if isinstance(target, syntax.Name):
        bound.add(target.id)
    elif isinstance(target, (syntax.TupleExpr, syntax.ListExpr)):
        for element in target.elts:
            _bind_target(element, bound, stack)
    else:
        stack.append(target)  # x.attr = ..., x[i] = ...: x is read
