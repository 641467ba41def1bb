# torch.nn.utils.parametrizations.orthogonal: matrix_exp, cayley and householder maps, with and without
# the trivialization (the base buffer), on square, tall and wide weights, and training that keeps them orthogonal.
import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import orthogonal
torch.manual_seed(0)
sq = orthogonal(nn.Linear(4, 4))
print(sq)
Q = sq.weight
print(Q)
print(torch.dist(Q.T @ Q, torch.eye(4)) < 1e-5)
print([n for n, _ in sq.named_parameters()], list(sq.state_dict().keys()))
print(sq.parametrizations.weight.original)
opt = torch.optim.SGD(sq.parameters(), lr=0.1)
x = torch.randn(6, 4)
for i in range(3):
    loss = (sq(x) - x.flip(1)).pow(2).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    print(f"{i}: {loss.item():.4f}")
print(torch.dist(sq.weight.T @ sq.weight, torch.eye(4)) < 1e-5)
tall = orthogonal(nn.Linear(3, 5))
print(tall.parametrizations.weight[0].orthogonal_map, tall.weight.shape)
print(torch.dist(tall.weight.T @ tall.weight, torch.eye(3)) < 1e-5)
wide = orthogonal(nn.Linear(5, 3), orthogonal_map="cayley")
print(torch.dist(wide.weight @ wide.weight.T, torch.eye(3)) < 1e-5, wide.weight)
h = orthogonal(nn.Linear(4, 4), orthogonal_map="householder", use_trivialization=False)
print(h.weight, [n for n, _ in h.named_buffers()])
rnn = orthogonal(nn.RNN(3, 3), "weight_hh_l0")
print(rnn)
for bad in (lambda: orthogonal(nn.Linear(2, 2), orthogonal_map="qr"), lambda: orthogonal(nn.Linear(2, 2), "bias")):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
h.weight = torch.linalg.qr(torch.randn(4, 4)).Q
print(h.weight, h.parametrizations.weight.original.tril(-1))
no_base = orthogonal(nn.Linear(3, 3), use_trivialization=False)
try:
    no_base.weight = torch.eye(3)
except NotImplementedError as e:
    print("NotImplementedError:", e)
sq.weight = torch.eye(4)[[1, 0, 3, 2]]
print(sq.weight, sq.parametrizations.weight.original)
