import torch
import torch.nn as nn
import torch.nn.functional as F

# Convolution, pooling, normalisation and embedding layers as PyTorch scripts use them; weights are
# set from arange so the output does not depend on either library's random generator.


def fill(model):
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            n = p.numel()
            p.copy_((torch.arange(n, dtype=torch.float32).reshape(p.shape) % 7 - 3) / (5 + i))


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(4, 6, kernel_size=(2, 3), stride=(1, 2), bias=False)
        self.flatten = nn.Flatten()
        self.fc = nn.Linear(6 * 3 * 1, 5)
        self.ln = nn.LayerNorm(5)

    def forward(self, x):
        x = self.pool(F.relu(self.bn1(self.conv1(x))))
        x = F.relu(self.conv2(x))
        return self.ln(self.fc(self.flatten(x)))


torch.manual_seed(0)
model = LeNet()
fill(model)
print(model)
print([name for name, _ in model.named_parameters()])
print(list(model.state_dict().keys()))
x = (torch.arange(2 * 1 * 8 * 6, dtype=torch.float32).reshape(2, 1, 8, 6) % 5 - 2) / 3
out = model(x)
print(out)
print(out.grad_fn, out.grad_fn.next_functions[0][0])
loss = (out ** 2).sum()
loss.backward()
print(model.conv1.weight.grad)
print(model.conv2.weight.grad.sum(), model.bn1.weight.grad, model.bn1.bias.grad)
print(model.bn1.running_mean, model.bn1.running_var, model.bn1.num_batches_tracked)
model.eval()
print(model(x))

seq = nn.Sequential(nn.Conv1d(2, 4, 3, stride=2, padding=1, dilation=1, groups=2), nn.BatchNorm1d(4), nn.Tanh(),
                    nn.AvgPool2d(1))
print(seq)
fill(seq)
s = (torch.arange(2 * 2 * 7, dtype=torch.float32).reshape(2, 2, 7) % 4 - 1.5)
y = seq[:3](s)
y.sum().backward()
print(y)
print(seq[0].weight.grad, seq[1].weight.grad)

emb = nn.Embedding(6, 3, padding_idx=0)
fill(emb)
print(emb, emb.weight)
tokens = torch.tensor([[0, 2, 5], [2, 2, 1]])
e = emb(tokens)
(e * torch.arange(3.)).sum().backward()
print(e.grad_fn, emb.weight.grad)

bil = nn.Bilinear(2, 3, 2)
fill(bil)
print(bil, bil(torch.ones(4, 2), torch.arange(12.).reshape(4, 3) / 10))
print(nn.Unflatten(1, (2, 3))(torch.arange(12.).reshape(2, 6)).shape, nn.Unflatten(1, (2, 3)))
plist = nn.ParameterList([nn.Parameter(torch.ones(2, 3)), nn.Parameter(torch.zeros(4))])
print(plist, len(plist), [n for n, _ in plist.named_parameters()])
print(nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False), nn.Conv1d(2, 4, 3, dilation=2, groups=2),
      nn.Conv2d(1, 2, 3, padding="same"))
print(nn.MaxPool2d(3, 2, 1), nn.AvgPool2d(2), nn.LayerNorm([2, 3], elementwise_affine=False))
print(F.unfold(torch.arange(16.).reshape(1, 1, 4, 4), 2, stride=2))
print(F.max_pool2d(torch.tensor([[[1., 5., 2.], [4., 3., 9.]]]), 2, stride=1, return_indices=True))
