import torch
# views of empty tensors keep the view's strides and storage offset, as torch computes them for any view
def show(name, v):
    print(name, tuple(v.shape), v.stride(), v.is_contiguous(), v.storage_offset())
bases = {"z30": lambda: torch.zeros(3, 0), "z04": lambda: torch.zeros(0, 4), "z203": lambda: torch.zeros(2, 0, 3),
         "z0": lambda: torch.zeros(0), "z520": lambda: torch.zeros(5, 2, 0), "e": lambda: torch.empty(4, 0, 2)}
for bn, mk in bases.items():
    a = mk()
    show(bn, a)
    show(bn + ".t", a.t() if a.dim() <= 2 else a.transpose(0, -1))
    show(bn + ".mT", a.mT if a.dim() >= 2 else a)
    show(bn + ".permute", a.permute(*reversed(range(a.dim()))))
    show(bn + ".expand", a.expand(2, *a.shape))
    show(bn + ".unsqueeze0", a.unsqueeze(0))
    show(bn + ".unsqueeze-1", a.unsqueeze(-1))
    show(bn + "[1:]", a[1:])
    show(bn + "[::2]", a[::2])
    show(bn + ".view", a.view(-1))
    show(bn + ".reshape", a.reshape(a.shape[0], -1) if a.shape[0] else a.reshape(0, 5))
    show(bn + ".flatten", a.flatten())
    show(bn + ".t.contiguous", a.transpose(0, -1).contiguous())
    show(bn + ".t.detach", a.transpose(0, -1).detach())
    show(bn + ".as_strided", a.as_strided(a.shape, a.stride(), 1))
    show(bn + ".unfold", a.unfold(-1, 0, 1))
    show(bn + ".t.t", a.transpose(0, -1).transpose(0, -1))
    show(bn + ".t.add_", a.transpose(0, -1).add_(1))
    show(bn + ".movedim", a.movedim(0, -1))
    show(bn + ".squeeze", a.unsqueeze(1).squeeze(1))
    show(bn + ".view_as_real", torch.view_as_real(a.to(torch.complex64)))
    if a.dim() >= 2:
        show(bn + ".diagonal", a.diagonal(0, 0, -1))
    for i, c in enumerate(a.split(1) if a.shape[0] else []):
        show(bn + f".split{i}", c)
    for i, c in enumerate(a.unbind(0)):
        show(bn + f".unbind{i}", c)
    if a.shape[0] > 1:
        show(bn + ".narrow", a.narrow(0, 1, a.shape[0] - 1))
        show(bn + "[1]", a[1])
        show(bn + ".select-1", a.select(0, -1))
        show(bn + ".chunk", a.chunk(2)[1])
# empty slices of non-empty tensors: the offset moves and the stride scales as for any slice
a = torch.zeros(4, 3)
for name, v in [("[2:2:2]", a[2:2:2]), ("[4:]", a[4:]), ("[::2][3:]", a[::2][3:]), ("[:, 3:]", a[:, 3:]),
                ("[:, 1:1:3]", a[:, 1:1:3]), (".t[3:]", a.t()[3:]), (".t[:, 5:7:2]", a.t()[:, 5:7:2]),
                ("[2:2].unsqueeze(1)", a[2:2].unsqueeze(1)), ("[:, :0].unsqueeze(0)", a[:, :0].unsqueeze(0)),
                ("[3:3][:, 1:]", a[3:3][:, 1:]), ("[1:1, 1:]", a[1:1, 1:]), (".narrow(0, 4, 0)", a.narrow(0, 4, 0)),
                (".select(1, 2)[4:]", a.select(1, 2)[4:]), ("[4:].t", a[4:].t()),
                ("[2:2].expand", a[2:2].expand(3, 0, 3)), ("zeros(1).expand(0)", torch.zeros(1).expand(0)),
                ("zeros(1, 3).expand(0, 3)", torch.zeros(1, 3).expand(0, 3)),
                ("zeros(1).expand(0)[0:]", torch.zeros(1).expand(0)[0:])]:
    show(name, v)
# the view's graph and gradient
x = torch.zeros(6, 0, requires_grad=True)
y = x.t()[:, 2:]
show("graph view", y)
print(y.grad_fn, y.grad_fn.next_functions[0][0])
y.sum().backward()
show("x.grad", x.grad)
for args in [(torch.zeros(3), (0, 0, -1)), (torch.zeros(3, 3), (0, 1, 1)), (torch.zeros(3, 3), (0, 0, -2)),
             (torch.zeros(0, 3), (0, 1, -1))]:
    try:
        print(args[0].diagonal(*args[1]).shape)
    except RuntimeError as e:
        print(type(e).__name__, e)
