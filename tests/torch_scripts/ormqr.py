import torch

A = torch.cos(torch.arange(5 * 3, dtype=torch.float64) ** 2 * 0.37).reshape(5, 3)
a, tau = torch.geqrf(A)
a.requires_grad_()
tau.requires_grad_()
C = torch.sin(torch.arange(5 * 2, dtype=torch.float64) * 0.7).reshape(5, 2).requires_grad_()

r = torch.ormqr(a, tau, C)
node = r.grad_fn
print(r)
print(node.name(), node._saved_left, node._saved_transpose, node._saved_result.shape, node._saved_self.shape,
      node._saved_input2.shape, node._saved_input3.shape, [n.variable.shape for n, _ in node.next_functions])
print(torch.ormqr(a, tau, C, transpose=True))
print(a.ormqr(tau, C.T, left=False))
print(torch.ormqr(a, tau, C.T, left=False, transpose=True).float())
full_q = torch.ormqr(a, tau, torch.eye(5, dtype=torch.float64))
print(torch.allclose(full_q, torch.linalg.qr(A, mode='complete')[0]), torch.allclose(full_q @ full_q.T, torch.eye(5, dtype=torch.float64)))

weights = torch.linspace(-1, 1, 10, dtype=torch.float64).reshape(5, 2)
ga, gt, gc = torch.autograd.grad((r * weights).sum() + r.pow(2).sum(), (a, tau, C), create_graph=True)
print(ga.detach(), gt.detach(), gc, sep="\n")
print(gc.grad_fn.name())
ha, ht, hc = torch.autograd.grad(ga.pow(2).sum() + gt.sum() + (gc * gc).sum(), (a, tau, C))
print(ha, ht, hc, sep="\n")

wide = torch.sin(torch.arange(3 * 4, dtype=torch.float64) ** 2).reshape(3, 4)
wa, wtau = torch.geqrf(wide)
wa.requires_grad_()
right = torch.ormqr(wa, wtau, torch.ones(2, 3, dtype=torch.float64), left=False)
right.sum().backward()
print(right, wa.grad)

batch_a, batch_tau = torch.geqrf(torch.cos(torch.arange(2 * 4 * 4, dtype=torch.float32) ** 2).reshape(2, 4, 4))
print(torch.ormqr(batch_a, batch_tau, torch.ones(2, 4, 1), transpose=True).flatten())

bad_calls = [
    lambda: torch.ormqr(a[0], tau, C),
    lambda: torch.ormqr(a, tau, C[:, 0]),
    lambda: torch.ormqr(a, tau, C[:4]),
    lambda: torch.ormqr(a, tau, C, left=False),
    lambda: torch.ormqr(a, tau[:2], C),
    lambda: torch.ormqr(a, tau[None], C),
    lambda: torch.ormqr(a, tau, C[None]),
    lambda: torch.ormqr(a.expand(2, 5, 3), tau.expand(3, 3), C.expand(2, 5, 2)),
    lambda: torch.ormqr(a.expand(2, 5, 3), tau.expand(2, 3), C.expand(3, 5, 2)),
    lambda: torch.ormqr(a, tau.float(), C),
    lambda: torch.ormqr(a, tau, C.float()),
    lambda: torch.ormqr(a.long(), tau.long(), C.long()),
    lambda: torch.ormqr(a.half(), tau.half(), C.half()),
]
for bad in bad_calls:
    try:
        bad()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
