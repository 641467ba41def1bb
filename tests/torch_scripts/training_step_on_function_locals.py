# The seed's two-layer training step written inside functions: every tensor is a local, read by
# operators, method calls and call arguments; a helper takes them as parameters, a closure reads
# its enclosing function's tensors, and a name is unbound until the loop binds it.
import torch


def layer(w, x, b):
    return torch.sigmoid(torch.mm(w, x) + b)


def train(steps):
    w1 = torch.tensor([[0.1, 0.15], [0.2, 0.25], [0.3, 0.35]], requires_grad=True)
    w2 = torch.tensor([[0.4, 0.45, 0.5], [0.55, 0.6, 0.65]], requires_grad=True)
    b1 = torch.ones(3, 1)
    b2 = torch.ones(2, 2)
    input1 = torch.tensor([5, 10]).reshape(2, 1).to(torch.float32)
    label = torch.tensor([0.01, 0.99]).reshape(2, 1)

    def loss_of(out):
        return (out - label).var()

    for i in range(steps):
        w1.retain_grad()
        w2.retain_grad()
        out_h = layer(w1, input1, b1)
        out_o = torch.sigmoid(torch.matmul(w2, out_h) + b2)
        loss = loss_of(out_o)
        loss.backward()
        if i < 3:
            w1 = w1 - 0.5 * w1.grad
            w2 = w2 - 0.5 * w2.grad
        else:
            w1 = w1 - 0.02 * w1.grad
            w2 = w2 - w2.grad * 0.02
        print(i, f"{loss.item():.8f}", w1.grad_fn.name(), w2.grad_fn.name(), out_h.shape)
    return loss, w1, w2


loss, w1, w2 = train(6)
print(loss)
print(w1)
print(w2.sum())


def unbound():
    if False:
        late = torch.ones(1)
    return late + 1


try:
    unbound()
except UnboundLocalError as exc:
    print("UnboundLocalError:", exc)
