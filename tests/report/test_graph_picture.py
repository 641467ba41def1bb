"""The backward graph as a picture (issue 12): ``graph --out FILE.svg`` needs no program, the
``.html`` page shows the script, the graph, each node's saved tensors on a click and the
backward pass step by step. The browser tests use Debian's headless Chromium and skip without it
(``apt-get install chromium``, then ``python -m pytest tests/report/test_graph_picture.py``)."""
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import pytest

SCRIPT = """x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([0.5, -1.], requires_grad=True)
h = (x * w).exp()
y = (h * x).sum() + w.pow(2).sum()
"""
SVG = "{http://www.w3.org/2000/svg}"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def gradcli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, timeout=120,
                          cwd=cwd, env=dict(os.environ, NO_COLOR="1"))


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "model.grad"
    path.write_text(SCRIPT)
    return path


def test_svg_draws_every_node_edge_and_saved_tensor(script, tmp_path):
    out = tmp_path / "graph.svg"
    result = gradcli("graph", "-f", str(script), "-o", "y", "--out", str(out))
    assert result.returncode == 0 and f"wrote {out} (9 nodes, 9 saved values)" in result.stdout
    root = ET.parse(out).getroot()
    groups = [g for g in root.iter(SVG + "g") if "node" in g.get("class", "")]
    assert len(groups) == 9
    assert len([p for p in root.iter(SVG + "path") if p.get("class") == "edge"]) == 10
    texts = {g.get("data-id"): [t.text for t in g.iter(SVG + "text")] for g in groups}
    assert texts["0"][:2] == ["AddBackward0", "y"] and "leaf" in groups[-1].get("class")
    leaves = [t for t in texts.values() if "AccumulateGrad" in t]
    assert sorted(t[0] for t in leaves) == ["w", "x"]
    assert "self [2] v0 (storage of h)" in texts["3"] and "exponent = 2" in texts["4"]


def test_png_without_graphviz_names_the_package(script, tmp_path):
    if shutil.which("dot"):
        pytest.skip("Graphviz is installed here")
    result = gradcli("graph", "-f", str(script), "-o", "y", "--out", str(tmp_path / "g.png"))
    assert result.returncode == 1 and "apt-get install graphviz" in result.stderr
    assert gradcli("graph", "-f", str(script), "-o", "y", "--out", str(tmp_path / "g.txt")).returncode == 2


def test_html_is_one_self_contained_file(script, tmp_path):
    out = tmp_path / "report.html"
    assert gradcli("graph", "-f", str(script), "-o", "y", "--out", str(out)).returncode == 0
    page = out.read_text()
    assert "<svg" in page and "h = (x * w).exp()" in page and '"steps": [' in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page and "<link" not in page and 'src="' not in page


def _chromium(*args):
    profile = tempfile.mkdtemp()
    try:
        return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                               "--no-first-run", "--disable-background-networking", "--disable-component-update",
                               "--disable-sync", f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=120)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(script, tmp_path):
    if CHROMIUM is None:
        pytest.skip("no Chromium here (apt-get install chromium)")
    out = tmp_path / "report.html"
    assert gradcli("graph", "-f", str(script), "-o", "y", "--out", str(out)).returncode == 0
    return out


def _panel(dom: str) -> str:
    return dom.split('<div id="panel">', 1)[1].split("</div>", 1)[0]


def test_browser_clicking_a_node_shows_its_saved_tensors(page):
    dom = _chromium("--dump-dom", f"file://{page}#click=3").stdout
    panel = _panel(dom)
    assert panel.startswith("MulBackward0")
    assert "saved self shape [2] version 0 storage of h" in panel
    assert "saved other shape [2] version 0 storage of x = [1,2]" in panel


def test_browser_steps_walk_the_backward_pass(page):
    dom = _chromium("--dump-dom", f"file://{page}#step=3").stdout
    assert "step 3 of 9" in dom
    assert _panel(dom).startswith("step 3: PowBackward0") and "w AccumulateGrad: [1,-2]" in _panel(dom)
    last = _panel(_chromium("--dump-dom", f"file://{page}#step=9").stdout)
    assert ".grad before: None   after: [2.6487,-1.4587]" in last


def test_browser_screenshot_shows_the_page(page, tmp_path):
    shot = tmp_path / "shot.png"
    _chromium("--window-size=1100,800", f"--screenshot={shot}", f"file://{page}#step=3")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000     # a drawn page, not a blank one
