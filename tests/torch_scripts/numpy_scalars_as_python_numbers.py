# numpy scalars beside tensors are read as Python numbers, as torch's argument parser reads them: weak in
# type promotion (x / np.sqrt(d) stays float32; it was float64, exit 0), np.bool_ as a float
import torch
import numpy as np
cases = [("f32*np64", lambda: torch.tensor([2.]) * np.float64(1.5)), ("np64*f32", lambda: np.float64(1.5) * torch.tensor([2.])),
         ("i64*np64", lambda: torch.tensor([2]) * np.float64(1.5)), ("i8+npi64", lambda: torch.tensor([2], dtype=torch.int8) + np.int64(300)),
         ("f16*np64", lambda: torch.tensor([2.], dtype=torch.float16) * np.float64(1.1)), ("f32*np32", lambda: torch.tensor([2.]) * np.float32(1.1)),
         ("bool+npbool", lambda: torch.tensor([True]) + np.bool_(True)), ("i32+npi8", lambda: torch.tensor([2], dtype=torch.int32) + np.int8(3)),
         ("u8+npu8", lambda: torch.tensor([2], dtype=torch.uint8) - np.uint8(3)), ("f32-np64", lambda: torch.tensor([2.]) - np.float64(0.1)),
         ("torch.add", lambda: torch.add(torch.tensor([2.]), np.float64(0.1))), ("mul_", lambda: torch.tensor([2.]).mul_(np.float64(0.1))),
         ("pow", lambda: torch.tensor([2.]) ** np.float64(2)), ("rpow", lambda: np.float64(2) ** torch.tensor([2.])),
         ("div", lambda: torch.tensor([2]) / np.int64(4)), ("cmp", lambda: torch.tensor([2.]) > np.float64(1.5)),
         ("where", lambda: torch.where(torch.tensor([True, False]), torch.tensor([1.]), np.float64(2.))),
         ("clamp", lambda: torch.tensor([2.]).clamp(min=np.float64(2.5))), ("full", lambda: torch.full((2,), np.float64(1.5))),
         ("f32*npc", lambda: torch.tensor([2.]) * np.complex128(1j)), ("f64*np32", lambda: torch.tensor([2.], dtype=torch.float64) * np.float32(1.1)),
         ("0d f32 * np64", lambda: torch.tensor(2.) * np.float64(1.1)), ("loss", lambda: torch.tensor([0.3, 0.7]).mean() * np.float64(3.0))]
for name, f in cases:
    try:
        r = f()
        print(name, r, r.dtype)
    except Exception as e:
        print(name, type(e).__name__, str(e).split("\n")[0])
for name, f in [("i64*npbool", lambda: torch.tensor([1, 2]) * np.bool_(True)), ("f*npbool", lambda: torch.tensor([1., 2.]) * np.bool_(True)),
                ("bool&npbool", lambda: torch.tensor([True]) & np.bool_(False)), ("i+npbool", lambda: torch.tensor([1]) + np.bool_(True)),
                ("i8*npi64", lambda: torch.tensor([3], dtype=torch.int8) * np.int64(100)), ("i64*npf32", lambda: torch.tensor([3]) * np.float32(0.5)),
                ("f*npu8", lambda: torch.tensor([1.5]) * np.uint8(2)), ("eq", lambda: torch.tensor([1.]) == np.float64(1.0)),
                ("maximum", lambda: torch.clamp(torch.tensor([1.]), np.float32(2), np.float64(3))),
                ("fill", lambda: torch.zeros(2).fill_(np.float64(0.1)).dtype), ("lerp", lambda: torch.lerp(torch.zeros(2), torch.ones(2), np.float64(0.3))),
                ("addalpha", lambda: torch.add(torch.zeros(2), torch.ones(2), alpha=np.float64(0.5))),
                ("softmax temp", lambda: (torch.tensor([1., 2.]) / np.sqrt(4.0)).softmax(0)),
                ("isub", lambda: torch.tensor([1., 2.]).sub_(np.float64(0.5))), ("rsub", lambda: np.float64(1) - torch.tensor([1., 2.])),
                ("rdiv", lambda: np.float64(1) / torch.tensor([1., 2.])), ("floordiv", lambda: torch.tensor([5.]) // np.float64(2)),
                ("mod", lambda: torch.tensor([5.]) % np.float64(2)), ("pow fn", lambda: torch.pow(torch.tensor([2.]), np.float64(2))),
                ("pow base", lambda: torch.pow(np.float64(2), torch.tensor([2.]))), ("mul_ i", lambda: torch.tensor([2]).mul_(np.int64(3))),
                ("where both", lambda: torch.where(torch.tensor([True]), np.float64(1), np.float64(2))),
                ("masked_fill", lambda: torch.zeros(2).masked_fill(torch.tensor([True, False]), np.float64(0.3))),
                ("full_like", lambda: torch.full_like(torch.zeros(2), np.float64(0.3))),
                ("tensor np64 list", lambda: torch.tensor([np.float64(1.5), 2.0])), ("arange np", lambda: torch.arange(np.float64(3))),
                ("linspace", lambda: torch.linspace(0, np.float64(1), 3)), ("np.float32 item", lambda: torch.tensor([1.]) + np.float32(1e-8))]:
    try:
        r = f()
        print(name, r, getattr(r, "dtype", ""))
    except Exception as e:
        print(name, type(e).__name__, str(e).split("\n")[0])
# attention scores scaled by np.sqrt(d_k), as tutorials write them
torch.manual_seed(0)
q, k = torch.randn(2, 4, 8), torch.randn(2, 4, 8)
scores = q @ k.transpose(-2, -1) / np.sqrt(q.size(-1))
print(scores.dtype, scores.softmax(-1)[0, 0])
