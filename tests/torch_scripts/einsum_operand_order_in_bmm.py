"""Which operand of an einsum pair is bmm's left: torch swaps them when all of the right one's output dims come
before the left one's (the saved shapes of BmmBackward0 show it)."""
import torch


def chain(fn):
    if fn is None:
        return "None"
    inner = ", ".join(chain(f) for f, _ in fn.next_functions)
    name = fn.name().replace("torch::autograd::", "")
    if name == "BmmBackward0":
        name += str((tuple(fn._saved_self.shape), tuple(fn._saved_mat2.shape)))
    return f"{name}({inner})" if inner else name


sizes = {"a": 2, "b": 3, "c": 4, "d": 5, "e": 6, "f": 7}
for eq in ["ab,bc->ca", "ab,bc->ac", "ad,bd->ba", "ad,bd->ab", "acd,bd->bac", "acd,bd->abc", "acd,bd->cba", "acd,bd->cab",
           "ad,bcd->cab", "ad,bcd->acb", "ad,bcd->bac", "ad,bcd->cba", "ead,ebd->eba", "ead,ebd->bea", "aed,ebd->bea",
           "ade,bd->eab", "ade,bd->bea", "ad,bd,cd->cba", "ab,cd->dcba", "ab,cd->cadb", "a,b->ba", "ab,b->ba", "ab,c->cab", "c,ab->cab", "ab,c->abc", "abc,bd->dca", "abc,bd->cda", "abd,bce->aced", "abd,bce->ecad", "abd,bce->daec", "b,ab->ab", "ab,cb->cba"]:
    lhs = eq.split("->")[0].split(",")
    ops = [torch.arange(float(torch.tensor([sizes[c] for c in s]).prod())).reshape([sizes[c] for c in s]).div(7).requires_grad_() for s in lhs]
    y = torch.einsum(eq, *ops)
    print(eq, tuple(y.shape), chain(y.grad_fn))
