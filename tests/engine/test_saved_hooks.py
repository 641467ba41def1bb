"""graph.saved_tensors_hooks: pack when an op saves a tensor, unpack when backward reads it."""
from __future__ import annotations

import gradcli.engine as torch
from gradcli.engine.autograd.graph import register_multi_grad_hook, save_on_cpu, saved_tensors_hooks


def test_pack_and_unpack_counts():
    packed, unpacked = [], []

    def pack(t):
        packed.append(t)
        return ("box", t)

    def unpack(box):
        unpacked.append(box)
        return box[1]

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=True)
    with saved_tensors_hooks(pack, unpack):
        y = a * b          # saves self and other: 2 packs
        z = y.exp()        # saves result: 1 pack
        w = z + 1          # saves nothing
    assert len(packed) == 3 and unpacked == []
    w.sum().backward()
    assert len(unpacked) == 3
    assert torch.allclose(a.grad, (a * b).exp().detach() * b)


def test_hooks_only_inside_the_context_and_innermost_wins():
    calls = []
    x = torch.ones(2, requires_grad=True)
    with saved_tensors_hooks(lambda t: calls.append("outer") or t, lambda t: t):
        with saved_tensors_hooks(lambda t: calls.append("inner") or t, lambda t: t):
            x.sin()
        x.cos()
    x.tan()
    assert calls == ["inner", "outer"]


def test_save_on_cpu_changes_nothing():
    x = torch.tensor([0.5, 1.0], requires_grad=True)
    with save_on_cpu(pin_memory=True):
        y = (x * x).sum()
    y.backward()
    assert x.grad.tolist() == [1.0, 2.0]


def test_multi_grad_hook_sees_every_gradient_once():
    a = torch.ones(2, requires_grad=True)
    b = torch.ones(3, requires_grad=True)
    seen = []
    handle = register_multi_grad_hook((a, b), lambda grads: seen.append([g.shape for g in grads]))
    ((a * 2).sum() + (b * 3).sum()).backward()
    assert seen == [[(2,), (3,)]]
    handle.remove()
    ((a * 2).sum() + (b * 3).sum()).backward()
    assert len(seen) == 1
