import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jvp, vmap, replace_all_batch_norm_modules_

# torch.func's grad transforms refuse an in-place write to module state the function captured
# instead of taking it as an argument: a BatchNorm in train mode updates num_batches_tracked when
# functional_call is given the parameters only. Passing the buffers, eval mode, patching the batch
# norms, or a module made inside the function all compute.
torch.manual_seed(0)


def attempt(name, fn):
    try:
        print(name, fn())
    except Exception as e:
        print(name, type(e).__name__, e)


model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 2))
params = {k: v.detach() for k, v in model.named_parameters()}
buffers = {k: v.detach() for k, v in model.named_buffers()}
x = torch.randn(6, 3)
y = torch.randint(0, 2, (6,))


def loss_params_only(p, x, y):
    return F.cross_entropy(functional_call(model, p, (x,)), y)


def loss_with_buffers(p, b, x, y):
    return F.cross_entropy(functional_call(model, (p, b), (x,)), y)


attempt("grad, buffers captured:", lambda: grad(loss_params_only)(params, x, y))
attempt("vmap(grad), buffers captured:",
        lambda: vmap(grad(loss_params_only), in_dims=(None, 0, 0))(params, x.unsqueeze(1), y.unsqueeze(1)))
attempt("jvp, buffers captured:", lambda: jvp(lambda w: functional_call(model, {"0.weight": w}, (x,)),
                                              (params["0.weight"],), (torch.ones(4, 3),)))
print(model[1].num_batches_tracked)
g = grad(loss_with_buffers)(params, buffers, x, y)
print("buffers passed:", g["1.weight"], g["3.bias"])
print(buffers["1.num_batches_tracked"], buffers["1.running_mean"])
model.eval()
print("eval:", grad(loss_params_only)(params, x, y)["3.bias"])
model.train()
replace_all_batch_norm_modules_(model)
print("patched:", grad(loss_params_only)(params, x, y)["3.bias"])


class Counting(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 1)
        self.register_buffer("calls", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        self.calls += 1
        return self.lin(x)


counting = Counting()
cparams = dict(counting.named_parameters())
attempt("counter buffer:", lambda: grad(lambda p: functional_call(counting, p, (x,)).sum())(cparams))
attempt("counter passed:", lambda: grad(lambda p, b: functional_call(counting, (p, b), (x,)).sum())(
    cparams, dict(counting.named_buffers()))["lin.bias"])


def fresh_norm(t):
    bn = nn.BatchNorm1d(3)
    return bn(t).pow(2).sum()


print("module made inside:", grad(fresh_norm)(x).shape)
