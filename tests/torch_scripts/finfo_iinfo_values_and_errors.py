import torch
for d in (torch.float16, torch.float32, torch.float64, torch.complex64, torch.complex128):
    f = torch.finfo(d)
    print(f.resolution, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.bits, f.dtype, repr(f))
for d in (torch.int8, torch.uint8, torch.int64, torch.int32, torch.int16):
    i = torch.iinfo(d)
    print(i.bits, i.max, i.min, i.dtype, repr(i))
print(torch.finfo())
print(torch.finfo(torch.float32) == torch.finfo(torch.float32), torch.finfo(torch.float32) == torch.finfo())
print(torch.finfo(torch.float16).eps * 2, torch.finfo(torch.float32).max > 1e38)
for bad in (lambda: torch.finfo(torch.int32), lambda: torch.iinfo(torch.float32), lambda: torch.iinfo(torch.bool)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
x = torch.tensor([1e-8, 1.0])
print(torch.clamp(x, min=torch.finfo(x.dtype).eps))
