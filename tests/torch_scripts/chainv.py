# Vector chains of tanh(y * 1.01 + 0.1), as the benchmark runs them, from values spread over tanh's
# whole range: TanhBackward0 rounds 1 - y^2 once (torch's fused kernel), bit for bit, at every size.
import torch

for n in (7, 256, 1000, 4099):
    x = torch.linspace(-4, 4, n, requires_grad=True)
    y = x
    outs = []
    for _ in range(20):
        y = torch.tanh(y * 1.01 + 0.1)
        outs.append(y)
    g = torch.linspace(-1, 1, n)
    (gy,) = torch.autograd.grad(outs[-1], outs[-2], g, retain_graph=True)
    r = outs[-1].detach()
    once = g * (1 - r.double() * r.double()).float()   # 1 - y^2 rounded once
    twice = g * (1 - r * r)                            # rounded twice
    y.backward(g)
    print(n, y[:3], torch.equal(gy, once * 1.01), torch.equal(once, twice))
    if n <= 256:   # (larger float32 arrays: numpy's tanh may differ from torch's in the last bit)
        print(x.grad[:3], x.grad[-3:], x.grad.abs().sum())

# a lone tanh and a second derivative through TanhBackwardBackward0
w = torch.linspace(-3, 3, 1000, requires_grad=True)
z = torch.tanh(w * 2.5)
(gw,) = torch.autograd.grad(z.sum(), w, create_graph=True)
zr = z.detach()
print(torch.equal(gw, (1 - zr.double() * zr.double()).float() * 2.5), gw.grad_fn, gw[::250])
(hw,) = torch.autograd.grad(gw.sum(), w)
print(hw[::250])
