"""Running graphviz: SVG or PNG from a graph, or None when the ``dot`` program is missing.

Every picture sets ``layout=neato`` with pinned positions in its source, so the .dot text
written without graphviz renders the same later with a plain ``dot -Tsvg file.dot``.
"""
from __future__ import annotations

import os
import re

import graphviz

INSTALL = "install graphviz (e.g. `apt-get install graphviz` or `brew install graphviz`)"


def render(graph: graphviz.Graph | graphviz.Digraph, format: str) -> str | bytes | None:
    """The picture as SVG text (format "svg") or PNG bytes ("png"); None without the dot program."""
    try:
        if format == "svg":
            return graph.pipe(format="svg", encoding="utf-8")
        return graph.pipe(format=format)
    except graphviz.ExecutableNotFound:
        return None


def render_svgs(graphs) -> list[str] | None:
    """Several pictures as SVG text with one run of dot (much faster than one run each)."""
    if not graphs:
        return []
    try:
        output = graphviz.pipe_string("dot", "svg", "\n".join(g.source for g in graphs), encoding="utf-8")
    except graphviz.ExecutableNotFound:
        return None
    documents = [d for d in re.split(r"(?=<\?xml )", output) if d.strip()]
    assert len(documents) == len(graphs), "dot returned a different number of pictures"
    return documents


def inline_svg(svg: str) -> str:
    """An SVG document without its XML prologue and doctype, to put inside an HTML page."""
    return re.sub(r"^.*?(?=<svg)", "", svg, count=1, flags=re.S)


def missing_dot_hint(dot_path: str, wanted: str) -> str:
    """One line: what was written instead of ``wanted`` and how to get the picture."""
    extension = os.path.splitext(wanted)[1].lstrip(".").lower()
    then = (f"then `dot -T{extension} {dot_path} -o {wanted}` draws it" if extension in ("svg", "png")
            else "then run check again for the page")
    return (f"graphviz's `dot` program is not installed, so {wanted} was not drawn: wrote {dot_path} instead; "
            f"{INSTALL}, {then}")
