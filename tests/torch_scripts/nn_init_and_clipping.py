import torch
from torch import nn
m = nn.Linear(4, 3)
with torch.no_grad():
    m.weight.copy_(torch.arange(12.).reshape(3, 4) / 10)
    m.bias.fill_(0.5)
(m(torch.ones(2, 4)) ** 2).sum().backward()
print(nn.utils.clip_grad_norm_(m.parameters(), 1.0))
print(m.weight.grad, m.bias.grad)
nn.utils.clip_grad_value_(m.parameters(), 0.05)
print(m.bias.grad)
v = nn.utils.parameters_to_vector(m.parameters())
print(v.shape, v[:5])
nn.utils.vector_to_parameters(torch.zeros(15), m.parameters())
print(m.weight, m.bias)
print(nn.init.calculate_gain('relu'), nn.init.calculate_gain('leaky_relu', 0.2), nn.init.calculate_gain('tanh'))
w = torch.empty(3, 5)
nn.init.eye_(w)
print(w)
print(nn.init.constant_(torch.empty(2), 0.3), nn.init.zeros_(torch.empty(2)), nn.init.ones_(torch.empty(1, 2)))
x = nn.init.kaiming_uniform_(torch.empty(50, 20), nonlinearity='relu')
print(x.abs().max() <= (6 / 20) ** 0.5, x.shape)
try:
    nn.init.xavier_uniform_(torch.empty(3))
except ValueError as e:
    print("ValueError:", e)
