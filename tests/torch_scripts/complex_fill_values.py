import torch

# a complex fill value makes a complex tensor; written into a real dtype it must have no imaginary part
print(torch.full((2,), 1 + 1j), torch.full((1,), 2j).dtype)
torch.set_default_dtype(torch.float64)
print(torch.full((2,), 1 + 1j).dtype)
torch.set_default_dtype(torch.float32)
print(torch.full((2,), torch.tensor(2.5)), torch.full((2,), torch.tensor(2)), torch.full((2,), torch.tensor(1j)))
print(torch.full((2,), 1 + 0j, dtype=torch.float32), torch.ones(2).fill_(2 + 0j), torch.full((2,), 1j, dtype=torch.bool))
print(torch.full((2,), 1 + 1j, dtype=torch.complex128), torch.ones(2).new_full((2,), 1 + 0j))
print(torch.zeros(2, dtype=torch.complex64).fill_(1j), torch.ones(2) * 1j, torch.ones(2, dtype=torch.int64) + 1j)
print(torch.ones(2).masked_fill(torch.tensor([True, False]), 2 + 0j), torch.where(torch.tensor([True, False]), 1j, 0.))
for call in (lambda: torch.full((2,), 1j, dtype=torch.float32), lambda: torch.full((2,), 1j, dtype=torch.int64),
             lambda: torch.ones(2).new_full((2,), 1j), lambda: torch.full_like(torch.ones(2), 1j), lambda: torch.ones(2).fill_(1j),
             lambda: torch.ones(2, dtype=torch.float16).fill_(1j), lambda: torch.ones(2).masked_fill(torch.tensor([True, False]), 1j),
             lambda: torch.ones(2, dtype=torch.float64).fill_(0.5 - 1j)):
    try:
        print(call())
    except RuntimeError as e:
        print("RuntimeError:", e)
# a complex bound: a real tensor's kernel takes it as a double; an integer tensor's result would be complex
print(torch.ones(2).clamp(1 + 0j))
for call in (lambda: torch.ones(2).clamp(1j), lambda: torch.ones(2, dtype=torch.int64).clamp(1j), lambda: torch.ones(2).clamp(max=2j),
             lambda: torch.ones(2, dtype=torch.float64).clamp(1j), lambda: torch.ones(2).clamp_(1j), lambda: torch.ones(2).clamp(torch.tensor(1j)),
             lambda: torch.ones(2).clamp(max=torch.tensor(1j)), lambda: torch.ones(2).clamp(torch.tensor(0j), torch.tensor(1j)),
             lambda: torch.ones(2).clip(0, 1j), lambda: torch.ones(2).index_fill(0, torch.tensor([0]), 1j)):
    try:
        print(call())
    except (RuntimeError, NotImplementedError) as e:
        print(f"{type(e).__name__}: {e}")
