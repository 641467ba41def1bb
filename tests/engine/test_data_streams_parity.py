"""torch.utils.data streams and collation against torch: IterableDataset batches (with and without
workers, torch's worker order), ChainDataset, StackDataset, default_collate and default_convert."""
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")

pytestmark = pytest.mark.parity


def _stream_class(lib, split: bool):
    class Stream(lib.utils.data.IterableDataset):
        def __init__(self, n):
            self.n = n

        def __iter__(self):
            info = lib.utils.data.get_worker_info()
            if info is None or not split:
                return iter(range(self.n))
            return iter(range(info.id, self.n, info.num_workers))     # every num_workers-th item

        def __len__(self):
            return self.n
    return Stream


def _batches(lib, split, n, **kwargs):
    loader = lib.utils.data.DataLoader(_stream_class(lib, split)(n), **kwargs)
    return [b.tolist() if hasattr(b, "tolist") else b for b in loader]


@pytest.mark.parametrize("split,n,kwargs", [
    (True, 7, dict(batch_size=2)),
    (True, 7, dict(batch_size=2, drop_last=True)),
    (True, 9, dict(batch_size=2, num_workers=2)),
    (True, 5, dict(batch_size=None, num_workers=2)),
    (False, 3, dict(batch_size=2, num_workers=2)),
    (True, 10, dict(batch_size=3, num_workers=2, drop_last=True)),
], ids=["batched", "drop-last", "two-workers", "unbatched-workers", "unsplit-duplicates", "workers-drop-last"])
def test_stream_batches_come_in_torch_s_order(split, n, kwargs):
    assert _batches(engine, split, n, **kwargs) == _batches(torch, split, n, **kwargs)


def test_lengths_of_a_loader_over_a_stream():
    for lib in (engine, torch):
        stream = _stream_class(lib, True)(7)
        assert [len(lib.utils.data.DataLoader(stream, batch_size=b, drop_last=d))
                for b, d in ((None, False), (2, False), (2, True))] == [7, 4, 3]


def test_worker_info_is_none_outside_workers_and_set_inside():
    seen = []

    class Peek(engine.utils.data.Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, i):
            info = engine.utils.data.get_worker_info()
            seen.append((i, info.id, info.num_workers, info.dataset is dataset))
            return i

    dataset = Peek()
    assert engine.utils.data.get_worker_info() is None
    batches = [b.tolist() for b in engine.utils.data.DataLoader(dataset, batch_size=1, num_workers=2)]
    assert batches == [[0], [1], [2], [3]]
    assert seen == [(0, 0, 2, True), (1, 1, 2, True), (2, 0, 2, True), (3, 1, 2, True)]
    assert engine.utils.data.get_worker_info() is None


def test_chain_stack_and_concat_datasets_match_torch():
    def build(lib):
        D = lib.utils.data
        chain = _stream_class(lib, False)(2) + _stream_class(lib, False)(3)
        stacked = D.StackDataset(lib.arange(3), lib.arange(3.0) * 2)
        named = D.StackDataset(a=lib.arange(3), b=[10, 20, 30])
        both = D.TensorDataset(lib.arange(2)) + D.TensorDataset(lib.arange(5, 8))
        return (type(chain).__name__, list(chain), len(chain), [t.tolist() for t in stacked[2]],
                {k: int(v) for k, v in named[1].items()}, type(both).__name__, both[3][0].item(), len(both))

    assert build(engine) == build(torch)


def test_default_collate_and_convert_shapes_match_torch():
    def shapes(value):
        if isinstance(value, dict):
            return {k: shapes(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, [shapes(v) for v in value])
        if hasattr(value, "dtype"):
            return (tuple(value.shape), str(value.dtype), value.tolist())
        return value

    def collated(lib):
        D = lib.utils.data
        return [shapes(D.default_collate(batch)) for batch in (
            [{"x": lib.ones(2), "n": 1, "f": 0.5, "s": "a", "b": True}, {"x": lib.zeros(2), "n": 2, "f": 1.5,
                                                                          "s": "b", "b": False}],
            [(lib.tensor(1.0), [1, 2]), (lib.tensor(2.0), [3, 4])],
            [lib.max(lib.tensor([1.0, 3.0]), 0), lib.max(lib.tensor([4.0, 2.0]), 0)],
        )] + [shapes(D.default_convert(v)) for v in ((1, lib.ones(1)), {"k": (2, 3)}, [4.0])]

    assert collated(engine) == collated(torch)
