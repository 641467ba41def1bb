import torch

# clone keeps a transpose's strides (preserve_format), so a view of the copy is refused as torch refuses it
x = torch.arange(6.).view(2, 3)
for name, make in [("clone", lambda: x.t().clone()),
                   ("clone contiguous_format", lambda: x.t().clone(memory_format=torch.contiguous_format)),
                   ("contiguous", lambda: x.t().contiguous()), ("permute clone", lambda: torch.ones(2, 3, 4).permute(2, 0, 1).clone()),
                   ("slice clone", lambda: x[:, ::2].clone()), ("expand clone", lambda: torch.ones(3, 1).expand(3, 4).clone()),
                   ("detach clone", lambda: x.t().detach().clone()), ("empty_like", lambda: torch.empty_like(x.t())),
                   ("rand_like", lambda: torch.rand_like(x.t()))]:
    made = make()
    print(name, made.stride(), made.is_contiguous())
try:
    print(x.t().clone().view(-1))
except RuntimeError as e:
    print("RuntimeError:", e)
print(x.t().clone().reshape(-1))
z = x.t().clone().requires_grad_()
(z * z).sum().backward()
print(z.grad, z.grad.stride())

# random fills walk the storage: a transpose's values go down its columns
torch.manual_seed(0)
print(torch.rand_like(x.t()))
print(torch.randn_like(x.t()))
print(torch.randint_like(x.t(), 10))
print(torch.empty_like(x.t()).uniform_())
print(x.t().clone().normal_())
print(x.t().clone().bernoulli_(0.5))
print(torch.rand(3, 2).t())
# a tensor that is not contiguous draws its normals one at a time, even 16 or more of them
print(torch.empty(5, 4).t().normal_())
print(torch.empty(4, 10)[:, ::2].normal_())
big = torch.randn_like(torch.empty(5, 4).t())
print(big, big.stride())
print(torch.rand_like(torch.ones(2, 3, 4).permute(2, 0, 1)).stride())
print(torch.empty(6, 3).t().exponential_())
print(torch.empty(3, 2, dtype=torch.int64).t().random_(0, 100))
print(torch.empty(2, 3).t().uniform_(-1, 1), torch.empty(2, 3).t().cauchy_())
print(torch.empty(2, 3).t().log_normal_(), torch.empty(2, 3).t().geometric_(0.3))
print(torch.empty(3, 3, dtype=torch.complex64).t().normal_())
print(torch.nn.init.normal_(torch.empty(4, 5).t()), torch.nn.init.uniform_(torch.empty(4, 5).t()))
print(torch.nn.init.trunc_normal_(torch.empty(4, 5).t()))
print(torch.nn.init.kaiming_normal_(torch.empty(4, 5).t()))
