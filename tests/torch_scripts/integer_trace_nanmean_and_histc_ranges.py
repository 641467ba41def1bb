import torch

# trace of an integer matrix sums in int64; nanmean wants a floating input
for dt in [torch.bool, torch.uint8, torch.int8, torch.int32, torch.int64, torch.float16, torch.float64]:
    m = torch.tensor([[200, 1], [2, 100]]).to(dt)
    try:
        print(dt, m.trace())
    except Exception as e:
        print(dt, type(e).__name__, e)
    try:
        print(m.nanmean(), m.nanmean(0, dtype=torch.float32))
    except RuntimeError as e:
        print("RuntimeError:", e)

# histc over the data's range refuses a range that is not finite (NaN or inf in the data)
nan = float('nan')
for x, kw in [([1., nan, 3.], {}), ([1., float('inf'), 3.], {}), ([float('-inf'), 1., 3.], {}),
              ([1., nan, 3.], dict(min=0, max=4)), ([nan], {}), ([1., nan], dict(min=nan, max=2)),
              ([2., 2.], {}), ([], {}), ([1e10, -2.5], dict(min=-2.5, max=float('inf'))),
              ([0.5, 1.5], dict(min=3, max=1))]:
    try:
        print(torch.histc(torch.tensor(x), bins=4, **kw))
    except RuntimeError as e:
        print("RuntimeError:", e)
print(torch.tensor([1., 2., 2., 5.], dtype=torch.float64).histc(3))
