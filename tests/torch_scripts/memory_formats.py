# The memory formats gradcli accepts: contiguous_format and preserve_format (row-major tensors).
import torch
print(torch.contiguous_format, torch.preserve_format, type(torch.contiguous_format))
print(torch.contiguous_format == torch.contiguous_format, torch.contiguous_format == torch.preserve_format)
x = torch.arange(6.).reshape(2, 3)
print(x.clone(memory_format=torch.contiguous_format).is_contiguous(), torch.empty_like(x, memory_format=torch.preserve_format).shape)
print(x.t().contiguous(memory_format=torch.contiguous_format).is_contiguous(), torch.zeros_like(x, memory_format=torch.contiguous_format))
print(x.t().contiguous(memory_format=torch.contiguous_format))
