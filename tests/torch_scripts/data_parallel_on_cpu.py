# nn.DataParallel on a machine without GPUs (tutorials wrap the model unconditionally): torch keeps the module,
# calls it, and names its state_dict's entries 'module.*' (stripped again to load into the bare model).
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.Linear(2, 1)
dp = nn.DataParallel(m)
print(dp, type(dp), dp.device_ids, dp.module is m)
print(list(dp.state_dict().keys()), dp(torch.ones(3, 2)).shape)
print(sum(p.numel() for p in dp.parameters()))
sd = {k.replace("module.", ""): v for k, v in dp.state_dict().items()}
print(nn.Linear(2, 1).load_state_dict(sd))
