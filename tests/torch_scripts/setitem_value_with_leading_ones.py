import torch

# x[i] = y where y keeps a batch dim of 1: torch drops the value's leading 1s (a view) before broadcasting
outputs = torch.zeros(3, 4)
w = torch.ones(1, 4, requires_grad=True)
for i in range(3):
    outputs[i] = w * (i + 1)
print(outputs)
print(outputs.grad_fn, outputs.grad_fn.next_functions)
outputs.sum().backward()
print(w.grad)

y = torch.zeros(3, 4)
cases = [(slice(0, 2), torch.ones(3)), (slice(0, 2), torch.ones(3, 2, 4)), (slice(0, 2), torch.ones(1, 2, 4)),
         (0, torch.ones(2, 4)), ((slice(None), 1), torch.ones(4)), ((slice(None), 1), torch.ones(3, 1)),
         (y > 0, torch.ones(2)), ([0, 1], torch.ones(3)), (0, torch.ones(1, 1, 4)), (slice(0, 2), torch.ones(2, 1)),
         (1, 5), (slice(None), torch.tensor(2.0)), ([0, 1], torch.ones(1, 2, 4)), (..., torch.ones(1, 3, 4)),
         (torch.tensor([True, False, True]), torch.ones(1, 1, 4)), ((0, [1, 2]), torch.ones(1, 1, 2))]
for key, value in cases:
    try:
        z = y.clone()
        z[key] = value
        print(z.sum())
    except RuntimeError as e:
        print("RuntimeError:", e)

def fill(row):
    out = torch.zeros(2, 3)
    out[0] = row.view(1, 3) * 2
    out[1, :] = row.unsqueeze(0)
    return out

print(torch.func.vmap(fill)(torch.arange(6.).view(2, 3)))
print(torch.func.jacrev(fill)(torch.arange(3.)))

# expand to fewer sizes than dims names the tensor's type as torch does
for dt in [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.float32,
           torch.float64, torch.bool, torch.complex64]:
    try:
        torch.ones(2, 2, dtype=dt).expand(3)
    except RuntimeError as e:
        print(e)
