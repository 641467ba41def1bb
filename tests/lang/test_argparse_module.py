"""`import argparse` in scripts: Python's parser, fed the script's own (empty) argument list, so a
training script's options take their defaults; help goes where print writes; nothing reads files."""

import io

import pytest

from gradcli.lang import GradcliError, Limits, Session

PARSER = """import argparse
parser = argparse.ArgumentParser(description="Train a model",
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
parser.add_argument("--lr", type=float, default=0.01, help="learning rate")
parser.add_argument("--epochs", type=int, default="3")
parser.add_argument("--cuda", action="store_true")
parser.add_argument("--optim", choices=["sgd", "adam"], default="sgd")
group = parser.add_argument_group("data")
group.add_argument("-b", "--batch-size", type=int, default=64)
"""


@pytest.fixture()
def session():
    return Session(stdout=io.StringIO(), limits=Limits(timeout=5.0))


def test_parse_args_gives_the_defaults_with_their_types(session):
    session.run(PARSER + "args = parser.parse_args()\nprint(args)\n"
                "print(args.lr * 2, args.epochs + 1, args.cuda, args.optim, args.batch_size)", "train.py")
    assert session.stdout.getvalue() == (
        "Namespace(lr=0.01, epochs=3, cuda=False, optim='sgd', batch_size=64)\n0.02 4 False sgd 64\n")


def test_a_list_the_script_passes_is_parsed_as_python_does(session):
    assert session.run(PARSER + "a = parser.parse_args(['--lr', '0.5', '--cuda', '-b', '8'])\n"
                                "a.lr, a.cuda, a.batch_size") == (0.5, True, 8)
    assert session.run("a, rest = parser.parse_known_args(['--epochs=7', 'x'])\na.epochs, rest") == (7, ["x"])
    assert session.run("a.lr = 0.1\na.lr") == 0.1


def test_help_is_pythons_and_ends_the_run_quietly(session):
    session.run(PARSER + "parser.parse_args(['--help'])\nprint('not reached')", "train.py")
    text = session.stdout.getvalue()
    assert text.startswith("usage: train.py [-h] [--lr LR]") and "learning rate (default: 0.01)" in text
    assert "not reached" not in text


def test_a_bad_option_prints_pythons_usage_error_and_exits_2(session, capsys):
    with pytest.raises(GradcliError, match="SystemExit: 2"):
        session.run(PARSER + "parser.parse_args(['--optim', 'rmsprop'])", "train.py")
    assert "train.py: error: argument --optim: invalid choice: 'rmsprop'" in capsys.readouterr().err


@pytest.mark.parametrize("source", [
    "argparse.ArgumentParser(fromfile_prefix_chars='@')",
    "argparse.FileType",
    "argparse.ArgumentParser(formatter_class=dict)",
    "argparse.ArgumentParser()._registries",
    "argparse.ArgumentParser().add_argument('--x')._get_kwargs",
    "argparse.ArgumentParser().parse_args([])._get_kwargs",
    "argparse.ArgumentParser().parse_args([]).__dict__",
    "argparse.ArgumentParser().exit",
    "argparse.ArgumentParser()._print_message",
    "argparse.ArgumentParser().add_argument_group('g')._group_actions",
])
def test_argparse_reaches_no_file_and_no_internals(session, source):
    with pytest.raises(GradcliError) as info:
        session.run("import argparse\n" + source, "escape.grad")
    assert info.value.kind in ("attribute", "type") and info.value.line == 2
