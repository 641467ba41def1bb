import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
z = y.sum()

def pre_hook(grad_outputs):
    print("pre hook got", grad_outputs)

def post_hook(grad_inputs, grad_outputs):
    print("post hook inputs", grad_inputs)
    print("post hook outputs", grad_outputs)

h1 = y.grad_fn.register_prehook(pre_hook)
h2 = y.grad_fn.register_hook(post_hook)
z.backward()
print(x.grad)
h1.remove()
h2.remove()

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * a
def scale_pre(grad_outputs):
    return (grad_outputs[0] * 10,)
b.grad_fn.register_prehook(scale_pre)
b.sum().backward()
print(a.grad)

def post_acc(t):
    print("accumulated:", t.grad)
w = torch.tensor([1.0, -1.0], requires_grad=True)
w.register_post_accumulate_grad_hook(post_acc)
(w * 4).sum().backward()
(w * 4).sum().backward()
