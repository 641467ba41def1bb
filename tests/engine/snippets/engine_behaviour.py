"""Reused non-leaves, higher derivatives, in-place writes through views (CopySlices), hooks of every kind, retain_grad, backward(inputs=), batched grads, a custom Function, node names and _saved_ values, type promotion."""
a = torch.tensor([1., 2.], requires_grad=True)
b = a + a; c = b + b; c.sum().backward(); print(a.grad)
x = torch.tensor(3., requires_grad=True)
y = x ** 3
g, = torch.autograd.grad(y, x, create_graph=True)
g2, = torch.autograd.grad(g, x, create_graph=True)
g3, = torch.autograd.grad(g2, x)
print(g, g2, g3)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 2; y[0] = 5; y.sum().backward(); print(x.grad, y.grad_fn)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 1; v = y[1:]; v.mul_(3); print(y, v, y.grad_fn, v.grad_fn); y.sum().backward(); print(x.grad)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * 1; v = y[1:]; w = y[:2]; v.mul_(3); (w * torch.tensor([1., 10.])).sum().backward(); print(x.grad, w.grad_fn)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * x
h = y.register_hook(lambda g: g * 10)
y.sum().backward(); print(x.grad)
x.grad = None
h.remove(); y = x * x; y.sum().backward(); print(x.grad)
x = torch.tensor([1., 2.], requires_grad=True)
x.register_hook(lambda g: print("leaf hook", g))
x.register_post_accumulate_grad_hook(lambda t: print("post", t.grad))
(x * 3).sum().backward()
y = x * 2
y.grad_fn.register_prehook(lambda gout: print("pre", gout))
y.grad_fn.register_hook(lambda gin, gout: print("post node", gin, gout))
y.sum().backward()
x = torch.tensor([1., 2.], requires_grad=True)
z = x * 2; z.retain_grad(); w = z * z
w.sum().backward(retain_graph=True); w.sum().backward(); print(z.grad, z.retains_grad, x.grad)
p = torch.tensor([1., 2.], requires_grad=True); q = torch.tensor([3., 4.], requires_grad=True)
(p * q).sum().backward(inputs=[p]); print(p.grad, q.grad)
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x ** 2
jac, = torch.autograd.grad(y, x, torch.eye(3), is_grads_batched=True)
print(jac)
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i.exp()
        ctx.save_for_backward(result)
        return result
    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result
inp = torch.tensor([0., 1.], requires_grad=True)
out = Exp.apply(inp)
print(out, out.grad_fn, out.grad_fn.next_functions)
out.sum().backward(); print(inp.grad)
g, = torch.autograd.grad(Exp.apply(inp).sum(), inp, create_graph=True)
print(g)
g.sum().backward(); print(inp.grad)
x = torch.randn(3, 4, requires_grad=True)
print(x.t().grad_fn, x.T.grad_fn, x.view(12).grad_fn, x.reshape(2, 6)._base is x, x.t().reshape(12).grad_fn, x.t().is_contiguous())
print(x[:].grad_fn, x[...].grad_fn, x[:, :].grad_fn, x[1, 2].grad_fn, x[None, 1].grad_fn)
s = x.sum(1); print(s.grad_fn, s.grad_fn._saved_dim, s.grad_fn._saved_keepdim, s.grad_fn._saved_self_sym_sizes)
print(x.max(1).indices.dtype, x.max().grad_fn, x.max(1).values.grad_fn, x.mean().grad_fn, x.mean(0).grad_fn, x.var().grad_fn)
print(torch.tensor([1, 2]) / 2, torch.tensor([1, 2]) * 1.5, torch.tensor([1, 2]) + torch.tensor(1.5, dtype=torch.float64), torch.tensor([1., 2.]) + torch.tensor(1.5, dtype=torch.float64))
print(torch.tensor([True, False]) + 1, torch.tensor([1, 2], dtype=torch.int32) * 2, torch.tensor(3) ** 2, 2 ** torch.tensor([1., 2.]), torch.tensor([3, 4]) // 2, torch.tensor([-3., 4.]) % 2)
print(torch.zeros(2, 3).shape, torch.zeros(2, 3).size(), torch.zeros(2, 3).size(1), torch.zeros(2, 3).dtype, torch.zeros(2,3,dtype=torch.float64))
print(torch.arange(5), torch.arange(0, 1, 0.25), torch.full((2,), 3.), torch.full((2,), 3), torch.eye(2), torch.ones(2).double())
print(x.shape, len(x), x.ndim, x.numel(), x.dim(), x.is_leaf, x.requires_grad, (x*2).is_leaf)
