import torch

# torch's parser unpacks every Python int as a long long, whatever dtype is asked for
cases = [([2**63], None), ([2**63, -1], None), ([[1], [2**63]], None), ([-2**63 - 1], torch.int64),
         ([2**63], torch.int32), ([2**63], torch.uint8), ([2**63], torch.int8), ([1.5, 2**63], torch.int64),
         ([2**63 - 1, -2**63], None), ([2**70], torch.float32), ([2**70], torch.float64)]
for values, dtype in cases:
    try:
        print(torch.tensor(values, dtype=dtype))
    except ValueError as e:
        print("ValueError:", e)
print(torch.as_tensor([2**62, 1]))
try:
    torch.as_tensor([2**64])
except ValueError as e:
    print("ValueError:", e)
# a number a kernel writes into an integer tensor has its own check
for value, dtype in [(2**63, torch.int64), (300, torch.uint8)]:
    try:
        print(torch.full((1,), value, dtype=dtype))
    except RuntimeError as e:
        print("RuntimeError:", e)
