# arguments gradcli once accepted and ignored: searchsorted's sorter, the losses' legacy
# size_average/reduce, the channel dropouts' inplace
import torch
import torch.nn.functional as F

seq = torch.tensor([5.0, 1.0, 3.0, 2.0])
print(torch.searchsorted(seq, torch.tensor([2.5, 4.0]), sorter=torch.argsort(seq)))
print(torch.searchsorted(seq, torch.tensor([[2.0, 5.0]]), sorter=torch.argsort(seq), right=True))
rows = torch.tensor([[4.0, 1.0, 3.0], [0.0, 9.0, 5.0]])
print(torch.searchsorted(rows, torch.tensor([[2.0], [6.0]]), sorter=torch.argsort(rows, dim=1)))

a = torch.log_softmax(torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]), 1)
b = torch.tensor([[0.5, 0.25, 0.25], [0.1, 0.2, 0.7]])
print(F.kl_div(a, b, reduce=False))
print(F.kl_div(a, b, size_average=False))
x1, x2, y = torch.tensor([1.0, 2.0]), torch.tensor([2.0, 1.0]), torch.tensor([1.0, -1.0])
print(F.margin_ranking_loss(x1, x2, y, reduce=False))
print(F.hinge_embedding_loss(x1, y, reduce=False))
print(F.hinge_embedding_loss(x1, y, size_average=False))
print(F.poisson_nll_loss(x1, x2, reduce=False))
print(F.multilabel_soft_margin_loss(torch.tensor([[0.5, -1.0]]), torch.tensor([[1.0, 0.0]]), reduce=False))
print(F.cosine_embedding_loss(torch.ones(2, 3), torch.ones(2, 3), torch.tensor([1.0, -1.0]), size_average=False))
print(F.triplet_margin_loss(torch.ones(2, 3), torch.zeros(2, 3), torch.ones(2, 3) * 2, reduce=False))

torch.manual_seed(0)
z = torch.ones(1, 2, 2, 2)
out = F.dropout2d(z, 0.5, True, inplace=True)
print(z, out is z)
torch.manual_seed(0)
z = torch.ones(2, 3, 4)
F.dropout1d(z, 0.5, True, inplace=True)
print(z)
torch.manual_seed(0)
z = torch.ones(3, 4)
F.dropout1d(z, 0.5, True, inplace=True)
print(z, z.shape)
torch.manual_seed(0)
z = torch.ones(2, 2, 1, 1, 2)
F.dropout3d(z, 0.5, True, inplace=True)
print(z)
torch.manual_seed(0)
z = torch.ones(10)
F.alpha_dropout(z, 0.5, True, inplace=True)
print(z)
torch.manual_seed(0)
layer = torch.nn.Dropout2d(0.5, inplace=True)
z = torch.ones(1, 4, 1, 1)
layer(z)
print(z)
torch.manual_seed(0)
z = torch.ones(6)
torch.nn.AlphaDropout(0.5, inplace=True)(z)
print(z)


def attempt(label, make):
    try:
        print(label, make())
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0])


attempt("sorter too short", lambda: torch.searchsorted(seq, torch.tensor([2.5]), sorter=torch.tensor([1, 3, 2])))
attempt("sorter int32", lambda: torch.searchsorted(seq, torch.tensor([2.5]), sorter=torch.tensor([1, 3, 2, 0], dtype=torch.int32)))
attempt("sorter out of range", lambda: torch.searchsorted(seq, torch.tensor([2.5]), sorter=torch.tensor([1, 3, 2, 7])))
try:
    torch.searchsorted(seq, torch.tensor([2.5]), sorter=[1, 3, 2, 0])
except TypeError as e:
    print("sorter a list: TypeError")
