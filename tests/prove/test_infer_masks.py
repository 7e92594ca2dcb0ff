"""``--infer``'s filter as bit operations (checker/prove/infer_masks.py):

  * for every candidate with a shape, the masks' verdict is the candidate's own source evaluated
    on every reachable state (each distinct ring of locals, and every message in a channel);
  * of franklin's candidates that hold, z3 is given about a tenth: the hand-written invariant's
    vocabulary among them, atoms that no reachable state tells apart read through one, an atom
    no reachable process has said once.
"""
from __future__ import annotations

import pytest

from algorithms.cr import ChangRoberts
from algorithms.franklin import Franklin
from algorithms.lcr import LCR
from checker.cli.loader import load_algorithm
from checker.prove import infer, infer_masks
from models.reading.symbolic_ring import SymbolicRing
from specs.invariants import RingState


def _setting(algorithm, n: int, most: int):
    topology = algorithm.topology(n)
    message_types = SymbolicRing(algorithm, n).messages.types
    atom_list = infer.atoms(algorithm, topology.ports)
    namespace = infer.namespace_of(algorithm, message_types)
    process = (infer.process_candidates(atom_list) + infer.uniform_candidates(atom_list)
               + infer.extreme_id_candidates(atom_list) + infer.held_id_candidates(algorithm, atom_list, topology.ports))
    recorded = infer.recorded_id_candidates(algorithm, atom_list)
    messages = infer.message_candidates(message_types, atom_list)
    states, _ = infer.reachable_states(algorithm, n, most)
    return topology, atom_list, namespace, process, recorded, messages, states


def _true_by_source(algorithm, namespace, states, over_rings, over_messages) -> set:
    """The names of the candidates whose compiled source holds on every state: ring candidates
    on every distinct ring of locals, message candidates on every message of their type."""
    ring_checks = {c.name: infer.compiled(c.source, "s", namespace) for c in over_rings}
    message_checks = {c.name: (c.shape[1], infer.compiled(body, "s, ch, m", namespace)) for c, body in over_messages}
    alive, rings = set(ring_checks) | set(message_checks), set()
    for ids, state in states:
        ring = RingState.of_state(algorithm, ids, state)
        if (ids, state[: len(ids)]) not in rings:
            rings.add((ids, state[: len(ids)]))
            alive = {name for name in alive if name not in ring_checks or ring_checks[name](ring)}
        for ch in ring.channels:
            for m in ch.contents:
                alive = {name for name in alive if name not in message_checks
                         or message_checks[name][0] != type(m).__name__ or message_checks[name][1](ring, ch, m)}
    return alive


@pytest.mark.parametrize("algorithm, n, most, only", [
    (LCR, 3, None, None),
    (ChangRoberts, 3, None, None),
    # every template on franklin's first states (its 4,381 candidates' sources are slow to run),
    # and the held-id templates, which only franklin has, on all of them (10 s)
    (Franklin, 3, 60, None),
    pytest.param(Franklin, 3, None, ("held", "largest_is", "smallest_is", "no", "every"), marks=pytest.mark.slow),
])
def test_the_masks_judge_every_shaped_candidate_as_its_source_does(algorithm, n, most, only):
    topology, atom_list, namespace, process, recorded, messages, states = _setting(algorithm, n, most)
    if only:
        process = [c for c in process if c.shape[0] in only]
        recorded, messages = [], []
    assert all(c.shape for c in process + recorded) and all(c.shape for c, _ in messages)
    observations = infer_masks.observe(
        algorithm, infer.Filter(algorithm, atom_list, namespace).atom_functions, states,
        sorted({c.shape[1] for c in process if c.shape[0] == "held"}), topology.ports,
        sorted({c.shape[1] for c in recorded}), {c.shape[1:3] for c, _ in messages})
    verdicts = infer_masks.Verdicts(observations, len(atom_list))
    true = _true_by_source(algorithm, namespace, states, process + recorded, messages)
    everything = process + recorded + [c for c, _ in messages]
    assert [c.name for c in everything if verdicts.holds(c.shape) != (c.name in true)] == []
    assert 0 < len(true) < len(everything)  # both verdicts occur


def test_franklin_gives_z3_a_few_of_the_candidates_true_on_every_state():
    """Franklin at n = 3: 31 atoms, in 23 classes of the reachable processes (L set, L equal to
    the id, L at least the id and leader are one); what z3 is given is a tenth of what holds."""
    topology, atom_list, namespace, process, recorded, messages, states = _setting(Franklin, 3, None)
    asked, true = infer.filtered(Franklin, atom_list, namespace, states, process, messages, recorded, topology.ports)
    names = {c.name for c in asked}
    assert true > 10 * len(asked)
    # the hand-written invariant's vocabulary (specs/franklin_invariant.py) is among them
    assert {"token_id_names_a_process", "token_id_passed_color_black", "token_held_passed_color_black",
            "early_held_passed_color_black", "largest_color_red", "token_cw_own_largest_among_all"} <= names
    # leader, L_own and L_above are L_set on every reachable process: the templates over two
    # processes read L_set alone, and implications say that they are one
    assert {"L_set_implies_leader", "leader_implies_L_set"} <= names
    assert not any(c.name.startswith("leader_") and not c.name.startswith("leader_implies") for c in asked)
    # early[CW] is never a process's own id: said once, and nothing starts from it
    assert "no_early_cw_own" in names and not any(c.name.startswith("early_cw_own_") for c in asked)


def _asked_and_held_back(algorithm, n: int):
    topology, atom_list, namespace, process, recorded, messages, states = _setting(algorithm, n, None)
    asked, _, held_back = infer.filtered_and_held_back(algorithm, atom_list, namespace, states, process, messages,
                                                       recorded, topology.ports)
    return {c.name for c in asked}, {c.name for c in held_back}


def test_where_nobody_decides_what_a_leader_would_be_is_asked_too():
    """tests/mutants/hs_ttl_not_decremented.py: no process is ever leader (phase 0 is never
    answered), so ``no_leader`` is asked, and is not inductive; ``leader_largest_among_all``,
    which it implies and which holds for the reason it holds in hs, is asked as well (it was
    left out, and --infer found nothing). Where leaders exist (lcr), nothing is held back."""
    mutant = load_algorithm("tests/mutants/hs_ttl_not_decremented.py")
    asked, held_back = _asked_and_held_back(mutant, 3)
    assert "no_leader" in asked and "leader_largest_among_all" in held_back
    assert held_back.isdisjoint(asked) and all(name.split("_")[0] in ("at", "leader", "decided") for name in held_back)
    assert _asked_and_held_back(LCR, 3)[1] == set()
