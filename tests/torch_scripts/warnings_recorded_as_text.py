import warnings

import torch
# warnings a script records and prints: torch's texts, with the C++ location torch appends to the
# ones its kernels raise


def show(label, fn):
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        try:
            fn()
        except Exception as e:
            print(label, "error", type(e).__name__, str(e)[:150])
        for w in ws:
            print(label, w.category.__name__, str(w.message))


torch.set_warn_always(True)       # torch's once-per-process warnings every time
x = torch.tensor([1., 2.], requires_grad=True)
show("tensor of a tensor", lambda: torch.tensor(x))
show("tensor of a 0-d tensor", lambda: torch.tensor(torch.tensor(3.)))
show("tensor of a list of tensors", lambda: torch.tensor([torch.tensor(1.), torch.tensor(2.)]))
show("as_tensor", lambda: torch.as_tensor(x))
show("std of one element", lambda: torch.ones(1).std())
show("var over a size-1 dim", lambda: torch.ones(3, 1).var(1))
show("T of a 3-d tensor", lambda: torch.ones(2, 2, 2).T)
show("T of a vector", lambda: torch.ones(3).T)
show("T of a matrix", lambda: torch.ones(2, 3).T)
show("set_default_tensor_type", lambda: torch.set_default_tensor_type(torch.FloatTensor))
show("mse_loss size_average", lambda: torch.nn.functional.mse_loss(torch.ones(2), torch.zeros(2), size_average=False))
torch.set_warn_always(False)
