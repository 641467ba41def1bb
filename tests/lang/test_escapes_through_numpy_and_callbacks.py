"""Red-team attempts of session 12: numpy's constructor and arrays of Python objects, Python calling
a script's class back (``0.5 in obj``), modular powers, long reprs, and a script's own
RecursionError. Each attack ends in a language error with a position, quickly; what it must not
break still works."""

import time

import pytest

from gradcli.lang import GradcliError, Limits, Session

FAST = 5.0   # CPU seconds of this process an attack may take (wall time fails on a loaded machine)


@pytest.fixture(scope="module")
def session():
    s = Session(limits=Limits(timeout=1.0, max_elements=1_000_000, max_sequence=1_000_000))
    s.run("import numpy as np\na = np.ones(3)")
    return s


def _refused(session, source, kind):
    start = time.process_time()
    with pytest.raises(GradcliError) as info:
        session.run(source, "attack.grad")
    err = info.value
    assert err.kind == kind, err
    assert err.line is not None and err.column is not None, err
    assert time.process_time() - start < FAST
    assert session.eval("a.sum().item()") == 3.0
    return err


OBJECT_ARRAYS = [
    # numpy's constructor takes any buffer, strides and dtype: the class is not callable
    "np.ndarray((3,), dtype=object)",
    "b = np.zeros(8)\nnp.ndarray((2**40,), buffer=b, strides=(0,)).sum()",
    # an array of Python objects runs Python's operators elementwise, in one C call
    "a.astype(object)",
    "a.astype('O')",
    "a.astype(np.dtype('O'))",
    "a.cumsum(dtype=object)",
    "a.sum(axis=0, keepdims=True, dtype=object)",
    "a * [10**30, 1, 1]",
    "[10**30] * a",
    "np.zeros(1, dtype=np.int64) + [10**30]",
    "torch.ones(2).numpy() - [10**30, 1]",
    "np.float64(2) + [10**30]",
]


@pytest.mark.parametrize("source", OBJECT_ARRAYS)
def test_numpy_arrays_of_python_objects_are_refused(session, source):
    err = _refused(session, source, "type")
    assert "Python objects" in err.message or "cannot be called" in err.message


def test_numpy_arrays_of_numbers_still_work(session):
    assert session.eval("isinstance(a, np.ndarray), type(a) is np.ndarray, np.ndarray.__name__") \
        == (True, True, "ndarray")
    assert session.eval("isinstance(1.5, (np.ndarray, float)), str(np.ndarray)") == (True, "<class 'numpy.ndarray'>")
    assert session.eval("(a * [1, 2, 3] + 1).tolist(), a.astype(int).tolist(), a.cumsum().tolist()") \
        == ([2.0, 3.0, 4.0], [1, 1, 1], [1.0, 2.0, 3.0])
    assert session.eval("a.astype(np.float32).dtype.name, a.sum(dtype=np.int64).item()") == ("float32", 3)


CALLBACKS = [
    # Python calls the script's class back; the time limit stops it at the statement that asked
    ("class A:\n    def __getitem__(self, i): return i\n0.5 in A()", 3),
    ("class A:\n    def __iter__(self): return self\n    def __next__(self): return 1\nv = -1 in A()", 4),
    ("class A:\n    def __eq__(self, o):\n        while True: pass\nA() == 1", 3),
]


@pytest.mark.parametrize("source, line", CALLBACKS)
def test_a_runaway_callback_ends_at_the_time_limit_with_a_position(session, source, line):
    err = _refused(session, source, "limit")
    assert "time limit" in err.message and err.line == line


def test_a_modular_power_too_large_to_finish_in_time_is_a_limit(session):
    err = _refused(session, "pow(10**4000, 10**4000, 10**4000 + 7)", "limit")
    assert err.message == ("pow() with a 13288-bit exponent and a 13288-bit modulus would take too long "
                           "(up to 4096 bits each)")
    assert session.eval("pow(7, -1, 10), pow(2, 10, 1000), pow(3, 2**4096 - 1, 2**4096 - 159) > 0") \
        == (3, 24, True)


@pytest.mark.parametrize("source", [
    "len(str([A()] * 10))", "len(repr([A()] * 10))", "len(f'{[A()] * 10}')",
])
def test_text_made_by_a_script_class_repr_is_held_to_the_sequence_limit(session, source):
    session.run("class A:\n    def __repr__(self): return 'a' * 200_000")
    err = _refused(session, source, "limit")
    assert err.message == "string of 2000020 items exceeds the limit of 1000000"
    assert session.eval("len(str([A()] * 2))") == 400_004


def test_a_scripts_own_recursionerror_is_pythons_and_except_catches_it(out):
    s = Session(stdout=out)
    s.run("try:\n    raise RecursionError('mine')\nexcept RecursionError as e:\n    print('caught', e)\n"
          "try:\n    raise RecursionError\nexcept RecursionError:\n    print('caught again')")
    assert out.getvalue() == "caught mine\ncaught again\n"
    with pytest.raises(GradcliError) as info:
        s.run("raise RecursionError('mine')")
    assert (info.value.kind, info.value.message, info.value.line) == ("runtime", "RecursionError: mine", 1)


def test_a_namedtuple_with_too_many_fields_is_a_limit(session):
    # Python compiles a class per call, in time that grows with the fields and no time check reaches
    err = _refused(session, "import collections\ncollections.namedtuple('P', ['a' + str(i) for i in range(2000)])",
                   "limit")     # (2000 names build well within the session's 1 s, also on a loaded machine)
    assert err.message == "namedtuple() with 2000 fields: at most 1000 in gradcli scripts"
    assert session.eval("collections.namedtuple('P', 'x y')(1, 2).y") == 2
    assert session.eval("len(collections.namedtuple('Q', ['a' + str(i) for i in range(1000)])(*range(1000)))") == 1000


@pytest.mark.parametrize("source", ["np.convolve(np.ones(10**6), np.ones(10**6))",
                                    "np.correlate(np.ones(10**5), np.ones(10**5), 'full')"])
def test_a_convolution_too_long_for_one_call_is_a_limit(session, source):
    # 10**6 by 10**6 ran 146 s of CPU in one C call, past the 60 s time limit that no check reached
    err = _refused(session, source, "limit")
    assert "multiplications in one call, past every time check (at most 1000000000)" in err.message
    assert session.eval("np.convolve([1, 2, 3], [0, 1, 0.5]).tolist()") == [0.0, 1.0, 2.5, 4.0, 1.5]
    assert session.eval("np.correlate([1, 2, 3], [0, 1, 0.5], mode='same').tolist()") == [2.0, 3.5, 3.0]
