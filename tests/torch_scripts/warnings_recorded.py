# warnings.catch_warnings(record=True): a tutorial's way to show the non-leaf .grad warning on stdout
# (torch's text, with its "Triggered internally" note), and a script's own warnings.
import warnings

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("y.grad:", y.grad)
    print(len(caught), caught[0].category.__name__, issubclass(caught[-1].category, UserWarning))
    print(caught[0].message)
    print("retain_grad" in str(caught[0].message))

y.retain_grad()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y.sum().backward()
    print("after retain_grad:", y.grad, len(caught))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("learning rate is large", RuntimeWarning)
    warnings.warn("old API", DeprecationWarning)
print([(w.category.__name__, str(w.message)) for w in caught])

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        (x * 2).grad
    except UserWarning as e:
        print("as an error:", str(e)[:50])
