import torch
import torch.nn as nn
from collections import OrderedDict

class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)
        self.register_buffer("steps", torch.zeros(1))
        self.scale = nn.Parameter(torch.ones(1))
    def forward(self, x):
        self.steps += 1
        return self.norm(torch.relu(self.fc(x))) * self.scale
    def extra_repr(self):
        return "custom=1"

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(4) for _ in range(2)])
        self.head = nn.Sequential(OrderedDict([("drop", nn.Dropout(0.5)), ("out", nn.Linear(4, 1))]))
    def forward(self, x):
        for b in self.blocks:
            x = b(x)
        return self.head(x)

torch.manual_seed(0)
net = Net()
print(net)
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_buffers()], [n for n, p in net.named_parameters() if p.dim() == 1])
print(len(list(net.children())), net.head[1], net.head.out is net.head[1], len(net.head[:1]))
sd = net.state_dict()
print(list(sd.keys()))
sd2 = {k: torch.full_like(v, 0.1) for k, v in sd.items()}
print(net.load_state_dict(sd2))
try:
    net.load_state_dict({"bad": torch.ones(1)})
except RuntimeError as e:
    print(str(e).splitlines()[0])
print(net.load_state_dict({"head.out.bias": torch.ones(1)}, strict=False))
net.eval()
x = torch.ones(2, 4)
print(net.training, net.head.drop.training, net(x))
net.train()
for p in net.blocks.parameters():
    p.requires_grad_(False)
print(sum(p.numel() for p in net.parameters() if p.requires_grad))
def init(m):
    if isinstance(m, nn.Linear):
        nn.init.constant_(m.weight, 0.5)
        nn.init.zeros_(m.bias)
net.apply(init)
print(net.head.out.weight, net.blocks[0].steps)
net.blocks.append(Block(4))
print(len(net.blocks), type(net.blocks[-1]).__name__)
print(net.head.out.weight.requires_grad, net.blocks[0].fc.weight.requires_grad)
net.zero_grad()
print(net.head.out.weight.grad)
m = nn.Linear(2, 2).double()
print(m.weight.dtype, nn.Linear(2, 2).to(torch.float64).bias.dtype, m.half if False else 0)
