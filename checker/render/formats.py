"""``write_trace(trace, path)``: a trace written to a file in the format its extension names."""
from __future__ import annotations

import json
import os

FORMATS = (".txt", ".md", ".dot", ".svg", ".png", ".json", ".html")


def write_trace(trace, path: str) -> str | None:
    """Write ``trace`` to ``path`` by extension; return a warning for the user, or None if all went well."""
    # each renderer is imported when its format is asked for: a run that writes no trace (most
    # runs) then never loads graphviz or itf_py
    extension = os.path.splitext(path)[1].lower()
    if extension == ".txt":
        return _write(path, trace.to_text())
    if extension == ".md":
        from .mermaid import render_mermaid

        return _write(path, render_mermaid(trace))
    if extension == ".json":
        from .itf import render_itf

        return _write(path, json.dumps(render_itf(trace), indent=2) + "\n")
    from .graphviz_out import missing_dot_hint, render
    from .html import render_html
    from .network_picture import network_trace_graph
    from .spacetime import spacetime_graph

    # on a general network the picture is the graph itself, with every message on its link
    graph = network_trace_graph(trace) if trace.network else spacetime_graph(trace)
    if extension == ".dot":
        return _write(path, graph.source)
    picture = render_html(trace) if extension == ".html" else render(graph, extension[1:])
    if picture is None:
        dot_path = os.path.splitext(path)[0] + ".dot"
        _write(dot_path, graph.source)
        return missing_dot_hint(dot_path, path)
    return _write(path, picture)


def _write(path: str, content: str | bytes) -> None:
    if isinstance(content, bytes):
        with open(path, "wb") as handle:
            handle.write(content)
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content)
