import os
os.environ["KMP_DUPLICATE_LIB_OK"] = "TRUE"
import os.path
from os import path
from os.path import join
import torch
seed = int(os.environ.get("MY_UNSET_SEED", "0"))
print(seed, os.getenv("MY_UNSET_VAR", "none"), os.environ["KMP_DUPLICATE_LIB_OK"])
print(os.path.join("runs", "exp1", "model.pt"), path.basename("a/b.txt"), join("x", "y"), os.path.splitext("m.pt"))
torch.manual_seed(seed)
x = torch.tensor(2.0, requires_grad=True)
(x ** 2).backward()
print(x.grad, os.sep)
