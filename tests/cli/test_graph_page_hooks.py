"""`gradcli graph --out page.html` records the backward pass it replays; what the script's hooks print
during that pass belongs to the step that printed it, as in `gradcli trace`."""
import json


def _page_data(path) -> dict:
    text = path.read_text(encoding="utf-8")
    start = text.index('<script type="application/json" id="data">') + len('<script type="application/json" id="data">')
    return json.loads(text[start:text.index("</script>", start)])


def test_a_hook_s_output_is_in_the_page_at_its_step(cli, tmp_path):
    # it went to the terminal, and every step's "printed" was empty
    script = tmp_path / "hook.grad"
    script.write_text("x = torch.ones(2, requires_grad=True)\n"
                      "x.register_hook(lambda g: print('</script> grad of x', g))\n"
                      "(x * 3).sum()\n")
    r = cli("graph", "-f", str(script), "--out", str(tmp_path / "g.html"))
    assert r.exit_code == 0 and "grad of x" not in r.stdout
    steps = _page_data(tmp_path / "g.html")["trace"]["steps"]
    assert [s["printed"] for s in steps] == ["", "", "</script> grad of x tensor([3., 3.])\n"]
    assert "</script> grad" not in (tmp_path / "g.html").read_text(encoding="utf-8")   # escaped inside the page


def test_a_print_that_opens_an_html_comment_and_a_script_cannot_swallow_the_page(cli, tmp_path):
    # '<!--<script>' in the data left the HTML tokenizer in its double-escaped state: the data element's
    # '</script>' did not end it and the rest of the page (the page's own script) was read as data
    script = tmp_path / "hook.grad"
    script.write_text("x = torch.ones(2, requires_grad=True)\n"
                      "x.register_hook(lambda g: print('<!--<script>'))\n"
                      "(x * 3).sum()\n")
    r = cli("graph", "-f", str(script), "--out", str(tmp_path / "g.html"))
    assert r.exit_code == 0
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    start = page.index('<script type="application/json" id="data">')
    data = page[start + len('<script type="application/json" id="data">'):page.index("</script>", start)]
    assert "<" not in data
    assert _page_data(tmp_path / "g.html")["trace"]["steps"][-1]["printed"] == "<!--<script>\n"
