# nonzero_static (fixed-size nonzero), Tensor.to_dense of a dense tensor, torch.is_storage.
import torch

x = torch.tensor([[1.0, 0.0], [0.0, 2.0]], requires_grad=True)
print(x.to_dense() is x, x.to_dense(torch.float64), torch.is_storage(x), torch.is_storage(3))
print(torch.nonzero_static(torch.tensor([[1, 0], [0, 2]]), size=4))
print(torch.nonzero_static(torch.tensor([1, 0, 3]), size=1), torch.nonzero_static(torch.tensor([1, 0, 3]), size=3, fill_value=9))
print(torch.nonzero_static(torch.tensor(5), size=2), torch.nonzero_static(torch.tensor([True, False]), size=0))
try:
    print(torch.nonzero_static(torch.tensor([1]), size=-1))
except Exception as e:
    print(type(e).__name__, e)
