# out= that partly shares memory with an input is torch's error for the functions its TensorIterator
# (and cat, sort, topk, the index functions) runs: gradcli computed, then wrote, and exited 0. The very
# same tensor as out (full overlap) and an out beside the input stay fine.
import torch


def attempt(label, f):
    x = torch.arange(1., 25.).reshape(4, 6)
    try:
        f(x)
        print(label, "ok", x.flatten()[:12])
    except RuntimeError as err:
        print(label, "refused:", err)


def row(x, start, n):
    return x.view(-1)[start:start + n]


longs = torch.zeros(6, dtype=torch.long)
attempt("exp", lambda x: torch.exp(x[0], out=row(x, 1, 6)))
attempt("add", lambda x: torch.add(x[0], x[1], out=row(x, 2, 6)))
attempt("mul by number", lambda x: torch.mul(x[0], 2, out=row(x, 1, 6)))
attempt("where", lambda x: torch.where(x[0] > 2, x[0], x[1], out=row(x, 1, 6)))
attempt("clamp", lambda x: torch.clamp(x[0], 2, 5, out=row(x, 1, 6)))
attempt("xlogy", lambda x: torch.xlogy(x[0], x[1], out=row(x, 1, 6)))
attempt("special.entr", lambda x: torch.special.entr(x[0], out=row(x, 1, 6)))
attempt("cumsum", lambda x: torch.cumsum(x[0], 0, out=row(x, 1, 6)))
attempt("cat", lambda x: torch.cat([x[0], x[1]], out=row(x, 6, 12)))
attempt("stack", lambda x: torch.stack([x[0], x[1]], out=x[1:3]))
attempt("sort", lambda x: torch.sort(x[0], out=(row(x, 1, 6), longs)))
attempt("max over a dim", lambda x: torch.max(x, 0, out=(x[0], torch.zeros(6, dtype=torch.long))))
attempt("index_select", lambda x: torch.index_select(x[0], 0, torch.tensor([1, 0]), out=x[0, :2]))
attempt("F.normalize", lambda x: torch.nn.functional.normalize(x[:2], dim=1, out=x[1:3]))
attempt("exp into itself", lambda x: torch.exp(x[0], out=x[0]))
attempt("add into an input", lambda x: torch.add(x[0], x[1], out=x[1]))
attempt("cumsum into itself", lambda x: torch.cumsum(x[0], 0, out=x[0]))
attempt("exp beside its input", lambda x: torch.exp(x[0], out=x[1]))
attempt("sum into another row", lambda x: torch.sum(x[:2], 0, out=x[2]))
attempt("exp into an empty view", lambda x: torch.exp(x[0, :0], out=x[0, 1:1]))
