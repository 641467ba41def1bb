"""The recorded backward pass reproduces seed 003's hand simulation."""
from gradcli import engine as torch
from gradcli.report import to_plain, trace_view
from gradcli.report.backward_trace import Recorder


def test_seed_003_steps():
    A = torch.tensor([3.], requires_grad=True)
    B = torch.tensor([2.], requires_grad=True)
    C = A ** 2
    D = B ** 2
    E = C * D
    F = D + E
    names = dict(A=A, B=B, C=C, D=D, E=E, F=F)
    trace = Recorder(F, names, "F").run(torch.ones_like(F), torch)
    labels = [trace.graph.nodes[s.node].label for s in trace.steps]
    assert labels == ["F", "E", "D", "B", "C", "A"]
    d_step = trace.steps[2]
    assert d_step.incoming[0].tolist() == [10.0] and trace.fan_in[d_step.node] == 2
    assert trace.steps[3].grad_after.tolist() == [40.0] and trace.steps[3].grad_before is None
    assert A.grad.tolist() == [24.0]
    text = to_plain.render(trace_view.trace_doc(trace))
    assert "B.grad: None -> tensor([40.])" in text
    assert "(sum of 2 paths)" in text


def test_hook_output_is_attached_to_the_step_it_precedes():
    A = torch.tensor(2., requires_grad=True)
    C = A * 3
    C.register_hook(lambda g: print("hook saw", g))
    D = C.exp()
    recorder = Recorder(D, {"A": A, "C": C, "D": D})
    import contextlib
    with contextlib.redirect_stdout(recorder):
        trace = recorder.run(torch.ones_like(D), torch)
    assert "hook saw" in trace.steps[1].printed_before
