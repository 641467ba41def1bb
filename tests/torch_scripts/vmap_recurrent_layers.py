import torch
import torch.nn as nn
from torch.func import vmap, grad, functional_call

# vmap has no batching rule for the fused recurrent ops: RNN, GRU and LSTM under vmap are refused
# (aten::rnn_tanh/gru/lstm.input); under a grad transform inside vmap the RNN and GRU refuse with
# torch's broadcast error, while per-sample gradients of an LSTM compute.
torch.manual_seed(0)


def attempt(name, fn):
    try:
        r = fn()
        print(name, "OK", tuple(r.shape) if hasattr(r, "shape") else sorted(r))
    except Exception as e:
        print(name, type(e).__name__, e)


x = torch.randn(4, 5, 6)
for cls, kw in [(nn.RNN, dict(batch_first=True)), (nn.RNN, dict(nonlinearity="relu")), (nn.GRU, dict()),
                (nn.GRU, dict(num_layers=2, batch_first=True)), (nn.LSTM, dict(bidirectional=True, batch_first=True))]:
    m = cls(6, 3, **kw)
    p = {k: v.detach() for k, v in m.named_parameters()}
    name = f"{cls.__name__}{kw}"

    def run(p, xi):
        return functional_call(m, p, (xi,))[0]

    attempt(name + " vmap", lambda: vmap(run, in_dims=(None, 0))(p, x))
    attempt(name + " vmap of the module", lambda: vmap(lambda xi: m(xi)[0])(x))
    attempt(name + " vmap(grad)", lambda: vmap(grad(lambda p, xi: run(p, xi).sum()), in_dims=(None, 0))(p, x))
    attempt(name + " vmap(grad), batch of 2 inside",
            lambda: vmap(grad(lambda p, xi: run(p, xi).sum()), in_dims=(None, 0))(p, x.view(2, 2, 5, 6)))
    attempt(name + " grad", lambda: grad(lambda p: run(p, x[0]).sum())(p))

lstm = nn.LSTM(6, 3, batch_first=True)
params = {k: v.detach() for k, v in lstm.named_parameters()}
per_sample = vmap(grad(lambda p, xi: functional_call(lstm, p, (xi,))[0].pow(2).sum()), in_dims=(None, 0))(params, x)
print({k: tuple(v.shape) for k, v in per_sample.items()})
print(per_sample["bias_hh_l0"][:, :4])
