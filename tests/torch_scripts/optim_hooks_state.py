# Optimizer hooks (step pre/post, state_dict and load_state_dict pre/post), the state torch keeps per
# parameter, a state_dict round trip that resumes the same trajectory, and a tensor learning rate.
import torch
import torch.nn as nn

w = nn.Parameter(torch.tensor([1.0, -2.0, 0.5]))
opt = torch.optim.Adam([w], lr=0.1)
calls = []


def pre(optimizer, args, kwargs):
    calls.append(("pre", type(optimizer).__name__, len(args), args[0] is optimizer, sorted(kwargs)))


def post(optimizer, args, kwargs):
    calls.append(("post", optimizer.state[w]["step"].item()))


h1 = opt.register_step_pre_hook(pre)
h2 = opt.register_step_post_hook(post)
for _ in range(2):
    opt.zero_grad()
    (w ** 2).sum().backward()
    opt.step()
h1.remove()
opt.step()
h2.remove()
opt.step()
print(calls)

state = opt.state[w]
print(list(state), state["step"], state["step"].dtype, state["exp_avg"])


def add_note(optimizer, sd):
    sd["note"] = "saved"


def drop_note(optimizer, sd):
    sd.pop("note")
    print("loading", sorted(sd))


opt.register_state_dict_pre_hook(lambda optimizer: print("saving", type(optimizer).__name__))
opt.register_state_dict_post_hook(add_note)
sd = opt.state_dict()
print(sorted(sd), sd["param_groups"])
print(sorted(sd["state"][0]), sd["state"][0]["step"])

# state_dict() copies nothing: a later step shows in it (the reason checkpoints deep-copy it)
before = sd["state"][0]["exp_avg"].clone()
opt.step()
print(sd["state"][0]["step"], torch.equal(before, sd["state"][0]["exp_avg"]))

# a second optimizer loads the state and takes the same steps as the first
v = nn.Parameter(w.detach().clone())
twin = torch.optim.Adam([v], lr=0.5)
twin.register_load_state_dict_pre_hook(drop_note)
twin.register_load_state_dict_post_hook(lambda optimizer: print("loaded", optimizer.param_groups[0]["lr"]))
twin.load_state_dict(sd)
for p, o in ((w, opt), (v, twin)):
    for _ in range(3):
        o.zero_grad()
        ((p - 1) ** 2).sum().backward()
        o.step()
print(torch.equal(w, v), w)


# a pre-hook may hand step() new arguments: here, a closure
def with_closure(optimizer, args, kwargs):
    return args, {"closure": lambda: print("closure ran")}


sgd = torch.optim.SGD([w], lr=torch.tensor(0.01), momentum=0.9, nesterov=True)
sgd.register_step_pre_hook(with_closure)
sgd.step()
print(sgd)
print(sgd.state_dict()["param_groups"][0]["lr"])
