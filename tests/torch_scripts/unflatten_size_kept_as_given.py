# nn.Unflatten keeps its size as given: print(model) shows a list, a tuple or a torch.Size as written.
import torch
import torch.nn as nn
for size in [(2, 2), [2, 2], torch.Size([2, 2]), (2, -1)]:
    layer = nn.Unflatten(1, size)
    print(layer, layer(torch.arange(8.).view(2, 4)).shape)
print(nn.Sequential(nn.Linear(4, 6), nn.Unflatten(1, (2, 3))))
for bad in [lambda: nn.Unflatten(1, 4), lambda: nn.Unflatten(1, (2, 2.0))]:
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, e)
