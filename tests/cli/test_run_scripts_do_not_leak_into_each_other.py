"""``gradcli run a.grad b.grad``: each script runs as it runs alone. b's random draws depended on a's
(a's torch.manual_seed, or how many numbers a drew), so b printed other numbers than alone, exit 0."""


def test_a_later_script_draws_what_it_draws_alone(tmp_path, shell):
    seeding = tmp_path / "seeding.grad"
    seeding.write_text("torch.manual_seed(1)\nprint(torch.randn(3).sum().item() > -100)\n")
    drawing = tmp_path / "drawing.grad"
    drawing.write_text("print(torch.rand(2), torch.randn(2))\n")
    alone = shell(f"gradcli run {drawing}")
    together = shell(f"gradcli run {seeding} {drawing} {drawing}")
    assert alone.returncode == together.returncode == 0
    assert together.stdout == (f"==> {seeding} <==\nTrue\n\n==> {drawing} <==\n{alone.stdout}\n"
                               f"==> {drawing} <==\n{alone.stdout}")
