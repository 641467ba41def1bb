# torch.tensor from Python containers: a deque (pytorch/examples REINFORCE), range, lists of dict values; strings and sets refused as torch refuses them
from collections import deque
import torch

returns = deque()
R = 0
for r in [1.0, 0.0, 1.0, 1.0][::-1]:
    R = r + 0.99 * R
    returns.appendleft(R)
returns = torch.tensor(returns)
print(returns, returns.dtype)
print(torch.tensor(deque([1, 2, 3], maxlen=2)))
print(torch.tensor([deque([1, 2]), deque([3, 4])]))
print(torch.tensor(deque([torch.tensor(1.5), torch.tensor(2.5)])))
print(torch.tensor(deque()), torch.as_tensor(deque([1.0, 2.0])), torch.FloatTensor(deque([1, 2])))
print(torch.tensor(range(3)), torch.tensor([range(2), range(2, 4)]))
scores = {"a": 0.5, "b": 1.5}
for data in [list(scores.values()), tuple(scores.values())]:
    print(torch.tensor(data))
for bad in [scores.values(), (v for v in [1, 2]), {1, 2}, scores, "ab"]:
    try:
        torch.tensor(bad)
    except Exception as e:
        print(type(e).__name__, e)
for v in ['ab', ['a', 'b'], [1, 'a'], [[1.0], ['b']], [['a']]]:
    for dt in [None, torch.float32, torch.int64, torch.bool]:
        try:
            print(torch.tensor(v, dtype=dt))
        except Exception as e:
            print(dt, type(e).__name__, e)
