# Bit shifts and the bitwise operators on integer and bool tensors, as bit-manipulation snippets use them.
import torch

a = torch.tensor([1, 2, -8, 5])
print(a << 2, a >> 1)
print(a << torch.tensor([0, 1, 63, 64]), a >> torch.tensor([0, 1, 63, 64]))
print(a << -1, a >> -1)
print(1 << torch.tensor([1, 2, 3]), 100 >> torch.tensor([1, 2, 3]))
print(torch.tensor([1, 2], dtype=torch.uint8) << 7, torch.tensor([1, 2], dtype=torch.int8) << 7)
print(torch.tensor([1, 2], dtype=torch.int32) << torch.tensor(2))
print(torch.tensor([1, 2], dtype=torch.int32) << torch.tensor([2]))
print(torch.bitwise_left_shift(torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([1, 2])))
print(torch.bitwise_right_shift(torch.tensor([-16, 16], dtype=torch.int16), 2))
print(torch.bitwise_right_shift(5, torch.tensor([1])), a.bitwise_left_shift(3), a.bitwise_right_shift(1))
print(torch.tensor([True, False]) << 1)

# packing bits: mask of the low four bits of each value
x = torch.arange(10)
bits = (x.unsqueeze(-1) >> torch.arange(4)) & 1
print(bits)
print((bits << torch.arange(4)).sum(-1))

# augmented assignment writes in place, as torch's
b = torch.tensor([1, 2, 3])
alias = b
b <<= 2
print(alias)
b >>= torch.tensor([1, 0, 2])
print(alias)
b |= 8
b &= 11
print(alias)
c = torch.tensor([7, -7])
same = c
c //= 2
print(same)
c %= 3
print(same)
m = torch.tensor([True, False, True])
n = m
m |= torch.tensor([False, True, False])
print(n)
m &= torch.tensor([True, False, False])
print(n)
print(a.bitwise_left_shift_(1), a)

# bool with an int promotes to int64 (bool with bool stays logical)
t = torch.tensor([True, False])
print(t & 1, t | 2, 3 & t, t & True, ~t, ~torch.tensor([5, 0]))

for f in (lambda: torch.tensor([1.5, 2.0]) << 1, lambda: torch.tensor([1.5]) >> 1,
          lambda: torch.tensor([1, 2]) << 1.5, lambda: torch.tensor([True]) << True,
          lambda: torch.tensor([1.5]) & 1, lambda: torch.tensor([1, 2]) | 1.5,
          lambda: torch.bitwise_not(torch.tensor([1.5])), lambda: torch.bitwise_xor(torch.tensor([3.0]), 1)):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

# a Python number on either side takes the tensor's dtype (a uint8 stays uint8; 300 wraps to 44)
u = torch.tensor([1, 255, 7], dtype=torch.uint8)
print(1 << u.clamp(max=7), 100 >> torch.tensor([1, 2], dtype=torch.int32), torch.bitwise_left_shift(1, u.clamp(max=3)))
print(300 << torch.tensor([1], dtype=torch.uint8), torch.tensor([1], dtype=torch.uint8) << 300, True << torch.tensor([1, 2]))
print(torch.tensor([1, -100, 5], dtype=torch.int8) >> 200, u << torch.tensor([1, 2, 3], dtype=torch.int16))
