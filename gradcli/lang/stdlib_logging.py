"""`logging` for scripts: what training scripts log with (`basicConfig`, `getLogger(__name__)`,
`logger.info(...)`, levels, `%`-style formats, `StreamHandler`), with Python's defaults and texts.
Each session has its own loggers: a script never configures the process's. Records go to stderr
or to a stream the script names (`sys.stdout`); no file handlers. Formatting is bounded as `%` is
in scripts."""

from __future__ import annotations

import sys
import time

from .errors import GradcliError
from .limits import check_format_spec, percent_size_estimate

LEVELS = {"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARNING": 30, "WARN": 30, "INFO": 20, "DEBUG": 10, "NOTSET": 0}
NAMES = {50: "CRITICAL", 40: "ERROR", 30: "WARNING", 20: "INFO", 10: "DEBUG", 0: "NOTSET"}
BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"
LOGGER_NAMES = ("name", "level", "handlers", "propagate", "setLevel", "getEffectiveLevel", "isEnabledFor",
                "debug", "info", "warning", "warn", "error", "critical", "exception", "log", "addHandler",
                "removeHandler", "hasHandlers")
HANDLER_NAMES = ("setLevel", "setFormatter", "level", "formatter")


def _level(level) -> int:
    if isinstance(level, str):
        if level not in LEVELS:
            raise ValueError(f"Unknown level: {level!r}")
        return LEVELS[level]
    if not isinstance(level, int):
        raise TypeError(f"Level not an integer or a valid string: {level!r}")
    return level


class Formatter:
    """logging.Formatter with ``%``-style fields (``%(asctime)s %(levelname)s %(message)s``)."""

    __slots__ = ("_fmt", "_datefmt")

    def __init__(self, fmt=None, datefmt=None, style="%"):
        if style != "%":
            raise ValueError("only '%'-style log formats are available in gradcli scripts")
        fmt = "%(message)s" if fmt is None else fmt
        if not isinstance(fmt, str) or (datefmt is not None and not isinstance(datefmt, str)):
            raise TypeError("fmt and datefmt must be strings")
        check_format_spec(fmt, None)
        self._fmt, self._datefmt = fmt, datefmt

    def format(self, record: dict, state) -> str:
        if "%(asctime)" in self._fmt:
            stamp = time.localtime(record["created"])
            record["asctime"] = time.strftime(self._datefmt, stamp) if self._datefmt else \
                time.strftime("%Y-%m-%d %H:%M:%S", stamp) + ",%03d" % record["msecs"]
        try:
            return _bounded_percent(state, self._fmt, record)
        except KeyError as missing:
            raise ValueError(f"Formatting field not found in record: {missing}") from None


class StreamHandler:
    """logging.StreamHandler: records to ``stream`` (stderr by default), at or above its level."""

    __slots__ = ("_stream", "level", "formatter")

    def __init__(self, stream=None):
        from .stdlib_sys import ScriptStream
        if stream is not None and not isinstance(stream, ScriptStream):
            raise TypeError("StreamHandler writes to sys.stdout or sys.stderr in gradcli scripts")
        self._stream = stream
        self.level = 0
        self.formatter = None

    def setLevel(self, level) -> None:
        self.level = _level(level)

    def setFormatter(self, formatter) -> None:
        if formatter is not None and not isinstance(formatter, Formatter):
            raise TypeError("setFormatter() takes a logging.Formatter")
        self.formatter = formatter

    def emit(self, record: dict, state) -> None:
        text = (self.formatter or _DEFAULT).format(record, state)
        (self._stream if self._stream is not None else sys.stderr).write(text + "\n")


_DEFAULT = Formatter(BASIC_FORMAT)


class Logger:
    """A logger of the session's: its level (or the root's), its handlers, then the root's."""

    __slots__ = ("name", "level", "handlers", "propagate", "_root", "_state")

    def __init__(self, name: str, root, state):
        self.name, self.level, self.handlers, self.propagate = name, 0, [], True
        self._root, self._state = root, state

    def setLevel(self, level) -> None:
        self.level = _level(level)

    def getEffectiveLevel(self) -> int:
        return self.level or (self._root.level if self._root is not None else 0)

    def isEnabledFor(self, level) -> bool:
        return _level(level) >= self.getEffectiveLevel()

    def addHandler(self, handler) -> None:
        if not isinstance(handler, StreamHandler):
            raise TypeError("addHandler() takes a logging.StreamHandler")
        if handler not in self.handlers:
            self.handlers.append(handler)

    def removeHandler(self, handler) -> None:
        if handler in self.handlers:
            self.handlers.remove(handler)

    def hasHandlers(self) -> bool:
        return bool(self.handlers or (self.propagate and self._root is not None and self._root.handlers))

    def log(self, level, msg, *args, **kwargs) -> None:
        level = _level(level)
        if level < self.getEffectiveLevel():
            return
        if len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]      # log("%(n)d", {"n": 1}), as Python's LogRecord
        self._state.check_text((msg,), "a log message", None)
        now = time.time()
        record = {"name": self.name, "levelno": level, "levelname": NAMES.get(level, f"Level {level}"),
                  "created": now, "msecs": int(now * 1000) % 1000,
                  "message": _bounded_percent(self._state, str(msg), args) if args else str(msg)}
        handlers = list(self.handlers)
        if self.propagate and self._root is not None:
            handlers += self._root.handlers
        if not handlers:    # Python's last resort: the bare message of a warning or worse, on stderr
            if level >= 30:
                sys.stderr.write(record["message"] + "\n")
            return
        for handler in handlers:    # only the session's handlers (a script may edit the lists)
            if isinstance(handler, StreamHandler) and level >= handler.level:
                handler.emit(record, self._state)

    def debug(self, msg, *args, **kwargs):
        self.log(10, msg, *args)

    def info(self, msg, *args, **kwargs):
        self.log(20, msg, *args)

    def warning(self, msg, *args, **kwargs):
        self.log(30, msg, *args)

    warn = warning

    def error(self, msg, *args, **kwargs):
        self.log(40, msg, *args)

    exception = error     # the message only: Python's traceback after it is not shown

    def critical(self, msg, *args, **kwargs):
        self.log(50, msg, *args)

    def __repr__(self) -> str:
        level = NAMES.get(self.getEffectiveLevel(), f"Level {self.getEffectiveLevel()}")
        return f"<{'RootLogger' if self._root is None else 'Logger'} {self.name} ({level})>"


for _cls in (Formatter, StreamHandler, Logger):
    _cls.__module__ = "logging"     # <class 'logging.Logger'>, as Python prints it


def _bounded_percent(state, template: str, args) -> str:
    """``template % args`` within the run's string limit, as a script's own ``%``."""
    if "*" in template:
        raise GradcliError("value", "'*' widths are not supported in % formatting")
    check_format_spec(template, None)
    state.check_length(percent_size_estimate(template, args), "string", None)
    text = template % args
    state.check_length(len(text), "string", None)
    return text


def logging_members(state, policy) -> dict:
    """The ``logging`` of one session."""
    root = Logger("root", None, state)
    root.level = 30
    loggers = {}

    def getLogger(name=None):
        if name is None or name == "root":
            return root
        if not isinstance(name, str):
            raise TypeError("A logger name must be a string")
        if name not in loggers:
            loggers[name] = Logger(name, root, state)
        return loggers[name]

    def basicConfig(*, level=None, format=BASIC_FORMAT, datefmt=None, style="%", stream=None, handlers=None,
                    force=False, **unsupported):
        if unsupported:
            raise ValueError(f"Unrecognised argument(s): {', '.join(unsupported)} (gradcli scripts log to "
                             "stderr or a stream, not to files)")
        if root.handlers and not force:
            return
        if handlers is not None and stream is not None:
            raise ValueError("'stream' and 'handlers' should not be specified together")
        formatter = Formatter(format, datefmt, style)
        new = list(handlers) if handlers is not None else [StreamHandler(stream)]
        for handler in new:
            if handler.formatter is None:
                handler.setFormatter(formatter)
        root.handlers = []
        for handler in new:
            root.addHandler(handler)
        if level is not None:
            root.setLevel(level)

    def module_level(level):
        def log(msg, *args, **kwargs):
            if not root.handlers:
                basicConfig()
            root.log(level, msg, *args)
        return log

    policy.allow(Logger, LOGGER_NAMES, writable=("propagate",))
    policy.allow(StreamHandler, HANDLER_NAMES)
    policy.allow(Formatter, ())
    members = dict(LEVELS)
    members.update(getLogger=getLogger, basicConfig=basicConfig, StreamHandler=StreamHandler, Formatter=Formatter,
                   debug=module_level(10), info=module_level(20), warning=module_level(30),
                   error=module_level(40), critical=module_level(50), exception=module_level(40),
                   getLevelName=lambda level: NAMES.get(level, LEVELS.get(level, f"Level {level}")),
                   root=root)
    return members
