# round with decimals given, even 0, is torch's round.decimals overload: RoundBackward1, and no
# integer kernel ("round_vml_cpu" for 0, "round_cpu" otherwise), 0-d tensors included (a 0-d
# int64 tensor rounded to -1 decimals was 0, exit 0). Without decimals an integer rounds to itself.
import torch

x = torch.tensor([1.25, 2.5, -0.5, 3.75], requires_grad=True)
print(torch.round(x), torch.round(x, decimals=0), x.round(decimals=1), x.round(decimals=-1))
print(torch.round(x).grad_fn, torch.round(x, decimals=0).grad_fn, x.round(decimals=2).grad_fn,
      torch.special.round(x).grad_fn)
y = x.detach().clone()
print(y.round_(decimals=0), y.round_(), y.round_(decimals=1))
print(torch.round(torch.tensor([1, 2])), torch.tensor(3).round(), torch.tensor([1, 2]).round_())


def show(label, f):
    try:
        print(label, f())
    except NotImplementedError as e:
        print(label, "NotImplementedError:", e)


show("int decimals=0", lambda: torch.tensor([1, 2]).round(decimals=0))
show("0-d int decimals=-1", lambda: torch.tensor(15).round(decimals=-1))
show("0-d int decimals=1", lambda: torch.round(torch.tensor(15, dtype=torch.int32), decimals=1))
show("special.round int", lambda: torch.special.round(torch.tensor(5)))
show("0-d int round_ decimals=1", lambda: torch.tensor(5).round_(decimals=1))
show("0-d uint8 decimals=0", lambda: torch.tensor(5, dtype=torch.uint8).round(decimals=0))
show("0-d int frac", lambda: torch.tensor(5).frac())
show("0-d int hypot", lambda: torch.hypot(torch.tensor(3), torch.tensor(4)))
show("0-d int logaddexp", lambda: torch.logaddexp(torch.tensor(3), torch.tensor(4)))
