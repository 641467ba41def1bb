"""torch.Generator and torch.utils.data: the rules torch keeps (reseeding replays a stream,
streams are independent, samplers visit what they promise), checked without torch's numbers."""

import pytest

import gradcli.engine as torch
from gradcli.engine.utils.data import (BatchSampler, DataLoader, RandomSampler, SubsetRandomSampler,
                                       TensorDataset, WeightedRandomSampler, random_split)


def test_reseeding_a_generator_replays_its_stream():
    g = torch.Generator().manual_seed(7)
    first = [torch.randn(3, generator=g), torch.rand(2, generator=g), torch.randint(0, 9, (4,), generator=g)]
    g.manual_seed(7)
    again = [torch.randn(3, generator=g), torch.rand(2, generator=g), torch.randint(0, 9, (4,), generator=g)]
    assert all(torch.equal(a, b) for a, b in zip(first, again))


def test_a_generator_does_not_disturb_the_default_stream():
    torch.manual_seed(0)
    plain = torch.randn(4)
    torch.manual_seed(0)
    torch.randn(100, generator=torch.Generator().manual_seed(1))
    assert torch.equal(torch.randn(4), plain)


def test_rng_state_round_trips():
    torch.manual_seed(3)
    state = torch.get_rng_state()
    drawn = torch.rand(5)
    torch.set_rng_state(state)
    assert torch.equal(torch.rand(5), drawn) and state.dtype == torch.uint8
    g = torch.Generator().manual_seed(11)
    saved = g.get_state()
    values = torch.randperm(10, generator=g)
    assert torch.equal(torch.randperm(10, generator=g.set_state(saved)), values)
    assert g.initial_seed() == 11 and torch.manual_seed(5) is torch.default_generator


def test_a_generator_argument_must_be_a_generator():
    with pytest.raises(TypeError, match="torch.Generator"):
        torch.randn(2, generator=3)


def test_shuffled_loaders_with_equal_generators_agree_and_cover_every_item():
    ds = TensorDataset(torch.arange(10.))
    orders = [[b[0].tolist() for b in DataLoader(ds, batch_size=3, shuffle=True,
                                                 generator=torch.Generator().manual_seed(4))]
              for _ in range(2)]
    assert orders[0] == orders[1]
    assert sorted(v for batch in orders[0] for v in batch) == list(range(10))
    assert [len(b) for b in orders[0]] == [3, 3, 3, 1]


def test_samplers_visit_what_they_promise():
    g = torch.Generator().manual_seed(0)
    assert sorted(RandomSampler(range(6), generator=g)) == list(range(6))
    assert len(list(RandomSampler(range(3), replacement=True, num_samples=8, generator=g))) == 8
    assert sorted(SubsetRandomSampler([5, 1, 9], generator=g)) == [1, 5, 9]
    assert set(WeightedRandomSampler([0.0, 1.0, 0.0], 5, generator=g)) == {1}
    assert list(BatchSampler(range(5), 2, drop_last=True)) == [[0, 1], [2, 3]]
    loader = DataLoader(TensorDataset(torch.arange(4.)), batch_sampler=BatchSampler(range(4), 3, False))
    assert [b[0].tolist() for b in loader] == [[0.0, 1.0, 2.0], [3.0]] and len(loader) == 2


def test_random_split_by_counts_and_fractions():
    g = torch.Generator().manual_seed(1)
    a, b = random_split(range(10), [7, 3], generator=g)
    assert (len(a), len(b)) == (7, 3) and sorted(list(a) + list(b)) == list(range(10))
    parts = random_split(range(10), [0.5, 0.3, 0.2], generator=g)
    assert [len(p) for p in parts] == [5, 3, 2]
    with pytest.raises(ValueError, match="Sum of input lengths"):
        random_split(range(10), [3, 3])


def test_loader_options_torch_refuses_together():
    ds = TensorDataset(torch.arange(4.))
    with pytest.raises(ValueError, match="mutually exclusive with shuffle"):
        DataLoader(ds, shuffle=True, sampler=range(4))
    with pytest.raises(ValueError, match="batch_sampler option is mutually exclusive"):
        DataLoader(ds, batch_size=2, batch_sampler=BatchSampler(range(4), 2, False))
