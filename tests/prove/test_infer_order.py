"""The order templates of ``--infer`` (checker/prove/infer.py): over a message that carries a
process's id, what FIFO links and the order a process sends in make true (issue 33: LeLann's
safety rests on them), and the DSL's ``ch.channels_from(q)`` they read.

  * ``channels_from`` lists the channels a message from q went through before this one;
  * the templates are made only for the fields that name a process on every reachable state,
    and are generic: nothing in them names LeLann;
  * on LeLann's reachable states the ones its proof needs survive the filter, and each is false
    on a state that breaks what it says (so the filter, and z3, can tell).
"""
from __future__ import annotations

import inspect

import pytest

from algorithms.lelann import LeLann, Token
from checker.prove import infer
from models import NIL, AsyncSystem
from models.reading.symbolic_ring import SymbolicRing
from specs.invariants import RingState


def _ring(ids, locals_by_process=None, contents=None) -> RingState:
    """A LeLann ring state: every process initiated unless told otherwise, channels as given
    (channel k leads from p_k to p_k+1)."""
    n = len(ids)
    initiated = (True, False, NIL, NIL)
    local_values = locals_by_process or [initiated] * n
    return RingState(LeLann, ids, local_values, contents or [()] * n)


def test_channels_from_lists_the_channels_a_message_went_through():
    s = _ring((1, 2, 3, 4))
    into = {ch.receiver.position: ch for ch in s.channels}
    p = s.processes
    assert into[0].channels_from(p[1]) == [into[2], into[3]]  # out of p1, p2, p3; the last is into p0
    assert into[2].channels_from(p[1]) == []  # the channel out of the origin itself
    assert [ch.receiver.position for ch in into[1].channels_from(p[1])] == [2, 3, 0]  # home: every other one
    for ch in s.channels:  # the channels into the processes path_from lists, in its order
        for q in p:
            assert [c.receiver for c in ch.channels_from(q)] == ch.path_from(q)


def _lelann_order_candidates(n: int = 3):
    topology = LeLann.topology(n)
    message_types = SymbolicRing(LeLann, n).messages.types
    atom_list = infer.atoms(LeLann, topology.ports)
    namespace = infer.namespace_of(LeLann, message_types)
    states, _ = infer.reachable_states(LeLann, n)
    fields = infer.id_fields(message_types, states)
    order = infer.order_candidates(LeLann, fields, atom_list, infer.left_initial_atom(LeLann, topology.ports))
    kept = infer.filter_state_candidates(LeLann, states, order, namespace)
    return fields, order, kept, namespace


def test_one_arrangement_per_rotation_keeps_the_same_order_templates():
    """The order filter reads the arrangements with the smallest id first (a rotation of every
    other's states): a third of the states at n = 3, and the same survivors."""
    topology = LeLann.topology(3)
    message_types = SymbolicRing(LeLann, 3).messages.types
    namespace = infer.namespace_of(LeLann, message_types)
    states, _ = infer.reachable_states(LeLann, 3)
    order = infer.order_candidates(LeLann, infer.id_fields(message_types, states), infer.atoms(LeLann, topology.ports),
                                   infer.left_initial_atom(LeLann, topology.ports))
    fewer = infer.one_per_rotation(LeLann, states)
    assert len(fewer) * 3 == len(states) and {ids[0] for ids, _ in fewer} == {1}
    assert ({c.name for c in infer.filter_state_candidates(LeLann, fewer, order, namespace)}
            == {c.name for c in infer.filter_state_candidates(LeLann, states, order, namespace)})


def test_a_labelled_ring_keeps_every_arrangement_and_every_process_step():
    """hs-unoriented's rotations are not plain (the adversary labels each process's ports):
    neither the filter's states nor Houdini's steps are cut there."""
    from checker.cli.loader import load_algorithm

    unoriented = load_algorithm("hs-unoriented")
    states = [((1, 2, 3), ()), ((2, 3, 1), ())]
    assert infer.one_per_rotation(unoriented, states) == states
    assert infer.checked_steps(unoriented, {(0, "a", None): 0, (1, "a", None): 1}) == {(0, "a", None): 0,
                                                                                         (1, "a", None): 1}
    assert infer.checked_steps(LeLann, {(0, "a", None): 0, (1, "a", None): 1}) == {(0, "a", None): 0}


def test_order_templates_are_about_fields_that_name_a_process_and_hold_where_lelann_needs_them():
    fields, order, kept, _ = _lelann_order_candidates()
    assert fields == [(Token, "id")]
    kept_names = {c.name for c in kept}
    assert {"token_id_none_behind_passed", "token_id_none_left_behind", "token_id_unique",
            "candidate_token_id_in_flight_or_decided", "token_id_passed_left_initial",
            "token_id_passed_largest_at_least", "L_set_then_others_left_initial",
            "L_set_then_largest_at_least_its_id"} <= kept_names
    # what LeLann does not do is filtered out: a passed process need not have recorded at most its id
    assert "token_id_passed_largest_at_most" in {c.candidate.name for c in order} - kept_names
    # generic: the templates' text names no algorithm, local or message of LeLann's
    text = inspect.getsource(infer.order_candidates) + inspect.getsource(infer.left_initial_atom)
    for word in ("LeLann", "lelann", "Token", "initiated", "passive", "largest"):
        assert word not in text


@pytest.mark.parametrize("conjunct, ids, contents", [
    # p2's token behind p1's in the channel into p0, although p1's has passed p2 (p1 -> p2 -> p0)
    ("token_id_none_behind_passed", (1, 2, 3), [(), (), (Token(2), Token(3))]),
    # p0's token, in the channel into p0, has passed p1 and left p1's own behind, out of p1
    ("token_id_none_left_behind", (1, 2, 3), [(), (Token(2),), (Token(1),)]),
    ("token_id_unique", (1, 2, 3), [(Token(2),), (Token(2),), ()]),
])
def test_each_order_template_is_false_where_its_order_is_broken(conjunct, ids, contents):
    _, order, _, namespace = _lelann_order_candidates()
    source = next(c.candidate.source for c in order if c.candidate.name == conjunct)
    check = infer.compiled(source, "s", namespace)
    broken = _ring(ids, contents=contents)
    assert not check(broken)
    assert check(_ring(ids))  # and true with every channel empty


def test_the_filter_drops_a_template_on_the_first_state_that_breaks_it():
    """Keyed by what it reads (here the channels' contents): a reachable state keeps it, the
    broken state above drops it."""
    system = AsyncSystem(LeLann, (1, 2, 3))
    reachable = [((1, 2, 3), system.initial_state)]
    reachable += [((1, 2, 3), step.target) for step in system.steps(system.initial_state)]
    initiated = ((True, False, 1, NIL), (True, False, 2, NIL), (True, False, 3, NIL))
    broken = ((1, 2, 3), initiated + ((Token(2),), (Token(2),), ()))
    _, order, _, namespace = _lelann_order_candidates()
    unique = [c for c in order if c.candidate.name == "token_id_unique"]
    assert infer.filter_state_candidates(LeLann, reachable, unique, namespace) == [unique[0].candidate]
    assert infer.filter_state_candidates(LeLann, reachable + [broken], unique, namespace) == []
