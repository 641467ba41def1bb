"""A damaged entry of the code cache (cli.code_cache) is never executed and never a traceback: the
module is imported from its own .pyc instead. marshal reads some damage as SystemError (a code object
whose bytecode slot holds another type), which the cache let through, and a valid marshal of a value
that is not code went on to the import system."""
import marshal
import os

import pytest

from gradcli.cli import code_cache

ORIGIN = "/nowhere/module.py"


def _bundle(tmp_path, payload: bytes) -> str:
    """A bundle in the cache's layout with one entry, ``module``, whose code is ``payload``."""
    head = marshal.dumps(({"module": (ORIGIN, False, 0, 0, ORIGIN + "c", 0, len(payload))}, {}))
    path = tmp_path / "code.marshal"
    path.write_bytes(len(head).to_bytes(8, "little") + head + payload)
    os.chmod(path, 0o644)
    return str(path)


def _code_of_wrong_slot() -> bytes:
    """A marshalled code object whose bytecode (a referenced bytes object) was replaced by an int."""
    code = compile("x = 1", "module.py", "exec")
    data = marshal.dumps(code)
    stored = bytes([ord("s") | 0x80]) + len(code.co_code).to_bytes(4, "little") + code.co_code
    at = data.index(stored)
    return data[:at] + bytes([ord("i") | 0x80]) + (7).to_bytes(4, "little") + data[at + len(stored):]


@pytest.mark.parametrize("payload", [_code_of_wrong_slot(), marshal.dumps(5), marshal.dumps(("x",)), b"\xff" * 8],
                         ids=["bytecode slot of another type", "a number", "a tuple", "not marshal"])
def test_a_damaged_entry_gives_no_code(tmp_path, payload):
    assert code_cache.Finder(_bundle(tmp_path, payload)).code("module", ORIGIN) is None


def test_an_intact_entry_gives_its_code(tmp_path):
    code = compile("x = 1", "module.py", "exec")
    assert code_cache.Finder(_bundle(tmp_path, marshal.dumps(code))).code("module", ORIGIN) == code
