import torch
x = torch.zeros(2, 3)
s = x.shape
print(s + (4,), (1,) + s, s[1:], s[::-1], s * 2, 2 * s, s[0], s[-1])
print(type(s[1:]).__name__, type(s + (4,)).__name__, type(s[0]).__name__)
print(torch.zeros(s[1:] + (2,)).shape, x.view(s[::-1]).shape)
print(s == (2, 3), s == torch.Size([2, 3]), s != (3, 2), hash(s) == hash((2, 3)), len(s), 3 in s)
print(s.numel(), s.count(2), s.index(3), list(s), tuple(s), max(s))
batch, *rest = s
print(batch, rest)
try:
    s + [1]
except TypeError as e:
    print(e)
print(torch.Size([]), torch.Size(), torch.Size((5,)).numel(), torch.Size([]).numel())
