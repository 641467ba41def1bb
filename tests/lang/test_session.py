"""Running scripts: the language's semantics end to end, on the engine."""

import textwrap

import pytest

from gradcli.lang import GradcliError, Session, format_error, free_variables


def run(session, source):
    return session.run(textwrap.dedent(source), "example.grad")


# ------------------------------------------------------- seeds, as pasted


def test_seed_graph_example_prints_like_torch(session, out):
    run(session, """
        A = torch.tensor(2., requires_grad=True)
        B = torch.tensor(.5, requires_grad=True)
        E = torch.tensor(1., requires_grad=True)
        C = A * B
        D = C.exp()
        F = D + E
        print(F)        # tensor(3.7183, grad_fn=<AddBackward0>) 打印计算结果
        print([x.is_leaf for x in [A, B, C, D, E, F]])
        F.backward(retain_graph=True)   # 进行梯度反传
        print(A.grad, B.grad, E.grad)
    """)
    assert out.getvalue().splitlines() == [
        "tensor(3.7183, grad_fn=<AddBackward0>)",
        "[True, True, False, False, True, False]",
        "tensor(1.3591) tensor(5.4366) tensor(1.)",
    ]


def test_custom_function_from_the_seed(session, out):
    run(session, """
         class Exp(Function):
             @staticmethod
             def forward(ctx, i):
                 result = i.exp()
                 ctx.save_for_backward(result)
                 return result

             @staticmethod
             def backward(ctx, grad_output):
                 result, = ctx.saved_tensors
                 return grad_output * result

         # Use it by calling the apply method:
         input = torch.tensor([0., 1.], requires_grad=True)
         output = Exp.apply(input)
         output.sum().backward()
         print(input.grad)
    """)
    assert out.getvalue() == "tensor([1.0000, 2.7183])\n"


def test_ctx_takes_user_attributes(session):
    value = run(session, """
        class Scale(Function):
            @staticmethod
            def forward(ctx, x, k):
                ctx.k = k
                return x * k
            @staticmethod
            def backward(ctx, g):
                return g * ctx.k, None
        x = torch.ones(2, requires_grad=True)
        Scale.apply(x, 3.0).sum().backward()
        x.grad.tolist()
    """)
    assert value == [3.0, 3.0]


def test_grad_mode_decorators_and_context_managers(session):
    value = run(session, """
        x = torch.tensor([1.], requires_grad=True)
        @torch.no_grad()
        def doubler(x):
            return x * 2
        with torch.no_grad():
            with torch.enable_grad():
                y = x * 2
        (doubler(x).requires_grad, y.requires_grad)
    """)
    assert value == (False, True)


def test_seed_training_loop_with_fstring_and_inplace_update(session, out):
    run(session, """
        w1 = torch.tensor([[0.1, 0.15], [0.2, 0.25], [0.3, 0.35]], requires_grad=True)
        input1 = torch.tensor([5, 10]).reshape(2, 1).to(torch.float32)
        for i in range(3):
            loss = (torch.sigmoid(torch.mm(w1, input1)) - 1).pow(2).mean()
            loss.backward()
            with torch.no_grad():
                w1 -= 0.5 * w1.grad
            w1.grad.zero_()
        print(f"loss = {loss:.4f}")
    """)
    assert out.getvalue().startswith("loss = 0.0")


def test_script_hooks_run_inside_backward(session):
    seen, grad = run(session, """
        seen = []
        def hook(g):
            seen.append(g.tolist())
            return g * 2
        x = ones(2, requires_grad=True)
        y = x * 3
        handle = y.register_hook(hook)
        y.sum().backward()
        handle.remove()
        (seen, x.grad.tolist())
    """)
    assert seen == [[1.0, 1.0]] and grad == [6.0, 6.0]


def test_higher_order_grad_through_the_language(session):
    assert run(session, """
        from torch.autograd import grad
        x = tensor(3., requires_grad=True)
        (g,) = grad(x ** 3, x, create_graph=True)
        (g2,) = grad(g, x)
        (g.item(), g2.item())
    """) == (27.0, 18.0)


def test_engine_warnings_are_collected_not_printed(session):
    run(session, "x = ones(2, requires_grad=True)\ny = x * 2\ny.grad")
    assert any("not a leaf Tensor" in w for w in session.warnings)


def test_numpy_floating_point_notices_are_silent_as_in_torch(session, out):
    run(session, """
        print(torch.log(torch.tensor(-1.)), torch.tensor([1.]) / 0, torch.tensor([0., float('inf')]).prod())
        print(torch.tensor([1e300], dtype=torch.float64).float())
    """)
    assert out.getvalue() == "tensor(nan) tensor([inf]) tensor(nan)\ntensor([inf])\n"
    assert session.warnings == []


# ---------------------------------------------------------- Python semantics


def test_augmented_assignment_is_in_place_on_tensors(session):
    assert run(session, """
        x = torch.zeros(2)
        before = x
        x += 1
        x *= 3
        (x is before, x.tolist())
    """) == (True, [3.0, 3.0])


def test_assignment_forms(session):
    assert run(session, """
        a = b = 1
        c, (d, e) = 2, [3, 4]
        l = [0, 0, 0]
        l[1] = 5
        l[-1] += 2
        [a, b, c, d, e, l]
    """) == [1, 1, 2, 3, 4, [0, 5, 2]]


def test_functions_closures_defaults_and_star_args(session):
    assert run(session, """
        def make(scale, *, shift=0):
            def apply(x, *rest, **options):
                return x * scale + shift + sum(rest) + len(options)
            return apply
        f = make(10, shift=1)
        g = lambda v, w=2: v ** w
        (f(2), f(2, 1, 1, flag=True), g(3), g(3, w=3), make(2)(*[5]))
    """) == (21, 24, 9, 27, 10)


def test_assignment_in_a_function_makes_a_local(session):
    run(session, "x = 1\ndef f():\n    y = x + 1\n    return y\ndef g():\n    x = 5\n    return x")
    assert session.eval("f(), g(), x") == (2, 5, 1)
    with pytest.raises(GradcliError) as info:
        run(session, "def h():\n    z = x\n    x = 2\nh()")
    assert info.value.kind == "name" and info.value.line == 2


def test_control_flow(session):
    assert run(session, """
        found = []
        for i in range(10):
            if i % 2 == 0:
                continue
            elif i > 7:
                break
            else:
                found.append(i)
        n = 0
        while True:
            n += 1
            if n >= 3: break
        if n == 3: found.append('done'); found.append(n)
        found
    """) == [1, 3, 5, 7, "done", 3]


def test_comprehensions_have_their_own_scope(session):
    assert run(session, """
        i = 'kept'
        pairs = [(i, j) for i in range(3) if i for j in range(i)]
        (pairs, i, sum(k * k for k in range(4)))
    """) == ([(1, 0), (2, 0), (2, 1)], "kept", 14)


def test_dict_and_set_comprehensions_and_set_literals(session):
    assert run(session, """
        model = torch.nn.Linear(2, 1)
        shapes = {name: tuple(p.shape) for name, p in model.named_parameters()}
        k = 'kept'
        squares = {k: k * k for k in range(4) if k % 2}
        (shapes, squares, k, {n % 3 for n in range(10)}, {1, 2, 2}, {'b', 'a'} | {'c'})
    """) == ({"weight": (1, 2), "bias": (1,)}, {1: 1, 3: 9}, "kept", {0, 1, 2}, {1, 2},
             {"a", "b", "c"})


def test_a_set_of_lists_is_python_s_type_error_at_the_literal(session):
    with pytest.raises(GradcliError) as info:
        session.run("s = {x for x in [[1], [2]]}")
    assert "unhashable type: 'list'" in str(info.value) and info.value.column == 5


def test_annotations_are_accepted_and_never_evaluated(session):
    assert run(session, """
        from __future__ import annotations
        from typing import Dict, List, Optional
        def scale(t: torch.Tensor, by: float = 2.0) -> Optional[torch.Tensor]:
            out: torch.Tensor = t * by
            return out
        sizes: Dict[str, List[int]] = {'a': [1]}
        pending: int
        (scale(torch.ones(1)).item(), sizes, 'pending' in dir() if False else None, repr(List[int]))
    """) == (2.0, {"a": [1]}, None, "typing.List[int]")
    with pytest.raises(GradcliError, match="name 'pending' is not defined"):
        session.run("pending: int\npending")


def test_starred_unpacking_and_displays(session):
    assert run(session, """
        first, *middle, last = range(5)
        *init, tail = 'abc'
        shape = (2, 3)
        (first, middle, last, init, tail, (*shape, 4), [*shape, *middle], {*shape},
         torch.zeros((*shape, 1)).shape == (2, 3, 1))
    """) == (0, [1, 2, 3], 4, ["a", "b"], "c", (2, 3, 4), [2, 3, 1, 2, 3], {2, 3}, True)
    with pytest.raises(GradcliError, match="multiple starred expressions"):
        session.run("a, *b, *c = 1, 2, 3")
    with pytest.raises(GradcliError, match=r"expected at least 2, got 1"):
        session.run("a, *b, c = [1]")


def test_loops_have_else_clauses_that_break_skips(session):
    assert run(session, """
        seen = []
        for i in range(3):
            if i == 5:
                break
        else:
            seen.append('for finished')
        n = 8
        while n > 1:
            n //= 2
            if n == 2:
                break
        else:
            seen.append('while finished')
        (seen, n)
    """) == (["for finished"], 2)


def test_caret_is_power_and_refuses_integers_where_python_means_xor(session):
    assert run(session, "((torch.tensor([3.0]) ^ 2).item(), 2.0 ^ 3, 1 << 4, 256 >> 2, 1 + 2 << 1)") == \
        (9.0, 8.0, 16, 64, 6)
    for source in ("True ^ False", "m = torch.tensor([1.0, 2.0]) > 1\nm ^ m", "2 ^ 3",
                   "torch.tensor([3]) ^ torch.tensor([1])", "torch.tensor([3]) ^ 1"):
        with pytest.raises(GradcliError, match="bitwise_xor"):
            session.run(source)


def test_expressions(session):
    assert run(session, """
        d = {'a': 1, 'b': [1, 2, 3]}
        (2 ** 3 ^ 2.0, 7 // 2, 7 % 3, -2 ** 2, 1 < 2 < 3, 3 > 2 > 5, 'a' in d,
         'z' not in d, None is None, d['b'][::-1], d['b'][-2:], 'yes' if d else 'no',
         0x1F + 1e-3 * 1000 + .5 + 2.)
    """) == (512, 3, 1, -4, True, False, True, True, True, [3, 2, 1], [2, 3], "yes", 34.5)


def test_tensor_indexing_with_slices_ellipsis_and_none(session):
    assert run(session, """
        t = arange(24.).reshape(2, 3, 4)
        (t[..., 0].tolist(), t[1, ::2, -1].tolist(), tuple(t[:, None].shape))
    """) == ([[0.0, 4.0, 8.0], [12.0, 16.0, 20.0]], [15.0, 23.0], (2, 1, 3, 4))


def test_print_uses_torch_and_python_formatting(session, out):
    run(session, """
        x = tensor([1., 2.], requires_grad=True)
        print((x, [x * 2]), sep='|', end='!\\n')
        print('梯度', 1, 2.5, None, sep=', ')
        print(f"{x!r} {3.14159:.2f} {'s':>3}")
    """)
    assert out.getvalue().splitlines() == [
        "(tensor([1., 2.], requires_grad=True), [tensor([2., 4.], grad_fn=<MulBackward0>)])!",
        "梯度, 1, 2.5, None",
        "tensor([1., 2.], requires_grad=True) 3.14   s",
    ]


def test_bare_engine_names_math_and_builtins(session):
    assert run(session, """
        import math
        import torch.nn.functional as F
        from torch.autograd import grad
        x = tensor(0.5, requires_grad=True)
        (dy,) = grad(sigmoid(x) * pi, x)
        (round(dy.item(), 4), math.sqrt(4.0), F.relu(tensor(-1.)).item(), e > 2.7,
         sorted([3, 1, 2]), list(zip('ab', range(2))), max(3, 7), abs(-2))
    """) == (0.7383, 2.0, 0.0, True, [1, 2, 3], [("a", 0), ("b", 1)], 7, 2)


def test_user_names_shadow_builtins(session):
    assert run(session, "e = 5\npi = 3\n(e, pi, sum([1, 2]))") == (5, 3, 3)


# ------------------------------------------------------------------- errors


def test_unknown_name_suggests_the_closest(session):
    with pytest.raises(GradcliError) as info:
        session.run("y = sigmod(x)")
    err = info.value
    assert err.kind == "name" and err.message == (
        "NameError: name 'sigmod' is not defined; did you mean 'sigmoid'?")
    assert (err.line, err.column) == (1, 5)


def test_torch_submodules_gradcli_lacks_say_so(session):
    # (torch.jit read "module 'torch' has no attribute 'jit'; did you mean 'torch.int'?")
    with pytest.raises(GradcliError) as info:
        session.run("@torch.jit.script\ndef f(x):\n    return x * 2\n")
    assert info.value.message == "AttributeError: torch.jit is not available in gradcli yet"


def test_engine_error_keeps_torch_message_and_innermost_span(session):
    source = "a = torch.ones(3)\nb = torch.ones(4)\nc = 1 + (a + b)\n"
    with pytest.raises(GradcliError) as info:
        session.run(source, "shapes.grad")
    err = info.value
    assert err.kind == "runtime" and err.message.startswith("RuntimeError: ")
    assert (err.line, err.column, err.span.end_column) == (3, 10, 15)
    assert format_error(err, source).splitlines()[1:] == ["    c = 1 + (a + b)",
                                                         "             ^^^^^"]


def test_errors_in_script_functions_have_a_script_traceback(session):
    source = "def inner(v):\n    return v.nope\ndef outer():\n    return inner(1)\nouter()\n"
    with pytest.raises(GradcliError) as info:
        session.run(source, "tb.grad")
    err = info.value
    assert err.kind == "attribute" and err.line == 2
    assert [(f.function, f.span.line) for f in err.frames] == [
        ("<module>", 5), ("outer", 4), ("inner", 2)]
    assert "in outer" in format_error(err, source)


def test_backward_twice_is_torch_s_error(session):
    with pytest.raises(GradcliError) as info:
        session.run("x = ones(2, requires_grad=True)\ny = (x * x).sum()\ny.backward()\n"
                    "y.backward()")
    assert info.value.kind == "runtime" and "second time" in info.value.message
    assert info.value.line == 4


def test_assert_failure(session):
    with pytest.raises(GradcliError) as info:
        session.run("assert 1 > 2, 'one is not greater'")
    assert info.value.kind == "assertion"
    assert info.value.message == "AssertionError: one is not greater"


def test_break_outside_loop_is_a_syntax_error(session):
    with pytest.raises(GradcliError) as info:
        session.run("x = 1\nbreak")
    assert info.value.kind == "syntax" and info.value.line == 2


# ---------------------------------------------------------------------- API


def test_run_returns_the_final_expression_and_eval_an_expression(session):
    assert session.run("a = 2\na * 3") == 6
    assert session.run("b = 1") is None
    assert session.eval("a, b") == (2, 1)


def test_session_names_get_set_reset(session):
    session.set("w", 4)
    assert session.eval("w + 1") == 5
    assert "w" in session.names() and "sigmoid" in session.names()
    assert session.get("w") == 4 and session.variables() == {"w": 4}
    session.reset()
    assert "w" not in session.names()
    with pytest.raises(GradcliError):
        session.get("w")


def test_attributes_for_completion(session):
    session.run("t = ones(2)")
    names = session.attributes(session.get("t"))
    assert {"backward", "grad", "requires_grad", "shape"} <= set(names)
    assert not any(n.startswith("__") for n in names)
    assert "relu" in session.attributes(session.get("F"))


def test_echo_shows_expression_values_like_a_repl(session, out):
    session.run("x = 1\nx + 1\nNone\n[x]\nx", echo=True)
    assert out.getvalue() == "2\n[1]\n"


def test_free_variables_are_the_names_without_values():
    assert free_variables("sin(x) * w + y ** 2 - pi") == ["x", "w", "y"]
    assert free_variables("z = 1\ndef f(a): return a + z + q\nf(2)") == ["q"]
    assert free_variables("[v * k for v in range(3)]") == ["k"]
    assert free_variables("{v: k for v in range(3)}") == ["k"]


def test_dtype_option_sets_the_default_dtype():
    session = Session(dtype="float64")
    try:
        assert session.eval("tensor([1.5]).dtype") == session.eval("torch.float64")
    finally:
        Session(dtype="float32")


def test_saved_tensors_are_readable_as_torch_names_them(session):
    assert run(session, """
        x = torch.randn(5, requires_grad=True)
        y = x.pow(2)
        z = x.exp()
        (x.equal(y.grad_fn._saved_self), x is y.grad_fn._saved_self,
         z.equal(z.grad_fn._saved_result), z is z.grad_fn._saved_result)
    """) == (True, True, True, False)


# ------------------------------------------------- try/except, global, del


def test_a_script_can_catch_the_engines_runtime_error(session, out):
    run(session, """
        x = torch.tensor([1., 2.], requires_grad=True)
        try:
            x.mul_(2)
        except RuntimeError as e:
            print(e)
        y = (x * x).sum()
        y.backward()
        try:
            y.backward()
        except RuntimeError as e:
            print(str(e).split(".")[0])
    """)
    assert out.getvalue().splitlines() == [
        "a leaf Variable that requires grad is being used in an in-place operation.",
        "Trying to backward through the graph a second time (or directly access saved "
        "tensors after they have already been freed)",
    ]


def test_except_matches_by_class_and_else_finally_run(session, out):
    run(session, """
        def divide(a, b):
            try:
                result = a / b
            except ZeroDivisionError as e:
                print("caught:", e)
                return None
            except (TypeError, ValueError):
                print("bad operand")
            else:
                print("ok")
                return result
            finally:
                print("done")
        divide(1, 0)
        divide(1, "x")
        divide(6, 3)
        try:
            missing_name
        except NameError as e:
            print(type(e).__name__, e)
    """)
    assert out.getvalue().splitlines() == [
        "caught: division by zero", "done", "bad operand", "done", "ok", "done",
        "NameError name 'missing_name' is not defined",
    ]


def test_an_unmatched_error_still_ends_the_script(session):
    with pytest.raises(GradcliError) as info:
        run(session, """
            try:
                [1, 2][5]
            except KeyError:
                pass
        """)
    assert info.value.kind == "index" and info.value.line == 3


def test_raise_and_reraise(session, out):
    with pytest.raises(GradcliError) as info:
        run(session, """
            def check(x):
                if x < 0:
                    raise ValueError("negative input")
                return x
            try:
                check(-1)
            except ValueError as e:
                print("first:", e)
                raise
        """)
    assert out.getvalue() == "first: negative input\n"
    assert info.value.message == "ValueError: negative input"


def test_global_nonlocal_and_del(session, out):
    run(session, """
        calls = 0
        def counted(x):
            global calls
            calls += 1
            return x * 2
        counted(1); counted(2)
        def make_counter():
            n = 0
            def step():
                nonlocal n
                n += 1
                return n
            return step
        step = make_counter()
        step(); step()
        grads = [1, 2, 3]
        del grads[0]
        print(calls, step(), grads)
        del grads
        print("grads" in [name for name in ["calls"]])
    """)
    assert out.getvalue() == "2 3 [2, 3]\nFalse\n"
    with pytest.raises(GradcliError) as info:
        session.run("print(grads)")
    assert info.value.kind == "name"


@pytest.mark.parametrize("code, message", [
    ("del nn.Linear", "AttributeError: cannot delete attributes of module"),
    ("del nn.Linear(2, 2).forward", "AttributeError: cannot delete attribute 'forward' of 'Linear' object"),
    ("del torch.ones(1).grad", "AttributeError: cannot delete attribute 'grad' of 'Tensor' object"),
])
def test_del_refuses_members_of_classes_and_namespaces(session, code, message):
    """``del`` removes what an object holds, never what its class or the engine defines."""
    session.run("import torch\nimport torch.nn as nn")
    with pytest.raises(GradcliError) as info:
        session.run(code)
    assert info.value.message == message


def test_nonlocal_needs_an_enclosing_binding(session):
    with pytest.raises(GradcliError) as info:
        session.run("def f():\n    nonlocal q\n    q = 1")
    assert info.value.message == "no binding for nonlocal 'q' found"


# ------------------------------------------------------- doctest pastes


def test_a_doctest_paste_runs_and_echoes_like_the_repl(session, out):
    run(session, """
        >>> x = torch.tensor([1.], requires_grad=True)
        >>> with torch.no_grad():
        ...   y = x * 2
        >>> y.requires_grad
        False
        >>> @torch.no_grad()
        ... def doubler(x):
        ...     return x * 2
        >>> z = doubler(x)
        >>> z.requires_grad
        True
    """)
    # The pasted output lines ("False", the wrong "True") are ignored: these are ours.
    assert out.getvalue() == "False\nFalse\n"


def test_a_doctest_paste_goes_on_after_an_expected_traceback(session, out):
    run(session, """
        >>> x = torch.ones(1, 2, 3, requires_grad=True)
        >>> with torch.inference_mode():
        ...   y = x * x
        >>> y._version
        Traceback (most recent call last):
        File "<stdin>", line 1, in <module>
        RuntimeError: Inference tensors do not track version counter.
        >>> x.requires_grad
    """)
    assert out.getvalue() == ("RuntimeError: Inference tensors do not track version counter.\n"
                              "True\n")


def test_a_doctest_error_points_at_the_pasted_line(session):
    with pytest.raises(GradcliError) as info:
        run(session, """
            >>> a = 1
            >>> b = a + undefined
        """)
    assert (info.value.line, info.value.column) == (3, 13)


# ------------------------------------------------------ engine settings


def test_anomaly_mode_names_the_script_line_that_made_the_node(session):
    with pytest.raises(GradcliError) as info:
        run(session, """
            x = torch.tensor([0.0, 1.0], requires_grad=True)
            with torch.autograd.detect_anomaly():
                y = x.sqrt()
                z = (y * 0).sum()
                z.backward()
        """)
    message = info.value.message
    assert "Function 'SqrtBackward0' returned nan values in its 0th output." in message
    assert "example.grad:4: y = x.sqrt()" in message
    assert any("example.grad:4: y = x.sqrt()" in w for w in session.warnings)
    from gradcli.engine import instrumentation
    assert instrumentation.creation_context is None


def test_session_dtype_does_not_leak_into_the_process():
    from gradcli import engine
    before = engine.get_default_dtype()
    session = Session(dtype="float64")
    assert engine.get_default_dtype() is before
    assert str(session.eval("torch.ones(1).dtype")) == "torch.float64"
    assert engine.get_default_dtype() is before
    other = Session()
    assert str(other.eval("torch.ones(1).dtype")) == "torch.float32"


def test_settings_a_script_changes_persist_in_its_session_only(session):
    from gradcli import engine
    session.run("torch.set_grad_enabled(False)\ntorch.set_default_dtype(torch.float64)")
    assert engine.is_grad_enabled() and str(engine.get_default_dtype()) == "torch.float32"
    assert session.eval("torch.is_grad_enabled(), str(torch.ones(1).dtype)") == (
        False, "torch.float64")
    assert Session().eval("torch.is_grad_enabled()") is True


def test_sets_collect_visited_nodes_while_walking_a_graph(session, out):
    session.run(textwrap.dedent("""
        x = tensor(2., requires_grad=True)
        y = x * x + x
        seen = set()
        stack = [y.grad_fn]
        while stack:
            f = stack.pop()
            if f is None or f in seen:
                continue
            seen.add(f)
            stack.extend(n for n, _ in f.next_functions)
        print(len(seen), type(seen) is set, sorted(set([3, 1, 2]) | set([4])))
    """))
    assert out.getvalue() == "3 True [1, 2, 3, 4]\n"
    with pytest.raises(GradcliError) as err:
        session.run("set().__class__")
    assert err.value.kind == "attribute"


def test_plain_helper_classes_hold_settings_and_methods(session, out):
    run(session, """
        class Config:
            def __init__(self, lr, steps=3):
                self.lr = lr
                self.steps = steps
            def scaled(self, k):
                return self.lr * k
        class Tuned(Config):
            def __init__(self):
                super().__init__(0.5, steps=9)
            def scaled(self, k):
                return super().scaled(k) + 1
        c, t = Config(0.1), Tuned()
        c.extra = torch.ones(2)
        print(c.lr, c.steps, c.scaled(2), c.extra, t.scaled(2), t.steps, isinstance(t, Config), type(t).__name__)
    """)
    assert out.getvalue() == "0.1 3 0.2 tensor([1., 1.]) 2.0 9 True Tuned\n"


@pytest.mark.parametrize("source,message", [
    ("class C:\n    def __reduce__(self):\n        return 'x'", "cannot be defined in a gradcli class"),
    ("class C:\n    def __getattribute__(self, n):\n        return 1", "cannot be defined in a gradcli class"),
    ("class C:\n    pass\nC().__class__", "not available in gradcli scripts"),
    ("class C:\n    pass\nC().__dict__", "not available in gradcli scripts"),
    ("class C:\n    pass\ntype(C()).mro", "not available in gradcli scripts"),
    ("class C:\n    pass\nC.__subclasses__()", "not available in gradcli scripts"),
    ("class C:\n    pass\nc = C()\nc.__x = 1", "not available in gradcli scripts"),
    ("class C:\n    pass\nc = C()\nc._gradcli_user_attributes = 1", "not available in gradcli scripts"),
    ("class C(nn.Module):\n    pass\nc = C()\nc._modules = {}", "not available in gradcli scripts"),
    ("class C(nn.Module):\n    pass\nC()._parameters", "not available in gradcli scripts"),
    ("class C:\n    @property\n    def p(self):\n        return 1\nC.p.fget", "not available in gradcli scripts"),
    ("class C:\n    @classmethod\n    def m(cls):\n        return 1\nclassmethod(print).__func__", "not available"),
    ("class C:\n    pass\nC.__init__ = print", "cannot set attributes"),
    ("class C(int):\n    pass", "a class in a gradcli script derives from nothing"),
    ("class C(nn.Module):\n    def _named_members(self, *a):\n        return 1", "would replace Module's own"),
    ("class C(nn.Linear):\n    _parameters = {}", "cannot be defined in this gradcli class"),
    ("class C:\n    def _gradcli_x(self):\n        return 1", "cannot be defined in a gradcli class"),
    ("class C:\n    def _h(self):\n        return 1\nC._h", "not available in gradcli scripts"),
    ("class C:\n    def _h(self):\n        return 1\n(1)._h", "not available in gradcli scripts"),
])
def test_plain_classes_do_not_open_a_way_to_python(session, source, message):
    with pytest.raises(GradcliError, match=message):
        run(session, source)


# ------------------------------------------------ classes as Python writes them


def test_one_underscore_helpers_of_script_classes(session):
    # nanoGPT's ``self.apply(self._init_weights)`` and ResNet's ``self._make_layer(...)``
    value = run(session, """
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.body = self._make_layer(3)
                self.apply(self._init_weights)
            def _make_layer(self, n):
                return nn.Sequential(*[nn.Linear(2, 2) for _ in range(n)])
            def _init_weights(self, m):
                if isinstance(m, nn.Linear):
                    nn.init.ones_(m.weight)
        Net().body[2].weight.sum().item()""")
    assert value == 4.0


def test_property_classmethod_and_class_attributes(session):
    value = run(session, """
        class Shape:
            count = 0
            def __init__(self, side):
                self._side = side
                Shape.count += 1
            @property
            def area(self):
                return self._side ** 2
            @area.setter
            def area(self, value):
                self._side = value ** 0.5
            @classmethod
            def unit(cls):
                return cls(1)
            @staticmethod
            def sides():
                return 4

        class Square(Shape):
            pass

        s = Square.unit()
        s.area = 9.0
        (type(s) is Square, s.area, s._side, Shape.count, Square.sides())
    """)
    assert value == (True, 9.0, 3.0, 1, 4)


def test_a_property_without_setter_is_read_only(session):
    with pytest.raises(GradcliError) as info:
        run(session, """
            class Box:
                @property
                def size(self):
                    return 1
            Box().size = 2
        """)
    assert "size" in str(info.value)


def test_pow_is_pythons_for_numbers_and_torchs_for_tensors(session):
    value = run(session, """
        x = torch.tensor(2.0, requires_grad=True)
        y = pow(x, 3)
        y.backward()
        (pow(2, 10), pow(3, -1, 7), pow(2.0, 0.5), y.grad_fn.name(), x.grad.item())
    """)
    assert value == (1024, 5, 2.0 ** 0.5, "PowBackward0", 12.0)


def test_type_of_a_value_is_the_class_scripts_name(session):
    value = run(session, """
        class Point:
            pass
        p = Point()
        t = torch.ones(1)
        w = nn.Parameter(torch.ones(1))
        (type(p) is Point, type(type(p)()) is Point,
         type(t) is torch.Tensor, type(t) == torch.Tensor, {torch.Tensor: "tensor"}[type(t)],
         type(w) is torch.Tensor, type(w) is nn.Parameter, type(nn.Linear(1, 1)) is nn.Linear)
    """)
    assert value == (True, True, True, True, "tensor", False, True, True)


def test_instances_keep_their_own_one_underscore_attributes(session):
    value = run(session, """
        class Counter(nn.Module):
            def __init__(self):
                super().__init__()
                self._hits = 0
                self._inner = nn.Linear(2, 2)
            def forward(self, x):
                self._hits += 1
                return self._inner(x)
        c = Counter()
        c(torch.ones(2)); c(torch.ones(2))
        (c._hits, [name for name, _ in c.named_parameters()])
    """)
    assert value == (2, ["_inner.weight", "_inner.bias"])
