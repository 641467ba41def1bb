import torch
import torch.nn.functional as F
# A number written into a tensor whose dtype cannot hold it: torch refuses it ('value cannot be
# converted to type c10::Half without overflow'), except a float16 fill of one element; gradcli
# wrote inf (float16, float32, complex64) or numpy's wrapped integer (pad, index_fill, scatter,
# x[[i]] = v) and exited 0
values = [65504.0, 65505.0, 70000, 1e10, 3.5e38, 1e308, float("nan"), float("inf"), -1, 2 ** 63, -2 ** 63 - 1, 1e39j]
dtypes = [torch.float16, torch.float32, torch.float64, torch.complex64, torch.int32, torch.uint8]


def set_item(n, v, d):
    x = torch.zeros(n, dtype=d)
    x[0] = v
    return x


def set_items(n, v, d):
    x = torch.zeros(n, dtype=d)
    x[[0]] = v
    return x


fills = {
    "full": lambda n, v, d: torch.full((n,), v, dtype=d),
    "fill_": lambda n, v, d: torch.zeros(n, dtype=d).fill_(v),
    "new_full": lambda n, v, d: torch.zeros(n, dtype=d).new_full((n,), v),
    "full_like": lambda n, v, d: torch.full_like(torch.zeros(n, dtype=d), v),
    "masked_fill": lambda n, v, d: torch.zeros(n, dtype=d).masked_fill(torch.ones(n, dtype=torch.bool), v),
    "index_fill": lambda n, v, d: torch.zeros(n, dtype=d).index_fill(0, torch.tensor([0]), v),
    "scatter": lambda n, v, d: torch.zeros(n, dtype=d).scatter(0, torch.tensor([0]), v),
    "pad": lambda n, v, d: F.pad(torch.zeros(n, dtype=d), (1, 0), value=v),
    "clamp": lambda n, v, d: torch.zeros(n, dtype=d).clamp(max=v),
    "fill_diagonal_": lambda n, v, d: torch.zeros(n, n, dtype=d).fill_diagonal_(v),
    "x[0] = v": set_item,
    "x[[0]] = v": set_items,
}
for name, fill in fills.items():
    for d in dtypes:
        if name == "clamp" and d.is_complex:
            continue
        for n in (1, 2):
            row = []
            for v in values:
                try:
                    out = fill(n, v, d)
                    row.append("-" if out is None else str(out.flatten()[0].item()))
                except (RuntimeError, OverflowError, TypeError, ValueError) as e:
                    message = str(e).split("\n")[0]
                    row.append("E " + message.replace("value cannot be converted to type ", "").replace(" without overflow", "")
                               if "without overflow" in message else type(e).__name__)
            print(name, d, n, " | ".join(row))
