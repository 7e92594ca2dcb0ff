"""Traces a person can read: every --trace-out format, ring snapshots and notebook display.

The pictures are checked by what they must show, read back from the files: the SVG parses as
XML and has every process and one label per message; lanes are in ring order; Mermaid has one
arrow per message; the ITF file reads back with itf-py and has every state; the HTML page has
every step and loads nothing from the network. Without graphviz's ``dot`` program (simulated
with an empty PATH) the .dot text is written and the user gets one line on how to install it.
"""
import json
import os
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from itf_py import trace_from_json

from checker import check
from checker.cli import main
from checker.cli.loader import load_algorithm, load_synchronizer
from checker.render import FORMATS, write_trace
from checker.render.deliveries import deliveries
from checker.render.itf import render_itf
from checker.render.mermaid import render_mermaid
from checker.render.snapshot import ChannelState, RingState
from algorithms.hs import Probe, Terminate

from conftest import MUTANTS, ROOT

# the mutants' catalogue is its test module's, in tests/explore/, which pytest puts on the path
# only when it collects that folder: so that this file runs alone too
sys.path.insert(0, os.path.join(ROOT, "tests", "explore"))
from test_mutants import CATALOGUE  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
# .ci/run installs graphviz, so CI draws every picture; elsewhere say what is missing
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot program is not installed")


def _trace(filename, n):
    result = check(load_algorithm(os.path.join(MUTANTS, filename)), n, jobs=1, progress=False)
    return result, result.counterexample.trace


@pytest.fixture(scope="module")
def lasso():  # unidirectional ring; a counterexample to termination ending in a loop
    return _trace("lcr_never_terminates.py", 3)


@pytest.fixture(scope="module")
def bidirectional():  # messages both ways, across the cut, and still in flight at the end
    return _trace("hs_resign_unguarded.py", 3)


@pytest.fixture(scope="module")
def reordering():  # a synchronizer's links deliver in any order: a safe overtakes a message
    mutant = os.path.join(MUTANTS, "synchronizers", "alpha_safe_before_acks.py")
    result = check(load_algorithm("flooding"), 3, jobs=1, progress=False, graphs="path",
                   synchronizer=load_synchronizer(mutant))
    return result, result.counterexample.trace


def _svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text.replace("\xa0", " ") for t in root.iter(f"{SVG}text") if t.text]  # dot writes "  " as " &#160;"


def _message_labels(trace) -> Counter:
    return Counter(d.label if d.received_at is not None else f"{d.label} (in flight)" for d in deliveries(trace))


# -- which step received what ------------------------------------------------------------

@pytest.mark.parametrize("fixture", ["lasso", "bidirectional", "reordering"])
def test_every_message_is_delivered_in_fifo_order_or_left_in_flight(request, fixture):
    _, trace = request.getfixturevalue(fixture)
    found = deliveries(trace)
    assert len(found) == sum(len(s.sent) for s in trace.steps)
    received = {d.received_at: d for d in found if d.received_at is not None}
    for step in trace.steps:  # each reception is matched to exactly the message the step names
        if step.received is not None:
            assert received[step.number].label == step.received
            assert received[step.number].receiver == step.position
            assert received[step.number].in_port == step.port
    in_flight = Counter((d.sender, d.out_port, str(d.label)) for d in found if d.received_at is None)
    final = trace.states[-1]
    assert in_flight == Counter((c.sender, c.out_port, str(m)) for c in final.channels for m in c.messages)


def test_on_links_that_reorder_a_message_is_matched_to_its_own_sending(reordering):
    _, trace = reordering
    found = deliveries(trace)
    overtaken = [(a, b) for a in found for b in found if (a.sender, a.out_port) == (b.sender, b.out_port)
                 and a.sent_at < b.sent_at and b.received_at is not None
                 and (a.received_at is None or a.received_at > b.received_at)]
    assert overtaken  # the mutant is caught because a safe overtakes a message of the tick


# -- the space-time diagram ---------------------------------------------------------------

@needs_dot
@pytest.mark.parametrize("fixture", ["lasso", "bidirectional"])
def test_svg_is_well_formed_with_every_process_and_every_message(request, tmp_path, fixture):
    _, trace = request.getfixturevalue(fixture)
    target = tmp_path / "t.svg"
    assert write_trace(trace, str(target)) is None
    texts = _svg_texts(target.read_text())
    for i, id_ in enumerate(trace.ids):
        assert f"p{i} (id {id_})" in texts
    labels = _message_labels(trace)
    assert Counter(t for t in texts if t in labels) == labels  # one label per message sent
    for step in trace.steps:
        assert f"{step.number}  {step.command}" in texts


@needs_dot
def test_lanes_are_in_ring_order_and_time_goes_down(bidirectional, tmp_path):
    _, trace = bidirectional
    target = tmp_path / "t.svg"
    write_trace(trace, str(target))
    root = ET.fromstring(target.read_text())
    where = {}
    for group in root.iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        text = next(group.iter(f"{SVG}text"), None)  # (inside a link when the node has a tooltip)
        if title is not None and text is not None and re.fullmatch(r"[he]\d+", title.text or ""):
            where[title.text] = (float(text.get("x")), float(text.get("y")))
    lanes = [where[f"h{i}"][0] for i in range(len(trace.ids))]
    assert lanes == sorted(lanes) and len(set(lanes)) == len(lanes)
    rows = [where[f"e{s.number}"][1] for s in trace.steps]
    assert rows == sorted(rows)  # SVG y grows downwards
    for s in trace.steps:
        assert abs(where[f"e{s.number}"][0] - lanes[s.position]) < 1


@needs_dot
def test_decisions_are_marked(lasso, tmp_path):
    _, trace = lasso
    target = tmp_path / "t.svg"
    write_trace(trace, str(target))
    texts = _svg_texts(target.read_text())
    assert "→ leader" in texts and texts.count("→ non-leader") == 2


def test_dot_text_names_its_layout_so_plain_dot_renders_it(lasso, tmp_path):
    _, trace = lasso
    target = tmp_path / "t.dot"
    write_trace(trace, str(target))
    source = target.read_text()
    assert source.startswith("digraph") and "layout=neato" in source


# -- Mermaid ------------------------------------------------------------------------------

@pytest.mark.parametrize("fixture", ["lasso", "bidirectional"])
def test_mermaid_has_one_line_per_message_and_every_step(request, fixture):
    _, trace = request.getfixturevalue(fixture)
    text = render_mermaid(trace)
    body = text.split("```mermaid\n", 1)[1].split("```", 1)[0].splitlines()
    assert body[0] == "sequenceDiagram"
    arrows = [line.strip() for line in body if re.match(r"\s*p\d+(->>|--\))p\d+: ", line)]
    assert len(arrows) == sum(len(s.sent) for s in trace.steps)
    participants = [line.split()[1] for line in body if line.strip().startswith("participant")]
    assert participants == [f"p{i}" for i in range(len(trace.ids))]
    for step in trace.steps:
        assert any(line.strip().startswith(f"Note over p{step.position}: {step.number} {step.command}") for line in body)
    assert ("loop " in text) == (trace.loop_start is not None)


# -- ITF ----------------------------------------------------------------------------------

@pytest.mark.parametrize("fixture", ["lasso", "bidirectional"])
def test_itf_has_meta_every_state_and_its_variables(request, fixture):
    _, trace = request.getfixturevalue(fixture)
    itf = json.loads(json.dumps(render_itf(trace)))
    assert itf["#meta"]["format"] == "ITF" and itf["#meta"]["property"] == trace.property
    assert len(itf["states"]) == len(trace.steps) + 1
    for index, state in enumerate(itf["states"]):
        assert state["#meta"]["index"] == index
        assert set(state) - {"#meta"} == set(itf["vars"])
    assert {"ids", "channels", "leader"} <= set(itf["vars"])
    if trace.loop_start is not None:
        assert itf["loop"] == trace.loop_start
        assert itf["states"][itf["loop"]] | {"#meta": None} == itf["states"][-1] | {"#meta": None}
    else:
        assert "loop" not in itf
    parsed = trace_from_json(itf)  # itf-py reads it back
    last = parsed.states[-1].values
    for i, local in enumerate(trace.final_locals):
        assert last["ids"][i] == trace.ids[i]
        assert str(last["leader"][i]).upper() == local["leader"].upper()
    for step in trace.steps[:3]:
        assert itf["states"][step.number]["#meta"]["action"]["command"] == step.command


def test_itf_messages_are_variants_and_fieldless_ones_read_back():
    state = RingState((1, 2), [{"leader": "NIL"}, {"leader": "TRUE"}],
                      [ChannelState(0, "CW", 1, "CCW", (Probe(1, 0, 0), Terminate())), ChannelState(1, "CW", 0, "CCW")])

    class OneState:
        algorithm, ids, property, reason, loop_start, steps, states = "hs", (1, 2), None, None, None, [], [state]

    itf = render_itf(OneState())
    channels = itf["states"][0]["channels"]["#map"]
    assert channels[0][0] == {"#tup": [{"#bigint": "0"}, "CW"]}
    assert channels[0][1][0] == {"tag": "Probe", "value": {"id": {"#bigint": "1"}, "phase": {"#bigint": "0"},
                                                           "ttl": {"#bigint": "0"}}}
    assert channels[0][1][1] == {"tag": "Terminate", "value": {}}
    assert type(trace_from_json(itf).states[0].values["channels"][(0, "CW")][1]).__name__ == "Terminate"


# -- HTML ---------------------------------------------------------------------------------

@needs_dot
def test_html_is_self_contained_and_has_every_step(bidirectional, tmp_path):
    _, trace = bidirectional
    target = tmp_path / "t.html"
    assert write_trace(trace, str(target)) is None
    page = target.read_text()
    assert page.startswith("<!DOCTYPE html>")
    # nothing is fetched: no external scripts, styles, images or fonts
    assert not re.search(r"<(script|img|link|iframe)[^>]*\b(src|href)=", page)
    assert "@import" not in page and "url(" not in page
    assert not re.search(r"""(src|href)=["'](https?:)?//""", page)
    assert page.count('class="snap"') == len(trace.steps) + 1  # a ring picture per state
    for step in trace.steps:
        assert f'<tr data-k="{step.number}">' in page
        assert f'id="ev{step.number}"' in page  # its event in the diagram, for highlighting
    assert page.count("<svg") == len(trace.steps) + 2
    for match in re.finditer(r"<svg.*?</svg>", page, flags=re.S):
        ET.fromstring(match.group(0))  # every inline picture is well-formed


# -- ring snapshots -----------------------------------------------------------------------

@needs_dot
def test_a_ring_state_built_by_hand_draws_and_displays():
    """What a z3 counterexample to induction would hand over: plain locals and channels."""
    state = RingState(
        ids=(3, 1, 2), locals=[{"leader": "TRUE"}, {"leader": "NIL"}, {"leader": "TRUE"}],
        channels=[ChannelState(i, "CW", (i + 1) % 3, "CCW", (Probe(3, 1, 0),) if i == 0 else ()) for i in range(3)]
        + [ChannelState(i, "CCW", (i - 1) % 3, "CW") for i in range(3)],
        decisions=["leader", None, "leader"], topology="bidirectional ring",
    )
    bundle = state._repr_mimebundle_()
    assert "p1 (id 1): leader=NIL" in bundle["text/plain"]
    assert "channel 0->1 (CW): Probe(3, 1, 0)" in bundle["text/plain"]
    texts = _svg_texts(bundle["image/svg+xml"])
    assert "Probe(3, 1, 0)" in texts and "leader = TRUE" in texts


@needs_dot
def test_trace_snapshots_show_each_process_and_channel_contents(lasso):
    from checker.render.graphviz_out import render
    from checker.render.ring import trace_snapshot

    _, trace = lasso
    for k in (0, len(trace.steps)):
        texts = _svg_texts(render(trace_snapshot(trace, k), "svg"))
        for i, id_ in enumerate(trace.ids):
            assert f"p{i}" in texts and str(id_) in texts
        messages = [str(m) for c in trace.states[k].channels for m in c.messages]
        assert Counter(t for t in texts if t in messages) == Counter(messages)


# -- Jupyter ------------------------------------------------------------------------------

@needs_dot
def test_traces_and_results_display_in_notebooks(bidirectional):
    result, trace = bidirectional
    bundle = trace._repr_mimebundle_()
    assert bundle["text/plain"] == trace.to_text()
    ET.fromstring(bundle["image/svg+xml"])
    assert "<table>" in bundle["text/html"] and "<svg" in bundle["text/html"]
    bundle = result._repr_mimebundle_()
    assert bundle["text/plain"] == result.summary()
    assert "VIOLATED" in bundle["text/html"] and "<svg" in bundle["text/html"]


def test_a_verified_result_displays_without_a_picture():
    result = check(load_algorithm("lcr"), 3, jobs=1, progress=False)
    bundle = result._repr_mimebundle_()
    assert "VERIFIED" in bundle["text/html"] and "<svg" not in bundle["text/html"]


# -- without graphviz's dot program -------------------------------------------------------

@pytest.fixture
def no_dot(monkeypatch, tmp_path):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


@pytest.mark.parametrize("extension", [".svg", ".png", ".html"])
def test_without_dot_the_cli_writes_dot_text_and_says_how_to_install(capsys, tmp_path, no_dot, extension):
    target = tmp_path / f"t{extension}"
    status = main([f"{MUTANTS}/lcr_never_terminates.py", "--n", "3", "--jobs", "1", "--trace-out", str(target)])
    captured = capsys.readouterr()
    assert status == 1  # the verdict still decides the exit status
    assert not target.exists()
    dot = tmp_path / "t.dot"
    assert dot.read_text().startswith("digraph")
    assert len(captured.err.strip().splitlines()) == 1 and "apt-get install graphviz" in captured.err
    assert str(dot) in captured.err and "Traceback" not in captured.err + captured.out


def test_without_dot_notebooks_get_text_and_the_hint(lasso, no_dot):
    result, trace = lasso
    bundle = trace._repr_mimebundle_()
    assert "image/svg+xml" not in bundle and "apt-get install graphviz" in bundle["text/html"]
    assert "<table>" in bundle["text/html"]
    assert "image/svg+xml" not in trace.states[-1]._repr_mimebundle_()


# -- every mutant's counterexample, every format, through the command line ------------------

def _check_file(path, extension, trace_json):
    steps = len(trace_json["steps"])
    if extension == ".svg":
        ET.fromstring(path.read_text())
    elif extension == ".png":
        assert path.read_bytes().startswith(b"\x89PNG")
    elif extension == ".json":
        assert len(trace_from_json(json.loads(path.read_text())).states) == steps + 1
    elif extension == ".html":
        assert path.read_text().count('class="snap"') == steps + 1
    elif extension == ".md":
        assert "```mermaid\nsequenceDiagram" in path.read_text()
    elif extension == ".dot":
        assert path.read_text().startswith("digraph")
    else:
        assert path.read_text().startswith(f"Counterexample to {trace_json['property']}")


# The first mutant of each algorithm in the catalogue stays in the fast loop: an algorithm's
# mutants send the same messages on the same ring, so the next ones draw the same kinds of lanes
# and arrows (each costs a second of dot); they run with the slow tests.
ANOTHER_OF_THE_SAME_ALGORITHM = {
    "hs_ttl_not_decremented.py", "hs_resign_unguarded.py", "hs_smallest_wins.py",  # hs_never_swallows.py first
    "cr_announces_twice.py",  # cr_forwards_smaller.py first
    "lcr_never_terminates.py", "lcr_wrong_announcement.py", "lcr_guesses_leader.py",  # lcr_no_terminate.py first
    "hs_unoriented_comparisons_flipped.py",  # hs_unoriented_responses_turn_back.py first
}
MUTANT_CASES = [pytest.param(*case, marks=pytest.mark.slow) if case[0] in ANOTHER_OF_THE_SAME_ALGORITHM
                else pytest.param(*case) for case in CATALOGUE]


def test_every_algorithms_first_mutant_renders_in_the_fast_loop():
    names = {filename for filename, _, _ in CATALOGUE}
    assert ANOTHER_OF_THE_SAME_ALGORITHM < names and CATALOGUE[0][0] not in ANOTHER_OF_THE_SAME_ALGORITHM


@needs_dot
@pytest.mark.parametrize("filename,n,expected", MUTANT_CASES)
def test_every_mutant_counterexample_renders_in_every_format(capsys, tmp_path, filename, n, expected):
    """Through the command line in every format for the first mutant, in one for the others (the
    same search each time), whose trace the API then writes in every other format."""
    path = os.path.join(MUTANTS, filename)
    through_the_cli = FORMATS if filename == CATALOGUE[0][0] else FORMATS[:1]
    for extension in through_the_cli:
        target = tmp_path / f"trace{extension}"
        status = main([path, "--n", str(n), "--json", "--jobs", "1", "--trace-out", str(target)])
        captured = capsys.readouterr()
        assert status == 1 and captured.err == ""
        trace_json = json.loads(captured.out)["counterexample"]["trace"]
        _check_file(target, extension, trace_json)
    rest = FORMATS[len(through_the_cli):]
    trace = check(load_algorithm(path), n, jobs=1).counterexample.trace if rest else None
    for extension in rest:
        target = tmp_path / f"api{extension}"
        assert trace.write(str(target)) is None
        _check_file(target, extension, trace_json)


def test_nothing_to_write_when_every_property_holds(capsys, tmp_path):
    target = tmp_path / "t.svg"
    status = main(["lcr", "--n", "3", "--jobs", "1", "--trace-out", str(target)])
    assert status == 0 and not target.exists()
    assert f"no counterexample, so nothing was written to {target}" in capsys.readouterr().out


def test_an_unwritable_trace_file_is_one_line_and_status_2(capsys, tmp_path):
    target = tmp_path / "no-such-dir" / "t.txt"
    status = main([f"{MUTANTS}/lcr_no_terminate.py", "--n", "3", "--jobs", "1", "--trace-out", str(target)])
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert "cannot write it (No such file or directory)" in err


@needs_dot
def test_a_trace_of_no_steps_renders_in_every_format(tmp_path):
    """The initial state itself can be the counterexample: every format still has a state."""
    from checker.render.trace import replay
    from models import AsyncSystem

    trace, _ = replay(AsyncSystem(load_algorithm("hs"), (1, 2, 3)), [])
    for extension in FORMATS:
        assert write_trace(trace, str(tmp_path / f"t{extension}")) is None
    assert len(json.loads((tmp_path / "t.json").read_text())["states"]) == 1
    assert (tmp_path / "t.html").read_text().count('class="snap"') == 1
