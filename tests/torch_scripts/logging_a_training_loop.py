# A training loop that logs as generated tutorial scripts do: a named logger, a handler on
# stdout with its own format, %-style arguments, levels deciding what shows.
import logging
import sys
import torch
import torch.nn as nn

log = logging.getLogger("train")
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
log.addHandler(handler)
log.setLevel(logging.INFO)
log.propagate = False
print(log, log.getEffectiveLevel(), log.isEnabledFor(logging.DEBUG), logging.getLevelName(logging.ERROR))

model = nn.Linear(2, 1)
with torch.no_grad():
    model.weight.copy_(torch.tensor([[0.5, -0.25]]))
    model.bias.fill_(0.1)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
y = torch.tensor([[1.0], [2.0]])
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    log.info("epoch %d loss %.4f", epoch, loss.item())
    log.debug("weights %s", model.weight.data)
log.warning("done after %(n)d epochs", {"n": 3})
handler.setLevel(logging.ERROR)
log.warning("filtered by the handler")
log.error("final loss %s", loss)
