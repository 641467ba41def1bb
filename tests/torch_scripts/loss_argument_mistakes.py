# Loss calls written wrongly, as users do: criterion(labels, outputs) (torch's log_softmax refuses the int input
# before looking at the target), wrong target dtypes and shapes, bad weights and reductions; each error printed.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
def run(label, f):
    try:
        r = f(); print(label, "OK", r)
    except Exception as e:
        print(label, type(e).__name__, e)
out = torch.randn(4, 3, requires_grad=True); lab = torch.tensor([0, 2, 1, 1])
run("ce swapped", lambda: nn.CrossEntropyLoss()(lab, out))
run("nll swapped", lambda: F.nll_loss(lab, out))
run("mse long pred", lambda: F.mse_loss(lab, out))
run("bce long", lambda: nn.BCELoss()(torch.sigmoid(out), lab))
run("bce shape", lambda: nn.BCELoss()(torch.sigmoid(out[:, 0]), lab.float()[:3]))
run("bcel int target", lambda: nn.BCEWithLogitsLoss()(out[:, 0], lab))
run("ce target float idx", lambda: F.cross_entropy(out, lab.float()))
run("ce target 2d idx", lambda: F.cross_entropy(out, lab.view(4, 1)))
run("ce batch mismatch", lambda: F.cross_entropy(out, lab[:3]))
run("ce weight len", lambda: F.cross_entropy(out, lab, weight=torch.ones(4)))
run("ce weight dtype", lambda: F.cross_entropy(out, lab, weight=torch.ones(3, dtype=torch.float64)))
run("ce input int", lambda: F.cross_entropy(lab.view(2, 2), torch.tensor([0, 1])))
run("mse scalar vs vec", lambda: F.mse_loss(out.sum(), torch.ones(1)))
run("l1 bool", lambda: F.l1_loss(out, torch.ones(4, 3, dtype=torch.bool)))
run("item on loss vec", lambda: F.mse_loss(out, torch.zeros(4, 3), reduction="none").item())
run("backward nonscalar", lambda: F.mse_loss(out, torch.zeros(4, 3), reduction="none").backward())
run("ce reduction bad", lambda: F.cross_entropy(out, lab, reduction="avg"))
run("mse reduction bad", lambda: F.mse_loss(out, out, reduction="avg"))
run("huber neg delta", lambda: F.huber_loss(out, out, delta=-1.0))
run("kl no log", lambda: F.kl_div(torch.softmax(out, 1), torch.softmax(out, 1), reduction="batchmean"))
run("nll 3d target", lambda: F.nll_loss(torch.randn(2, 3, 4), torch.zeros(2, 5, dtype=torch.long)))
run("smooth l1 beta neg", lambda: F.smooth_l1_loss(out, out, beta=-1))

for x in [torch.tensor([[1, 2], [3, 4]]), torch.ones(2, 3, 2, dtype=torch.long), torch.tensor([[True, False]])]:
    run("int logits", lambda: F.cross_entropy(x, torch.zeros(x.shape[0], dtype=torch.long)))
