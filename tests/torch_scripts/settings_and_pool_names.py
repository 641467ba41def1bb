import torch
import torch.nn.functional as F
# set_deterministic_debug_mode is torch's other spelling of use_deterministic_algorithms
print(torch.get_deterministic_debug_mode())
torch.set_deterministic_debug_mode("warn")
print(torch.get_deterministic_debug_mode(), torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.set_deterministic_debug_mode(2)
print(torch.get_deterministic_debug_mode(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.set_deterministic_debug_mode("default")
print(torch.get_deterministic_debug_mode(), torch.are_deterministic_algorithms_enabled())
torch.use_deterministic_algorithms(True, warn_only=True)
print(torch.get_deterministic_debug_mode())
torch.use_deterministic_algorithms(False)
for v in ["bad", 3, 1.5]:
    try:
        torch.set_deterministic_debug_mode(v)
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
print(torch.set_flush_denormal(False))
x = torch.tensor([-1., 2., -4.])
print(F.rrelu_(x), x, F.rrelu_(torch.tensor([-3.]), 0.2, 0.4))
a = torch.arange(16.).reshape(1, 1, 2, 2, 4).cos().requires_grad_()
v, i = F.max_pool3d_with_indices(a, 2)
print(v, i, v.grad_fn.name())
v.sum().backward()
print(a.grad)
print(F.max_pool3d_with_indices(a, (1, 2, 2), stride=1, padding=(0, 1, 0))[1])
