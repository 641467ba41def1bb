from gradcli import engine as torch
from gradcli.report import derivatives_view, ops_view, plot_view, to_plain
from gradcli.report.graph import build_graph
from gradcli.report.kinks import find_kinks


def test_kinks_found_with_conventions():
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    y = (torch.relu(x) + x.abs()).sum()
    found = {op: (rule, count) for op, rule, count in find_kinks(build_graph(y, {"x": x}))}
    assert found == {"relu": ("relu'(0) = 0", 1), "abs": ("abs'(0) = sign(0) = 0", 1)}


def test_no_kink_away_from_zero():
    x = torch.tensor([0.5, 1.0], requires_grad=True)
    assert find_kinks(build_graph(torch.relu(x).sum(), {"x": x})) == []


def test_small_jacobian_is_a_labelled_table():
    x = torch.tensor([1.0, 2.0])
    text = to_plain.render(derivatives_view.jacobian_doc(x * 2, {"x": torch.eye(2) * 2}))
    assert "value[1]" in text and "x[1]" in text


def test_ops_table_lists_every_op():
    from gradcli.engine.ops.registry import all_ops
    OPS = all_ops()     # the families the engine loads on first use too
    text = to_plain.render(ops_view.ops_doc(OPS))
    assert all(name in text for name in OPS)


def test_braille_plot_has_canvas_and_legend():
    import numpy as np
    xs = np.linspace(0, 1, 50)
    doc = plot_view.plot_doc(xs, [("f", xs ** 2), ("f'", 2 * xs)], width=20, height=5)
    text = to_plain.render(doc)
    assert len(text.splitlines()) == 5 + 3
    assert "⣿ f'" in text and any("\u2800" < ch <= "\u28ff" for ch in text)
