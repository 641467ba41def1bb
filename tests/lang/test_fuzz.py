"""Random and mutated scripts: only the language's own error ever escapes."""

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gradcli.lang import GradcliError, Limits, Session, parse

# Snippets from the seed notes, as pasted (Chinese comments included).
SEEDS = [
    "x = torch.tensor([2.0], requires_grad=True)\n# 计算某个函数的输出\ny = x.pow(2)\n"
    "z = y.detach()\nw = z * 3\nprint(\"x的梯度:\", x.grad)\n",
    "A = torch.tensor(2., requires_grad=True)\nB = torch.tensor(.5, requires_grad=True)\n"
    "C = A * B\nD = C.exp()\nprint([x.is_leaf for x in [A, B, C, D]])\n"
    "D.backward(retain_graph=True)\nprint(A.grad, B.grad)\n",
    "class Exp(Function):\n    @staticmethod\n    def forward(ctx, i):\n"
    "        result = i.exp()\n        ctx.save_for_backward(result)\n        return result\n\n"
    "    @staticmethod\n    def backward(ctx, grad_output):\n"
    "        result, = ctx.saved_tensors\n        return grad_output * result\n"
    "output = Exp.apply(torch.ones(2, requires_grad=True))\n",
    "inp = torch.eye(4, 5, requires_grad=True)\nout = (inp+1).pow(2).t()\n"
    "out.backward(torch.ones_like(out), retain_graph=True)\nprint(f\"First call\\n{inp.grad}\")\n"
    "inp.grad.zero_()\n",
    "def f(x):\n    result = 1\n    for ii in x:\n        if ii.item()>0: result=ii*result\n"
    "    return result\nx = torch.tensor([0.3071,  1.1043,  1.3605, -0.3471], requires_grad=True)\n"
    "y = f(x)\ny.backward()\nprint(x.grad)\n",
    "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nwith torch.no_grad():\n"
    "    y = x * 2  # 这里的计算不会被跟踪梯度\nz = {'k': [y[::2], ...]}\n"
    "total = sum(v for v in range(3)) ^ 2 if y.requires_grad else -1\n",
]

TOKENS = ["(", ")", "[", "]", ":", ",", ".", "=", "+=", "**", "^", "@", "\n", "    ", "\"",
          "'", "lambda", "def", "class", "for", "in", "if", "else", "not", "None", "...",
          "1e-3", "__class__", "_saved_self", "{", "}", "f\"{", "#", "\\", "*", "yield"]


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i, min(len(text), i + 8)))
        action = draw(st.sampled_from(["delete", "duplicate", "swap", "insert"]))
        if action == "delete":
            text = text[:i] + text[j:]
        elif action == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        elif action == "swap" and j < len(text):
            text = text[:i] + text[j] + text[i + 1:j] + text[i] + text[j + 1:]
        else:
            text = text[:i] + draw(st.sampled_from(TOKENS)) + text[i:]
    return text


def run_quietly(source):
    session = Session(stdout=io.StringIO(),
                      limits=Limits(timeout=0.5, max_elements=100_000, max_recursion=50))
    try:
        session.run(source, "fuzz.grad")
    except GradcliError as err:
        assert err.kind and isinstance(err.message, str)
    # The session survives whatever happened.
    assert session.run("1 + 1") == 2


FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated())
def test_mutated_seed_snippets_raise_only_language_errors(source):
    run_quietly(source)


@FUZZ
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=80))
def test_random_text_raises_only_language_errors(source):
    run_quietly(source)


@FUZZ
@given(st.lists(st.sampled_from(TOKENS + ["x", "1", "torch", "print", "ones(2)"]), max_size=25))
def test_random_token_soup_parses_or_fails_cleanly(tokens):
    try:
        parse(" ".join(tokens))
    except GradcliError as err:
        assert err.kind in ("syntax", "limit")


def test_every_seed_snippet_runs_or_fails_cleanly():
    for source in SEEDS:
        run_quietly(source)
