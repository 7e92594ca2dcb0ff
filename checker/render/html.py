"""One self-contained HTML page per trace: the space-time diagram, the step table and the ring
after every step, stepped through with buttons, the arrow keys or a click on a row or an event
(``page.html#12`` opens at step 12).

Everything is inline (SVG drawn by graphviz, a little CSS and JavaScript): the page loads
nothing from the network and can be mailed or attached to a bug report as it is.
Returns None when graphviz's ``dot`` program is missing (the caller writes .dot instead).
"""
from __future__ import annotations

import json
from html import escape

from models import UNMATCHED

from .graphviz_out import inline_svg, render, render_svgs
from .ring import trace_snapshot
from .spacetime import headline, spacetime_graph, step_summary
from .style import changes_text, locals_text, sent_text

STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 1em 2em; color: #212121; }
h1 { font-size: 1.2em; margin-bottom: 0.2em; } p.sub { margin-top: 0; color: #555; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1.5em; align-items: start; }
#spacetime { overflow: auto; max-height: 88vh; border: 1px solid #ddd; }
#spacetime svg, .snap svg { max-width: 100%; height: auto; }
#side { position: sticky; top: 0.5em; }
#controls button { font-size: 1em; padding: 0.2em 0.8em; margin-right: 0.3em; }
#where { font-weight: bold; margin: 0.5em 0; } #what { min-height: 2.6em; color: #333; }
.snap[hidden] { display: none; }
#spacetime g.node.current path, #spacetime g.node.current polygon { stroke: #e53935; stroke-width: 3px; }
#spacetime g.node[id^=ev] { cursor: pointer; }
table { border-collapse: collapse; margin-top: 1.5em; font-size: 0.9em; }
th, td { text-align: left; padding: 0.2em 0.7em; border-bottom: 1px solid #eee; vertical-align: top; }
tbody tr { cursor: pointer; } tbody tr.current { background: #fff3e0; }
"""

SCRIPT = """
const last = %(last)d;
const summaries = %(summaries)s;
let current = 0;
function show(k) {
  current = Math.max(0, Math.min(last, k));
  document.querySelectorAll('.snap').forEach(s => { s.hidden = Number(s.dataset.k) !== current; });
  document.querySelectorAll('tbody tr').forEach(r => r.classList.toggle('current', Number(r.dataset.k) === current));
  document.querySelectorAll('#spacetime g.node.current').forEach(g => g.classList.remove('current'));
  const event = document.getElementById('ev' + current);
  if (event) {
    event.classList.add('current');
    const pane = document.getElementById('spacetime');
    const e = event.getBoundingClientRect(), p = pane.getBoundingClientRect();
    if (e.top < p.top || e.bottom > p.bottom) { pane.scrollTop += e.top - p.top - p.height / 2; }
  }
  document.getElementById('where').textContent = current === 0 ? 'initial state' : 'step ' + current + ' of ' + last;
  document.getElementById('what').textContent = summaries[current];
  history.replaceState(null, '', '#' + current);
}
document.getElementById('first').onclick = () => show(0);
document.getElementById('prev').onclick = () => show(current - 1);
document.getElementById('next').onclick = () => show(current + 1);
document.getElementById('end').onclick = () => show(last);
document.addEventListener('keydown', e => {
  const moves = {ArrowLeft: current - 1, ArrowUp: current - 1, ArrowRight: current + 1, ArrowDown: current + 1,
                 Home: 0, End: last};
  if (e.key in moves) { show(moves[e.key]); e.preventDefault(); }
});
document.querySelectorAll('tbody tr').forEach(r => r.onclick = () => show(Number(r.dataset.k)));
document.querySelectorAll('#spacetime g.node[id^=ev]').forEach(g => g.onclick = () => show(Number(g.id.slice(2))));
show(Number(location.hash.slice(1)) || 0);  // page.html#12 opens at step 12
"""


def step_table(trace) -> str:
    rows = []
    for s in trace.steps:
        command = s.command + ("  (no command accepts it)" if s.command == UNMATCHED else "")
        loop = " ↺" if trace.loop_start is not None and s.number - 1 == trace.loop_start else ""
        cells = [
            f"{s.number}{loop}", trace.process(s.position), command,
            f"{s.received} on {s.port}" if s.received else "",
            sent_text(s, trace.name), changes_text(s, "→", trace.name),
        ]
        rows.append(f'<tr data-k="{s.number}">' + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("step", "process", "command", "received", "sent", "changes"))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def render_html(trace) -> str | None:
    diagram = render(spacetime_graph(trace), "svg")
    if diagram is None:
        return None
    snapshots = [
        f'<div class="snap" data-k="{k}" hidden>{inline_svg(svg)}</div>'
        for k, svg in enumerate(render_svgs([trace_snapshot(trace, k) for k in range(len(trace.states))]))
    ]
    summaries = ["the initial state: every process has " + locals_text(trace.initial_locals, trace.initial_synchronizer)
                 + "; all channels empty"]
    summaries += [step_summary(trace, s) for s in trace.steps]
    if trace.loop_start is not None:
        summaries[-1] += f" (then back to the state after step {trace.loop_start}: steps " \
                         f"{trace.loop_start + 1}..{len(trace.steps)} repeat forever)"
    heading = headline(trace)
    # "</" inside a script would end it early, whatever the text of a message
    script = SCRIPT % {"last": len(trace.steps), "summaries": json.dumps(summaries).replace("</", "<\\/")}
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{escape(heading[0])}</title>
<style>{STYLE}</style>
</head>
<body>
<h1>{escape(heading[0])}</h1>
<p class="sub">{"<br>".join(escape(line) for line in heading[1:])}</p>
<main>
<div id="spacetime">{inline_svg(diagram)}</div>
<div id="side">
<div id="controls"><button id="first" title="Home">« first</button><button id="prev" title="left arrow">◀ back</button><button id="next" title="right arrow">next ▶</button><button id="end" title="End">last »</button></div>
<div id="where"></div>
<div id="what"></div>
{"".join(snapshots)}
</div>
</main>
{step_table(trace)}
<script>{script}</script>
</body>
</html>
"""
