"""A script names what it registers on a module (``register_buffer``, ``register_parameter``,
``add_module``): a name that is the module's own machinery took its place. ``register_buffer("_parameters",
t)`` dropped the module's parameter table (every later call failed inside the engine) and a buffer named
``forward`` was accepted; torch refuses each with the same KeyError or TypeError."""

import pytest

from gradcli.lang import GradcliError, Session

REFUSED = [
    ("m.register_buffer('_parameters', torch.ones(1))", "KeyError: \"attribute '_parameters' already exists\""),
    ("m.add_module('_modules', nn.Linear(1, 1))", "KeyError: \"attribute '_modules' already exists\""),
    ("m.register_parameter('_forward_hooks', None)", "KeyError: \"attribute '_forward_hooks' already exists\""),
    ("m.register_buffer('forward', torch.ones(1))", "KeyError: \"attribute 'forward' already exists\""),
    ("m.register_parameter('zero_grad', nn.Parameter(torch.ones(1)))",
     "KeyError: \"attribute 'zero_grad' already exists\""),
    ("m.add_module('training', nn.Linear(1, 1))", "KeyError: \"attribute 'training' already exists\""),
    ("m.register_buffer('__class__', torch.ones(1))", "KeyError: \"attribute '__class__' already exists\""),
    ("m.add_module('__dict__', nn.Linear(1, 1))", "KeyError: \"attribute '__dict__' already exists\""),
    ("m.register_buffer('a.b', torch.ones(1))", "KeyError: 'buffer name can\\'t contain \".\"'"),
    ("m.register_buffer('', torch.ones(1))", "KeyError: 'buffer name can\\'t be empty string \"\"'"),
    ("m.add_module('a.b', nn.Linear(1, 1))", "KeyError: 'module name can\\'t contain \".\", got: a.b'"),
    ("m.add_module(5, nn.Linear(1, 1))", "TypeError: module name should be a string. Got int"),
    ("m.register_parameter(5, None)", "TypeError: parameter name should be a string. Got int"),
]


@pytest.mark.parametrize("source, message", REFUSED, ids=[s for s, _ in REFUSED])
def test_a_name_of_the_modules_own_machinery_is_refused(source, message):
    s = Session()
    s.run("m = nn.Linear(2, 2)")
    with pytest.raises(GradcliError) as info:
        s.run(source, "names.grad")
    assert info.value.message == message and info.value.line == 1
    assert s.eval("m(torch.ones(2)).shape, len(list(m.parameters())), m.training") == ((2,), 2, True)


@pytest.mark.parametrize("source, message", REFUSED, ids=[s for s, _ in REFUSED])
def test_torch_refuses_the_same_names(source, message):
    torch = pytest.importorskip("torch")
    m = torch.nn.Linear(2, 2)
    with pytest.raises((KeyError, TypeError)) as info:
        exec(source, {"torch": torch, "nn": torch.nn, "m": m})
    assert f"{type(info.value).__name__}: {info.value}" == message


def test_new_names_and_reregistered_ones_still_register():
    s = Session()
    s.run("m = nn.Linear(2, 2)\nm.register_buffer('steps', torch.zeros(1))\nm.register_buffer('steps', torch.ones(1))\n"
          "m.register_parameter('bias', None)\nm.add_module('head', nn.Linear(2, 1))")
    assert s.eval("m.steps.item(), m.bias, [n for n, _ in m.named_children()]") == (1.0, None, ["head"])
