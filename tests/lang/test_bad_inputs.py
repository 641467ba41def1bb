"""Bad arguments in scripts end with torch's error, never with a quietly different answer."""

import pytest

from gradcli.lang import GradcliError, Session

# A float where torch wants a size: int() used to truncate it, so `torch.zeros(1.5)` printed
# tensor([0.]) and exited 0 where torch raises.
FLOAT_SIZES = [
    "torch.zeros(1.5)",
    "torch.ones(2.0, 3)",
    "torch.empty(2.0)",
    "torch.full((2.0,), 1)",
    "torch.rand(2.5)",
    "torch.randn(2.5)",
    "torch.ones(3).reshape(3.0)",
    "torch.ones(4).expand(4.0)",
    "torch.ones(3).repeat(2.0)",
    "torch.nn.Linear(2.0, 3)",
]


@pytest.mark.parametrize("source", FLOAT_SIZES)
def test_a_float_size_is_a_type_error(source):
    with pytest.raises(GradcliError) as info:
        Session().run(source)
    assert info.value.kind == "type"
    assert "must be tuple of ints, but found element of type float" in info.value.message


@pytest.mark.parametrize("source", FLOAT_SIZES)
def test_torch_refuses_the_same_float_sizes(source):
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError):
        eval(source, {"torch": torch})


def test_caret_on_sets_says_what_to_write():
    # Python's `^` of sets binds looser than `&`; gradcli's `^` is power, so it refuses, never answers otherwise
    with pytest.raises(GradcliError, match=r"a\.symmetric_difference\(b\)") as info:
        Session().run("{1, 2} ^ {2, 3} & {3}")
    assert info.value.kind == "type"
    assert Session().run("{1, 2}.symmetric_difference({2, 3})") == {1, 3}


def test_integer_sizes_of_every_kind_still_work():
    s = Session()
    assert s.eval("torch.zeros(torch.tensor(3)).shape") == (3,)
    assert s.eval("torch.ones(3).view(torch.Size([3, 1])).shape") == (3, 1)
    assert s.eval("torch.ones(2, 3).expand(torch.tensor(4), 2, 3).shape") == (4, 2, 3)
    assert s.eval("torch.ones(3).repeat(torch.tensor(2)).shape") == (6,)
    assert s.eval("torch.full([2, 3], True).shape") == (2, 3)


def test_an_interrupt_is_an_error_at_the_running_statement_that_no_script_catches():
    s = Session()

    def interrupt():
        raise KeyboardInterrupt
    s.set("ctrl_c", interrupt)
    with pytest.raises(GradcliError) as info:
        s.run("def f():\n    try:\n        ctrl_c()\n    except Exception:\n        pass\nf()", "spin.grad")
    err = info.value
    assert (err.kind, err.message, err.filename, err.line) == ("interrupted", "KeyboardInterrupt", "spin.grad", 3)
    assert [frame.function for frame in err.frames] == ["<module>", "f"]
    with pytest.raises(GradcliError) as info:
        s.run("v = 1\nctrl_c()", "top.grad")
    assert (info.value.kind, info.value.line) == ("interrupted", 2)
    assert s.run("1 + 1") == 2


# What torch answers for arguments of the wrong kind; gradcli answered differently and exited 0
TORCH_ANSWERS = [
    ("torch.ones(2, dtype=float).dtype", "torch.float64"),         # Python's float is double, not the default
    ("torch.ones(2).to(float).dtype", "torch.float64"),            # to(float) kept float32
    ("torch.ones(2).to('cpu', float).dtype", "torch.float64"),
    ("torch.ones(2, dtype=torch.float16).to(int).dtype", "torch.int64"),
    ("torch.ones(3) == None", "False"),                            # a TypeError before
    ("torch.ones(3) != None", "True"),
    ("torch.ones(3) == 'a'", "False"),
    ("torch.ones(3) == [1, 1, 1]", "False"),                       # a tensor of booleans before
    ("torch.ones(3) == (1, 1, 1)", "False"),
    ("torch.ones(3) == 1", "tensor([True, True, True])"),
]


@pytest.mark.parametrize("source, expected", TORCH_ANSWERS)
def test_wrongly_typed_arguments_get_torchs_answer(source, expected):
    assert str(Session().eval(source)) == expected


@pytest.mark.parametrize("source, expected", TORCH_ANSWERS)
def test_the_answers_are_torchs(source, expected):
    torch = pytest.importorskip("torch")
    assert str(eval(source, {"torch": torch})) == expected


TORCH_ERRORS = [
    ("x = torch.ones(2)\nx.requires_grad = 5", "runtime", "requires_grad must be a bool"),
    ("torch.ones(2).requires_grad_(1)", "type", "must be bool, not int"),
    ("torch.ones(2).to(5)", "runtime", "Cannot access accelerator device when none is available."),
    ("torch.ones(2).to(-1)", "runtime", "Device index must not be negative"),
    # a complex output has no implicit gradient (it was 1+0j, a silent answer)
    ("x = torch.tensor(1+2j, requires_grad=True)\n(x * 2).backward()", "runtime",
     "grad can be implicitly created only for real scalar outputs but got torch.complex64"),
    ("x = torch.tensor(1+2j, requires_grad=True)\ntorch.autograd.grad(x * 2, x)", "runtime",
     "grad can be implicitly created only for real scalar outputs but got torch.complex64"),
    ("x = torch.tensor(2., requires_grad=True)\ntorch.autograd.grad(x * 2, x, torch.tensor(1+1j))", "runtime",
     "grad_output[0] has a dtype of torch.complex64 and output[0] has a dtype of torch.float32"),
]


@pytest.mark.parametrize("source, kind, message", TORCH_ERRORS)
def test_wrongly_typed_arguments_are_errors_as_in_torch(source, kind, message):
    with pytest.raises(GradcliError) as info:
        Session().run(source)
    assert info.value.kind == kind and message in info.value.message
    torch = pytest.importorskip("torch")
    with pytest.raises(Exception):
        exec(source, {"torch": torch})


@pytest.mark.parametrize("source, message", [
    ("torch.ones(3, requires_gard=True)",
     "ones() got an unexpected keyword argument 'requires_gard'; did you mean 'requires_grad'?"),
    ("torch.nn.Linear(2, 2, bais=False)", "got an unexpected keyword argument 'bais'; did you mean 'bias'?"),
    ("torch.ones(3).sum(dims=0)", "sum() got an unexpected keyword argument 'dims'; did you mean 'dim'?"),
    ("torch.ones(3).sum(foo=0)", "sum() got an unexpected keyword argument 'foo'"),
])
def test_a_misspelt_keyword_names_the_parameter_it_is_closest_to(source, message):
    with pytest.raises(GradcliError) as info:
        Session().run(source)
    assert info.value.kind == "type" and info.value.message.endswith(message)


@pytest.mark.parametrize("source, message", [
    ("sum([1], foo=1)", "TypeError: sum() got an unexpected keyword argument 'foo'"),
    ("sorted()", "TypeError: sorted() missing 1 required positional argument: 'iterable'"),
    ("isinstance(1)", "TypeError: isinstance() missing 1 required positional argument: 'classinfo'"),
    ("enumerate()", "TypeError: enumerate() missing 1 required positional argument: 'iterable'"),
    ("pow()", "TypeError: pow() missing 1 required positional argument: 'base'"),
    ("exit(1, 2)", "TypeError: exit() takes from 0 to 1 positional arguments but 2 were given"),
])
def test_a_builtin_called_wrongly_is_named_as_scripts_call_it(source, message):
    with pytest.raises(GradcliError) as info:
        Session().run(source)
    assert info.value.message == message
