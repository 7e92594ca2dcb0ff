"""--each-graph: every graph of a network run gets a verdict of its own (checker/cli/each_graph.py)."""
import json

from checker.cli import each_graph, main


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _row(out: str, graph: str) -> str:
    return next(line for line in out.splitlines() if line.split()[:1] == [graph])


def test_a_violated_graph_does_not_hide_the_next(capsys):
    # the plain check stops at the path (G6) and leaves the triangle (G7) unexplored
    status, out, _ = run(capsys, "dfs-election-literal", "--n", 3, "--jobs", 1)
    assert status == 1 and "0 for 0" in out
    status, out, _ = run(capsys, "dfs-election-literal", "--n", 3, "--jobs", 1, "--each-graph")
    assert status == 1
    assert out.splitlines()[0].endswith("VIOLATED (1 violated, 1 verified)")
    assert "VIOLATED" in _row(out, "G6") and "VERIFIED" in _row(out, "G7")
    assert "at-most-one-leader: 2 leaders" in out and "found by the exhaustive search" in out
    assert "On G6:\nCounterexample to at-most-one-leader" in out


def test_every_graph_verified_is_verified(capsys):
    status, out, _ = run(capsys, "dfs-election", "--n", 3, "--jobs", 1, "--each-graph", "--json")
    assert status == 0
    result = json.loads(out)
    assert result["schema"] == "each-graph-1" and result["verdict"] == "verified"
    assert [g["graph"] for g in result["graphs"]] == ["G6", "G7"]
    assert all(g["check"]["verdict"] == "verified" and g["random_runs"] is None for g in result["graphs"])


def test_a_graph_stopped_at_a_limit_is_walked_by_random_runs(capsys, monkeypatch):
    monkeypatch.setattr(each_graph, "RANDOM_RUNS", 200)
    status, out, _ = run(capsys, "dfs-election-literal", "--n", 3, "--jobs", 1, "--each-graph", "--max-states", 50,
                         "--json")
    assert status == 1
    graphs = {g["graph"]: g for g in json.loads(out)["graphs"]}
    path, triangle = graphs["G6"], graphs["G7"]
    # the search stopped: the violation is the random runs', a real execution (replayed, shrunk)
    assert path["check"]["verdict"] == "incomplete" and path["verdict"] == "violated"
    assert path["random_runs"]["violated"] > 0 and path["random_runs"]["runs"] == 200
    assert path["random_runs"]["counterexample"]["property"] == "at-most-one-leader"
    assert "not necessarily a shortest one" in path["how"]
    assert "the deepest state expanded at depth" in path["how"]  # how far the native search got
    # random runs without a violation prove nothing: the triangle stays incomplete, never verified
    assert triangle["check"]["verdict"] == "incomplete" and triangle["verdict"] == "incomplete"
    assert "proves nothing" in triangle["how"]


def test_what_each_graph_refuses(capsys):
    status, _, err = run(capsys, "lcr", "--n", 3, "--each-graph")
    assert status == 2 and "general network" in err
    status, _, err = run(capsys, "dfs-election", "--n", 3, "--each-graph", "--trace-out", "t.txt")
    assert status == 2 and "--trace-out does not go with --each-graph" in err
    status, _, err = run(capsys, "dfs-election", "--n", 3, "--seed", 3)
    assert status == 2 and "--seed goes with --simulate or --each-graph" in err
    status, _, err = run(capsys, "dfs-election", "--n", 3, "--each-graph", "--simulate", 10)
    assert status == 2 and "--each-graph goes with a check of one n" in err
