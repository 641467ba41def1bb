"""An output that is itself an input (`gradcli graph x`, `trace x`): a leaf that requires grad, whose
backward is one AccumulateGrad step (torch's gradient edge), not "does not require grad" or a crash."""
import json


def test_the_graph_of_a_leaf_is_its_accumulate_grad_node(cli):
    # was: "(no graph: the output does not require grad)", exit 0, about an x that requires grad
    r = cli("graph", "x", "--at", "x=1")
    assert (r.exit_code, r.stdout) == (0, "#0 AccumulateGrad  x  [] float32\n")
    nodes = json.loads(cli("graph", "x", "--at", "x=1", "--json").stdout)["graph"]["nodes"]
    assert [(n["name"], n["label"], n["leaf"]) for n in nodes] == [("torch::autograd::AccumulateGrad", "x", True)]


def test_tracing_a_leaf_accumulates_into_its_grad_in_one_step(cli):
    # was: "error: IndexError: list index out of range", exit 1
    r = cli("trace", "x", "--at", "x=2")
    assert r.exit_code == 0
    assert r.stdout == ("backward from #0 AccumulateGrad (x) with gradient tensor(1.)\n"
                        "step 1  #0 AccumulateGrad (x)\n  grad in: tensor(1.)\n  x.grad: None -> tensor(1.)\n"
                        "1 steps, 1 accumulations into .grad\n")


def test_the_repl_graphs_a_leaf_too(cli):
    r = cli("repl", input="x = torch.ones(2, requires_grad=True)\n:graph x\n")
    assert r.stdout.startswith("#0 AccumulateGrad  x  [2] float32\n")


def test_a_detached_output_still_has_no_graph(cli):
    r = cli("graph", "x.detach()", "--at", "x=1")
    assert (r.exit_code, r.stdout) == (0, "(no graph: the output does not require grad)\n")


def test_check_of_an_output_cut_from_its_input_fails_on_both_checks(cli):
    # gradgradcheck was a RuntimeError ("`inputs` argument to `grad()` cannot be empty."), exit 1 with no table
    r = cli("check", "x.detach()", "--at", "x=1")
    assert r.exit_code == 1
    assert "gradcheck: FAILED\n  Numerical gradient for function expected to be zero\ngradgradcheck: FAILED\n" in r.stdout
    assert "value   x               0          1          1\n" in r.stdout
