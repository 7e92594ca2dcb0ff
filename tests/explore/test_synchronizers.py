"""--synchronizer (models/systems/synchronized.py, models/systems/synchronizers.py): a synchronous algorithm run
through alpha, beta or gamma on the asynchronous network, over every interleaving. The three
verify flooding on every connected graph of 3 vertices (and on paths of 4), each mutant breaks
(Synch) with a trace that replays, the reduction keeps every verdict and message count, and the
message counts are the closed forms of docs/rounds.md."""
import json
import os
import subprocess
import sys

import pytest
from conftest import MUTANTS, ROOT, follow_steps

from checker import check, load_algorithm
from checker.cli import main
from checker.cli.loader import load_synchronizer
from checker.explore.arrangements import Arrangement
from checker.explore.systems import system_for
from models.topology.network import family
from models.systems.synchronized import HANDLERS
from models.systems.synchronizers import Alpha, Beta, Gamma, clusters
from specs.synch import synchronized_spec

SYNCHRONIZER_MUTANTS = os.path.join(MUTANTS, "synchronizers")
FLOODING = load_algorithm("flooding")

# file, options, what catches it
CATALOGUE = [
    ("alpha_safe_before_acks.py", ["--n", "3", "--graph", "path"]),
    ("beta_root_skips_subtrees.py", ["--n", "3", "--graph", "path"]),
    ("gamma_ignores_neighbouring_clusters.py", ["--n", "4", "--graph", "path", "--cluster-radius", "0"]),
    ("abd_one_delta_per_tick.py", ["--n", "3", "--graph", "path"]),
]


def _run(capsys, *argv):
    status = main([str(a) for a in argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_every_synchronizer_mutant_is_in_the_catalogue():
    assert {f for f in os.listdir(SYNCHRONIZER_MUTANTS) if f.endswith(".py")} == {name for name, _ in CATALOGUE}


@pytest.mark.parametrize("name", ["alpha", "beta", "gamma"])
def test_each_synchronizer_simulates_flooding_on_every_graph_of_three(name):
    reduced = check(FLOODING, 3, jobs=1, progress=False, synchronizer=load_synchronizer(name))
    full = check(FLOODING, 3, jobs=1, progress=False, synchronizer=load_synchronizer(name), por=False)
    for result in (reduced, full):
        assert result.verdict == "verified"
        assert [p.name for p in result.properties][:2] == ["synch", "simulates-synchronous-run"]
    assert (reduced.messages_min, reduced.messages_max) == (full.messages_min, full.messages_max)
    # links that reorder hold their messages as multisets unless --no-por: fewer states, same verdicts
    assert reduced.bags and not full.bags and reduced.states < full.states
    assert reduced.synchronizer == f"the {name} synchronizer" + (" (clusters of radius 1)" if name == "gamma" else "")


@pytest.mark.parametrize("filename,options", CATALOGUE)
def test_a_mutant_breaks_synch_with_a_trace_that_replays(capsys, filename, options):
    path = os.path.join(SYNCHRONIZER_MUTANTS, filename)
    status, out, _ = _run(capsys, "flooding", *options, "--synchronizer", path, "--json")
    result = json.loads(out)
    assert status == 1 and result["counterexample"]["property"] == "synch"
    counterexample = result["counterexample"]
    assert "started tick 2 before the message sent to it in tick 1" in counterexample["reason"]
    radius = int(options[options.index("--cluster-radius") + 1]) if "--cluster-radius" in options else None
    n = len(counterexample["ids"])
    arrangement = Arrangement(tuple(counterexample["ids"]), 1, topology=family("path", n), numbered=True)
    system = system_for(FLOODING, arrangement, synchronizer=load_synchronizer(path, radius))
    states = follow_steps(system, counterexample["trace"]["steps"])
    assert any(node.missed for node in states[-1][:n])
    # the full graph catches it too
    status, out, _ = _run(capsys, "flooding", *options, "--synchronizer", path, "--no-por")
    assert status == 1 and "synch                      VIOLATED" in out


def test_abd_simulates_flooding_on_a_path_with_start_signals_as_its_only_cost(capsys):
    """Clocks do the synchronizing: beyond the algorithm's messages, one start signal each way on
    every link (every woken process sends it on), whatever the initiators and the delays."""
    status, out, _ = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", "abd", "--json")
    result = json.loads(out)
    assert status == 0 and result["synchronizer"] == "the abd synchronizer (delay at most 2 time units)"
    network = family("path", 3)
    app = 2 * len(network.edges) * network.diameter
    assert result["messages"] == {"min": app + 2 * len(network.edges), "max": app + 2 * len(network.edges)}
    status, _, err = _run(capsys, "flooding", "--n", 3, "--synchronizer", "abd", "--fifo")
    assert status == 2 and "drop --fifo" in err
    assert not result["channels_as_multisets"]


@pytest.mark.slow  # the full graph costs a second and a half; the fast loop's reduced-against-full
# comparisons of synchronized systems are alpha's, beta's and gamma's below
def test_abd_on_a_path_gives_the_same_figures_without_reduction(capsys):
    runs = [_run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", "abd", "--json", *por)
            for por in ([], ["--no-por"])]
    (status, reduced), (full_status, full) = [(status, json.loads(out)) for status, out, _ in runs]
    assert status == full_status == 0
    assert full["messages"] == reduced["messages"] and full["states"] == reduced["states"]
    assert not full["channels_as_multisets"]


# beta and gamma on FIFO links with the slow tests: the test above runs them on non-FIFO links
@pytest.mark.parametrize("name", ["alpha", *(pytest.param(name, marks=pytest.mark.slow) for name in ("beta", "gamma"))])
def test_on_fifo_links_the_reduction_keeps_every_verdict_and_count(name):
    for graphs in ("path", "complete"):
        reduced = check(FLOODING, 3, jobs=1, progress=False, graphs=graphs, fifo=True, synchronizer=load_synchronizer(name))
        full = check(FLOODING, 3, jobs=1, progress=False, graphs=graphs, fifo=True, synchronizer=load_synchronizer(name),
                     por=False)
        assert reduced.verdict == full.verdict == "verified" and reduced.por and not full.por
        assert (reduced.messages_min, reduced.messages_max) == (full.messages_min, full.messages_max)
        assert reduced.states < full.states


@pytest.mark.parametrize("filename,options", CATALOGUE[1:3])
def test_on_fifo_links_the_reduced_search_catches_the_mutants_too(capsys, filename, options):
    path = os.path.join(SYNCHRONIZER_MUTANTS, filename)
    for reduction in ("--por", "--no-por"):
        status, out, _ = _run(capsys, "flooding", *options, "--synchronizer", path, "--fifo", reduction)
        assert status == 1 and "synch                      VIOLATED" in out


@pytest.mark.slow  # 3 s; the fast loop has FIFO links in test_on_fifo_links_the_reduction_keeps_every_verdict_and_count
def test_alpha_needs_no_acknowledgments_on_fifo_links(capsys):
    """On FIFO links a safe cannot overtake the messages sent before it on the same link."""
    path = os.path.join(SYNCHRONIZER_MUTANTS, "alpha_safe_before_acks.py")
    status, out, _ = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", path, "--fifo")
    assert status == 0 and "through the alpha-safe-before-acks synchronizer, FIFO links: VERIFIED" in out


@pytest.mark.parametrize("graph", ["path", "complete"])
def test_messages_are_the_closed_forms(graph):
    """Flooding's run: M_S = 2|E|D messages in T = D + 1 rounds. alpha adds an ack for each and a
    safe on every link both ways after each tick but the last: 2M_S + 2|E|(T - 1); beta a safe up
    and a next down each tree edge: 2M_S + 2(n - 1)(T - 1)."""
    n = 3
    network = family(graph, n)
    edges, ticks = len(network.edges), network.diameter + 1
    app = 2 * edges * network.diameter
    alpha = check(FLOODING, n, jobs=1, progress=False, graphs=graph, synchronizer=Alpha())
    beta = check(FLOODING, n, jobs=1, progress=False, graphs=graph, synchronizer=Beta())
    assert alpha.messages_min == alpha.messages_max == 2 * app + 2 * edges * (ticks - 1)
    assert beta.messages_min == beta.messages_max == 2 * app + 2 * (n - 1) * (ticks - 1)


def test_clusters_of_radius_zero_are_single_processes_and_a_large_radius_is_one_cluster():
    network = family("path", 5)
    ids = (3, 1, 5, 2, 4)
    assert sorted(len(members) for _, members in clusters(network, ids, 0)) == [1] * 5
    assert clusters(network, ids, 4) == [(2, [0, 1, 2, 3, 4])]
    # radius 1 around the largest id (vertex 2), then the largest left (vertex 4), then vertex 0
    assert clusters(network, ids, 1) == [(2, [1, 2, 3]), (4, [4]), (0, [0])]


def test_the_structure_follows_the_ids_so_symmetric_arrangements_agree():
    """Arrangements related by a symmetry of the graph get related trees: the reduction by
    automorphisms keeps the verdict and the messages."""
    reduced = check(FLOODING, 3, jobs=1, progress=False, graphs="path", synchronizer=Gamma())
    every = check(FLOODING, 3, jobs=1, progress=False, graphs="path", synchronizer=Gamma(), symmetry="none")
    assert reduced.verdict == every.verdict == "verified"
    assert (reduced.messages_min, reduced.messages_max) == (every.messages_min, every.messages_max)
    assert reduced.arrangements_checked < every.arrangements_checked


def test_a_synchronizer_that_builds_its_own_structure_gets_every_arrangement_and_labelling(tmp_path, capsys):
    """A user's beta rooted at vertex 0 follows the vertex numbers, not the ids: no arrangement may
    stand for another, nor one labelling for all."""
    variant = tmp_path / "beta_at_vertex_0.py"
    variant.write_text(
        "from models.systems.synchronizers import Beta, _tree_places\n\n\n"
        "class BetaAtVertexZero(Beta):\n"
        "    name = 'beta-at-vertex-0'\n\n"
        "    def places(self, topology, ids):\n"
        "        return _tree_places(topology, ids, [0], set(range(topology.n)))\n"
    )
    status, out, _ = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", variant, "--json")
    result = json.loads(out)
    # 3! id arrangements times the 2 port labellings of the middle vertex, each checked
    assert status == 0 and result["arrangements"]["checked"] == result["arrangements"]["represented"] == 12
    assert any("builds its own structure" in note for note in result["notes"])
    status, out, _ = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", "beta", "--json")
    assert json.loads(out)["arrangements"]["checked"] == 3


def test_the_specification_drops_the_synchronous_bounds():
    names = [p.name for p in synchronized_spec(FLOODING)]
    assert "message-bound" not in names and "round-bound" not in names and "termination" in names


@pytest.mark.parametrize("argv, message", [
    (["lcr", "--n", "3", "--synchronizer", "alpha"], "lcr is asynchronous already"),
    (["timeslice", "--n", "3", "--synchronizer", "alpha"], "timeslice is written for a unidirectional ring: check it without --synchronizer"),
    (["flooding", "--n", "3", "--synchronizer", "delta"], "unknown synchronizer 'delta'"),
    (["flooding", "--n", "3", "--synchronizer", "alpha", "--cluster-radius", "2"], "has no clusters"),
    (["flooding", "--n", "3", "--cluster-radius", "2"], "give that too"),
    (["flooding", "--n", "3", "--fifo"], "give --synchronizer too"),
    (["flooding", "--n", "3", "--synchronizer", "no_such_file.py"], "no such synchronizer file"),
])
def test_bad_synchronizer_options_get_one_line(capsys, argv, message):
    status, _, err = _run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


# alpha with one handler raising
BROKEN_HANDLER = """\
from models.systems.synchronizers import Alpha


class Broken(Alpha):
    def {handler}(self, *arguments, **keywords):
        raise ValueError("no {handler} here")
"""
# in the describe case ready never waits, so (Synch) fails and the trace, which describes the
# synchronizer's variables, calls describe
NEVER_WAITS = """
    def ready(self, *arguments):
        return True
"""


def _broken_synchronizer(tmp_path, handler: str) -> str:
    path = tmp_path / f"broken_{handler}.py"
    path.write_text(BROKEN_HANDLER.format(handler=handler) + (NEVER_WAITS if handler == "describe" else ""))
    return str(path)


@pytest.mark.parametrize("handler", HANDLERS)
def test_a_handler_that_raises_gets_one_line_naming_the_file_handler_line_and_exception(capsys, tmp_path, handler):
    """As an algorithm's command that raises does: exit 2 and one line; nothing on stdout under --json."""
    path = _broken_synchronizer(tmp_path, handler)
    status, out, err = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", path, "--json",
                            "--jobs", 1)
    assert (status, out) == (2, "")
    assert err == f"check: {path}:6: Broken.{handler} raised ValueError: no {handler} here\n"


# a worker hands back every handler's error the same way: the fast loop sends the first through one
# (a Python start-up each), the test above each in one process, the slow tests each through a worker
@pytest.mark.parametrize("handler", [handler if k == 0 else pytest.param(handler, marks=pytest.mark.slow)
                                     for k, handler in enumerate(HANDLERS)])
def test_a_handler_that_raises_in_a_worker_gets_the_same_line(tmp_path, handler):
    path = _broken_synchronizer(tmp_path, handler)
    run = subprocess.run([sys.executable, "-m", "checker", "flooding", "--n", "3", "--synchronizer", path, "--json",
                          "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"check: {path}:6: Broken.{handler} raised ValueError: no {handler} here\n"


def test_a_handler_error_names_the_inherited_line_when_the_users_file_has_none(capsys, tmp_path):
    """A start that returns variables alpha does not expect: alpha's own ready raises, on its line."""
    path = tmp_path / "short_start.py"
    path.write_text("from models.systems.synchronizers import Alpha\n\n\n"
                    "class ShortStart(Alpha):\n"
                    "    def start(self, place):\n"
                    "        return (0,)\n")
    status, _, err = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", path, "--jobs", 1)
    assert status == 2 and err.count("\n") == 1
    assert err.startswith(f"check: {Alpha.ready.__code__.co_filename}:")
    assert "ShortStart.ready raised ValueError: not enough values to unpack" in err


@pytest.mark.slow
def test_on_fifo_links_the_reduction_agrees_with_the_full_graph_on_the_alpha_mutant():
    """The mutant that verifies on FIFO links: reduced and unreduced agree (about 30 s unreduced)."""
    mutant = load_synchronizer(os.path.join(SYNCHRONIZER_MUTANTS, "alpha_safe_before_acks.py"))
    reduced = check(FLOODING, 3, jobs=1, progress=False, graphs="path", fifo=True, synchronizer=mutant)
    full = check(FLOODING, 3, jobs=1, progress=False, graphs="path", fifo=True, synchronizer=mutant, por=False)
    assert reduced.verdict == full.verdict == "verified"
    assert (reduced.messages_min, reduced.messages_max) == (full.messages_min, full.messages_max) == (24, 24)
    assert reduced.states < full.states


@pytest.mark.slow
@pytest.mark.parametrize("name", ["beta", "gamma"])
def test_on_links_that_reorder_multisets_agree_with_the_full_graph_on_the_star_of_four(name):
    """The channels-as-multisets quotient against the full graph at n = 4 (about 10 s full);
    the counts are pinned (docs/complexity.md, "Synchronizers: messages per tick")."""
    reduced = check(FLOODING, 4, jobs=1, progress=False, graphs="star", synchronizer=load_synchronizer(name))
    full = check(FLOODING, 4, jobs=1, progress=False, graphs="star", synchronizer=load_synchronizer(name), por=False)
    assert reduced.verdict == full.verdict == "verified"
    assert (reduced.messages_min, reduced.messages_max) == (full.messages_min, full.messages_max)
    assert (reduced.states, full.states) == {"beta": (39_888, 155_317), "gamma": (44_999, 187_741)}[name]


def test_a_users_synchronizer_gets_the_multiset_channels_and_they_agree_with_the_full_graph(tmp_path):
    """The multiset channels rest on how links that reorder behave, not on the synchronizer: a
    user's alpha whose receive is changed (and still correct: it counts the same acknowledgments)
    is held that way too, and agrees with --no-por."""
    variant = tmp_path / "alpha_counting_its_own_way.py"
    variant.write_text(
        "from models.systems.synchronizers import Alpha\n\n\n"
        "class AlphaCountingItsOwnWay(Alpha):\n"
        "    name = 'alpha-counting-its-own-way'\n\n"
        "    def receive(self, place, sync, tick, port, envelope):\n"
        "        sync, sends = super().receive(place, sync, tick, port, envelope)\n"
        "        return tuple(sync), tuple(sends)\n"
    )
    reduced = check(FLOODING, 3, jobs=1, progress=False, graphs="complete", synchronizer=load_synchronizer(str(variant)))
    full = check(FLOODING, 3, jobs=1, progress=False, graphs="complete", synchronizer=load_synchronizer(str(variant)),
                 por=False)
    assert reduced.verdict == full.verdict == "verified" and reduced.bags and not full.bags
    assert (reduced.messages_min, reduced.messages_max) == (full.messages_min, full.messages_max) == (18, 18)
    assert (reduced.states, full.states) == (2_805, 14_930)  # the built-in alpha's counts on the triangle


# -- a handler sees ports as an algorithm's command does (models/systems/synchronized.py PortHandlers)

READS_A_NUMBER = """\
from models.systems.synchronizers import Alpha


class AlphaReadingNumbers(Alpha):
    name = "alpha-reading-numbers"

    def receive(self, place, sync, tick, port, envelope):
        port.number  # read, and nothing done with it: the run must still explore every labelling
        return super().receive(place, sync, tick, port, envelope)
"""


def test_a_handler_that_reads_a_port_number_gets_every_labelling(tmp_path, capsys):
    path = tmp_path / "alpha_reading_numbers.py"
    path.write_text(READS_A_NUMBER)
    status, out, _ = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", path, "--json")
    result = json.loads(out)
    # 3 classes of id assignments, each with the 2 labellings of the middle vertex
    assert status == 0 and (result["arrangements"]["checked"], result["arrangements"]["represented"]) == (6, 12)
    assert result["notes"][0].startswith(f"{path}:8: AlphaReadingNumbers.receive: reads a port's number (port.number)")
    assert result["notes"][0].endswith("so every port labelling was checked")


@pytest.mark.parametrize("body, message", [
    ("return sync, ((0, Envelope('ack', envelope.tick)),) if envelope.kind == 'm' else super().receive(place, sync, "
     "tick, port, envelope)", "AlphaChanged.receive sends on 0; a synchronizer sends on the Port values it is given"),
    ("return sync, ((port, Envelope('ack', envelope.tick, port)),) if envelope.kind == 'm' else super().receive("
     "place, sync, tick, port, envelope)", "which carries a port: ports are local to their process"),
    ("return sync", "AlphaChanged.receive returned"),
])
def test_what_a_handler_sends_on_and_sends_is_checked_in_one_line(tmp_path, capsys, body, message):
    path = tmp_path / "alpha_changed.py"
    path.write_text("from models.systems.synchronized import Envelope\nfrom models.systems.synchronizers import Alpha\n\n\n"
                    "class AlphaChanged(Alpha):\n"
                    "    def receive(self, place, sync, tick, port, envelope):\n"
                    f"        {body}\n")
    status, out, err = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", path)
    assert (status, out) == (2, "") and err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_place_with_a_port_its_process_lacks_is_refused_in_one_line(tmp_path, capsys):
    path = tmp_path / "alpha_five_ports.py"
    path.write_text("from models.systems.synchronizers import Alpha, Place\n\n\n"
                    "class AlphaFivePorts(Alpha):\n"
                    "    def places(self, topology, ids):\n"
                    "        return [Place(tuple(range(5))) for _ in range(topology.n)]\n")
    status, _, err = _run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", path)
    assert status == 2 and err == ("check: AlphaFivePorts.places gives process 0 the port 1, which it does not have "
                                   "(its ports are 0..0)\n")
