"""data_ptr() and storage_offset(): torch's arithmetic between tensors that share a storage, on
stand-in addresses (a script never sees where the process's memory is)."""
import gc

from gradcli import engine as torch


def test_views_start_where_their_storage_says():
    x = torch.arange(12.0)
    assert x.view(3, 4).data_ptr() == x.data_ptr()
    assert x[2:].data_ptr() - x.data_ptr() == 8 and x[2:].storage_offset() == 2
    assert x.view(3, 4)[:, 1].data_ptr() - x.data_ptr() == 4
    assert x.view(3, 4).t().contiguous().data_ptr() != x.data_ptr()
    assert x.clone().data_ptr() != x.data_ptr()


def test_addresses_are_stand_ins_that_last_as_long_as_the_storage():
    x = torch.ones(4)
    real = x.numpy().__array_interface__["data"][0]
    assert x.data_ptr() != real
    assert x.data_ptr() == x.data_ptr()
    others = {torch.ones(4).data_ptr() for _ in range(50)}   # each freed before the next: new numbers
    gc.collect()
    assert x.data_ptr() not in others and len(others) == 50

