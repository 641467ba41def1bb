"""``Class.method`` read on a class: ``torch.Tensor.item`` as a sort key, ``nn.Module.__init__(self)``
and ``Base.forward(self, x)`` as older code writes them. The method runs through the instance's own
script rules: the object handed out exposes nothing else."""

import pytest

from gradcli.lang import GradcliError, Session


@pytest.fixture
def session():
    return Session()


def test_tensor_methods_read_on_the_class_take_the_tensor_first(session):
    session.run("import torch\nxs = [torch.tensor(2.), torch.tensor(1.)]")
    assert session.eval("sorted(xs, key=torch.Tensor.item)[0].item()") == 1.0
    assert session.eval("torch.Tensor.add(torch.ones(2), torch.ones(2)).tolist()") == [2.0, 2.0]
    assert session.eval("hasattr(torch.Tensor, 'backward')") is True
    assert session.eval("repr(torch.Tensor.add)") == "<method 'add' of 'torch._C.TensorBase' objects>"


def test_explicit_base_initializer_and_method_calls(session):
    session.run(
        "import torch\nimport torch.nn as nn\n"
        "class Base(nn.Module):\n"
        "    def __init__(self, n):\n"
        "        nn.Module.__init__(self)\n"
        "        self.lin = nn.Linear(n, 1)\n"
        "    def forward(self, x):\n"
        "        return self.lin(x)\n"
        "class Child(Base):\n"
        "    def __init__(self):\n"
        "        Base.__init__(self, 3)\n"
        "    def forward(self, x):\n"
        "        return Base.forward(self, x) * 2\n"
        "class MyError(Exception):\n"
        "    def __init__(self, msg, code):\n"
        "        Exception.__init__(self, msg)\n"
        "        self.code = code\n"
        "c = Child()\n")
    assert session.eval("[n for n, _ in c.named_parameters()]") == ["lin.weight", "lin.bias"]
    assert session.eval("tuple(c(torch.ones(2, 3)).shape)") == (2, 1)
    assert session.eval("str(MyError('boom', 3))") == "boom"


def test_an_instance_of_another_class_is_refused(session):
    session.run("import torch")
    with pytest.raises(GradcliError, match="doesn't apply to a 'int' object"):
        session.eval("torch.Tensor.add(3, 4)")
    with pytest.raises(GradcliError, match="needs an argument"):
        session.eval("torch.Tensor.add()")


@pytest.mark.parametrize("name", ["_policy", "_cls", "_name", "__call__", "__class__", "__self__", "__func__",
                                  "__dict__", "__slots__", "__closure__", "__globals__"])
def test_the_unbound_method_object_exposes_nothing(session, name):
    session.run("import torch\nm = torch.Tensor.add")
    with pytest.raises(GradcliError):
        session.eval(f"m.{name}")


@pytest.mark.parametrize("source", ["torch.Tensor.__dict__", "torch.Tensor.__subclasses__", "torch.Tensor._make_subclass",
                                    "torch.nn.Module.__getattr__", "torch.nn.Module.__setattr__",
                                    "torch.Tensor.__repr__", "torch.Tensor.__getattribute__"])
def test_private_and_special_names_on_classes_stay_refused(session, source):
    session.run("import torch")
    with pytest.raises(GradcliError):
        session.eval(source)
