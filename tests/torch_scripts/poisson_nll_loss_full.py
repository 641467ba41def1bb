import torch
import torch.nn.functional as F
logits = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
y = (torch.arange(12.).reshape(3, 4) % 3)
for kw in ({}, {"full": True}, {"log_input": False, "full": True}, {"log_input": False, "reduction": "sum"}):
    x = logits if kw.get("log_input", True) else logits.exp()
    loss = F.poisson_nll_loss(x, y, **kw)
    logits.grad = None
    loss.backward()
    print(kw, loss, logits.grad)
print(F.poisson_nll_loss(logits.exp(), y * 0.5, log_input=False, full=True, reduction="none"))
t = torch.tensor([0., 1., 2., 5.], requires_grad=True)
loss = F.poisson_nll_loss(torch.ones(4), t, full=True)
loss.backward()
print(loss, t.grad)
print(torch.nn.PoissonNLLLoss(log_input=False, full=True)(logits.exp(), y))
