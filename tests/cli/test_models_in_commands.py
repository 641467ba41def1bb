"""The commands see models (issue 9): graphs name parameters by module path and mark each node's
module with --by-module, the REPL lists models with parameter counts and :params, and the
profiler gives each module call a row."""
import io

import pytest

MODEL = """import torch.nn as nn
class TinyModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.layer2 = nn.Linear(4, 2)
    def forward(self, x):
        return self.layer2(self.act(self.layer1(x)))
torch.manual_seed(0)
model = TinyModel()
x = torch.ones(5, 3)
loss = model(x).pow(2).sum()
"""


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "model.grad"
    path.write_text(MODEL)
    return path


def test_graph_names_parameters_by_module_path(cli, script):
    text = cli("graph", "-f", str(script), "-o", "loss").stdout
    for name in ("layer1.weight", "layer1.bias", "layer2.weight", "layer2.bias"):
        assert f"AccumulateGrad  {name}  " in text
    assert "same storage as layer2.weight" in text


def test_graph_by_module_marks_each_node_with_its_module_call(cli, script):
    text = cli("graph", "-f", str(script), "-o", "loss", "--by-module").stdout
    assert "#2 AddmmBackward0  [layer2: Linear]" in text and "ReluBackward0  [act: ReLU]" in text
    assert "AddmmBackward0  [layer1: Linear]" in text and "PowBackward0  [5, 2] float32" in text   # outside any module
    dot = cli("graph", "-f", str(script), "-o", "loss", "--by-module", "-F", "dot").stdout
    assert 'subgraph cluster_0 { label="layer2: Linear"' in dot


def test_repl_lists_models_and_their_parameters(script):
    from gradcli.cli.repl import Repl
    out, err = io.StringIO(), io.StringIO()
    repl = Repl(out, err)
    for line in (f":load {script}", "loss.backward()", ":vars", ":params model", ":params x"):
        repl.feed(line)
    text = out.getvalue()
    assert "model      TinyModel" in text and "4 parameters, 26 elements (:params model)" in text
    assert "model: TinyModel, 26 parameter elements" in text
    assert "layer1.weight  [4, 3]  float32  True" in text
    assert ":params x: x is a Tensor, not an nn.Module" in err.getvalue()


def test_profile_gives_each_module_call_a_row(cli, script):
    text = cli("profile", str(script)).stdout
    assert "nn.Module: TinyModel" in text and "nn.Module: Linear" in text
    row = next(line for line in text.splitlines() if line.startswith("nn.Module: Linear"))
    assert row.split()[3] == "2"          # two calls of a Linear


def test_repl_vars_names_classes_as_torch_does():
    from gradcli.cli.repl import Repl
    out, err = io.StringIO(), io.StringIO()
    repl = Repl(out, err)
    for line in ("import torch.nn as nn", "Linear = nn.Linear", ":vars"):
        repl.feed(line)
    assert "<class 'torch.nn.modules.linear.Linear'>" in out.getvalue()
