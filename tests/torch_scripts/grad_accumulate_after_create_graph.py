# A .grad made by backward(create_graph=True) is accumulated into in place by a later plain backward
# (torch's grad += new): it keeps its grad_fn.
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w ** 3).sum()
loss.backward(create_graph=True)
print(w.grad)
gnorm = w.grad.norm()
gnorm.backward()
print(w.grad)
w.grad = None
loss = (w ** 2).sum()
grads = torch.autograd.grad(loss, w, create_graph=True)
penalty = sum(g.pow(2).sum() for g in grads)
penalty.backward()
print(w.grad, penalty)
