import torch
import torch.nn.functional as F
# affine_grid's size reaches torch's argument parser as a list of ints: a float in it is refused
# (gradcli took int(2.5) and made a 2x2 grid)
theta = torch.tensor([[[1., 0, 0], [0, 1, 0]]])
for size in [(1, 1, 2.5, 2), (1, 1, 2, 2.0), (1.0, 1, 2, 2), [1, 1, 2, 3], torch.Size([1, 1, 3, 2]), (1, 1, 2, 2 ** 63)]:
    try:
        print(size, F.affine_grid(theta, size, align_corners=False))
    except (TypeError, ValueError, RuntimeError) as e:
        print(size, type(e).__name__, str(e).split("\n")[0].rstrip('"'))
