import torch

# Python's words for calls with the wrong number of arguments.
def g(a, b=1):
    pass
def h():
    pass
def k(a, b, c, d=0):
    pass
def one(a):
    pass
def kw(a, b=1, *, c=2):
    pass
for call in (lambda: g(1, 2, 3), lambda: h(1), lambda: k(), lambda: k(1), lambda: k(1, 2), lambda: one(1, 2),
             lambda: kw(1, 2, 3), lambda: one()):
    try:
        call()
    except TypeError as e:
        print(e)
print(torch.ones(1).sum().item())
