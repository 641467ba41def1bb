import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.act = nn.ReLU()
    def forward(self, x):
        return self.act(self.fc(x))
net = Net()
def hook(module, inp, out):
    print(f"{module.__class__.__name__}: out shape {tuple(out.shape)}")
for m in net.modules():
    m.register_forward_hook(hook)
def weights_init(m):
    classname = m.__class__.__name__
    if classname.find('Linear') != -1:
        nn.init.constant_(m.weight, 0.5)
        nn.init.zeros_(m.bias)
        print("init", classname)
net.apply(weights_init)
y = net(torch.ones(1, 2))
print(y)
x = torch.ones(2, requires_grad=True)
z = x * 2
print(z.grad_fn.__class__.__name__, x.__class__.__name__, (1).__class__.__name__, net.__class__.__name__)
print(torch.float32.__class__.__name__, torch.optim.SGD(net.parameters(), lr=0.1).__class__.__name__)
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * a
    @staticmethod
    def backward(ctx, g):
        return g
print(Square.apply(x).grad_fn.__class__.__name__, Square.__class__.__name__ if False else "")
try:
    raise ValueError("x")
except Exception as e:
    print(e.__class__.__name__)
