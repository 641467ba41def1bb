# torch.cat and the stack family take a list or tuple of tensors: a generator, a set or a tensor is refused.
import torch

parts = [torch.ones(2), torch.zeros(2)]
print(torch.cat(parts), torch.cat(tuple(parts)), torch.cat(tensors=parts), torch.stack(parts, 1))
print(torch.cat([p * 2 for p in parts]), torch.concat(parts), torch.concatenate(parts), torch.hstack(parts))
print(torch.vstack(parts), torch.row_stack(parts), torch.column_stack(parts), torch.dstack(parts).shape)

for f in (lambda: torch.cat(p * 2 for p in parts), lambda: torch.stack(p for p in parts),
          lambda: torch.cat(iter(parts)), lambda: torch.cat(map(lambda t: t + 1, parts)),
          lambda: torch.cat(zip(parts)), lambda: torch.cat({parts[0]}), lambda: torch.cat(torch.ones(2, 2)),
          lambda: torch.cat(range(3)), lambda: torch.cat(5), lambda: torch.concat(p for p in parts),
          lambda: torch.concatenate(p for p in parts), lambda: torch.hstack(p for p in parts),
          lambda: torch.vstack(p for p in parts), lambda: torch.dstack(p for p in parts),
          lambda: torch.column_stack(p for p in parts), lambda: torch.row_stack(p for p in parts),
          lambda: torch.cat((torch.ones(1), 2)), lambda: torch.cat([torch.ones(1), [2.0]]),
          lambda: torch.stack([torch.ones(1), None]), lambda: torch.hstack([1]),
          lambda: torch.cat([]), lambda: torch.cat(()), lambda: torch.stack([]), lambda: torch.hstack([]),
          lambda: torch.vstack([]), lambda: torch.dstack([]), lambda: torch.column_stack([]),
          lambda: torch.row_stack([])):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
