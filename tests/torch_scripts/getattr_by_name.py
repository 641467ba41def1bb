import torch
import torch.nn as nn

# torch code picks layers, activations and optimizers by name
class Net(nn.Module):
    def __init__(self, act="Tanh"):
        super().__init__()
        for i in range(2):
            setattr(self, f"fc{i}", nn.Linear(2, 2))
        self.act = getattr(nn, act)()

    def forward(self, x):
        for i in range(2):
            x = self.act(getattr(self, f"fc{i}")(x))
        return x

net = Net("ReLU")
print(net)
print([name for name, _ in net.named_parameters()])
print(getattr(net, "missing", "default"), hasattr(net, "fc1"), getattr(torch, "float32"))
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(getattr(x, "grad"), getattr(x, "shape"), getattr(x, "exp")())
print(getattr(x, "_version"))
try:
    getattr(x, "no_such_attribute")
except AttributeError as e:
    print("AttributeError")
