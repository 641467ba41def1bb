import torch
# a list or tuple beside a tensor is refused as torch refuses it (the functions name the argument;
# the operators raise TypeError too, in Python's words in torch); it was turned into a tensor
x = torch.tensor([1., 2.])
i = torch.tensor([4, 6])
for name, f in [("torch.add", lambda: torch.add(x, [1, 2])), ("torch.add input", lambda: torch.add([1, 2], x)),
                ("torch.sub", lambda: torch.sub(x, [1., 2.])), ("torch.mul", lambda: torch.mul(x, [1., 2.])),
                ("torch.div", lambda: torch.div(x, [1., 2.])), ("add_", lambda: x.clone().add_([1, 2])),
                ("mul_", lambda: x.clone().mul_([1, 2])), ("x == list", lambda: x == [1, 2]), ("x + 1", lambda: x + 1)]:
    try:
        print(name, f())
    except TypeError as e:
        print(name, "TypeError:", str(e).split("\n")[0])
for name, f in [("x + list", lambda: x + [1, 2]), ("list + x", lambda: [1, 2] + x), ("x - list", lambda: x - [1, 2]),
                ("x * tuple", lambda: x * (1, 2)), ("x / list", lambda: x / [1, 2]), ("x < list", lambda: x < [1, 2]),
                ("x // list", lambda: x // [1, 2]), ("i % list", lambda: i % [1, 2]), ("i & list", lambda: i & [1, 2]),
                ("x ** list", lambda: x ** [1, 2])]:
    try:
        print(name, f())
    except TypeError:
        print(name, "TypeError")
