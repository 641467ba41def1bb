import torch

class LinearFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        ctx.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            output += bias.unsqueeze(0).expand_as(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, weight, bias = ctx.saved_tensors
        grad_input = grad_weight = grad_bias = None
        print("needs_input_grad:", ctx.needs_input_grad)
        if ctx.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if ctx.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and ctx.needs_input_grad[2]:
            grad_bias = grad_output.sum(0)
        return grad_input, grad_weight, grad_bias

x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
w = torch.tensor([[0.1, 0.2], [0.3, 0.4]], requires_grad=True)
b = torch.tensor([0.5, -0.5], requires_grad=True)
out = LinearFn.apply(x, w, b)
print(out)
out.sum().backward()
print(w.grad)
print(b.grad)
x.requires_grad_()
out = LinearFn.apply(x, w)
out.pow(2).sum().backward()
print(x.grad)
