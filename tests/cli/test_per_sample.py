"""gradcli grad --per-sample (torch.func.vmap(grad(loss)) over a batch) and gradcli graph
--per-sample (one example's graph with the batch dim marked)."""
import json

import numpy as np

LOSS = "((w @ x - y)**2).sum()"
INPUTS = ["--at", "w=[[1.,2,3],[0,1,-1]]", "--at", "x=[[1.,0,2],[0.5,1,1],[-1,2,0]]", "--at", "y=[[1.,0],[2,1],[0,0]]"]


def test_per_sample_gradients_are_each_examples_gradient(cli):
    r = cli("grad", LOSS, *INPUTS, "--per-sample", "x,y", "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    w = np.array([[1., 2, 3], [0, 1, -1]])
    xs, ys = np.array([[1., 0, 2], [0.5, 1, 1], [-1, 2, 0]]), np.array([[1., 0], [2, 1], [0, 0]])
    np.testing.assert_allclose(doc["value"], [((w @ x - y) ** 2).sum() for x, y in zip(xs, ys)])
    np.testing.assert_allclose(doc["grad"]["w"], [2 * np.outer(w @ x - y, x) for x, y in zip(xs, ys)])


def test_per_sample_text_names_the_batched_gradients(cli):
    r = cli("grad", LOSS, *INPUTS, "--per-sample", "x,y")
    assert r.stdout.startswith("value = tensor([40.0000, 13.2500, 13.0000])\nw.grad_sample = tensor([[[12.0000,")


def test_per_sample_mistakes_are_usage_errors(cli):
    for args, message in [(["--per-sample", "q"], "--per-sample q: not an input"),
                          (["--per-sample", "w,x,y"], "the batched inputs differ in their first dim"),
                          (["--per-sample", "s", "--at", "s=2."], "a 0-d input has no batch dim"),
                          (["--per-sample", "x", "--grad-output", "ones"], "neither --grad-output")]:
        r = cli("grad", LOSS, *INPUTS, *args)
        assert r.exit_code == 2 and message in r.stderr, r.stderr
    r = cli("grad", "(x * y).sum()", "--at", "x=[[1.,2]]", "--at", "y=[[3.,4]]", "--per-sample", "x,y")
    assert r.exit_code == 2 and "every input is batched" in r.stderr


def test_graph_of_one_example_marks_the_batch_dim(cli):
    r = cli("graph", "h = tanh(w @ x); ((h - y)**2).sum()", "--at", "w=randn(2,3)", "--at", "x=randn(8,3)",
            "--at", "y=randn(8,2)", "--per-sample", "x,y")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("one example of a batch of B=8 (vmap over dim 0 of x, y)")
    assert "AccumulateGrad  w  [2, 3] float32" in r.stdout
    assert "AccumulateGrad  x  [B, 3] float32" in r.stdout and "TanhBackward0  h  [B, 2]" in r.stdout
    doc = json.loads(cli("graph", "(w @ x).sum()", "--at", "w=randn(2,3)", "--at", "x=randn(8,3)",
                         "--per-sample", "x", "--json").stdout)["graph"]
    assert doc["batch"] == {"size": 8, "inputs": ["x"]}
    assert {n["label"]: n["batched"] for n in doc["nodes"] if n["leaf"]} == {"w": False, "x": True}
