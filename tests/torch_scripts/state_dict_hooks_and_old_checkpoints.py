# Checkpoint code beyond save/load: state_dict hooks, a load pre-hook renaming an old checkpoint's
# keys, batch norms loading dicts without num_batches_tracked, assign=True, and the errors' order.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)
        self.bn = nn.BatchNorm1d(4)
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        return self.out(torch.relu(self.bn(self.fc(x))))


net = Net()
net(torch.randn(5, 3))
net(torch.randn(5, 3))
sd = net.state_dict()
print(list(sd.keys()))


def pre(module, prefix, keep_vars):
    print("saving", type(module).__name__, repr(prefix), keep_vars)


def post(module, state_dict, prefix, local_metadata):
    print("saved", repr(prefix), local_metadata, len(state_dict))
    state_dict[prefix + "note"] = torch.tensor(1.0)


h1 = net.fc.register_state_dict_pre_hook(pre)
h2 = net.bn.register_state_dict_post_hook(post)
print(list(net.state_dict(keep_vars=True).keys()))
h1.remove()
h2.remove()
print(list(net.state_dict(prefix="model.").keys())[:3])

# an old checkpoint named the first layer "linear": a load pre-hook renames it
old = {k.replace("fc.", "linear."): v for k, v in sd.items()}


def rename(module, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
    for key in list(state_dict):
        if key.startswith(prefix + "linear."):
            state_dict[key.replace("linear.", "fc.")] = state_dict.pop(key)


def report(module, incompatible_keys):
    print("loaded into", type(module).__name__, incompatible_keys)


fresh = Net()
handle = fresh.register_load_state_dict_pre_hook(rename)
fresh.register_load_state_dict_post_hook(report)
print(fresh.load_state_dict(old))
print(torch.equal(fresh.fc.weight, net.fc.weight), list(old)[:2])
handle.remove()

# batch norm: a plain dict without the batch count loads (the module keeps its own count) ...
plain = {k: v for k, v in sd.items() if "num_batches" not in k}
other = Net()
print(other.load_state_dict(plain), other.bn.num_batches_tracked, net.bn.num_batches_tracked)
print(torch.equal(other.bn.running_mean, net.bn.running_mean))
# ... but a state_dict() missing it is reported
del sd["bn.num_batches_tracked"]
try:
    other.load_state_dict(sd)
except RuntimeError as e:
    print(e)
print(other.load_state_dict(sd, strict=False))

# unexpected keys are reported module by module, the model's own first
extra = dict(net.state_dict())
extra["fc.scale"] = torch.ones(1)
extra["temperature"] = torch.ones(1)
extra["out.weight"] = torch.zeros(3, 4)
extra["bn.weight"] = [1.0, 2.0]
try:
    Net().load_state_dict(extra)
except RuntimeError as e:
    print(e)
print(Net().load_state_dict({"fc.weight": torch.zeros(4, 3)}, strict=False))

# assign=True puts the checkpoint's tensors in the model (as parameters that keep requires_grad)
target = Net()
target.fc.weight.requires_grad_(False)
w = torch.full((4, 3), 0.5)
target.load_state_dict({"fc.weight": w}, strict=False, assign=True)
print(type(target.fc.weight).__name__, target.fc.weight.requires_grad, target.out.weight.requires_grad)
w[0, 0] = 2.0
print(target.fc.weight[0])
copied = Net()
copied.load_state_dict({"fc.weight": w}, strict=False)
w[0, 1] = 3.0
print(copied.fc.weight[0])
