import torch
import torch.nn.functional as F

# sgn of a real NaN is 0, as sign's (numpy's is nan)
x = torch.tensor([float('nan'), -0.0, 2.0, -3.0, float('-inf')])
print(x.sgn(), x.double().sgn(), x.half().sgn())
print(torch.sgn(torch.tensor([float('nan')], requires_grad=True)))
print(torch.tensor([3, -2, 0]).sgn(), torch.tensor([True, False]).sgn(), torch.tensor([3 + 4j, 0j]).sgn())
y = x.clone()
y.sgn_()
print(y)

# float16 kernels that torch computes in float32 and rounds once
torch.set_printoptions(precision=6, linewidth=200)
torch.manual_seed(0)
h = (torch.randn(40) * 3).half()
pos = (torch.rand(35) * 5 + 0.01).half()
for name in ["deg2rad", "rad2deg", "digamma", "sinc"]:
    print(name, getattr(h, name)(), getattr(pos, name)())
print("erfinv", (torch.rand(33) * 2 - 1).half().erfinv())
print("hardsigmoid", F.hardsigmoid(h))
print("leaky_relu", F.leaky_relu(h), F.leaky_relu(h, 0.2))
print("sinc at integers", torch.tensor([1.0, 2.0, 3.0, 4.0]).half().sinc())
