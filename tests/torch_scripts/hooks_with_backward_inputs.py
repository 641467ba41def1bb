import torch
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
c = a * 2
d = b * 3
c.register_hook(lambda g: print("hook c", g))
d.register_hook(lambda g: print("hook d", g))
b.register_hook(lambda g: print("hook b", g))
a.register_post_accumulate_grad_hook(lambda t: print("post a", t.grad))
b.register_post_accumulate_grad_hook(lambda t: print("post b", t.grad))
d.retain_grad()
(c + d).sum().backward(inputs=[a], retain_graph=True)
print(a.grad, b.grad, d.grad)
g, = torch.autograd.grad((c * d).sum(), [a])
print(g)
c2 = a * 5
c2.register_hook(lambda g: print("hook c2", g))
e = c2 * d
g2, = torch.autograd.grad(e.sum(), [c2])
print(g2)
d.grad_fn.register_prehook(lambda go: print("prehook d node"))
d.grad_fn.register_hook(lambda gi, go: print("hook d node"))
(c * d).sum().backward(inputs=[b])
print(a.grad, b.grad)
