# unravel_index: the row and column of an argmax over a flattened matrix, and torch's argument checks.
import torch

scores = torch.tensor([[0.1, 0.9, 0.3], [0.7, 0.2, 0.95]])
flat = scores.argmax()
row, col = torch.unravel_index(flat, scores.shape)
print(row, col, scores[row, col])
print(torch.unravel_index(torch.tensor([4, 1]), (3, 2)))
print(torch.unravel_index(torch.tensor([[1234], [5678]]), (10, 10, 10, 10)))
print(torch.unravel_index(torch.tensor([-1, -6, 7]), (2, 3)))
print(torch.unravel_index(torch.tensor(3), 4), torch.unravel_index(torch.tensor(0), ()))
print(torch.unravel_index(torch.tensor([1], dtype=torch.int32), [2, 3]))
print(torch.unravel_index(torch.tensor([5], dtype=torch.uint8), torch.Size([2, 3])))
print(torch.unravel_index(torch.tensor([1]), (True, 3)))
top = scores.flatten().topk(2).indices
print(torch.stack(torch.unravel_index(top, scores.shape), dim=1))

for f in (lambda: torch.unravel_index(torch.tensor([1.0]), (2, 3)),
          lambda: torch.unravel_index(torch.tensor([True]), (2, 3)),
          lambda: torch.unravel_index(torch.tensor([1]), (2, -3)),
          lambda: torch.unravel_index(torch.tensor(1), (2, 0)),
          lambda: torch.unravel_index(torch.tensor([1]), [2.0, 3]),
          lambda: torch.unravel_index(torch.tensor([1]), 2.0),
          lambda: torch.unravel_index(5, (2, 3))):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
