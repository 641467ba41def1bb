"""`gradcli profile --limit N` shows at most N rows; a negative N is a usage error."""


def test_a_negative_row_limit_is_a_usage_error(cli, tmp_path):
    # --limit -1 dropped the last row (a Python slice) and exited 0
    script = tmp_path / "s.grad"
    script.write_text("x = torch.ones(2, requires_grad=True)\n(x * 2).sum().backward()\n")
    r = cli("profile", str(script), "--limit", "-1")
    assert r.exit_code == 2 and "Invalid value for '--limit': -1 is not in the range x>=0." in r.output
    rows = cli("profile", str(script), "--limit", "1").stdout.splitlines()
    # the one row is the op or backward node of most self time, which the machine's timing decides
    assert len(rows) == 4 and rows[2].split()[0] in ("aten::mul", "aten::sum", "aten::ones",
                                                      "autograd::engine::evaluate_function:")
