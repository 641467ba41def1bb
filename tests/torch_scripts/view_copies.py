# The *_copy variants of the view ops: the same values in a tensor of their own, the view's gradient, node + _copy.
import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_()
w = torch.arange(1.0, 7.0).reshape(2, 3)
for name, y in [("t", torch.t_copy(x)), ("view", torch.view_copy(x, (3, 2))), ("view -1", torch.view_copy(x, (-1,))),
                ("transpose", torch.transpose_copy(x, 0, 1)), ("permute", torch.permute_copy(x, (1, 0))),
                ("expand", torch.expand_copy(x[:1], (2, -1))), ("squeeze", torch.squeeze_copy(x[:1])),
                ("squeeze dim", torch.squeeze_copy(x[:1], 0)), ("unsqueeze", torch.unsqueeze_copy(x, 1)),
                ("select", torch.select_copy(x, 1, -1)), ("slice", torch.slice_copy(x, 1, -2)),
                ("slice step", torch.slice_copy(x, 1, None, None, 2)), ("slice past", torch.slice_copy(x, 1, 0, 9)),
                ("diagonal", torch.diagonal_copy(x, 1)), ("alias", torch.alias_copy(x)),
                ("unbind", torch.unbind_copy(x, 1)[1]), ("split", torch.split_copy(x, 2, 1)[1]),
                ("split sizes", torch.split_with_sizes_copy(x, [1, 2], 1)[1]), ("unfold", torch.unfold_copy(x, 1, 2, 1))]:
    x.grad = None
    (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
    print(name, y.shape, y.is_contiguous(), y._base is None, y.grad_fn.name(), y.tolist(), x.grad.tolist())
v = torch.view_copy(x.t(), (6,))
print(v, v.grad_fn)
z = torch.t_copy(x)
z.zero_()
print(x)
print(torch.select_copy(x, 0, 1).grad_fn._saved_index, torch.transpose_copy(x, 0, 1).grad_fn._saved_dim1)
for f in (lambda: torch.t_copy(torch.randn(2, 2, 2)), lambda: torch.view_copy(x, (4, 2)), lambda: torch.view_copy(x, -1),
          lambda: torch.select_copy(x, 0, 5), lambda: torch.slice_copy(x, 1, 0, 2, 0), lambda: torch.unsqueeze_copy(x, 5),
          lambda: torch.permute_copy(x, [1, 1]), lambda: torch.split_with_sizes_copy(x, [1, 3], 1),
          lambda: torch.expand_copy(x, (3, 3))):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
