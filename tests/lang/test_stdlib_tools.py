"""functools, itertools and dataclasses as PyTorch scripts use them."""
import io
import textwrap

import pytest

from gradcli.lang import GradcliError, Session
from gradcli.lang.limits import Limits


def run(source, **options):
    out = io.StringIO()
    value = Session(stdout=out, **options).run(textwrap.dedent(source), "example.py")
    return value, out.getvalue()


def test_a_dataclass_config_drives_a_training_loop():
    value, out = run("""
        from dataclasses import dataclass, field, asdict, replace
        import torch

        @dataclass
        class Config:
            lr: float = 0.5
            steps: int = 3
            sizes: list = field(default_factory=lambda: [2, 1])

        cfg = Config(lr=0.25)
        print(cfg)
        w = torch.zeros(2, requires_grad=True)
        for _ in range(cfg.steps):
            loss = ((w - torch.tensor([1.0, 2.0])) ** 2).sum()
            loss.backward()
            with torch.no_grad():
                w -= cfg.lr * w.grad
                w.grad.zero_()
        (asdict(cfg), replace(cfg, steps=5).steps, cfg == Config(0.25), w.tolist())
    """)
    assert out == "Config(lr=0.25, steps=3, sizes=[2, 1])\n"
    assert value == ({"lr": 0.25, "steps": 3, "sizes": [2, 1]}, 5, True, [0.875, 1.75])


def test_dataclass_fields_inheritance_post_init_and_frozen():
    value, _ = run("""
        import dataclasses

        @dataclasses.dataclass
        class Base:
            name: str
            width: int = 4

        @dataclasses.dataclass(frozen=True)
        class Layer(Base):
            depth: int = 2
            def __post_init__(self):
                print("made", self.name)

        layer = Layer("fc", depth=3)
        ([f.name for f in dataclasses.fields(layer)], layer, dataclasses.is_dataclass(layer),
         dataclasses.astuple(layer))
    """)
    names, layer, is_dc, as_tuple = value
    assert names == ["name", "width", "depth"]
    assert repr(layer) == "Layer(name='fc', width=4, depth=3)"
    assert is_dc and as_tuple == ("fc", 4, 3)


@pytest.mark.parametrize("source, message", [
    ("@dataclass(frozen=True)\nclass P:\n    x: int = 1\nP().x = 2", "FrozenInstanceError"),
    ("@dataclass\nclass P:\n    x: int\nP()", "missing 1 required argument: 'x'"),
    ("@dataclass\nclass P:\n    x: int = 1\nP(1, 2)", "takes 2 positional arguments but 3 were given"),
    ("@dataclass\nclass P:\n    x: list = []", "mutable default"),
    ("@dataclass\nclass P:\n    x: int = 1\n    y: int\n", "non-default argument 'y' follows default argument"),
    ("@dataclass\nclass P:\n    x: int = 1\nP.__gradcli_dataclass__", "not available"),
    ("@dataclass\nclass P:\n    x: int = 1\nfields(P)[0].__class__", "not available"),
    ("@dataclass\nclass P:\n    x: int = 1\nP.__init__.__globals__", "not available"),
])
def test_dataclass_mistakes_read_as_python_reports_them(source, message):
    with pytest.raises(GradcliError, match=message):
        run("from dataclasses import dataclass, fields\n" + source)


def test_itertools_chain_of_parameters_feeds_one_optimizer():
    value, _ = run("""
        import itertools
        import torch.nn as nn
        import torch
        g, d = nn.Linear(2, 2), nn.Linear(2, 1)
        opt = torch.optim.SGD(itertools.chain(g.parameters(), d.parameters()), lr=0.1)
        (len(opt.param_groups[0]["params"]),
         list(itertools.product([1, 2], repeat=2)),
         list(itertools.chain.from_iterable([[1], [2, 3]])),
         list(itertools.islice(itertools.count(5, 2), 3)),
         list(itertools.accumulate([1, 2, 3])),
         list(itertools.zip_longest([1, 2], [3], fillvalue=0)),
         [(k, len(list(grp))) for k, grp in itertools.groupby("aab")],
         list(itertools.combinations(range(3), 2)), list(itertools.batched(range(5), 2)))
    """)
    assert value == (4, [(1, 1), (1, 2), (2, 1), (2, 2)], [1, 2, 3], [5, 7, 9], [1, 3, 6],
                     [(1, 3), (2, 0)], [("a", 2), ("b", 1)], [(0, 1), (0, 2), (1, 2)],
                     [(0, 1), (2, 3), (4,)])


def test_endless_iterators_end_at_the_time_limit():
    with pytest.raises(GradcliError, match="time limit"):
        run("import itertools\nsum(itertools.count())", limits=Limits(timeout=0.5))
    with pytest.raises(GradcliError, match="time limit"):
        run("import functools, itertools\nfunctools.reduce(max, itertools.repeat(1))", limits=Limits(timeout=0.5))


def test_functools_partial_reduce_and_caches():
    value, _ = run("""
        from functools import partial, reduce, lru_cache, wraps
        import torch
        calls = []
        @lru_cache(maxsize=None)
        def fib(n):
            calls.append(n)
            return n if n < 2 else fib(n - 1) + fib(n - 2)
        def logged(fn):
            @wraps(fn)
            def inner(*args):
                return fn(*args)
            return inner
        scale = partial(torch.mul, 2.0)
        (fib(20), len(calls), reduce(lambda a, b: a * b, [1, 2, 3, 4]), scale(torch.tensor(3.0)).item(),
         logged(abs)(-2))
    """)
    assert value == (6765, 21, 24, 6.0, 2)


@pytest.mark.parametrize("source", [
    "from functools import partial\npartial(print, 1).func",
    "from functools import partial\npartial(print, 1).__reduce__",
    "import itertools\nitertools.count().gi_frame",
    "import itertools\nitertools.chain.__self__",
    "from functools import lru_cache\nlru_cache(print)._fn",
])
def test_the_modules_hand_scripts_nothing_of_python(source):
    with pytest.raises(GradcliError, match="not available|has no attribute"):
        run(source)
