"""One self-contained HTML page (no network): the script beside its backward graph; clicking a
node shows what it saved; a step control walks the backward pass node by node with the
gradients that flow (the data of ``gradcli trace``).

The page also reads its address's fragment, so a headless browser can open it in a given state:
``#step=N`` shows step N, ``#click=ID`` clicks node ID (through the same handler as a mouse).
"""
from __future__ import annotations

import json
import math
from html import escape

from .graph import Graph
from .graph_svg import to_svg
from .graph_view import graph_json
from .trace_view import trace_json

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>gradcli: backward graph{title}</title>
<style>
body {{ font: 14px system-ui, sans-serif; margin: 0; display: grid; grid-template-columns: minmax(220px, 1fr) 2fr;
       grid-template-rows: auto 1fr; height: 100vh; }}
header {{ grid-column: 1 / 3; padding: 8px 12px; background: #f3f3f3; border-bottom: 1px solid #ccc; }}
#source {{ margin: 0; padding: 12px; overflow: auto; background: #fafafa; border-right: 1px solid #ddd;
          font: 12px monospace; white-space: pre; }}
#right {{ display: grid; grid-template-rows: 1fr auto; overflow: hidden; }}
#picture {{ overflow: auto; padding: 8px; }}
#panel {{ border-top: 1px solid #ccc; padding: 8px 12px; font: 12px monospace; max-height: 40vh; overflow: auto;
         white-space: pre-wrap; }}
.node {{ cursor: pointer; }} button {{ font-size: 14px; }}
</style></head>
<body>
<header><b>gradcli</b> backward graph{title} &nbsp;
<button id="prev" title="previous step">&#9664;</button>
<span id="stepinfo">step 0 of {steps}</span>
<button id="next" title="next step">&#9654;</button>
<span style="color:#666">&nbsp; click a node to see what it saved; the steps walk the backward pass</span></header>
<pre id="source">{source}</pre>
<div id="right"><div id="picture">{svg}</div><div id="panel">Click a node, or step through the backward pass.</div></div>
<script type="application/json" id="data">{data}</script>
<script>
const data = JSON.parse(document.getElementById("data").textContent);
const nodes = data.graph.nodes, steps = data.trace ? data.trace.steps : [];
const panel = document.getElementById("panel");
let step = 0;
const fmt = v => v === null || v === undefined ? "None" :
  JSON.stringify(v, (k, x) => typeof x === "number" ? Number(x.toPrecision(5)) : x);
const nodeName = id => id === null ? "(no input)" : (nodes[id].label ? nodes[id].label + " " : "") +
  nodes[id].name.replace("torch::autograd::", "");
function nodeText(n) {{
  const lines = [n.name + (n.label ? "   (" + n.label + ")" : ""),
                 "output: " + JSON.stringify(n.shape) + " " + (n.dtype || "")];
  for (const s of n.saved || []) {{
    let t = "saved " + s.name;
    if (s.tensor) t += s.freed ? " (freed)" : " shape " + JSON.stringify(s.shape) + " version " + s.version_saved +
                          (s.version_now !== s.version_saved ? " (modified since: now " + s.version_now + ")" : "") +
                          (s.same_storage_as ? " storage of " + s.same_storage_as : "") + " = " + fmt(s.value);
    else t += " = " + fmt(s.value);
    lines.push(t);
  }}
  return lines.join("\\n");
}}
function select(id) {{
  document.querySelectorAll(".node").forEach(g => g.classList.toggle("current", g.dataset.id == id));
  panel.textContent = nodeText(nodes[id]);
}}
function show(k) {{
  step = Math.max(0, Math.min(k, steps.length));
  document.getElementById("stepinfo").textContent = "step " + step + " of " + steps.length;
  document.querySelectorAll(".edge").forEach(e => e.classList.remove("current"));
  if (step === 0) {{ select(-1); panel.textContent = "Before the backward pass: the gradient starts as " +
                     fmt(data.trace ? data.trace.gradient : null); return; }}
  const s = steps[step - 1];
  select(s.node);
  const lines = ["step " + s.step + ": " + s.name + (s.label ? " (" + s.label + ")" : ""),
                 "gradient in: " + s.grad_in.map(fmt).join(", ")];
  for (const out of s.grad_out) {{
    lines.push("  -> " + nodeName(out.to) + ": " + fmt(out.grad));
    document.querySelectorAll('.edge[data-from="' + s.node + '"][data-to="' + out.to + '"]')
      .forEach(e => e.classList.add("current"));
  }}
  if ("grad_after" in s) lines.push(".grad before: " + fmt(s.grad_before) + "   after: " + fmt(s.grad_after));
  if (s.printed) lines.push("printed: " + s.printed);
  panel.textContent = lines.join("\\n");
}}
document.querySelectorAll(".node").forEach(g => g.addEventListener("click", () => select(g.dataset.id)));
document.getElementById("prev").addEventListener("click", () => show(step - 1));
document.getElementById("next").addEventListener("click", () => show(step + 1));
document.addEventListener("keydown", e => {{ if (e.key === "ArrowRight") show(step + 1);
                                             if (e.key === "ArrowLeft") show(step - 1); }});
const hash = new URLSearchParams(location.hash.slice(1));
if (hash.has("step")) show(parseInt(hash.get("step")));
if (hash.has("click")) document.querySelector('.node[data-id="' + hash.get("click") + '"]')
  .dispatchEvent(new MouseEvent("click", {{bubbles: true}}));
</script></body></html>
"""


def to_html(graph: Graph, source: str, trace=None) -> str:
    """The page; ``trace`` (a backward_trace.Trace) adds the step control's data."""
    data = _finite({"graph": graph_json(graph), "trace": trace_json(trace)["trace"] if trace is not None else None})
    # no '<' in the data at all: '</script>' would end its element, and '<!--<script>' (a hook's print)
    # would make the next '</script>' not end it, the rest of the page read as the data (HTML's escaped states)
    text = json.dumps(data).replace("<", "\\u003c")
    return PAGE.format(title=f" of {escape(graph.output)}" if graph.output else "", steps=len(data["trace"]["steps"])
                       if trace is not None else 0, source=escape(source), svg=to_svg(graph), data=text)


def _finite(value):
    """JSON without NaN or Infinity (which JSON.parse refuses): those numbers become strings."""
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value
