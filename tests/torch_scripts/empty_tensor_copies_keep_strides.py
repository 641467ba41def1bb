import torch
# clone and the *_like factories keep an empty input's strides (preserve_format: every empty tensor is dense)
views = {"t": torch.zeros(3, 0).t(), "expand": torch.zeros(0).expand(2, 0), "transpose": torch.zeros(2, 0, 3).transpose(0, 2),
         "slice": torch.zeros(4, 3)[4:], "permute": torch.zeros(2, 3, 0, 4).permute(3, 0, 2, 1)}
for name, v in views.items():
    print(name, v.stride(), v.clone().stride(), v.contiguous().stride(), torch.empty_like(v).stride(),
          torch.zeros_like(v).stride(), torch.ones_like(v, dtype=torch.float64).stride(), torch.full_like(v, 7).stride(),
          v.clone(memory_format=torch.contiguous_format).stride(), torch.empty_like(v, memory_format=torch.contiguous_format).stride())
x = torch.zeros(0, 3, requires_grad=True)
c = x.t().clone()
print(c.stride(), c.grad_fn.name(), c.is_contiguous())
c.sum().backward()
print(x.grad, x.grad.stride())
