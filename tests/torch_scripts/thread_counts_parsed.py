import torch
# a thread count is read as a C int: torch refuses one beyond it (gradcli took set_num_threads(2**40),
# and a sum then asked numpy for one slot per thread: 4 TiB)
before = torch.get_num_threads()
for n in [2 ** 31, 2 ** 40, 2 ** 63, -2 ** 63 - 1, -2 ** 31 - 1, 0, -1, 1.5, "2"]:
    try:
        torch.set_num_threads(n)
        print(n, "accepted")
    except (ValueError, RuntimeError, TypeError) as e:
        print(n, type(e).__name__)
print(torch.get_num_threads() == before)
