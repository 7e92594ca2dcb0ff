"""Exploring algorithms that draw: the Python engine without reduction, almost-sure termination,
and one id-blind search for every arrangement when the algorithm never reads an id."""
import os
from array import array

import pytest

from algorithms.itai_rodeh import ItaiRodeh
from checker import check
from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.explore.graph import almost_sure_termination
from models import AlgorithmError
from specs import election_spec

# Itai-Rodeh whose first choice also asks for a positive id: the same graph, but it reads ids
READS_IDS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "quantify", "reads_ids.py")


def _graph(rows):
    """CSR arrays from rows of (target, action) per state, state 0 first; parents from a BFS."""
    offsets, targets, actions = array("q", [0]), array("i"), array("I")
    for row in rows:
        for target, action in row:
            targets.append(target)
            actions.append(action)
        offsets.append(len(targets))
    parents = array("i", [-1] * len(rows))
    seen, queue = {0}, [0]
    for i in queue:
        for target, _ in rows[i]:
            if target not in seen:
                seen.add(target)
                parents[target] = i
                queue.append(target)
    return offsets, targets, actions, parents


def test_a_coin_that_may_repeat_forever_still_terminates_almost_surely():
    # state 0 flips: heads (1) ends, tails (0) flips again: a cycle, but of probability 0 forever
    assert almost_sure_termination(*_graph([[(0, 7), (1, 7)], []])) is None


def test_a_scheduler_that_can_choose_to_loop_defeats_almost_sure_termination():
    # state 0: choice 7 is the coin above, choice 8 goes to 2, which can only come back
    endless = almost_sure_termination(*_graph([[(0, 7), (1, 7), (2, 8)], [], [(0, 9)]]))
    assert endless is not None and endless.trapped == 2
    assert endless.stem == [] and len(endless.loop) == 2  # 0 -> 2 -> 0, by the choices that stay


def test_a_deterministic_cycle_is_an_endless_execution():
    endless = almost_sure_termination(*_graph([[(1, 0)], [(2, 0)], [(1, 0)], []]))
    assert endless is not None and endless.trapped == 3 and len(endless.stem) == 1


def test_the_spec_of_an_algorithm_that_draws_asks_for_almost_sure_termination():
    names = [p.name for p in election_spec(ItaiRodeh)]
    assert names[-1] == "almost-sure-termination" and "termination" not in names and "message-bound" not in names


@pytest.mark.parametrize("n,states", [(1, 5), (2, 44), (3, 415), (4, 3518)])
def test_itai_rodeh_is_checked_once_for_every_arrangement(n, states):
    result = check(ItaiRodeh, n)
    assert result.verdict == "verified"
    assert result.states == states and result.unmatched == 0
    assert result.arrangements_checked == 1
    assert result.symmetry == ("id-blind" if n >= 3 else "rotation")  # n < 3: one arrangement already
    assert result.arrangements_represented == {1: 1, 2: 2, 3: 6, 4: 24}[n]
    assert not result.por and result.engine == "interned"
    assert any("draws random values" in note for note in result.notes)
    assert all(p.holds for p in result.properties)


def test_an_algorithm_that_reads_an_id_is_explored_arrangement_by_arrangement():
    result = check(load_algorithm(READS_IDS), 4)
    assert result.verdict == "verified"
    assert result.symmetry == "rotation" and result.arrangements_checked == 6
    assert result.states == 6 * 3518  # the same graph each time: the id test is always true


def test_the_native_engine_refuses_an_algorithm_that_draws(capsys):
    assert main(["itai-rodeh", "--n", "3", "--engine", "native"]) == 2
    assert "draws random values" in capsys.readouterr().err
    with pytest.raises(AlgorithmError, match="native"):
        check(ItaiRodeh, 3, fingerprint=True)


def test_the_cli_summary_says_messages_are_unbounded(capsys):
    assert main(["itai-rodeh", "--n", "3"]) == 0
    out = capsys.readouterr().out
    assert "almost-sure-termination  holds" in out and "unbounded" in out
    assert "no id is ever read" in out


def test_the_trace_loops_in_a_bottom_component_of_the_trap():
    """Every state is trapped (no terminal), and state 1 may loop on itself, but it may also go on
    to 2 and 3, which 3 never leaves: the loop shown is 3's, where no choice leads anywhere else."""
    endless = almost_sure_termination(*_graph([[(1, 0)], [(1, 1), (2, 2)], [(3, 3)], [(3, 4)]]))
    assert endless is not None and endless.trapped == 4
    assert endless.stem == [0, 2, 3] and endless.loop == [4]  # edges 0->1, 1->2, 2->3, then 3->3


def test_a_choice_whose_outcomes_all_leave_counts_once_against_its_state():
    # state 0: choice 7 ends in 1 or in 2 (both terminal), choice 8 stays in 0: the scheduler
    # can keep taking choice 8, so termination is not almost sure
    endless = almost_sure_termination(*_graph([[(1, 7), (2, 7), (0, 8)], [], []]))
    assert endless is not None and endless.trapped == 1 and endless.stem == [] and endless.loop == [2]
