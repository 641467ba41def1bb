# torch.device(type, index) checks the index given apart as torch: a negative one, a float, a bool or a
# string made a device (cpu:-1, cpu:1.5, cpu:True) and an index given twice was dropped (exit 0).
import torch

for args in [("cpu", -1), ("cuda", -2), ("cpu:0", 1), ("cpu:1", None), ("cpu", 1.5), ("cpu", True), ("cpu", "1"),
             ("cpu", None), ("cpu", 0), ("cpu", 3)]:
    try:
        print(args, "ok", repr(torch.device(*args)))
    except (RuntimeError, TypeError) as err:
        print(args, type(err).__name__, err)
print(torch.device("cpu", 0) == torch.device("cpu:0"), torch.zeros(1, device=torch.device("cpu", 0)).device)
