"""torch.save/torch.load in scripts keep files in memory: a checkpoint round trip works and
nothing reaches the disk (the sandbox has no file system)."""
from __future__ import annotations

import os


def test_a_checkpoint_round_trips_without_writing_a_file(session, out, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session.run("m = torch.nn.Linear(2, 1)\n"
                "torch.save({'epoch': 3, 'model': m.state_dict()}, 'ckpt.pt')\n"
                "m2 = torch.nn.Linear(2, 1)\n"
                "ck = torch.load('ckpt.pt')\n"
                "print(ck['epoch'], m2.load_state_dict(ck['model']), torch.equal(m2.weight, m.weight))\n")
    assert out.getvalue() == "3 <All keys matched successfully> True\n"
    assert os.listdir(tmp_path) == []


def test_a_loaded_file_is_a_new_copy_each_time(session, out):
    session.run("torch.save(torch.zeros(2), 'z.pt')\n"
                "a = torch.load('z.pt'); a += 1\n"
                "print(torch.load('z.pt'))\n")
    assert out.getvalue() == "tensor([0., 0.])\n"


def test_a_name_never_saved_is_not_found(session, out):
    session.run("try:\n    torch.load('nowhere.pt')\nexcept FileNotFoundError as e:\n    print(e)\n")
    assert out.getvalue() == "[Errno 2] No such file or directory: 'nowhere.pt'\n"


def test_a_script_class_is_refused_by_weights_only_load_under_its_main_name(session, out):
    session.run("class Net(torch.nn.Module):\n    pass\n"
                "torch.save(Net(), 'net.pt')\n"
                "try:\n    torch.load('net.pt')\nexcept Exception as e:\n    print(type(e).__name__, 'GLOBAL __main__.Net was not' in str(e))\n"
                "print(type(torch.load('net.pt', weights_only=False)).__name__)\n")
    assert out.getvalue() == "UnpicklingError True\nNet\n"
