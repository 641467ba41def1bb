"""The grammar's parse tables are cached in gradcli's cache directory too: tables decide what a script
means (and hold regexp code _sre runs), so a file there is read only when it is the user's own and
nobody else may write it, and writing one never follows a link planted under its name."""
import marshal
import os

import pytest

from gradcli.lang import grammar_loader


@pytest.fixture
def tables_file(tmp_path):
    path = tmp_path / "grammar-planted.marshal"
    path.write_bytes(marshal.dumps(grammar_loader.load_tables()))
    path.chmod(0o644)
    return path


def test_the_users_own_tables_are_read(tables_file):
    assert grammar_loader._read_cache(str(tables_file))["format"] == grammar_loader.TABLE_FORMAT


@pytest.mark.parametrize("mode", [0o666, 0o646, 0o664])
def test_tables_others_may_write_are_not_read(tables_file, mode):
    tables_file.chmod(mode)
    assert grammar_loader._read_cache(str(tables_file)) is None


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="chown to another user needs root")
def test_tables_of_another_user_are_not_read(tables_file):
    os.chown(tables_file, 65534, 65534)
    assert grammar_loader._read_cache(str(tables_file)) is None


def test_writing_the_tables_never_follows_a_planted_link(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's file")
    path = tmp_path / "cache" / "grammar-x.marshal"
    path.parent.mkdir()
    os.symlink(victim, f"{path}.{os.getpid()}.tmp")
    grammar_loader._write_cache(str(path), {"format": grammar_loader.TABLE_FORMAT})
    assert victim.read_text() == "the user's file"
    assert not path.exists()        # no cache this time: the tables stay in memory


def test_tables_are_written_so_that_only_their_owner_may_write_them(tmp_path):
    path = tmp_path / "grammar-y.marshal"
    old = os.umask(0o002)       # a user-private-group umask: files would be group-writable
    try:
        grammar_loader._write_cache(str(path), {"format": grammar_loader.TABLE_FORMAT})
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644
    assert grammar_loader._read_cache(str(path)) == {"format": grammar_loader.TABLE_FORMAT}
