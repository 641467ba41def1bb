# "What is torch.nn really?" on random data: the nll indexes log-probabilities with range(n), a sequence torch reads as an index tensor
import math
import torch
import torch.nn.functional as F
from torch import nn, optim
from torch.utils.data import TensorDataset, DataLoader

torch.manual_seed(0)
x_train = torch.rand(200, 64)
y_train = torch.randint(0, 10, (200,))
x_valid, y_valid = torch.rand(50, 64), torch.randint(0, 10, (50,))
n, c = x_train.shape
print(x_train, y_train)
print(x_train.shape, y_train.min(), y_train.max())

weights = torch.randn(64, 10) / math.sqrt(64)
weights.requires_grad_()
bias = torch.zeros(10, requires_grad=True)

def log_softmax(x):
    return x - x.exp().sum(-1).log().unsqueeze(-1)

def model(xb):
    return log_softmax(xb @ weights + bias)

bs = 64
xb = x_train[0:bs]
preds = model(xb)
print(preds[0], preds.shape)

def nll(input, target):
    return -input[range(target.shape[0]), target].mean()

loss_func = nll
yb = y_train[0:bs]
print(loss_func(preds, yb))

def accuracy(out, yb):
    preds = torch.argmax(out, dim=1)
    return (preds == yb).float().mean()

print(accuracy(preds, yb))
lr = 0.5
epochs = 2
for epoch in range(epochs):
    for i in range((n - 1) // bs + 1):
        start_i = i * bs
        end_i = start_i + bs
        xb = x_train[start_i:end_i]
        yb = y_train[start_i:end_i]
        pred = model(xb)
        loss = loss_func(pred, yb)
        loss.backward()
        with torch.no_grad():
            weights -= weights.grad * lr
            bias -= bias.grad * lr
            weights.grad.zero_()
            bias.grad.zero_()
print(loss_func(model(xb), yb), accuracy(model(xb), yb))

class Mnist_Logistic(nn.Module):
    def __init__(self):
        super().__init__()
        self.weights = nn.Parameter(torch.randn(64, 10) / math.sqrt(64))
        self.bias = nn.Parameter(torch.zeros(10))

    def forward(self, xb):
        return xb @ self.weights + self.bias

def get_model():
    model = Mnist_Logistic()
    return model, optim.SGD(model.parameters(), lr=lr)

def loss_batch(model, loss_func, xb, yb, opt=None):
    loss = loss_func(model(xb), yb)
    if opt is not None:
        loss.backward()
        opt.step()
        opt.zero_grad()
    return loss.item(), len(xb)

def fit(epochs, model, loss_func, opt, train_dl, valid_dl):
    for epoch in range(epochs):
        model.train()
        for xb, yb in train_dl:
            loss_batch(model, loss_func, xb, yb, opt)
        model.eval()
        with torch.no_grad():
            losses, nums = zip(*[loss_batch(model, loss_func, xb, yb) for xb, yb in valid_dl])
        val_loss = sum(torch.tensor(losses) * torch.tensor(nums)) / sum(nums)
        import numpy as np
        val_loss2 = np.sum(np.multiply(losses, nums)) / np.sum(nums)
        print(epoch, val_loss, val_loss2)

train_ds = TensorDataset(x_train, y_train)
valid_ds = TensorDataset(x_valid, y_valid)
train_dl = DataLoader(train_ds, batch_size=bs, shuffle=True)
valid_dl = DataLoader(valid_ds, batch_size=bs * 2)
model, opt = get_model()
fit(3, model, F.cross_entropy, opt, train_dl, valid_dl)

class Lambda(nn.Module):
    def __init__(self, func):
        super().__init__()
        self.func = func
    def forward(self, x):
        return self.func(x)

cnn = nn.Sequential(
    Lambda(lambda x: x.view(-1, 1, 8, 8)),
    nn.Conv2d(1, 16, kernel_size=3, stride=2, padding=1),
    nn.ReLU(),
    nn.Conv2d(16, 10, kernel_size=3, stride=2, padding=1),
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),
    Lambda(lambda x: x.view(x.size(0), -1)),
)
opt = optim.SGD(cnn.parameters(), lr=0.1, momentum=0.9)
fit(2, cnn, F.cross_entropy, opt, train_dl, valid_dl)
print(cnn)

grid = torch.arange(12.).reshape(3, 4).requires_grad_()
picked = grid[range(3), torch.tensor([1, 0, 3])]
picked.sum().backward()
print(picked, grid.grad)
print(grid[range(1, 3)], grid[:, range(0, 4, 2)], grid[range(0)])
marks = torch.zeros(3, 4)
marks[range(3), torch.tensor([2, 2, 0])] = 1.0
print(marks)
