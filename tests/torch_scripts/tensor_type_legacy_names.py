# Tensor.type(): the legacy type names of every dtype, and conversion to a legacy class, its name or a dtype.
import torch
x = torch.tensor([1.5, 2.5], requires_grad=True)
print(x.type(torch.IntTensor), x.type('torch.IntTensor'), x.type(torch.int32), x.type(torch.DoubleTensor), x.type('torch.LongTensor').type())
print(torch.tensor([1], dtype=torch.int8).type(), torch.tensor([1], dtype=torch.uint8).type(), torch.tensor([1], dtype=torch.int16).type())
print(x.type(torch.float64).grad_fn, x.type(torch.FloatTensor) is x)
try: x.type('torch.Foo')
except (ValueError, RuntimeError) as e: print(type(e).__name__, e)
