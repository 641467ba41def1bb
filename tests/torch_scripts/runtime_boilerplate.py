# The first lines of many training scripts (seeds, cuDNN switches, device, compile, mixed precision)
# on a machine without CUDA: accepted, and the loop trains in float32 as on a CPU build of torch.
import random
import warnings

import torch
import torch.nn as nn

warnings.filterwarnings("ignore")
random.seed(42)
torch.manual_seed(42)
torch.cuda.manual_seed_all(42)
torch.backends.cudnn.deterministic = True
torch.backends.cudnn.benchmark = False
torch.use_deterministic_algorithms(True)
torch.set_float32_matmul_precision("high")
print(torch.backends.cudnn.deterministic, torch.are_deterministic_algorithms_enabled(),
      torch.get_float32_matmul_precision(), torch.backends.mps.is_available(), torch.version.cuda)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, random.random())

model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1)).to(device)
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (i + 1))
compiled = torch.compile(model)
print(compiled)
print([name for name, _ in compiled.named_parameters()])

x = torch.tensor([[0.5, -1.0], [1.5, 2.0]], device=device)
t = torch.tensor([[1.0], [0.0]], device=device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")
print(scaler.is_enabled(), scaler.get_scale())
for step in range(3):
    opt.zero_grad()
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        loss = ((compiled(x) - t) ** 2).mean()
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    print(step, round(loss.item(), 4), loss.dtype)

cpu_scaler = torch.amp.GradScaler("cpu", init_scale=1024.0, growth_interval=2)
for step in range(3):
    opt.zero_grad()
    loss = ((model(x) - t) ** 2).mean()
    cpu_scaler.scale(loss).backward()
    cpu_scaler.unscale_(opt)
    print(step, [round(g, 5) for g in model[0].weight.grad[0].tolist()], cpu_scaler.get_scale())
    cpu_scaler.step(opt)
    cpu_scaler.update()
print(cpu_scaler.get_scale(), cpu_scaler.state_dict())

for attempt in (lambda: torch.cuda.synchronize(), lambda: torch.autocast(device_type="gpu"),
                lambda: torch.set_num_threads(0)):
    try:
        attempt()
    except Exception as e:
        print(type(e).__name__, e)
