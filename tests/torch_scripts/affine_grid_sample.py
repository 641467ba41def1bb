import torch
import torch.nn.functional as F

theta = torch.tensor([[[0.9, -0.3, 0.1], [0.25, 1.1, -0.2]]], requires_grad=True)
image = torch.cos(torch.arange(2 * 4 * 5, dtype=torch.float32) * 0.45).reshape(1, 2, 4, 5).requires_grad_()
grid = F.affine_grid(theta, (1, 2, 3, 4), align_corners=False)
print(grid[0, 1])
warped = F.grid_sample(image, grid, align_corners=False)
border = F.grid_sample(image, grid * 1.5, padding_mode="border", align_corners=True)
nearest = F.grid_sample(image, grid, mode="nearest", align_corners=False)
print(warped[0, 1], border[0, 0, 2], nearest[0, 0])
(warped.pow(2).sum() + border.sum() + nearest.sum()).backward()
print(theta.grad, image.grad[0, 0])
