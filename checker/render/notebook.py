"""What traces, results and states show in Jupyter: ``_repr_mimebundle_`` returns these bundles.

Each has text/plain (what a terminal prints) and text/html; pictures come as image/svg+xml
too when graphviz's ``dot`` program is installed (without it, the HTML says how to get it).
"""
from __future__ import annotations

from html import escape

from .graphviz_out import INSTALL, inline_svg, render
from .html import step_table
from .ring import ring_graph, ring_text
from .spacetime import spacetime_graph

_NO_DOT = f"<p><i>(no picture: graphviz's <code>dot</code> program is not installed; {escape(INSTALL)})</i></p>"


def _pre(text: str) -> str:
    return f"<pre>{escape(text)}</pre>"


def trace_bundle(trace) -> dict:
    svg = render(spacetime_graph(trace), "svg")
    bundle = {"text/plain": trace.to_text()}
    picture = inline_svg(svg) if svg else _NO_DOT
    bundle["text/html"] = f"<div>{picture}{step_table(trace)}</div>"
    if svg:
        bundle["image/svg+xml"] = svg
    return bundle


def result_bundle(result) -> dict:
    html = _pre(result.summary())
    if result.counterexample:
        html += trace_bundle(result.counterexample.trace)["text/html"]
    return {"text/plain": result.summary(), "text/html": html}


def ring_state_bundle(state) -> dict:
    svg = render(ring_graph(state), "svg")
    bundle = {"text/plain": ring_text(state), "text/html": inline_svg(svg) if svg else _pre(ring_text(state)) + _NO_DOT}
    if svg:
        bundle["image/svg+xml"] = svg
    return bundle
