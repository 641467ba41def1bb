"""Error messages of common mistakes with shapes, dims, indices, dtypes and creation, as torch words them."""
x = torch.ones(2, 3)
cases = [
    lambda: x.view(-1, -1), lambda: x.sum(dim=5), lambda: x.view(4), lambda: x.reshape(5),
    lambda: x[5], lambda: x[:, 7], lambda: x.t().view(6), lambda: torch.cat([x, torch.ones(3, 2)]),
    lambda: torch.stack([x, torch.ones(3)]), lambda: x.permute(0), lambda: x.transpose(0, 5),
    lambda: x.expand(3, 3), lambda: torch.ones(2, 2).inverse() @ x.T @ x, lambda: x.unsqueeze(4),
    lambda: x.squeeze(3), lambda: x.max(dim=2), lambda: torch.zeros(-1), lambda: x.item(),
    lambda: torch.tensor([[1, 2], [3]]), lambda: x.mean(dtype=torch.int64),
    lambda: torch.arange(3).mean(), lambda: x.split([1, 1], 1), lambda: x.narrow(1, 2, 5),
    lambda: x.flatten(1, 0), lambda: torch.linalg.det(x), lambda: x.backward(),
    lambda: torch.ones(2, requires_grad=True).numpy(),
]
for f in cases:
    try:
        r = f()
        print("OK", r)
    except Exception as e:
        print("ERR", type(e).__name__, e)
