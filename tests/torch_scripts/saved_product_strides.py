# The strides mm and addmm keep of each operand (for its own gradient's layout), as torch shows them
import torch

torch.manual_seed(0)
bias = torch.randn(2, requires_grad=True)
for x_grad in (False, True):
    for w_grad in (False, True):
        x = torch.randn(4, 3, requires_grad=x_grad)
        w = torch.randn(2, 3, requires_grad=w_grad)
        node = torch.addmm(bias, x, w.t()).grad_fn
        print(type(node).__name__, x_grad, w_grad, node._saved_mat1_sym_strides, node._saved_mat2_sym_strides)
        if x_grad or w_grad:
            node = (x @ w.t()).grad_fn
            print(type(node).__name__, node._saved_self_sym_strides, node._saved_mat2_sym_strides)
    
linear = torch.nn.Linear(5, 3)
node = linear(torch.randn(2, 5)).grad_fn
print(node.name(), node._saved_mat1_sym_strides, node._saved_mat2_sym_strides, node._saved_mat2_sym_sizes)
columns = torch.randn(5, 4).t()          # a transposed (column-major) operand
weight = torch.randn(5, 2, requires_grad=True)
node = (columns @ weight).grad_fn
print(node.name(), node._saved_self_sym_strides, node._saved_mat2_sym_strides)
node = (weight.t() @ columns.t().contiguous().t().t()).grad_fn
print(node.name(), node._saved_self_sym_strides, node._saved_mat2_sym_strides)
