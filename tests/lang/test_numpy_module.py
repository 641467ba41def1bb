"""`import numpy as np` in scripts: the numpy that PyTorch scripts use beside torch, and no more."""

import textwrap

import pytest

from gradcli.lang import GradcliError, Session


def run(session, source):
    return session.run(textwrap.dedent(source), "example.grad")


def test_numpy_data_in_and_gradients_out(session, out):
    run(session, """
        import numpy as np
        import torch
        a = np.array([1.0, 2.0, 3.0])
        x = torch.from_numpy(a).requires_grad_(True)
        (x ** 2).sum().backward()
        print(x.grad.numpy(), np.allclose(x.grad.numpy(), 2 * a), x.dtype)
        print(torch.tensor(np.linspace(0, 1, 3), dtype=torch.float32))
    """)
    assert out.getvalue() == "[2. 4. 6.] True torch.float64\ntensor([0.0000, 0.5000, 1.0000])\n"


def test_numpy_random_is_numpys_stream_and_the_sessions_own(out):
    first, second = Session(stdout=out), Session(stdout=out)
    run(first, "import numpy as np\nnp.random.seed(0)\nprint(np.random.randn(2))")
    run(second, "import numpy as np\nnp.random.seed(0)")
    run(first, "print(np.random.rand())")        # the other session's seed does not restart this one
    assert out.getvalue() == "[1.76405235 0.40015721]\n0.6027633760716439\n"


def test_numpy_scalars_format_as_numbers(session, out):
    run(session, """
        import numpy as np
        print(f"{np.float32(1.25):.3f} {np.mean(np.array([1, 2])):.1f}", np.sum(np.ones(3)).item())
    """)
    assert out.getvalue() == "1.250 1.5 3.0\n"


def test_submodules_import_as_in_python(session, out):
    run(session, """
        from numpy import linalg as LA
        import numpy.random as npr
        from numpy.testing import assert_allclose
        npr.seed(1)
        assert_allclose(LA.norm([3.0, 4.0]), 5.0)
        print(type(npr.rand(2)))
    """)
    assert out.getvalue() == "<class 'numpy.ndarray'>\n"


@pytest.mark.parametrize("source, kind", [
    ("np.load('/etc/passwd')", "attribute"),                # no file I/O
    ("np.ones(2).tofile('/tmp/x')", "attribute"),
    ("np.ones(2).ctypes", "attribute"),                      # no memory addresses
    ("np.ones(2).base", "attribute"),
    ("np.dtype('O').type", "attribute"),
    ("np.vectorize(print)", "attribute"),                    # nothing that calls back into Python
    ("np.set_printoptions(precision=1)", "attribute"),       # no process-wide state
    ("np.ones(10**8)", "limit"),                             # the tensor element limit
    ("'{0.ctypes}'.format(np.ones(2))", "attribute"),
])
def test_what_numpy_does_not_give_scripts(session, source, kind):
    with pytest.raises(GradcliError) as err:
        run(session, "import numpy as np\n" + source)
    assert err.value.kind == kind


@pytest.mark.parametrize("source", [
    "np.array([print])", "np.zeros(3, dtype=object)", "np.array([np])",
    # a record with an object field holds Python objects too: its field is an object array, whose
    # `** 10**7` ran Python's int power elementwise in one C call, past the time limit
    "np.full(100, 7, dtype=[('a', 'O')])['a'] ** 10**7",
    "np.zeros(2, [('a', 'O')])",
    "np.array([(1, 2.0)], dtype='O,f8')",
    "np.ones(3).astype([('a', 'O')])",
    "np.random.default_rng(1).choice([10**30, 1], size=2)",
    "np.random.default_rng(1).permutation([10**30, 1])",
])
def test_arrays_of_python_objects_are_refused(session, source):
    with pytest.raises(GradcliError, match="Python objects"):
        run(session, "import numpy as np\n" + source)


def test_np_without_its_import_says_what_is_missing(session):
    with pytest.raises(GradcliError, match="name 'np' is not defined; did you forget `import numpy as np`"):
        run(session, "np.zeros(2)")
