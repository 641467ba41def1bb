"""`sys` for scripts: what PyTorch programs use of it (`print(..., file=sys.stderr)`,
`sys.stdout.write`, `sys.exit(n)`, `sys.argv`, `sys.version_info`, `sys.platform`). A stub, not
Python's module: nothing of the interpreter (path, modules, frames, tracing) is in it."""

from __future__ import annotations

import sys

from .namespace import ScriptBuiltin, script_exit

STREAM_NAMES = ("write", "flush", "writelines", "isatty", "name")


class ScriptStream:
    """``sys.stdout`` / ``sys.stderr``: text goes where the session sends it (stdout: where ``print``
    writes), each write within the run's string limit. Only the text methods: no ``buffer``, no
    file descriptor."""

    __slots__ = ("_name", "_target", "_state")

    def __init__(self, name: str, target, state):
        self._name = name
        self._target = target
        self._state = state

    @property
    def name(self) -> str:
        return f"<{self._name}>"

    def write(self, text) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._state.check_length(len(text), "string", None)
        self._target().write(text)
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._target().flush()

    def isatty(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<_io.TextIOWrapper name='<{self._name}>' mode='w' encoding='utf-8'>"


VERSION_FIELDS = ("major", "minor", "micro", "releaselevel", "serial")


def sys_members(state, policy, stdout_ref, argv: list) -> tuple:
    """The members of one session's ``sys`` (a Namespace's loader's result: members, missing names,
    denied names): ``argv`` is the session's list (each run sets its ``argv[0]``)."""
    policy.allow(ScriptStream, STREAM_NAMES)
    policy.allow(type(sys.version_info), VERSION_FIELDS + ("count", "index"))
    members = {
        "stdout": ScriptStream("stdout", stdout_ref, state),
        "stderr": ScriptStream("stderr", lambda: sys.stderr, state),
        "exit": ScriptBuiltin(script_exit, "exit"),
        "argv": argv,
        "version_info": sys.version_info,
        "version": sys.version,
        "platform": sys.platform,
        "maxsize": sys.maxsize,
        "byteorder": sys.byteorder,
    }
    return members, (), {name: INTERPRETER for name in INTERPRETER_NAMES}


INTERPRETER = "it reaches the Python interpreter running gradcli"
INTERPRETER_NAMES = ("path", "modules", "meta_path", "path_hooks", "_getframe", "settrace", "setprofile",
                     "gettrace", "getprofile", "setrecursionlimit", "getrecursionlimit", "executable",
                     "stdin", "__stdout__", "__stderr__", "__stdin__", "exc_info", "exception", "displayhook",
                     "excepthook", "builtin_module_names", "flags", "getrefcount", "getsizeof", "intern")
