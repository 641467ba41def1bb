"""The interpreter's fast paths (attribute sites that remember a type or a namespace, direct calls
of engine functions and methods, tensor arithmetic checked inline, globals read in place) answer
and refuse exactly as the general paths do: one compiled site sees a value it has read before,
then one it must refuse, and the refusal keeps its kind and position."""

import pytest

from gradcli.lang import GradcliError, Limits, Session


@pytest.fixture()
def session():
    s = Session(limits=Limits(timeout=5.0, max_elements=1_000_000))
    s.run("x = torch.ones(3, requires_grad=True)\ny = (x * 2).sum()\ny.backward()")
    return s


def refused(session, source):
    with pytest.raises(GradcliError) as info:
        session.run(source, "fast.grad")
    return info.value


def test_a_site_that_read_grad_on_tensors_refuses_it_on_another_type(session):
    err = refused(session, "def g(v):\n    return v.grad\nfor v in [x, x, 1]:\n    g(v)")
    assert (err.kind, err.line, err.column) == ("attribute", 2, 12)
    assert "'int' object has no attribute 'grad'" in err.message


@pytest.mark.parametrize("name", ["__class__", "__dict__", "_data", "__init__", "_gradcli_user_attributes"])
def test_a_warm_site_still_refuses_dunder_and_private_names(session, name):
    # the same site first reads an allowed name on the same values, then the private one
    session.run("def read(v, n):\n    return v.shape if n == 0 else v.shape\nfor i in range(3):\n    read(x, i)")
    err = refused(session, f"def g(v):\n    return v.{name}\nfor v in [x, x, [1], 'a', 1]:\n    g(v)")
    assert (err.kind, err.line) == ("attribute", 2)


def test_private_names_are_refused_on_every_round_of_a_loop(session):
    assert session.run("n = 0\nfor i in range(5):\n    try:\n        x._data\n    except AttributeError:\n"
                       "        n += 1\nn") == 5
    assert refused(session, "for v in [x, 1, 'a']:\n    v.__class__").kind == "attribute"


def test_user_attributes_are_read_per_object_not_per_type(session):
    session.run("a = torch.ones(1)\na.note = 'a'\nb = torch.ones(1)")
    assert session.run("def n(v):\n    return v.note\nn(a)") == "a"
    err = refused(session, "n(a)\nn(b)")
    assert (err.kind, err.line) == ("attribute", 2)
    assert "no attribute 'note'" in err.message


def test_script_class_instances_keep_their_own_attributes(session):
    session.run("class P:\n    pass\np = P()\np.w = 1\nq = P()")
    assert session.run("def w(v):\n    return v.w\nw(p) + w(p)") == 2
    assert refused(session, "w(q)").kind == "attribute"


def test_guarded_methods_stay_guarded_when_read_again(session):
    session.run("l = [1]\nfor i in range(3):\n    l.append(i)")
    assert session.get("l") == [1, 0, 1, 2]
    err = refused(session, "s = 'ab'\nfor i in range(3):\n    s.zfill(10 ** 9)")
    assert err.kind == "limit"


def test_a_namespace_site_remembers_one_namespace_and_refuses_others(session):
    session.run("def f(m):\n    return m.sqrt")
    assert session.run("f(math)(4.0)") == 2.0
    assert session.run("f(torch)(torch.tensor(9.0)).item()") == 3.0
    assert session.run("f(math)(16.0)") == 4.0
    assert refused(session, "f([1])").kind == "attribute"
    err = refused(session, "def d(m):\n    return m.__dict__\nd(math)")
    assert (err.kind, err.line) == ("attribute", 2)
    assert refused(session, "for m in [math, torch]:\n    m.__loader__").kind == "attribute"


def test_sites_of_each_shape_follow_a_rebound_module_name(session):
    # a read and calls of 0, 1, 2 and 3 arguments, each shape its own closure: warmed on torch and on
    # tensors, then the same sites when `torch` names math, then a list (values: torch 2.13)
    session.run("def sites(t):\n"
                "    return (torch.pi, t.sum().item(), torch.sqrt(t).tolist(), torch.maximum(t, t).tolist(),\n"
                "            torch.clamp(t, 0.5, 2.0).tolist(), t.clamp(0.5, 2.0).tolist(), t.dim())\n"
                "def r(v):\n"
                "    return (torch.pi, torch.sqrt(v), torch.hypot(v, 0.0), torch.fsum([v, v]))")
    rounds = session.run("[sites(torch.tensor([0.25, 4.0])) for i in range(3)]")
    assert rounds == [(3.141592653589793, 4.25, [0.5, 2.0], [0.25, 4.0], [0.5, 2.0], [0.5, 2.0], 1)] * 3
    session.run("import math as torch")
    assert session.run("r(16.0)") == (3.141592653589793, 4.0, 16.0, 32.0)
    session.run("torch = [1]")
    err = refused(session, "r(1.0)")
    assert (err.kind, err.line, err.column) == ("attribute", 5, 13)     # r's line in the source that defined it
    assert err.message == "AttributeError: 'list' object has no attribute 'pi'"
    err = refused(session, "torch.hypot(1, 2)")
    assert (err.kind, err.line, err.column) == ("attribute", 1, 1)
    err = refused(session, "def q(v):\n    return v.clamp(1, 2)\nq(1)")
    assert (err.kind, err.line, err.column) == ("attribute", 2, 12)
    assert err.message == "AttributeError: 'int' object has no attribute 'clamp'"


def test_direct_calls_keep_the_error_position_and_text(session):
    err = refused(session, "a = torch.ones(2, 3)\nfor i in range(2):\n    torch.mm(a, a)")
    assert (err.kind, err.line, err.column) == ("runtime", 3, 5)
    assert err.message.startswith("RuntimeError: ")
    err = refused(session, "for i in range(2):\n    x.view(7)")
    assert (err.line, err.column) == (2, 5)


def test_direct_calls_still_hand_script_functions_and_builtins_to_the_general_path(session):
    assert session.run("def f(v):\n    return v + 1\nf(1), str(2), list((1, 2)), round(2.5)") == (
        2, "2", [1, 2], 2)
    assert refused(session, "str('a' * 100, 1)").kind == "type"
    assert refused(session, "math(1)").kind == "type"
    err = refused(session, "def f(n):\n    return f(n + 1)\nf(0)")
    assert err.kind == "runtime" and err.message == "RecursionError: maximum recursion depth exceeded" and err.frames


def test_tensor_arithmetic_fast_path_checks_sizes_and_gives_torch_values(session):
    assert session.run("a = torch.tensor([1.0, 2.0])\n(a + a * 2 - 1 / a @ a).tolist()") == [1.0, 4.0]   # torch's
    assert session.run("(2 * a - a).tolist()") == [1.0, 2.0]
    err = refused(session, "big = torch.ones(2000)\nbig[:, None] * big[None, :]")
    assert (err.kind, err.line) == ("limit", 2)
    err = refused(session, "torch.ones(2) + torch.ones(3)")
    assert err.kind == "runtime" and err.column == 1


def test_a_number_literal_beside_a_tensor_gives_torch_values_and_falls_back_for_other_values(session):
    session.run("a = torch.tensor([1.0, 2.0])")
    assert session.run("(0.5 * a).tolist(), (a - 1).tolist(), (2 / a).tolist(), (a @ a * 2).item()") == (
        [0.5, 1.0], [0.0, 1.0], [2.0, 1.0], 10.0)
    assert session.run("(2 * 3, 'ab' * 2, [0] * 2, 1.5 - 1, a.dtype)") == (6, "abab", [0, 0], 0.5,
                                                                        session.eval("torch.float32"))
    assert session.run("(True + a).tolist()") == [2.0, 3.0]      # bool is no number literal here
    assert refused(session, "'ab' * 10**8").kind == "limit"     # the general path's size check
    err = refused(session, "w = torch.ones(2)\n0.5 * 'text'")
    assert (err.kind, err.line, err.column) == ("type", 2, 1)
    err = refused(session, "s = 'a'\ns - 1")
    assert (err.kind, err.line) == ("type", 2) and "unsupported operand" in err.message


def test_a_comparison_with_a_literal_gives_pythons_and_torchs_answers(session):
    assert session.run("[i < 2 for i in range(4)]") == [True, True, False, False]
    assert session.run("(torch.tensor([1.0, 3.0]) < 2).tolist(), 'a' == 'a', None is None") == (
        [True, False], True, True)
    err = refused(session, "v = 'a'\nv < 1")
    assert (err.kind, err.line) == ("type", 2) and "not supported between" in err.message


def test_globals_read_in_place_fall_back_to_builtins_and_name_errors(session):
    assert session.run("def f():\n    return len([1, 2]) + abs(-1)\nf()") == 3
    err = refused(session, "def f():\n    return undefined_name.shape\nf()")
    assert (err.kind, err.line, err.column) == ("name", 2, 12)
    # a local of the same name is not the global
    assert session.run("v = 1\ndef f():\n    v = torch.ones(2)\n    return v.shape[0] + v.sum().item()\nf()") == 4.0
    err = refused(session, "def f():\n    print(w.shape)\n    w = 1\nf()")
    assert err.kind == "name" and "UnboundLocalError" in err.message


def test_for_loops_place_iterator_errors_at_the_iterable_and_body_errors_in_the_body(session):
    err = refused(session, "d = {1: 1}\nfor k in d:\n    d[k + 1] = 1")
    assert (err.kind, err.line, err.column) == ("runtime", 2, 10)
    assert "dictionary changed size during iteration" in err.message
    err = refused(session, "for a, b in [1]:\n    pass")
    assert (err.kind, err.line, err.column) == ("type", 1, 5)
    err = refused(session, "for i in range(3):\n    1 / 0")
    assert (err.kind, err.line, err.column) == ("arithmetic", 2, 5)
    assert session.run("t = 0\nfor i in range(5):\n    if i == 3:\n        continue\n    t += i\nelse:\n"
                       "    t += 100\nt") == 107
    assert session.run("t = 0\nfor i in range(5):\n    if i == 3:\n        break\n    t += i\nelse:\n"
                       "    t += 100\nt") == 3


def test_augmented_assignment_on_numbers_gives_pythons_values(session):
    # one site sees ints, floats and a bool (the general path), as Python computes them
    source = ("values = []\nfor start, step in [(7, 2), (-7, 2), (2.5, 0.5), (True, 1)]:\n"
              "    for op in range(6):\n        v = start\n"
              "        if op == 0:\n            v += step\n        elif op == 1:\n            v -= step\n"
              "        elif op == 2:\n            v *= step\n        elif op == 3:\n            v /= step\n"
              "        elif op == 4:\n            v //= step\n        else:\n            v %= step\n"
              "        values.append(v)\nvalues")
    expected = []
    for start, step in [(7, 2), (-7, 2), (2.5, 0.5), (True, 1)]:
        expected += [start + step, start - step, start * step, start / step, start // step, start % step]
    values = session.run(source)
    assert values == expected and [type(v) for v in values] == [type(v) for v in expected]


def test_augmented_assignment_on_numbers_refuses_as_the_general_path(session):
    err = refused(session, "n = 3\nfor _ in range(20):\n    n *= n")
    assert (err.kind, err.line, err.column) == ("limit", 3, 5)
    assert "more than 4300 digits" in err.message
    err = refused(session, "n = 1\nn //= 0")
    assert (err.kind, err.line, err.column) == ("arithmetic", 2, 1)
    assert refused(session, "n = 1\nn += 'a'").message == \
        "TypeError: unsupported operand type(s) for +=: 'int' and 'str'"
    assert refused(session, "missing += 1").kind == "name"


def test_augmented_assignment_falls_back_for_strings_lists_tensors_and_locals(session):
    assert session.run("s = 'a'\ns += 'b'\nl = [1]\nm = l\nl += [2]\n(s, m)") == ("ab", [1, 2])
    assert session.run("t = torch.ones(2)\nu = t\nt += 1\n(t is u, t._version, t.tolist())") == (True, 1, [2.0, 2.0])
    assert session.run("def f(k):\n    k += 1.5\n    return k\nf(1)") == 2.5
    assert session.run("g = 1\ndef h():\n    global g\n    g += 2\nh()\ng") == 3
    err = refused(session, "big = 'a' * 6_000_000\nbig += big")
    assert (err.kind, err.line) == ("limit", 2)


@pytest.mark.parametrize("source", [
    "while True:\n    pass",
    "n = 0\nwhile True:\n    n += 1",
    "for a in range(10**6):\n    for b in range(3):\n        for c in range(2):\n            for d in []:\n                pass",
    "def f():\n    return 1\nfor a in range(10**7):\n    f()",
])
def test_loops_that_read_the_clock_every_few_rounds_still_stop_at_the_time_limit(source):
    quick = Session(limits=Limits(timeout=0.3))
    with pytest.raises(GradcliError) as info:
        quick.run(source)
    assert info.value.kind == "limit" and "time limit of 0.3 s exceeded" in info.value.message


def test_a_while_test_that_cannot_be_a_bool_is_placed_at_the_test(session):
    err = refused(session, "n = 1\nwhile torch.ones(2):\n    n -= 1")
    assert (err.kind, err.line, err.column) == ("runtime", 2, 7)
    assert "Boolean value of Tensor with more than one value is ambiguous" in err.message
    assert session.run("n = 3\nwhile n:\n    n -= 1\nelse:\n    n = 'done'\nn") == "done"


def test_operands_of_each_shape_give_torchs_values_and_pythons(session):
    # names read in place and other expressions, on each side (a closure per shape); values: torch 2.13
    session.run("a = torch.tensor([1.0, 2.0])\nb = torch.tensor([[3.0], [4.0]])\nlr = 0.5\nn = 3\ns = 'ab'")
    assert session.run("(a - b).tolist(), (lr * a).tolist(), (a / n).tolist(), (n - a).tolist(), s + s") == (
        [[-2.0, -1.0], [-3.0, -2.0]], [0.5, 1.0], [0.3333333432674408, 0.6666666865348816], [2.0, 1.0], "abab")
    assert session.run("(a @ a.abs()).item(), (torch.mm(b.T, b) + lr).tolist(), (a.sum() * a - b.T).tolist()") == (
        5.0, [[25.5]], [[0.0, 2.0]])
    assert session.run("(a * b).sum().item(), [n] * 2 + [s], n * s, (n - lr) * n") == (21.0, [3, 3, "ab"], "ababab", 7.5)
    assert session.run("for i in range(3):\n    c = a + b\n    d = c.sum() - lr\nd.item()") == 19.5


def test_operands_of_each_shape_refuse_at_their_place(session):
    session.run("a = torch.tensor([1.0, 2.0])\nn = 3")
    for source, column in (("a + missing", 5), ("missing - a", 1), ("a.sum() * missing", 11), ("missing @ a.t()", 1)):
        err = refused(session, source)
        assert (err.kind, err.line, err.column) == ("name", 1, column) and "'missing' is not defined" in err.message
    err = refused(session, "big = torch.ones(2000)\ncol = big[:, None]\nrow = big[None, :]\ncol * row")
    assert (err.kind, err.line) == ("limit", 4)
    err = refused(session, "for i in range(2):\n    n - 'a'")
    assert (err.kind, err.line, err.column) == ("type", 2, 5)
    assert err.message == "TypeError: unsupported operand type(s) for -: 'int' and 'str'"
    assert refused(session, "s = 'a'\nfor i in range(2):\n    s * 10**9").kind == "limit"


def test_blocks_without_break_continue_or_return_run_as_those_with(session):
    source = ("def f(k):\n    total = 0\n    for i in range(k):\n        def g():\n            return i\n"
              "        try:\n            total += g()\n        finally:\n            total += 1\n"
              "        with torch.no_grad():\n            total += 10\n    return total\n"
              "def h(k):\n    for i in range(k):\n        with torch.no_grad():\n            if i == 2:\n"
              "                return i\n    return -1\n"
              "t = 0\nfor i in range(4):\n    try:\n        t += f(i)\n    except ValueError:\n        break\n"
              "(t, h(5), h(1))")
    assert session.run(source) == (70, 2, -1)     # Python and torch 2.13


def test_loops_whose_body_runs_in_the_loop_place_errors_and_values_as_other_loops(session):
    # a body of two or more assignments and calls runs statement by statement in the loop's closure
    err = refused(session, "t = 0\nfor i in range(3):\n    t += i\n    t / (i - 1)")
    assert (err.kind, err.line, err.column) == ("arithmetic", 4, 5)
    err = refused(session, "d = {1: 1}\nfor k in d:\n    d[k + 1] = 1\n    k = 0")
    assert (err.kind, err.line, err.column) == ("runtime", 2, 10)
    assert session.run("t = 0\nfor i in range(5):\n    t += i\n    t *= 2\nelse:\n    t += 100\nt") == 152
    assert session.run("def f(k):\n    s = []\n    for i in range(k):\n        s.append(i)\n        s.append(-i)\n"
                       "    return s\nf(2)") == [0, 0, 1, -1]


def test_an_if_on_a_name_compared_with_a_literal_answers_and_refuses_as_other_ifs(session):
    assert session.run("out = []\nfor i in range(4):\n    if i < 2:\n        out.append('a')\n    else:\n"
                       "        out.append('b')\nout") == ["a", "a", "b", "b"]
    assert session.run("v = torch.tensor([3.0])\nif v > 2:\n    r = 1\nelse:\n    r = 2\nr") == 1
    err = refused(session, "v = 'a'\nif v < 1:\n    pass")
    assert (err.kind, err.line, err.column) == ("type", 2, 4) and "not supported between" in err.message
    err = refused(session, "v = torch.ones(2)\nif v > 0:\n    pass")
    assert (err.kind, err.line, err.column) == ("runtime", 2, 4)
    assert "Boolean value of Tensor with more than one value is ambiguous" in err.message
    err = refused(session, "if missing == 1:\n    pass")
    assert (err.kind, err.line, err.column) == ("name", 1, 4)
