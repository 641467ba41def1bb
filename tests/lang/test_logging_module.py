"""`import logging` in scripts: Python's defaults and texts (WARNING:root:..., basicConfig's level,
format and stream, named loggers, handlers), each session's loggers its own, no files."""

import io
import logging as python_logging

import pytest

from gradcli.lang import GradcliError, Limits, Session


@pytest.fixture()
def session():
    return Session(stdout=io.StringIO(), limits=Limits(timeout=5.0, max_sequence=10_000))


def test_unconfigured_logging_prints_warnings_on_stderr_as_python(session, capsys):
    session.run("import logging\nlogging.info('hidden')\nlogging.warning('careful %d', 1)\n"
                "logging.getLogger('x').error('bare')")
    assert capsys.readouterr().err == "WARNING:root:careful 1\nERROR:x:bare\n"


def test_basic_config_sets_level_format_and_stream(session):
    session.run("import logging, sys\nlogging.basicConfig(level=logging.INFO, stream=sys.stdout,\n"
                "    format='%(levelname)s %(name)s: %(message)s')\nlog = logging.getLogger(__name__)\n"
                "log.info('epoch %d loss %.4f', 3, 0.12345)\nlog.debug('hidden')\nlog.setLevel('DEBUG')\n"
                "log.debug('shown %s', [1, 2])\nprint(log, logging.getLogger())")
    assert session.stdout.getvalue() == ("INFO __main__: epoch 3 loss 0.1235\nDEBUG __main__: shown [1, 2]\n"
                                         "<Logger __main__ (DEBUG)> <RootLogger root (INFO)>\n")


def test_handlers_format_and_propagate_as_pythons(session):
    session.run("import logging, sys\nlogging.basicConfig(stream=sys.stdout)\nlog = logging.getLogger('train')\n"
                "h = logging.StreamHandler(sys.stdout)\nh.setFormatter(logging.Formatter('[%(levelname)s] %(message)s'))\n"
                "log.addHandler(h)\nlog.error('twice')\nlog.propagate = False\nlog.critical('once %(n)d', {'n': 5})")
    assert session.stdout.getvalue() == "[ERROR] twice\nERROR:train:twice\n[CRITICAL] once 5\n"


def test_each_session_has_its_own_loggers_and_the_process_keeps_its_own(capsys):
    root_handlers = list(python_logging.getLogger().handlers)
    first = Session(stdout=io.StringIO())
    first.run("import logging\nlogging.basicConfig(level=logging.DEBUG)\nlogging.debug('one')")
    Session(stdout=io.StringIO()).run("import logging\nlogging.debug('two')")
    assert capsys.readouterr().err == "DEBUG:root:one\n"
    assert python_logging.getLogger().handlers == root_handlers


@pytest.mark.parametrize("source", [
    "logging.basicConfig(filename='/tmp/x.log')",
    "logging.Formatter('{message}', style='{')",
    "logging.StreamHandler(torch.ones(1))",
    "logging.getLogger().addHandler(1)",
    "logging.getLogger('a').warning('%999999999d', 1)",
    "logging.getLogger().warning('%s' * 3000, *(['x' * 10] * 3000))",
])
def test_what_logging_refuses(session, source):
    with pytest.raises(GradcliError) as info:
        session.run("import logging\n" + source, "log.grad")
    assert info.value.line == 2 and info.value.kind in ("value", "type", "limit")


@pytest.mark.parametrize("source", [
    "logging.getLogger()._state", "logging.getLogger()._root", "logging.StreamHandler()._stream",
    "logging.Formatter()._fmt", "logging.getLogger().log.__func__", "logging.getLogger().__class__",
    "logging.getLogger().level = 0", "logging.getLogger().handlers.__class__",
])
def test_logging_reaches_no_internals(session, source):
    with pytest.raises(GradcliError) as info:
        session.run("import logging\n" + source, "escape.grad")
    assert info.value.kind == "attribute" and info.value.line == 2
