# torch.set_default_tensor_type, as older scripts set double precision, and its refusals.
import warnings
import torch

warnings.filterwarnings("ignore")   # torch: "set_default_tensor_type() is deprecated"
torch.set_default_tensor_type(torch.DoubleTensor)
print(torch.get_default_dtype(), torch.tensor([1.5]), torch.ones(2), torch.arange(3.0))
torch.set_default_tensor_type("torch.FloatTensor")
print(torch.get_default_dtype(), torch.tensor([1.5]).dtype)
torch.set_default_tensor_type("torch.DoubleTensor")
print(torch.zeros(1).dtype)
for t in ("torch.cuda.FloatTensor", torch.LongTensor, torch.float64, "torch.IntTensor"):
    try:
        torch.set_default_tensor_type(t)
    except Exception as e:
        print(type(e).__name__, e)
print(torch.get_default_dtype())
torch.set_default_tensor_type(torch.FloatTensor)
print(torch.randn(2).dtype)
