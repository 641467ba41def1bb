# xlogy, entr, xlog1py and kl_div: torch's loops call the C library's log on each element; the bits of
# every element are summed as integers, so one element off by an ulp shows
import torch
torch.manual_seed(0)
x = torch.rand(2000) * 3
y = torch.rand(2000) * 5 + 0.01
p = torch.rand(40, 50)


def bits(t):
    return t.view(torch.int32 if t.dtype == torch.float32 else torch.int64).sum().item()


for name, v in [("xlogy", torch.xlogy(x, y)), ("entr", torch.special.entr(y)), ("xlog1py", torch.special.xlog1py(x, y)),
                ("xlogy float64", torch.xlogy(x.double(), y.double())), ("entr float64", torch.special.entr(y.double())),
                ("xlog1py float64", torch.special.xlog1py(x.double(), y.double())),
                ("kl_div pointwise", torch.nn.functional.kl_div(torch.zeros(40, 50), p, reduction="none"))]:
    print(name, bits(v))
print(torch.xlogy(torch.tensor([0.0, 1.0, 2.0, 0.0]), torch.tensor([0.0, 0.0, -1.0, float("nan")])))
print(torch.special.entr(torch.tensor([0.0, -1.0, 0.5, float("nan"), float("inf")])))
torch.set_printoptions(precision=10)
print(torch.special.entr(torch.tensor([0.24472848, 0.6652409])))
print(torch.nn.functional.kl_div(torch.log_softmax(torch.tensor([[1.0, 2.0, 3.0]]), 1),
                                 torch.softmax(torch.tensor([[3.0, 2.0, 1.0]]), 1), reduction="none"))
