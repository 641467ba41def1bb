"""gradcli's own modules load from the code cache (see cli.code_cache) once a command has written
it, and never from an entry whose source changed since."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gradcli.cli import code_cache

REPO = Path(__file__).resolve().parents[2]

# how each gradcli module the worker's imports loaded was found, after the engine and the language
PROBE = """
import sys
from collections import Counter
from gradcli.cli.preload import import_engine
import_engine()
import gradcli.lang
print(sorted(Counter(type(m.__spec__.loader).__name__ for n, m in sys.modules.items()
                     if n.startswith(("gradcli.engine", "gradcli.lang"))).items()))
"""


@pytest.fixture
def copy(tmp_path):
    """A copy of the package of its own (its sources get edited) and an empty cache directory."""
    shutil.copytree(REPO / "gradcli", tmp_path / "site" / "gradcli",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "GRADCLI_NO_WORKER")}
    env.update(PYTHONPATH=str(tmp_path / "site"), GRADCLI_CACHE_DIR=str(tmp_path / "cache"))
    return tmp_path, env


def _run(env, cwd, *args) -> str:
    result = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120, env=env, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _grad(env, cwd) -> str:
    return _run(env, cwd, "-m", "gradcli", "grad", "x**2", "--at", "x=3")


def test_the_first_command_writes_the_cache_and_the_next_ones_load_from_it(copy):
    tmp_path, env = copy
    assert not _run(env, tmp_path, "-c", PROBE).count("Bundled")      # no cache yet
    first = _grad(env, tmp_path)
    assert first == "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n"
    (bundle,) = (tmp_path / "cache").glob("code-*.marshal")
    written = bundle.stat().st_mtime_ns
    assert _grad(env, tmp_path) == first
    assert bundle.stat().st_mtime_ns == written       # nothing new to add: not written again
    assert "SourceFileLoader" not in _run(env, tmp_path, "-c", PROBE)
    # the cache holds .pyc files already written: it serves them where Python writes none
    assert "SourceFileLoader" not in _run({**env, "PYTHONDONTWRITEBYTECODE": "1"}, tmp_path, "-c", PROBE)


def test_the_engine_and_the_language_load_from_a_shared_marshal_each(copy):
    tmp_path, env = copy
    first = _grad(env, tmp_path)
    probe = PROBE + ("from gradcli.lang.session import Session\n"
                     "from gradcli.cli import code_cache\n"
                     "groups = code_cache._finder.groups\n"
                     "engine, language = groups['engine'][0], groups['language'][0]\n"
                     "print(len(engine) > 100, {'gradcli.engine', 'gradcli.engine.tensor'} <= set(engine),\n"
                     "      {'gradcli.lang.parser', 'gradcli.lang.session'} <= set(language),\n"
                     "      any(n.startswith('gradcli.lang') for n in engine), sorted(code_cache._finder._group_code['engine']))\n")
    lines = _run(env, tmp_path, "-c", probe).splitlines()
    assert "SourceFileLoader" not in lines[0]
    # each module's code is taken out of the shared marshal as it is imported: none is left over
    assert lines[1] == "True True True False []"
    assert _grad(env, tmp_path) == first


def test_a_changed_source_is_imported_from_itself_and_then_cached_again(copy):
    tmp_path, env = copy
    _grad(env, tmp_path)
    source = tmp_path / "site" / "gradcli" / "engine" / "errors.py"
    source.write_text(source.read_text() + "\nprint('edited errors.py')\n")
    later = source.stat().st_mtime + 5
    os.utime(source, (later, later))
    assert _grad(env, tmp_path).startswith("edited errors.py\nvalue = tensor(9.")
    loaded = _run(env, tmp_path, "-c", PROBE + "print(type(sys.modules['gradcli.engine.errors'].__loader__).__name__)")
    assert loaded.startswith("edited errors.py\n") and loaded.endswith("\nBundledLoader\n")


def test_an_unwritable_cache_directory_only_means_no_cache(copy):
    tmp_path, env = copy
    (tmp_path / "file").write_text("not a directory")
    env["GRADCLI_CACHE_DIR"] = str(tmp_path / "file" / "cache")
    assert _grad(env, tmp_path) == "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n"


def test_hash_checked_pycs_are_recorded_once_and_not_read_again(copy):
    # pip compiles hash-checked .pyc files under SOURCE_DATE_EPOCH: the cache cannot check them by
    # mtime, so it records that, and later commands neither read them again nor rewrite the file
    tmp_path, env = copy
    subprocess.run([sys.executable, "-m", "compileall", "-q", "--invalidation-mode", "checked-hash",
                    str(tmp_path / "site" / "gradcli")], check=True, timeout=120)
    first = _grad(env, tmp_path)
    (bundle,) = (tmp_path / "cache").glob("code-*.marshal")
    written = bundle.stat().st_mtime_ns
    assert _grad(env, tmp_path) == first == "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n"
    assert bundle.stat().st_mtime_ns == written
    assert "Bundled" not in _run(env, tmp_path, "-c", PROBE)


def _plant(cache: Path, site: Path, module: str, mode: int) -> Path:
    """A bundle as another user could leave it in a shared cache directory: the module's entry matches
    its source's mtime and size (anyone can read them) but its code is the planter's."""
    import marshal
    import zlib
    package = str(site / "gradcli")
    key = zlib.crc32(f"{package}\0{sys.version}\0{sys.implementation.cache_tag}".encode())
    origin = site / "gradcli" / (module.replace(".", "/") + ".py")
    code = marshal.dumps(compile(origin.read_text() + "\nprint('PLANTED CODE RAN')\n", str(origin), "exec"))
    st = origin.stat()
    index = marshal.dumps(({f"gradcli.{module}": (str(origin), False, int(st.st_mtime) & 0xFFFFFFFF,
                                                 st.st_size & 0xFFFFFFFF, str(origin) + "c", 0, len(code))},
                           {}))
    cache.mkdir(exist_ok=True)
    bundle = cache / f"code-{key:08x}-f{code_cache._FORMAT}.marshal"
    bundle.write_bytes(len(index).to_bytes(8, "little") + index + code)
    bundle.chmod(mode)
    return bundle


def test_a_bundle_others_may_write_is_never_run(copy):
    tmp_path, env = copy
    bundle = _plant(tmp_path / "cache", tmp_path / "site", "cli.problem", 0o644)
    assert "PLANTED CODE RAN" in _grad(env, tmp_path)      # the user's own file: it is the cache
    bundle.unlink()
    bundle = _plant(tmp_path / "cache", tmp_path / "site", "cli.problem", 0o666)
    assert _grad(env, tmp_path) == "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n"
    assert bundle.stat().st_mode & 0o777 == 0o644       # written again, as the user's own


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="chown to another user needs root")
def test_a_bundle_of_another_user_is_never_run(copy):
    tmp_path, env = copy
    bundle = _plant(tmp_path / "cache", tmp_path / "site", "cli.problem", 0o644)
    os.chown(bundle, 65534, 65534)
    assert _grad(env, tmp_path) == "value = tensor(9., grad_fn=<PowBackward0>)\nx.grad = tensor(6.)\n"


NUMPY_PROBE = """
import sys
from gradcli.cli import code_cache
from gradcli.cli.preload import import_engine
import_engine()
import bisect      # (the language's)
for name, module in sorted(sys.modules.items()):
    spec = getattr(module, "__spec__", None)
    if name in ("bisect", "typing") or name.split(".")[0] == "numpy" and spec is not None and spec.origin.endswith(".py"):
        entry = code_cache._entry(spec)
        print(name, type(spec.loader).__name__, entry is not None and entry[5] is not None)
"""


def test_numpy_and_the_standard_modules_load_from_the_cache(copy):
    tmp_path, env = copy
    _grad(env, tmp_path)
    rows = [line.split() for line in _run(env, tmp_path, "-c", NUMPY_PROBE).splitlines()]
    loaders = {name: loader for name, loader, usable in rows if usable == "True"}
    if len(loaders) < 3:
        pytest.skip("this Python or numpy has no timestamp-checked .pyc files to serve")
    assert set(loaders.values()) == {"BundledLoader"}
    assert {"numpy", "numpy._core.numeric", "bisect", "typing"} <= set(loaders) and len(loaders) > 50


SHADOW_PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
from gradcli.cli import code_cache
code_cache.install()
import bisect
print(getattr(bisect, "WHERE", "standard library"), type(bisect.__spec__.loader).__name__)
"""


def test_a_module_of_the_same_name_earlier_on_sys_path_is_imported_as_python_would(copy):
    # a script's directory comes first on sys.path: its bisect.py is the bisect every import gets
    tmp_path, env = copy
    _grad(env, tmp_path)        # the cache now holds the standard library's bisect (the language uses it)
    (tmp_path / "mine").mkdir()
    assert _run(env, tmp_path, "-c", SHADOW_PROBE, str(tmp_path / "mine")).split() == [
        "standard", "library", "BundledLoader"]
    (tmp_path / "mine" / "bisect.py").write_text("WHERE = 'mine'\n")
    assert _run(env, tmp_path, "-c", SHADOW_PROBE, str(tmp_path / "mine")).split() == ["mine", "SourceFileLoader"]


def test_a_submodule_is_served_only_from_where_its_parent_looks_first():
    entry = ("/site/numpy/_core/numeric.py", False)
    package = ("/site/numpy/_core/__init__.py", True)
    assert code_cache._first_in(["/site/numpy/_core"], entry)
    assert code_cache._first_in(["/site/numpy"], package)
    assert not code_cache._first_in(["/other/numpy/_core", "/site/numpy/_core"], entry)
    assert not code_cache._first_in(["/site/numpy/_core"], package)
    assert not code_cache._first_in(None, entry)      # a top-level module: sys.path decides
