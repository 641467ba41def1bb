"""Checkpointing in a training loop: torch.save of the best state_dict and of a checkpoint dict, torch.load
back into a new model and optimizer, the weights-only refusal of a whole module, a missing file; deepcopy
and load keep views of one tensor sharing their copy; an in-memory checkpoint in io.BytesIO. (Under torch
the files land in /tmp.)"""
import io
import torch
import torch.nn as nn
import copy
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.fc2 = nn.Linear(4, 1)
    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))
model = Net()
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x, y = torch.randn(16, 3), torch.randn(16, 1)
best = float("inf")
for epoch in range(5):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    if loss.item() < best:
        best = loss.item()
        torch.save(model.state_dict(), "/tmp/gradcli_best_model.pth")
        print(f"epoch {epoch}: saved (loss {best:.4f})")
torch.save({"epoch": 5, "model_state_dict": model.state_dict(), "optimizer_state_dict": opt.state_dict(), "loss": loss}, "/tmp/gradcli_checkpoint.pt")
restored = Net()
print(restored.load_state_dict(torch.load("/tmp/gradcli_best_model.pth")))
restored.eval()
print(restored(x[:2]))
ckpt = torch.load("/tmp/gradcli_checkpoint.pt", map_location="cpu", weights_only=True)
print(ckpt["epoch"], ckpt["loss"], sorted(ckpt.keys()))
opt2 = torch.optim.Adam(restored.parameters(), lr=0.01)
opt2.load_state_dict(ckpt["optimizer_state_dict"])
print(opt2.state_dict()["state"][0]["step"], opt2.param_groups[0]["lr"])
sd = torch.load("/tmp/gradcli_best_model.pth")
sd["fc1.bias"].zero_()
print(torch.load("/tmp/gradcli_best_model.pth")["fc1.bias"])
seq = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
torch.save(seq, "/tmp/gradcli_whole.pt")
try:
    torch.load("/tmp/gradcli_whole.pt")
except Exception as e:
    print(type(e).__name__, e)
m2 = torch.load("/tmp/gradcli_whole.pt", weights_only=False)
print(m2, torch.equal(m2(x), seq(x)))
try:
    torch.load("missing.pt")
except FileNotFoundError as e:
    print("not found:", e)
t = torch.ones(3, requires_grad=True)
torch.save([t, t[:2], t * 2, torch.Size([2, 3]), torch.float64, (1, "a", None)], "/tmp/gradcli_tensors.pt")
a, b, c, s, dt, tup = torch.load("/tmp/gradcli_tensors.pt")
with torch.no_grad():
    b[0] = 9
print(a, b, c, c.is_leaf, s, dt, tup)
torch.save(torch.nn.Linear(2, 2), "/tmp/gradcli_lin.pt")
try:
    torch.load("/tmp/gradcli_lin.pt")
except Exception as e:
    print(str(e).splitlines()[3])
torch.save({"m": nn.ReLU()}, "/tmp/gradcli_netdict.pt")
try:
    torch.load("/tmp/gradcli_netdict.pt")
except Exception as e:
    print(str(e).splitlines()[3])
y = torch.arange(6.)
d = copy.deepcopy({"y": y, "v": y.view(2, 3), "s": y[1:]})
d["v"][0, 0] = -1
print(d)
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(5, 4)
model(x).sum().backward(); opt.step()
buffer = io.BytesIO()
torch.save({"model": model.state_dict(), "opt": opt.state_dict()}, buffer)
print(buffer.tell() > 0)
try:
    torch.load(buffer)
except EOFError as e:
    print("EOFError", repr(str(e)))
buffer.seek(0)
ckpt = torch.load(buffer, weights_only=True)
clone = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
print(clone.load_state_dict(ckpt["model"]))
print(torch.equal(clone(x), model(x)), ckpt["opt"]["state"][0]["step"])
with io.BytesIO() as f:
    torch.save(model[0].weight, f)
    f.seek(0)
    w = torch.load(f)
    print(w.shape, w.requires_grad, type(w).__name__)
print(f.closed)
