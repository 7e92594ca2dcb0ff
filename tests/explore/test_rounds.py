"""Synchronous rounds (models/systems/rounds.py): one transition per round, rounds measured beside
messages, and seed 002's flooding checked on every connected graph."""
import json
import os

import pytest

from algorithms import builtin
from checker import check, load_algorithm
from checker.cli import main
from checker.explore.arrangements import Arrangement
from checker.explore.automorphisms import group_order
from checker.explore.systems import system_for
from models.topology.network import connected_graphs, family

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(__file__)), "examples")
FLOODING = builtin("flooding")


def test_flooding_on_every_connected_graph_of_five_sends_exactly_2ED_messages_in_D_plus_1_rounds():
    result = check(FLOODING, 5, graphs="connected")
    assert result.verdict == "verified"
    assert len(result.networks) == 21
    # every arrangement of every graph: 5! ids, every port labelling (one stands for all)
    assert result.arrangements_represented == result.arrangements_total
    assert result.arrangements_checked == sum(120 // group_order(g) for g in connected_graphs(5))
    for exploration in result.per_arrangement:
        network = exploration.network
        exact = 2 * network.edge_count * network.diameter
        assert exploration.messages_min == exploration.messages_max == exact, network.describe()
        assert exploration.rounds_min == exploration.rounds_max == network.diameter + 1
        assert exploration.states == network.diameter + 2  # one path: the initial state and a state per round


def test_a_deterministic_synchronous_algorithm_has_one_successor_per_state():
    system = system_for(FLOODING, Arrangement((2, 4, 1, 3), 1, topology=family("path", 4)))
    state, rounds = system.initial_state, 0
    while True:
        steps = system.steps(state)
        assert len(steps) <= 1
        if not steps:
            break
        state, rounds = steps[0].target, rounds + 1
    assert rounds == 4 and all(o.leader_id == 4 for o in system.observe(state))


def test_a_round_that_depends_on_the_order_of_the_ports_makes_the_run_check_every_labelling():
    last_heard = load_algorithm(os.path.join(EXAMPLES, "last_heard.py"))
    result = check(last_heard, 3, graphs="complete")
    assert "depends on the order in which it reads its ports" in result.notes[0]
    assert result.symmetry == "automorphisms, every labelling"
    assert result.arrangements_planned == 8  # one id class on the triangle, 2!^3 labellings


def test_the_json_has_rounds_and_the_figures_of_each_graph(capsys):
    status = main(["flooding", "--n", "4", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert status == 0 and result["rounds"] == {"min": 2, "max": 4}
    assert [g["name"] for g in result["graphs"]] == ["G13", "G14", "G15", "G16", "G17", "G18"]
    path = next(g for g in result["graphs"] if g["name"] == "G14")
    assert path["messages"] == {"min": 18, "max": 18} and path["rounds"] == {"min": 4, "max": 4}
    assert all("graph" in a and "ports" in a for a in result["per_arrangement"])


def test_a_synchronous_counterexample_is_shown_round_by_round(capsys):
    mutant = os.path.join(os.path.dirname(EXAMPLES), "mutants", "networks", "flooding_stops_early.py")
    status = main([mutant, "--n", "4", "--graph", "path"])
    out = capsys.readouterr().out
    assert status == 1 and "Counterexample to agreement" in out
    assert "synchronous rounds: in each, every process handles the messages of the previous round" in out
    assert "receive_leader x2, decide" in out


@pytest.mark.parametrize("engine", ["native"])
def test_the_native_engine_refuses_synchronous_rounds_with_the_reason(capsys, engine):
    status = main(["flooding", "--n", "3", "--engine", engine])
    err = capsys.readouterr().err
    assert status == 2 and "not for synchronous rounds" in err


def test_an_anonymous_ring_shows_the_symmetric_execution(capsys):
    status = main(["anonymous-tokens", "--n", "4"])
    out = capsys.readouterr().out
    assert status == 1 and "at-most-one-leader  VIOLATED  (4 leaders" in out
    assert "1 checked, standing for 24 (one for all: the processes are anonymous" in out
    assert "symmetric execution: after every round all 4 processes are in the same state" in out
    assert "check theorem anonymous-ring" in out


def test_an_anonymous_algorithm_cannot_read_its_id(tmp_path, capsys):
    source = tmp_path / "peek.py"
    source.write_text(
        "from algorithms.anonymous_tokens import AnonymousTokens, Token\n"
        "from models import NEXT, spontaneous\n\n"
        "class Peek(AnonymousTokens, name='peek'):\n"
        "    @spontaneous(when=lambda p: p.started == False)  # noqa: E712\n"
        "    def start(p):\n"
        "        p.started = True\n"
        "        p.send(NEXT, Token(p.id))\n"
    )
    status = main([str(source), "--n", "3"])
    err = capsys.readouterr().err
    assert status == 2 and "Peek is anonymous (anonymous = True): its processes have no id to read" in err
