# nn.Embedding(sparse=True) and EmbeddingBag(sparse=True) give sparse COO gradients, as torch's: their
# repr (indices, values, size, nnz, layout), is_sparse/layout, coalesce()/indices()/values()/to_dense(),
# accumulation over backward calls (torch's merge of two entry lists), zero_grad(set_to_none=False);
# SGD (momentum, nesterov, maximize), Adagrad and SparseAdam step on them, the other optimizers and
# weight decay give torch's errors, and so do the clipping utilities; a skip-gram model trained with SparseAdam.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
emb = nn.Embedding(6, 3, sparse=True)
print(emb)
idx = torch.tensor([[1, 2], [2, 5]])
emb(idx).sum().backward()
g = emb.weight.grad
print(g.is_sparse, g.layout, g.shape, g.dtype, g.requires_grad, g.is_coalesced())
print(g)
emb(torch.tensor([0, 2])).pow(2).sum().backward()
print(emb.weight.grad)
print(emb.weight.grad.coalesce().indices(), emb.weight.grad.coalesce().values())
try:
    print(emb.weight.grad.indices())
except RuntimeError as e:
    print(type(e).__name__, e)
print(emb.weight.grad.to_dense())
emb.zero_grad(set_to_none=False)
print(emb.weight.grad)

dense = torch.ones(2, 3)
print(dense.is_sparse, dense.layout, dense.to_dense() is dense)
for name in ("coalesce", "indices", "values", "is_coalesced"):
    try:
        getattr(dense, name)()
    except RuntimeError as e:
        print(type(e).__name__, e)

pad = nn.Embedding(4, 2, sparse=True, padding_idx=0)
pad(torch.tensor([1, 1, 0, 3])).sum().backward()
print(pad.weight.grad)
only_padding = nn.Embedding(4, 2, sparse=True, padding_idx=0)
only_padding(torch.tensor([0, 0])).sum().backward()
print(only_padding.weight.grad)
try:
    freq = nn.Embedding(4, 2, sparse=True, scale_grad_by_freq=True)
    freq(torch.tensor([1, 1])).sum().backward()
except RuntimeError as e:
    print(type(e).__name__, e)

optimizers = [
    ("sgd", lambda p: torch.optim.SGD(p, lr=0.1)),
    ("sgd momentum", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9)),
    ("sgd nesterov", lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9, nesterov=True)),
    ("sgd maximize", lambda p: torch.optim.SGD(p, lr=0.1, maximize=True)),
    ("sgd weight decay", lambda p: torch.optim.SGD(p, lr=0.1, weight_decay=0.1)),
    ("adagrad", lambda p: torch.optim.Adagrad(p, lr=0.1)),
    ("adagrad maximize", lambda p: torch.optim.Adagrad(p, lr=0.1, maximize=True, lr_decay=0.1)),
    ("adagrad weight decay", lambda p: torch.optim.Adagrad(p, weight_decay=0.1)),
    ("sparse adam", lambda p: torch.optim.SparseAdam(p, lr=0.1)),
    ("sparse adam maximize", lambda p: torch.optim.SparseAdam(p, lr=0.1, maximize=True)),
    ("adam", lambda p: torch.optim.Adam(p, lr=0.1)),
    ("adamw", lambda p: torch.optim.AdamW(p, lr=0.1)),
    ("rmsprop", lambda p: torch.optim.RMSprop(p, lr=0.1)),
    ("nadam", lambda p: torch.optim.NAdam(p)),
    ("rprop", lambda p: torch.optim.Rprop(p)),
]
for name, make in optimizers:
    torch.manual_seed(0)
    e = nn.Embedding(6, 3, sparse=True)
    opt = make(e.parameters())
    try:
        for _ in range(2):
            opt.zero_grad()
            e(idx).pow(2).sum().backward()
            opt.step()
        print(name, e.weight.data[:3])
        print({k: ("sparse" if torch.is_tensor(v) and v.is_sparse else v) for k, v in opt.state[e.weight].items()})
    except RuntimeError as ex:
        print(name, type(ex).__name__, ex)
try:
    torch.optim.LBFGS(nn.Linear(2, 1).parameters()).step()
except TypeError as e:
    print(type(e).__name__, e)

torch.manual_seed(0)
for mode in ("sum", "mean", "max"):
    bag = nn.EmbeddingBag(6, 3, mode=mode, sparse=True, padding_idx=2)
    try:
        out = bag(torch.tensor([1, 2, 4, 5, 4, 0, 1]), torch.tensor([0, 3, 3, 5]))
        (out * torch.randn(4, 3)).sum().backward()
        print(mode, bag.weight.grad)
    except ValueError as e:
        print(mode, type(e).__name__, e)
bag = nn.EmbeddingBag(6, 2, mode="sum", sparse=True)
psw = torch.rand(5, requires_grad=True)
bag(torch.tensor([[1, 2, 4, 5, 4]]), per_sample_weights=psw.view(1, 5)).sum().backward()
print(bag.weight.grad, psw.grad)

torch.manual_seed(0)
corpus = "the quick brown fox jumps over the lazy dog the dog sleeps".split()
vocab = sorted(set(corpus))
w2i = {w: i for i, w in enumerate(vocab)}
pairs = [(w2i[corpus[i]], w2i[corpus[j]]) for i in range(len(corpus)) for j in (i - 1, i + 1)
         if 0 <= j < len(corpus)]


class SkipGram(nn.Module):
    def __init__(self, V, D):
        super().__init__()
        self.inp = nn.Embedding(V, D, sparse=True)
        self.out = nn.Embedding(V, D, sparse=True)

    def forward(self, c, o, neg):
        vc = self.inp(c)
        pos = F.logsigmoid((vc * self.out(o)).sum(-1))
        negs = F.logsigmoid(-torch.bmm(self.out(neg), vc.unsqueeze(2)).squeeze(2)).sum(-1)
        return -(pos + negs).mean()


model = SkipGram(len(vocab), 5)
opt = torch.optim.SparseAdam(model.parameters(), lr=0.05)
c = torch.tensor([p[0] for p in pairs])
o = torch.tensor([p[1] for p in pairs])
for epoch in range(5):
    neg = torch.randint(0, len(vocab), (len(pairs), 3))
    opt.zero_grad()
    loss = model(c, o, neg)
    loss.backward()
    opt.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")
print(model.inp.weight.grad.coalesce().indices())
print(model.inp.weight[:3])
print(opt.state_dict()["state"][0]["step"], opt.state_dict()["param_groups"])

# clipping a sparse gradient: torch's kernels refuse it (the message's start; torch lists its backends after)
e = nn.Embedding(5, 2, sparse=True)
e(torch.tensor([1, 3])).sum().backward()
for clip in (lambda: torch.nn.utils.clip_grad_norm_(e.parameters(), 0.5),
             lambda: torch.nn.utils.clip_grad_value_(e.parameters(), 0.5)):
    try:
        clip()
    except NotImplementedError as ex:
        print(type(ex).__name__, str(ex)[:60])
print(e.weight.grad.to_dense().sum())

# autograd.grad returns the sparse gradient; deepcopy (of a model or an optimizer's state) keeps it sparse
import copy
w = torch.randn(5, 3, requires_grad=True)
g, = torch.autograd.grad(F.embedding(torch.tensor([1, 1]), w, sparse=True).sum(), w)
print(g)
e = nn.Embedding(4, 2, sparse=True)
o = torch.optim.SGD(e.parameters(), lr=0.1, momentum=0.5)
for _ in range(2):
    o.zero_grad()
    (e(torch.tensor([1, 2, 1])) * torch.tensor([[1.0], [2.0], [3.0]])).sum().backward()
    o.step()
print(o.state_dict())
print(copy.deepcopy(o.state_dict())["state"][0]["momentum_buffer"].is_sparse, copy.deepcopy(e).weight.grad)
