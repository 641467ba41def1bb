import torch

# all/any of a uint8 tensor answer in uint8, as old torch code relied on for masks
mask = torch.tensor([[0, 1, 200], [3, 4, 5]], dtype=torch.uint8)
print(mask.all(), mask.any(), mask.all(1), mask.any(dim=0, keepdim=True))
print(torch.all(mask, 0), torch.any(mask))
print(torch.func.vmap(torch.all)(mask), torch.func.vmap(lambda r: r.any())(mask))
print(torch.tensor([1, 2]).all(), torch.tensor([0.5, 0.0]).any(0), torch.zeros(0, dtype=torch.uint8).all())
print(torch.tensor([1, 0], dtype=torch.int8).all())

# nansum of integers and bools sums in int64, as sum does
for dt in [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16]:
    t = torch.tensor([1, 0, 1], dtype=dt)
    print(dt, t.nansum(), t.nansum(0).dtype, t.sum().dtype)
print(torch.tensor([200, 100, 50], dtype=torch.uint8).nansum())
