# A full backward hook that returns something torch refuses: with an input that requires grad
# (wrong count, wrong size, not a tensor) and without one (anything but None is an error in torch;
# gradcli ignored it and backward went on, exit 0).
import torch
import torch.nn as nn

torch.manual_seed(0)
returns = [lambda mod, gi, go: 's', lambda mod, gi, go: (1,), lambda mod, gi, go: (None, None),
           lambda mod, gi, go: [torch.ones(2)], lambda mod, gi, go: (torch.ones(3),),
           lambda mod, gi, go: torch.ones(2), lambda mod, gi, go: (torch.ones(1, 2) * 5,),
           lambda mod, gi, go: None]
for needs_input_grad in [True, False]:
    for i, hook in enumerate(returns):
        m = nn.Linear(2, 2)
        x = torch.ones(1, 2, requires_grad=needs_input_grad)
        m.register_full_backward_hook(hook)
        try:
            m(x).sum().backward()
            print(needs_input_grad, i, "ok", x.grad, m.weight.grad.sum().item())
        except Exception as e:
            print(needs_input_grad, i, type(e).__name__, e)
