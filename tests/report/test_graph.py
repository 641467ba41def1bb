"""The graph walker reads only the public node interface and copes with DAGs, versions and long chains."""
from gradcli import engine as torch
from gradcli.report import graph_view, to_plain
from gradcli.engine.autograd.graph import topological_order
from gradcli.report.graph import build_graph


def seed_003():
    A = torch.tensor([3.], requires_grad=True)
    B = torch.tensor([2.], requires_grad=True)
    C = A ** 2
    D = B ** 2
    E = C * D
    F = D + E
    return dict(A=A, B=B, C=C, D=D, E=E, F=F)


def test_nodes_are_listed_once_root_first_with_labels():
    names = seed_003()
    g = build_graph(names["F"], names, "F")
    assert [n.name for n in g] == ["AddBackward0", "MulBackward0", "PowBackward0", "PowBackward0",
                                   "torch::autograd::AccumulateGrad", "torch::autograd::AccumulateGrad"]
    assert [n.label for n in g] == ["F", "E", "C", "D", "A", "B"]
    assert all(n.shape == (1,) and n.dtype == "float32" for n in g)
    assert g.nodes[0].inputs == [(3, 0), (1, 0)]


def test_duplicate_edges_are_kept():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * x
    g = build_graph(y, {"x": x})
    assert g.nodes[0].inputs == [(1, 0), (1, 0)]


def test_saved_tensors_report_storage_and_versions():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    g = build_graph(x ** 3, {"x": x})   # pow saves self (x * 3 saves only the 3, as torch)
    saved = {s.name: s for s in g.nodes[0].saved}
    assert saved["self"].same_storage_as == "x"
    assert saved["self"].version_saved == saved["self"].version_now == 0


def test_modified_saved_tensor_is_reported_not_raised():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x.clone()
    y = h * h
    h.mul_(2)
    g = build_graph(y, {"x": x, "h": h, "y": y})
    saved = g.nodes[0].saved[0]
    assert saved.modified and (saved.version_saved, saved.version_now) == (0, 1)
    assert "modified in place" in to_plain.render(graph_view.tree_doc(g))


def test_freed_saved_tensor_after_backward():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x.exp()).sum()
    y.backward()
    g = build_graph(y, {"x": x})
    exp_node = g.nodes[1]
    assert exp_node.saved[0].freed


def test_reused_intermediate_is_shown_once():
    a = torch.tensor(1.0, requires_grad=True)
    b = a + a
    c = b + b
    text = to_plain.render(graph_view.tree_doc(build_graph(c, {"a": a, "b": b, "c": c}, "c")))
    assert text.count("#1 AddBackward0  b") == 1
    assert "(see above)" in text


def test_long_chain_does_not_recurse():
    x = torch.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(20000):
        y = y * 1.0
    assert len(topological_order([y.grad_fn])) == 20001
    assert len(build_graph(y, {"x": x})) == 20001


def test_no_graph_for_a_constant():
    g = build_graph(torch.tensor(1.0), {})
    assert len(g) == 0
    assert "no graph" in to_plain.render(graph_view.tree_doc(g))


def test_dot_and_mermaid_are_text():
    names = seed_003()
    g = build_graph(names["F"], names, "F")
    dot = graph_view.to_dot(g)
    assert dot.startswith("digraph backward {") and dot.rstrip().endswith("}")
    assert 'n0 -> n3;' in dot and "shape=note" in dot
    mermaid = graph_view.to_mermaid(g)
    assert mermaid.startswith("flowchart TD") and 'n4(["A<br/>AccumulateGrad' in mermaid


def test_json_shape():
    names = seed_003()
    doc = graph_view.graph_json(build_graph(names["F"], names, "F"))
    assert doc["output"] == "F"
    node = doc["nodes"][1]
    assert node["name"] == "MulBackward0" and node["next"] == [[2, 0], [3, 0]]
    assert node["saved"][0]["same_storage_as"] == "C"


def test_tensors_held_in_a_list_are_named_by_index():
    xs = [torch.randn(2, requires_grad=True) for _ in range(3)]
    y = torch.stack(xs).sum()
    g = build_graph(y, {"xs": xs, "y": y}, "y")
    leaves = [n.label for n in g if n.name.endswith("AccumulateGrad")]
    assert leaves == ["xs[0]", "xs[1]", "xs[2]"]


def test_mermaid_labels_keep_a_modules_name_as_text_not_html():
    # a ModuleDict key is any string; Mermaid renders labels as HTML, so '<img ...>' was an element
    m = torch.nn.ModuleDict({'<img src=x onerror=alert(1)>': torch.nn.Linear(2, 1)})
    x = torch.ones(2, requires_grad=True)
    from gradcli.engine.nn.module import record_module_calls
    with record_module_calls() as calls:
        y = m['<img src=x onerror=alert(1)>'](x).sum()
    mermaid = graph_view.to_mermaid(build_graph(y, {"m": m, "x": x, "y": y}, "y", calls))
    assert "#lt;img src=x onerror=alert(1)#gt;: Linear" in mermaid and "<img" not in mermaid
    assert "<br/>" in mermaid
