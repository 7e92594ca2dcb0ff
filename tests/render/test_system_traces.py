"""Traces of what a system adds to the algorithm, in every --trace-out format, through the CLI.

Crash failures: the crash is marked in every format, a message to a crashed process is lost
(neither received nor in flight) in all of them alike, and the ITF state after a crash is not
the state before it. Synchronizers: the algorithm's locals are read as the algorithm's, and what
a process holds through the synchronizer is shown apart, labelled. Networks: no "clockwise",
an edge file's vertex names kept, and a lasso shown on the network picture too.
"""
import json
import os
import shutil

import pytest
from itf_py import trace_from_json

from checker import check
from checker.cli import main
from checker.cli.loader import load_algorithm, load_synchronizer
from checker.render import FORMATS

from conftest import MUTANTS

needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot program is not installed")

BULLY_CRASH = ["bully", "--n", "3", "--crashes", "1"]  # p2 (id 3) crashes at step 5 with two elections to it
BULLY_LASSO = [os.path.join(MUTANTS, "networks", "bully_leader_wait_ends_when_quiet.py"), "--n", "3", "--crashes", "1"]
SYNCHRONIZERS = os.path.join(MUTANTS, "synchronizers")
SYNCHRONIZER_MUTANTS = [  # as tests/explore/test_synchronizers.py catches them, with flooding
    ("alpha_safe_before_acks.py", ["--n", "3", "--graph", "path"]),
    ("beta_root_skips_subtrees.py", ["--n", "3", "--graph", "path"]),
    ("gamma_ignores_neighbouring_clusters.py", ["--n", "4", "--graph", "path", "--cluster-radius", "0"]),
    ("abd_one_delta_per_tick.py", ["--n", "3", "--graph", "path"]),
]

# flooding that stops early, with the leader's id as its first local: the synchronizer's record of
# a process (its locals, tick, inbox, ...) read as the locals made int() of a tuple
ID_FIRST = '''
from algorithms.flooding import Leader
from models import LARGEST, NIL, SYNCHRONOUS, Algorithm, And, Id, Local, Network, ite, receive, spontaneous


class IdFirst(Algorithm, name="id-first"):
    topology = Network
    timing = SYNCHRONOUS
    knows_diameter = True
    winner = LARGEST
    L = Local(Id, NIL)
    r = Local(int, 0)
    done = Local(bool, False)

    def is_leader(p):
        return And(p.done, p.L == p.id)

    def decided(p):
        return p.done

    def leader_id(p):
        return p.L

    @spontaneous(when=lambda p: p.r + 1 < p.diameter)
    def send_leader(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.send_all(Leader(p.L))
        p.r = p.r + 1

    @receive(Leader)
    def receive_max(p, m, port):
        p.L = ite(m.id > p.L, m.id, p.L)

    @spontaneous(when=lambda p: And(p.r + 1 >= p.diameter, p.done == False))  # noqa: E712
    def decide(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.done = True
'''


def _write(capsys, tmp_path, argv, extension):
    """Run ``check ARGV --json --trace-out t.EXT``; return the file's text (or bytes) and the JSON trace."""
    target = tmp_path / f"t{extension}"
    status = main([*argv, "--json", "--jobs", "1", "--trace-out", str(target)])
    captured = capsys.readouterr()
    assert status == 1 and captured.err == "", captured.err
    content = target.read_bytes() if extension == ".png" else target.read_text()
    return content, json.loads(captured.out)["counterexample"]["trace"]


def _itf_values(state: dict) -> dict:
    return {name: value for name, value in state.items() if name != "#meta"}


def _plain(value) -> str:
    """An ITF value as the text trace writes it."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict) and "#bigint" in value:
        return value["#bigint"]
    return str(value)


# -- crash failures -----------------------------------------------------------------------

def test_the_cli_json_says_which_messages_a_crash_loses(capsys, tmp_path):
    _, trace = _write(capsys, tmp_path, BULLY_CRASH, ".txt")
    steps = {s["step"]: s for s in trace["steps"]}
    assert steps[5]["command"] == "crash" and steps[5]["position"] == 2
    assert steps[5]["lost"] == [{"message": "Election(1)", "sender": 0, "receiver": 2, "sent_at": 1},
                                {"message": "Election(2)", "sender": 1, "receiver": 2, "sent_at": 2}]
    assert steps[6]["lost"] == [{"message": "Leader(1)", "sender": 0, "receiver": 2, "sent_at": 6}]
    assert steps[8]["lost"] == [{"message": "Leader(2)", "sender": 1, "receiver": 2, "sent_at": 8}]
    assert all("lost" not in steps[k] for k in (1, 2, 3, 4, 7))


def test_the_text_trace_names_the_messages_a_crash_loses(capsys, tmp_path):
    text, _ = _write(capsys, tmp_path, BULLY_CRASH, ".txt")
    words = " ".join(text.split())  # the table folds long cells over several lines
    assert "lost in its" in words and "Election(1) from p0" in words and "Election(2) from p1" in words
    assert text.count("(lost:") == 2 and "crashed=true" in text


def test_mermaid_draws_lost_messages_as_crossed_arrows_not_in_flight(capsys, tmp_path):
    text, _ = _write(capsys, tmp_path, BULLY_CRASH, ".md")
    crossed = [line.strip() for line in text.splitlines() if "-xp2:" in line]
    assert crossed == ["p0-xp2: Election(1) (lost: p2 has crashed)", "p1-xp2: Election(2) (lost: p2 has crashed)",
                       "p0-xp2: Leader(1) (lost: p2 has crashed)", "p1-xp2: Leader(2) (lost: p2 has crashed)"]
    assert [line.strip() for line in text.splitlines() if "still in the channel" in line] == \
        ["p1--)p0: Leader(2) (still in the channel)"]  # what the text trace's final state holds
    assert "Note over p2: 5 crash ✕" in text


def test_the_itf_state_after_a_crash_says_so(capsys, tmp_path):
    text, trace = _write(capsys, tmp_path, BULLY_CRASH, ".json")
    itf = json.loads(text)
    assert "crashed" in itf["vars"]
    states = [_itf_values(s) for s in itf["states"]]
    for k in range(1, len(states)):  # every step changes the state, the crash included
        assert states[k] != states[k - 1], f"step {k} of {trace['steps'][k - 1]['command']} changes nothing"
    crashed = [[_plain(v) for _, v in s["crashed"]["#map"]] for s in states]
    assert crashed[4] == ["false"] * 3 and crashed[5] == crashed[-1] == ["false", "false", "true"]
    assert len(trace_from_json(itf).states) == len(states)


@needs_dot
def test_the_network_picture_marks_the_crashed_process_and_its_lost_messages(capsys, tmp_path):
    for extension in (".dot", ".svg"):
        text, _ = _write(capsys, tmp_path, BULLY_CRASH, extension)
        words = " ".join(text.replace("&#45;", "-").split())
        assert "crashed" in words and "(at step 5)" in words
        assert words.count("(lost)") == 4 and words.count("(in flight)") == 1


@needs_dot
def test_the_html_page_marks_the_crash_and_its_lost_messages_everywhere(capsys, tmp_path):
    page, trace = _write(capsys, tmp_path, BULLY_CRASH, ".html")
    assert page.count("(lost)") == 4 and page.count("(in flight)") == 1  # the space-time diagram's arrows
    assert page.count("✕ crashed") == len(trace["steps"]) - 5 + 1  # p2's box in each snapshot from step 5 on
    assert "lost in its channels: Election(1) from p0, Election(2) from p1" in page  # the step table
    assert "Leader(1) on 1 (lost: p2 has crashed)" in page


# -- networks -----------------------------------------------------------------------------

@needs_dot
def test_network_traces_say_process_order_not_clockwise(capsys, tmp_path):
    for extension in (".txt", ".md", ".html", ".dot"):
        text, _ = _write(capsys, tmp_path, BULLY_CRASH, extension)
        assert "clockwise" not in text, extension
        assert "(process 0 first) on the complete graph" in text, extension


@needs_dot
def test_an_edge_files_vertex_names_are_kept_in_every_format(capsys, tmp_path):
    graph = tmp_path / "triangle.txt"
    graph.write_text("# named vertices\nalice bob\nbob carol\ncarol alice\n")
    argv = ["bully", "--graph", str(graph), "--crashes", "1"]
    for extension in FORMATS:
        content, trace = _write(capsys, tmp_path, argv, extension)
        assert trace["names"] == ["alice", "bob", "carol"]
        if extension == ".png":
            continue
        assert "alice" in content and "carol" in content, extension
        if extension == ".json":
            assert json.loads(content)["#meta"]["names"] == ["alice", "bob", "carol"]
        else:
            assert "p0 (" not in content and "p2\\nid" not in content, extension
    text, _ = _write(capsys, tmp_path, argv, ".txt")
    assert "carol (id 3): crashed=true" in text and "channel bob->alice (port 0)" in text
    assert "ports alice: 0->bob 1->carol" in text


@needs_dot
def test_a_network_lasso_is_shown_on_the_network_picture(capsys, tmp_path):
    for extension in (".dot", ".svg"):
        text, trace = _write(capsys, tmp_path, BULLY_LASSO, extension)
        assert trace["loop_start"] == 5
        words = " ".join(text.replace("&#45;", "-").split())
        assert "steps 6..9 repeat forever" in words
        assert "↺ 6: Election(1)" in words and "↺ 7: Reply(2)" in words and "↺ 1:" not in words
        for step in trace["steps"][5:]:  # the box lists every repeating step
            assert f"step {step['step']}: " in words


# -- synchronizers ------------------------------------------------------------------------

def test_through_a_synchronizer_the_algorithms_locals_are_read_as_its_own(capsys, tmp_path):
    source = tmp_path / "id_first.py"
    source.write_text(ID_FIRST)
    argv = [str(source), "--n", "3", "--graph", "path", "--synchronizer", "alpha"]
    text, trace = _write(capsys, tmp_path, argv, ".json")
    final = json.loads(text)["states"][-1]
    for name in ("L", "r", "done"):
        assert [_plain(v) for _, v in final[name]["#map"]] == [local[name] for local in trace["final_state"]["locals"]]
    ticks = [_plain(record["tick"]) for _, record in final["synchronizer"]["#map"]]
    assert ticks == [held["tick"] for held in trace["final_state"]["synchronizer"]]
    assert set(trace["final_state"]["locals"][0]) == {"L", "r", "done"}  # nothing of the synchronizer's


@pytest.mark.parametrize("filename, options", SYNCHRONIZER_MUTANTS, ids=[f for f, _ in SYNCHRONIZER_MUTANTS])
def test_a_synchronizer_trace_shows_every_change_apart_from_the_locals(capsys, tmp_path, filename, options):
    argv = ["flooding", *options, "--synchronizer", os.path.join(SYNCHRONIZERS, filename)]
    text, trace = _write(capsys, tmp_path, argv, ".json")
    itf = json.loads(text)
    assert {"r", "L", "done", "synchronizer"} <= set(itf["vars"]) and "tick" not in itf["vars"]
    states = [_itf_values(s) for s in itf["states"]]
    for k in range(1, len(states)):
        assert states[k] != states[k - 1], f"step {k} ({trace['steps'][k - 1]['command']}) changes nothing"
    for s in trace["steps"]:
        assert not {"tick", "inbox", "missed"} & set(s["changes"])  # those are the synchronizer's
    assert any("tick" in s["synchronizer_changes"] for s in trace["steps"])
    for name in ("r", "L", "done"):
        assert [_plain(v) for _, v in states[-1][name]["#map"]] == \
            [local[name] for local in trace["final_state"]["locals"]]


def test_alphas_early_safes_are_a_change_the_trace_shows(capsys, tmp_path):
    source = tmp_path / "id_first.py"
    source.write_text(ID_FIRST)
    _, trace = _write(capsys, tmp_path, [str(source), "--n", "3", "--graph", "path", "--synchronizer", "alpha"], ".txt")
    early = [s for s in trace["steps"] if s["command"] == "on_safe" and "safes_next" in s["synchronizer_changes"]]
    assert early  # a safe of the next tick, counted before the process starts it


@needs_dot
def test_every_format_of_a_synchronizer_trace_labels_the_synchronizers_state(capsys, tmp_path):
    source = tmp_path / "id_first.py"
    source.write_text(ID_FIRST)
    argv = [str(source), "--n", "3", "--graph", "path", "--synchronizer", "alpha"]
    page, trace = _write(capsys, tmp_path, argv, ".html")
    # the other formats from one search through the API, which writes what --trace-out writes
    # (the command line in every format is tests/render/test_render.py's, on a ring)
    result = check(load_algorithm(str(source)), 3, jobs=1, progress=False, graphs="path",
                   synchronizer=load_synchronizer("alpha"))
    for extension in FORMATS:
        target = tmp_path / f"api{extension}"
        assert result.counterexample.trace.write(str(target)) is None
        if extension in (".txt", ".md", ".html"):
            for content in (target.read_text(), page) if extension == ".html" else (target.read_text(),):
                assert "synchronizer: tick" in content, extension
                assert "through the alpha synchronizer" in content, extension
    # in every process of every snapshot, the synchronizer's part under its label
    assert page.count('fill="#6a1b9a">synchronizer</text>') == 3 * (len(trace["steps"]) + 1)
