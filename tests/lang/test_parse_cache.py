"""The parse cache: a script run again is read back, not parsed; what its directory holds is trusted
only when this user's gradcli wrote it."""
import io
import json
import os
import stat
import subprocess
import sys

import pytest

from gradcli.lang import Session, parse_cache, parser
from gradcli.lang.parser import _Parser

SCRIPT = """
import torch
w = torch.tensor([[0.1, 0.2], [0.3, 0.4]], requires_grad=True)
x = torch.tensor([1.0, -2.0])
for step in range(3):
    loss = torch.tanh(w @ x).pow(2).sum() + 0.5 * w.norm() ** 2
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad = None
print(f"{loss.item():.6f}", w.sum().item() > 0, [1, 2j, ...][1:], 'a' "b", not -3 ** 2)
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache directory of this test's own, and a parser that counts its parses of whole scripts
    (an f-string's fields are parsed apart, as expressions)."""
    monkeypatch.setenv("GRADCLI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(parser, "_last_parse", ("", "", None))
    parses = []
    original = _Parser.run

    def counted(self, start):
        if start == "start":
            parses.append(start)
        return original(self, start)
    monkeypatch.setattr(_Parser, "run", counted)
    return parses


def run(source=SCRIPT):
    out = io.StringIO()
    parser._last_parse = ("", "", None)     # what a new process starts with
    Session(stdout=out).run(source, "loop.grad")
    return out.getvalue()


def entry_path(source=SCRIPT):
    return parse_cache._entry(source)[0]


def test_a_script_run_again_is_read_back_with_the_same_tree_and_output(cache):
    first = run()
    assert cache == ["start"] and os.path.isfile(entry_path())
    assert run() == first and cache == ["start"]
    assert parse_cache.load(SCRIPT) == _Parser(SCRIPT, "loop.grad").run("start")


def test_names_read_back_are_interned_as_parsed_names_are(cache):
    """Interned names are found by identity in the globals and in getattr's type cache: a loop
    run from a cached tree reads ``w.grad`` as fast as one parsed now."""
    run()
    for tree in (parse_cache.load(SCRIPT), _Parser(SCRIPT, "loop.grad").run("start")):
        loop = tree.body[3]
        assert loop.target.id is sys.intern("step")
        assert loop.body[1].value.func.attr is sys.intern("backward")


def test_the_cache_holds_only_the_users_own_files(cache):
    run()
    directory = os.path.dirname(entry_path())
    assert stat.S_IMODE(os.stat(directory).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(os.path.join(directory, "key")).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(entry_path()).st_mode) == 0o600


def test_short_scripts_and_syntax_errors_are_not_kept(cache):
    assert run("print(1 + 2)\n") == "3\n"
    with pytest.raises(Exception, match="syntax"):
        run(SCRIPT + "x = (\n")
    assert not os.path.exists(os.path.dirname(entry_path()))


def test_an_edited_entry_is_ignored_and_the_script_parsed(cache):
    expected = run()
    path = entry_path()
    with open(path, "rb") as f:
        data = f.read()
    edited = data.replace(b'"tanh"', b'"sinh"')     # another loss; the signature is the old one
    assert edited != data
    with open(path, "wb") as f:
        f.write(edited)
    assert parse_cache.load(SCRIPT) is None
    assert run() == expected and cache == ["start", "start"]


def test_an_entry_signed_with_another_key_is_ignored(cache):
    run()
    path = entry_path()
    with open(path, "rb") as f:
        data = f.read()
    key_path = os.path.join(os.path.dirname(path), "key")
    os.unlink(key_path)                     # another user's, another machine's entry: another key
    run("y = 1\n" * 50)                     # a new key, made when the next entry is written
    with open(path, "wb") as f:
        f.write(data)
    assert parse_cache.load(SCRIPT) is None


def test_a_truncated_or_empty_entry_is_ignored(cache):
    expected = run()
    path = entry_path()
    with open(path, "rb") as f:
        data = f.read()
    for broken in (data[:len(data) // 2], data[:10], b""):
        with open(path, "wb") as f:
            f.write(broken)
        assert parse_cache.load(SCRIPT) is None
        assert run() == expected


@pytest.mark.parametrize("tree", [
    {"span": [1, 1, 1, 1]},                                     # a JSON object
    [-1, 1, 1, 1, 1, ["T"]],                                    # a node index out of range
    [len(parse_cache.NODES), 1, 1, 1, 1],
    [parse_cache.NODES.index(parser.syntax.Module), 1, 1, 1, 1],       # a field missing
    [parse_cache.NODES.index(parser.syntax.Module), 1, True, 1, 1, ["T"]],   # a span of a bool
    [parse_cache.NODES.index(parser.syntax.Module), 1, 1, 1, 1, ["X", 1]],   # an unknown item
    [parse_cache.NODES.index(parser.syntax.Name), 1, 1, 1, 1, "x"],          # not a Module
])
def test_a_signed_entry_that_is_no_tree_of_this_gradcli_is_refused(cache, tree):
    """Beyond the signature, the reader builds only allowlisted nodes with their own fields."""
    run()       # makes the key
    path, name = parse_cache._entry(SCRIPT)
    body = json.dumps([1, tree]).encode()
    with open(path, "wb") as f:
        f.write(parse_cache._sign(parse_cache._key(create=False), name, body) + body)
    assert parse_cache.load(SCRIPT) is None


def test_a_key_others_can_read_is_not_used(cache):
    run()
    key_path = os.path.join(os.path.dirname(entry_path()), "key")
    os.chmod(key_path, 0o644)
    assert parse_cache.load(SCRIPT) is None
    os.unlink(entry_path())
    run()
    assert not os.path.exists(entry_path())     # nor a new entry signed with it


def test_another_parser_version_reads_other_entries(cache, monkeypatch):
    run()
    before = entry_path()
    monkeypatch.setattr(parse_cache, "_version", parse_cache._parser_version() + "/grammar edited")
    assert entry_path() != before and parse_cache.load(SCRIPT) is None
    run()
    assert cache == ["start", "start"] and os.path.isfile(before) and os.path.isfile(entry_path())


def test_an_unwritable_cache_directory_only_means_parsing(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    monkeypatch.setenv("GRADCLI_CACHE_DIR", str(blocked / "cache"))
    assert run() == run()
    assert parse_cache.load(SCRIPT) is None


def test_the_directory_keeps_a_bounded_number_of_entries(cache, monkeypatch):
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 8)
    for i in range(20):
        run(f"value = {i}\n" + "y = value * 2\n" * 30)
    entries = [n for n in os.listdir(os.path.dirname(entry_path())) if n.endswith(".json")]
    assert 0 < len(entries) <= 8


def test_a_parsed_directory_planted_as_a_link_gets_no_key_no_entry_and_no_pruning(cache, tmp_path, monkeypatch):
    # a 'parsed' link in a shared cache directory, to one of the user's own: gradcli wrote its key and
    # entries there and pruned the oldest quarter of its .json files
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 8)
    users = tmp_path / "users"
    users.mkdir()
    for i in range(12):
        (users / f"data{i}.json").write_text("{}")
    (tmp_path / "cache").mkdir()
    os.symlink(users, tmp_path / "cache" / "parsed")
    assert run() == run() and cache == ["start", "start"]
    assert sorted(os.listdir(users)) == sorted(f"data{i}.json" for i in range(12))


def test_pruning_removes_entries_only(cache, monkeypatch):
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 8)
    run()
    directory = os.path.dirname(entry_path())
    for i in range(12):
        with open(os.path.join(directory, f"notes{i}.json"), "w") as f:
            f.write("{}")
    for i in range(12):
        run(f"value = {i}\n" + "y = value * 2\n" * 30)
    assert sum(n.startswith("notes") for n in os.listdir(directory)) == 12


def test_gradcli_run_twice_reads_the_tree_back(tmp_path):
    script = tmp_path / "loop.grad"
    script.write_text(SCRIPT)
    env = dict(os.environ, GRADCLI_CACHE_DIR=str(tmp_path / "cache"))
    outputs = [subprocess.run([sys.executable, "-m", "gradcli", "run", str(script)], capture_output=True,
                              text=True, env=env, cwd=tmp_path, timeout=120) for _ in range(2)]
    assert [p.returncode for p in outputs] == [0, 0]
    assert outputs[0].stdout == outputs[1].stdout != ""
    assert len(os.listdir(tmp_path / "cache" / "parsed")) == 2        # the entry and the key
