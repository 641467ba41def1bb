"""The interactive REPL: a language session behind a prompt_toolkit prompt.

``Repl`` holds the session and the logic (blocks, meta commands, errors) and
knows nothing of the terminal, so tests can drive it line by line;
``run_repl`` adds prompt_toolkit: history in ``$XDG_STATE_HOME/gradcli/history``,
completion of names and attributes, Python highlighting, ``>>>``/``...``
prompts, Ctrl-C to cancel the input and Ctrl-D to leave.
"""
from __future__ import annotations

import math
import os
import re
import shutil
import sys
import textwrap
import threading
import warnings
from pathlib import Path

from .output import Relay, ScriptOutput, script_stderr, terminal_safe

PROMPT, CONTINUATION = ">>> ", "... "

HELP = """\
Type statements or expressions of the language (a subset of Python with torch's names).
A block (def, for, if, with, class) ends with an empty line.
  :help            this text
  :vars            the variables, with shape, dtype, requires_grad and grad_fn (models: parameter counts)
  :params NAME     a model's parameters: name, shape, requires_grad, whether .grad is set
  :graph NAME      the backward graph below NAME, with saved tensors
  :saved NAME      what NAME's grad_fn saved for backward (versions, storage)
  :trace NAME      run NAME.backward() step by step (it accumulates into .grad, as backward does)
  :load FILE       run a script file in this session
  :reset           forget every variable
  :dtype float64   change the default floating dtype (float32 or float64)
  :quit            leave (Ctrl-D works too)"""

META_COMMANDS = (":help", ":vars", ":params", ":graph", ":saved", ":trace", ":load", ":reset", ":dtype", ":quit")


def history_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(state):     # unset, or relative: invalid by the XDG spec
        state = os.path.join(Path.home(), ".local", "state")
    return Path(state) / "gradcli" / "history"


class Quit(Exception):
    """``:quit`` was typed (``status`` None: the REPL's own status), or the code typed called exit(),
    quit() or sys.exit() (``status``: the one Python would leave with)."""

    def __init__(self, status: int | None = None):
        super().__init__(status)
        self.status = status


class Repl:
    """Lines in, output to ``stdout``/``stderr``: the REPL without its terminal."""

    def __init__(self, stdout=None, stderr=None, dtype: str | None = None):
        self.stdout = stdout or sys.stdout
        self.stderr = stderr or sys.stderr
        self._default_dtype = dtype
        self._session = None
        self._session_lock = threading.Lock()
        self.lines: list[str] = []
        self.errors = 0

    @property
    def session(self):
        """The language session, made on first use: the terminal REPL starts making it in the
        background while its first prompt waits for typing (the engine's imports are most of a
        cold start)."""
        with self._session_lock:
            if self._session is None:
                from ..lang import Session
                # terminal-safe as `gradcli run` is (a :load-ed script's print("\x1b]0;...") set the
                # window title); no output budget in a session that lasts; :trace relays into its recorder
                self._relay = Relay(self.stdout)
                self._session = Session(stdout=ScriptOutput(self._relay, math.inf), dtype=self._default_dtype)
            return self._session

    @property
    def prompt(self) -> str:
        return CONTINUATION if self.lines else PROMPT

    def feed(self, line: str) -> None:
        """Take one typed line: run it, or keep it until the statement or block is complete."""
        if not self.lines and line.strip().startswith(":"):
            self.meta(line.strip())
            return
        self.lines.append(line)
        source = "\n".join(self.lines)
        if not source.strip():
            self.lines.clear()
            return
        if self._needs_more(source, line):
            return
        self.lines.clear()
        self.execute(source)

    def cancel(self) -> None:
        """Ctrl-C: drop the input typed so far."""
        self.lines.clear()

    def _needs_more(self, source: str, last: str) -> bool:
        from ..lang import GradcliError, parse
        in_block = any(_opens_block(text) for text in self.lines)
        if in_block and last.strip():
            return True           # as in Python, a block ends with an empty line
        try:
            parse(source, "<stdin>")
        except GradcliError as err:
            return err.incomplete and bool(last.strip() or not in_block)
        return False

    def execute(self, source: str) -> None:
        from ..lang import GradcliError, format_error
        try:
            with script_stderr(self.session.stdout):
                value = self.session.run(source, "<stdin>", echo=True)
        except GradcliError as err:
            self._warnings()
            self._leave_on_exit(err)
            self._error(format_error(err, source))
            return
        except Exception as err:  # noqa: BLE001 - a REPL reports and goes on
            self._error(f"error: {type(err).__name__}: {err}")
            return
        self._warnings()
        self._leave_on_exit()
        if value is not None:      # echo shows the other expression statements; the last one is returned
            try:
                text = self.session.show(value, "<stdin>")   # within the limits: huge or deep values
            except GradcliError as err:
                self._error(format_error(err, source))
                return
            self.stdout.write(terminal_safe(text, self.stdout) + "\n")

    def _leave_on_exit(self, err=None) -> None:
        """exit(), quit() or sys.exit() in what ran ends the REPL, as in Python's (it went on to the next
        line): with the code's status, and its text on stderr when it is not a number."""
        if not self.session.exited:
            return
        if err is not None and not err.exit_quietly:
            self.stderr.write(err.message + "\n")
        raise Quit(0 if err is None else err.exit_code)

    def _warnings(self) -> None:
        for text in self.session.warnings:
            self.stderr.write(terminal_safe(f"warning: {text}", self.stderr) + "\n")

    def _error(self, message: str) -> None:
        self.errors += 1
        self.stderr.write(wrapped(terminal_safe(message.rstrip("\n"), self.stderr), self.stderr) + "\n")
        self.stderr.flush()

    # -- meta commands ------------------------------------------------------------------------

    def meta(self, text: str) -> None:
        command, _, arg = text.partition(" ")
        arg = arg.strip()
        handlers = {":help": self._help, ":vars": self._vars, ":params": self._params, ":graph": self._graph,
                    ":saved": self._saved,
                    ":trace": self._trace, ":load": self._load, ":reset": self._reset, ":dtype": self._dtype,
                    ":quit": self._quit, ":q": self._quit, ":exit": self._quit}
        handler = handlers.get(command)
        if handler is None:
            self._error(f"error: unknown command {command}; :help lists them")
            return
        try:
            handler(arg)
        except Quit:
            raise
        except Exception as err:  # noqa: BLE001
            from ..lang import GradcliError, format_error
            self._error(format_error(err) if isinstance(err, GradcliError) else f"error: {err}")

    def _show(self, doc) -> None:
        from ..report import to_plain
        if self.stdout is sys.stdout:
            from .output import print_doc
            print_doc(doc)
        else:
            self.stdout.write(terminal_safe(to_plain.render(doc), self.stdout))

    def _help(self, _arg: str) -> None:
        self.stdout.write(HELP + "\n")

    def _vars(self, _arg: str) -> None:
        from ..report import variables_view
        self._show(self.session.within_limits(lambda: variables_view.variables_doc(self.session.variables()),
                                              ":vars"))

    def _params(self, name: str) -> None:
        from ..report import variables_view
        if not name:
            raise ValueError(":params needs a model's name, for example :params model (:vars lists them)")
        if name not in self.session.variables():
            raise ValueError(f":params {name}: there is no variable {name!r} (:vars lists them)")
        value = self.session.get(name)
        if not hasattr(value, "named_parameters"):
            raise ValueError(f":params {name}: {name} is {_a(type(value).__name__)}, not an nn.Module")
        self._show(self.session.within_limits(lambda: variables_view.parameters_doc(name, value), ":params"))

    def _tensor(self, name: str, command: str):
        if not name:
            raise ValueError(f"{command} needs a variable name, for example {command} y (:vars lists them)")
        if name not in self.session.variables():
            raise ValueError(f"{command} {name}: there is no variable {name!r} (:vars lists them)")
        value = self.session.get(name)
        if not (hasattr(value, "grad_fn") and hasattr(value, "requires_grad")):
            raise ValueError(f"{name} is {_a(type(value).__name__)}, not a tensor")
        return value

    def _graph(self, name: str) -> None:
        from ..report import graph_view
        from ..report.graph import build_graph
        tensor = self._tensor(name, ":graph")
        self._show(self.session.within_limits(
            lambda: graph_view.tree_doc(build_graph(tensor, self.session.variables(), name)), ":graph"))

    def _saved(self, name: str) -> None:
        from ..report import graph_view
        from ..report.graph import build_graph
        tensor = self._tensor(name, ":saved")
        self._show(self.session.within_limits(
            lambda: graph_view.saved_doc(build_graph(tensor, self.session.variables(), name)), ":saved"))

    def _trace(self, name: str) -> None:
        from .. import engine
        from ..report import trace_view
        from ..report.backward_trace import Recorder
        tensor = self._tensor(name, ":trace")
        if not tensor.requires_grad:
            raise ValueError(f"{name} does not require grad: there is no backward pass to trace")
        if tensor.numel() != 1:      # what {name}.backward() says
            raise ValueError(f"RuntimeError: grad can be implicitly created only for scalar outputs (:trace {name} "
                             f"runs {name}.backward(); {name} has shape {list(tensor.shape)}: trace "
                             f"{name}.sum() instead, or use gradcli trace --grad-output)")
        recorder = Recorder(tensor, self.session.variables(), name)
        previous, self._relay.target = self._relay.target, recorder
        try:
            recorded = self.session.within_limits(lambda: recorder.run(engine.ones_like(tensor), engine), ":trace")
        finally:
            self._relay.target = previous
        self._show(trace_view.trace_doc(recorded))

    def _load(self, path: str) -> None:
        from ..lang import GradcliError, format_error
        from .errors import CliError
        from .inputs import read_file
        if not path:
            raise ValueError(":load FILE runs a script file in this session (its variables stay), for example "
                             ":load samples/example_training_loop.grad")
        try:
            source = read_file(Path(path))
        except CliError as err:
            self._error(err.message)
            return
        try:
            with script_stderr(self.session.stdout):
                self.session.run(source, path)
        except GradcliError as err:
            self._leave_on_exit(err)
            self._error(format_error(err, source))
            return
        self._leave_on_exit()

    def _reset(self, _arg: str) -> None:
        self.session.reset()

    def _dtype(self, name: str) -> None:
        if not name:
            current = self.session.eval("torch.get_default_dtype()")
            self.stdout.write(f"default dtype: {str(current).removeprefix('torch.')} (:dtype float64 changes it)\n")
            return
        if name not in ("float32", "float64"):
            raise ValueError(f":dtype takes float32 or float64, not {name or 'nothing'!r}")
        self.session.run(f"torch.set_default_dtype(torch.{name})", ":dtype")   # the session keeps it
        self.stdout.write(f"default dtype: {name}\n")

    def _quit(self, _arg: str) -> None:
        raise Quit()

    # -- completion ----------------------------------------------------------------------------

    def completions(self, text: str) -> list[str]:
        """Words that complete the end of ``text``: meta commands, names, or attributes after a dot."""
        stripped = text.lstrip()
        if stripped.startswith(":") and " " not in stripped:
            return [c for c in META_COMMANDS if c.startswith(stripped)]
        match = re.search(r"([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)?\.?(\w*)$", text)
        word = match.group(0) if match else ""
        if "." in word:
            owner, _, prefix = word.rpartition(".")
            with warnings.catch_warnings():      # reading attributes such as .grad of a non-leaf warns
                warnings.simplefilter("ignore")
                try:
                    value = self.session.eval(owner)
                    names = self.session.attributes(value)
                except Exception:  # noqa: BLE001 - no completion for what does not evaluate
                    return []
        else:
            prefix = word
            names = self.session.names()
        return sorted(n for n in names if n.startswith(prefix) and (prefix.startswith("_") or not n.startswith("_")))


def wrapped(message: str, stream) -> str:
    """An error's first line folded at word boundaries to the terminal's width (the echoed source
    and its caret below stay as they are); unchanged when not writing to a terminal."""
    try:
        if not stream.isatty():
            return message
        width = shutil.get_terminal_size().columns
    except (AttributeError, ValueError, OSError):
        return message
    first, sep, rest = message.partition("\n")
    if len(first) <= width:
        return message
    return textwrap.fill(first, width, break_long_words=False, break_on_hyphens=False,
                         subsequent_indent="  ") + sep + rest


def next_indent(lines: list) -> str:
    """The indentation to offer on the next line of a block, as IPython does: one level deeper
    after a line ending in ':', one level shallower after return/pass/break/continue/raise."""
    if not lines:
        return ""
    last = lines[-1]
    code = last.split("#", 1)[0].rstrip()
    indent = len(last) - len(last.lstrip(" "))
    if not code.strip():
        return ""
    if _opens_block(last):
        return " " * (indent + 4)
    if code.split() and code.split()[0] in ("return", "pass", "break", "continue", "raise"):
        return " " * max(indent - 4, 0)
    return " " * indent


def _opens_block(line: str) -> bool:
    """A compound statement's header (``def f(x):``, ``for i in r:``), ignoring a trailing comment."""
    code = line.split("#", 1)[0].rstrip()
    return code.endswith(":") and not code.lstrip().startswith(":")


def run_piped(stream, dtype: str | None = None) -> int:
    """`gradcli repl` fed by a pipe or a file, as `python -i < file`: line by line, without prompts,
    each expression's value echoed, meta commands working, an error reported and the next line run.
    The exit code is 1 when any line failed."""
    repl = Repl(dtype=dtype)
    try:
        for line in stream:
            repl.feed(line.rstrip("\r\n"))
        if repl.lines:
            repl.feed("")          # the input ended inside a block: run it, as Python does
        if repl.lines:             # still open (a bracket or a string): Python's SyntaxError, not silence
            source = "\n".join(repl.lines)
            repl.lines.clear()
            repl.execute(source)
    except Quit as leave:
        if leave.status is not None:
            return leave.status
    return 1 if repl.errors else 0


def run_repl(dtype: str | None = None) -> int:
    """The interactive loop on a terminal; the exit status (exit(n) typed: n)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory
    from prompt_toolkit.lexers import PygmentsLexer
    from pygments.lexers.python import PythonLexer

    repl = Repl(dtype=dtype)

    class _Completer(Completer):
        def get_completions(self, document, complete_event):
            text = document.text_before_cursor
            prefix = re.search(r"[:\w]*$", text).group(0)
            for word in repl.completions(text):
                yield Completion(word, start_position=-len(prefix))

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    prompt = PromptSession(history=FileHistory(str(path)), completer=_Completer(),
                           lexer=PygmentsLexer(PythonLexer), complete_while_typing=False)
    sys.stdout.write(f"gradcli {_version()} REPL: torch-like autograd. :help for commands, Ctrl-D to leave.\n")
    threading.Thread(target=lambda: repl.session, daemon=True).start()   # while the user types
    while True:
        try:
            line = prompt.prompt(repl.prompt, default=next_indent(repl.lines))
        except KeyboardInterrupt:
            repl.cancel()
            sys.stdout.write("KeyboardInterrupt\n")
            continue
        except EOFError:
            break
        try:
            repl.feed(line)
        except Quit as leave:
            return leave.status or 0
        except KeyboardInterrupt:
            repl.cancel()
            sys.stdout.write("KeyboardInterrupt\n")
    return 0


def _version() -> str:
    from .. import __version__
    return __version__


def _a(noun: str) -> str:
    """``a Tensor``, ``an int``."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
