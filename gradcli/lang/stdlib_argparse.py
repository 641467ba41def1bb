"""`argparse` for scripts: a training script's options (`--lr 0.01`, `--epochs 5`, flags) parsed by
Python's own argparse, so defaults, types, help and messages are Python's. A script gets no
command-line arguments of its own, so `parse_args()` gives the defaults (or parses the list the
script passes). Help goes where `print` writes, errors to stderr, and exiting ends the run as
`sys.exit` does. Nothing reads files: `fromfile_prefix_chars` and `FileType` are not offered."""

from __future__ import annotations

import argparse
import os
import sys

from .errors import ScriptExit

PARSER_NAMES = ("add_argument", "add_argument_group", "add_mutually_exclusive_group", "parse_args",
                "parse_known_args", "set_defaults", "get_default", "print_help", "print_usage", "format_help",
                "format_usage", "error", "prog", "description", "epilog")
GROUP_NAMES = ("add_argument", "add_argument_group", "add_mutually_exclusive_group", "title", "description")
FORMATTERS = (argparse.HelpFormatter, argparse.ArgumentDefaultsHelpFormatter, argparse.RawTextHelpFormatter,
              argparse.RawDescriptionHelpFormatter, argparse.MetavarTypeHelpFormatter)


def argparse_members(policy, stdout_ref, argv: list) -> dict:
    """The ``argparse`` of one session: its parsers read the session's ``sys.argv``."""

    class ArgumentParser(argparse.ArgumentParser):
        def __init__(self, prog=None, *args, fromfile_prefix_chars=None, formatter_class=argparse.HelpFormatter,
                     **kwargs):
            if fromfile_prefix_chars is not None:
                raise TypeError("fromfile_prefix_chars is not available in gradcli scripts (it reads files)")
            if formatter_class not in FORMATTERS:
                raise TypeError("formatter_class must be one of argparse's help formatters")
            super().__init__(os.path.basename(argv[0]) if prog is None else prog, *args,
                             formatter_class=formatter_class, **kwargs)

        def parse_known_args(self, args=None, namespace=None):
            return super().parse_known_args(argv[1:] if args is None else args, namespace)

        def _print_message(self, message, file=None):
            if message:     # help and usage (argparse hands them Python's sys.stdout) go where print writes
                (stdout_ref() if file is None or file is sys.stdout else file).write(message)

        def exit(self, status=0, message=None):
            if message:
                self._print_message(message, sys.stderr)
            raise ScriptExit(status)

    ArgumentParser.__module__ = "argparse"
    ArgumentParser.__qualname__ = "ArgumentParser"
    policy.allow(ArgumentParser, PARSER_NAMES)
    policy.allow(argparse._ArgumentGroup, GROUP_NAMES)
    policy.allow(argparse.Namespace, (), open_members=vars)
    return {"ArgumentParser": ArgumentParser, "Namespace": argparse.Namespace, "SUPPRESS": argparse.SUPPRESS,
            **{cls.__name__: cls for cls in FORMATTERS}}
