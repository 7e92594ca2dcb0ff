"""Every property of specs/election.py on hand-built observations: the judges are tested directly.

A property is a plain function of what it reads (observations, channel contents), so each
case here builds exactly the situation it is about: a leader-id change with the same
decided/is_leader, one message left at termination, no leader, two leaders, a leader that is
extremal among the candidates but not among all processes. bench/mutation.py runs mutmut
over these functions against this file (docs/trust.md, "How the judges are tested").
"""
import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models import LARGEST, NIL, SMALLEST, Algorithm, AlgorithmError, Local, UnidirectionalRing
from models.systems.semantics import Observation
from specs import (
    AGREEMENT, AT_MOST_ONE_LEADER, ELECTION, MESSAGE_BOUND, QUIESCENCE, STABILITY, TERMINATION, election_spec,
    leader_is_extremal,
)


def obs(id, decided=False, is_leader=False, leader_id=None, candidate=True):
    return Observation(id=id, decided=decided, is_leader=is_leader, leader_id=leader_id, candidate=candidate)


def leader(id, leader_id=None, candidate=True):
    return obs(id, True, True, id if leader_id is None else leader_id, candidate)


def follower(id, leader_id, candidate=True):
    return obs(id, True, False, leader_id, candidate)


# -- at-most-one-leader (every state) -----------------------------------------------------

def test_no_leader_and_one_leader_are_allowed():
    assert AT_MOST_ONE_LEADER.check((obs(1), obs(2))) is None
    assert AT_MOST_ONE_LEADER.check((leader(1), obs(2), follower(3, 1))) is None
    assert AT_MOST_ONE_LEADER.check((leader(1),)) is None


def test_two_leaders_are_named():
    assert AT_MOST_ONE_LEADER.check((leader(1), obs(2), leader(3))) == "2 leaders: id 1, id 3"
    assert AT_MOST_ONE_LEADER.check((leader(2), leader(1), leader(3))) == "3 leaders: id 2, id 1, id 3"


def test_a_leader_that_has_not_decided_still_counts():
    """is_leader is what counts: an algorithm whose leader flag is set before `decided` has two leaders."""
    assert AT_MOST_ONE_LEADER.check((obs(1, is_leader=True), leader(2))) == "2 leaders: id 1, id 2"


# -- stability (every transition of the moving process) ------------------------------------

def test_an_undecided_process_may_do_anything():
    assert STABILITY.check(obs(1), leader(1)) is None
    assert STABILITY.check(obs(1), follower(1, 2)) is None
    assert STABILITY.check(obs(1, leader_id=3), obs(1, leader_id=2)) is None


def test_a_decision_kept_is_stable():
    assert STABILITY.check(leader(1), leader(1)) is None
    assert STABILITY.check(follower(2, 1), follower(2, 1)) is None
    assert STABILITY.check(obs(2, True), obs(2, True)) is None  # decided, records no leader


def test_a_change_of_candidacy_alone_is_not_a_change_of_decision():
    assert STABILITY.check(follower(2, 1, candidate=True), follower(2, 1, candidate=False)) is None


def test_undeciding_is_a_violation():
    assert STABILITY.check(follower(2, 1), obs(2)) == "id 2 changed its decision from not leader, leader id 1 to undecided"
    assert STABILITY.check(leader(1), obs(1, leader_id=1)) == "id 1 changed its decision from leader, leader id 1 to undecided"


def test_changing_role_is_a_violation():
    assert STABILITY.check(leader(1), follower(1, 1)) == (
        "id 1 changed its decision from leader, leader id 1 to not leader, leader id 1")
    assert STABILITY.check(obs(2, True), obs(2, True, True)) == "id 2 changed its decision from not leader to leader"


def test_changing_the_recorded_leader_id_alone_is_a_violation():
    """Same decided, same is_leader, a different leader id: the decision changed."""
    assert STABILITY.check(follower(3, 2), follower(3, 1)) == (
        "id 3 changed its decision from not leader, leader id 2 to not leader, leader id 1")
    assert STABILITY.check(leader(1), leader(1, leader_id=2)) == (
        "id 1 changed its decision from leader, leader id 1 to leader, leader id 2")
    assert STABILITY.check(follower(3, 2), obs(3, True, False, None)) is not None  # forgetting the id too
    assert STABILITY.check(obs(3, True, False, None), follower(3, 2)) is not None  # and recording one late


# -- election (terminal states) ------------------------------------------------------------

def test_exactly_one_leader_and_all_decided_is_an_election():
    assert ELECTION.check((leader(2), follower(1, 2), follower(3, 2)), ()) is None
    assert ELECTION.check((leader(1),), ()) is None


def test_no_leader_or_two_leaders_is_not_an_election():
    assert ELECTION.check((follower(1, 2), follower(2, 1)), ()) == "terminated with 0 leaders, not exactly one"
    assert ELECTION.check((obs(1),), ()) == "terminated with 0 leaders, not exactly one"
    assert ELECTION.check((leader(1), leader(2), follower(3, 1)), ()) == "terminated with 2 leaders, not exactly one"


def test_undecided_processes_are_named():
    assert ELECTION.check((leader(2), obs(1), follower(3, 2), obs(4)), ()) == (
        "terminated with undecided processes: id 1, id 4")
    # a leader that never set `decided`
    assert ELECTION.check((obs(1, is_leader=True), follower(2, 1)), ()) == "terminated with undecided processes: id 1"


# -- agreement (terminal states) -----------------------------------------------------------

def test_everyone_recording_the_leader_is_agreement():
    assert AGREEMENT.check((follower(1, 2), leader(2), follower(3, 2)), ()) is None
    assert AGREEMENT.check((leader(1),), ()) is None


def test_a_process_recording_another_id_breaks_agreement():
    assert AGREEMENT.check((follower(1, 2), leader(2), follower(3, 1)), ()) == (
        "processes record different leaders: [1, 2] (leader is id 2)")


def test_a_leader_recording_another_id_breaks_agreement():
    assert AGREEMENT.check((leader(2, leader_id=3), follower(1, 3), follower(3, 3)), ()) == (
        "processes record different leaders: [3] (leader is id 2)")


def test_a_decided_relay_that_records_nil_and_undecided_processes_are_not_compared():
    assert AGREEMENT.check((leader(2), follower(1, NIL), follower(3, 2)), ()) is None
    assert AGREEMENT.check((leader(2), obs(1, leader_id=3), follower(3, 2)), ()) is None  # election reports it


def test_agreement_leaves_no_leader_and_two_leaders_to_election():
    assert AGREEMENT.check((follower(1, 3), follower(2, 1)), ()) is None
    assert AGREEMENT.check((leader(1), leader(2)), ()) is None


def test_no_process_recording_the_leader_breaks_agreement():
    assert AGREEMENT.check((leader(2, leader_id=NIL), follower(1, NIL)), ()) == (
        "processes record different leaders: [] (leader is id 2)")


# -- leader is extremal (terminal states) --------------------------------------------------

def test_the_largest_and_the_smallest_id_win():
    largest, smallest = leader_is_extremal(LARGEST), leader_is_extremal(SMALLEST)
    assert (largest.name, smallest.name) == ("leader-is-largest", "leader-is-smallest")
    assert largest.kind == "terminal"
    assert smallest.description == "in terminal states the leader holds the smallest id among the candidates"
    assert largest.check((follower(1, 3), follower(2, 3), leader(3)), ()) is None
    assert smallest.check((leader(1), follower(2, 1), follower(3, 1)), ()) is None
    assert largest.check((follower(1, 2), leader(2), follower(3, 2)), ()) == "leader is id 2, but the largest id is 3"
    assert smallest.check((follower(1, 2), leader(2), follower(3, 2)), ()) == "leader is id 2, but the smallest id is 1"


def test_extremal_among_the_candidates_only():
    largest, smallest = leader_is_extremal(LARGEST), leader_is_extremal(SMALLEST)
    # id 4 does not run: the largest candidate is 3
    others = (follower(1, 3, candidate=True), follower(4, 3, candidate=False))
    assert largest.check(others + (leader(3),), ()) is None
    assert largest.check(others + (leader(1), follower(3, 1)), ()) == (
        "leader is id 1, but the largest id among the candidates is 3")
    assert smallest.check((follower(1, 2, candidate=False), leader(2), follower(3, 2)), ()) is None
    assert smallest.check((follower(1, 3, candidate=False), follower(2, 3), leader(3)), ()) == (
        "leader is id 3, but the smallest id among the candidates is 2")


def test_extremal_leaves_no_leader_two_leaders_and_no_candidates_alone():
    largest = leader_is_extremal(LARGEST)
    assert largest.check((follower(1, 2), follower(2, 1)), ()) is None
    assert largest.check((leader(1), leader(2), follower(3, 1)), ()) is None
    assert largest.check((leader(1, candidate=False), follower(2, 1, candidate=False)), ()) is None


# -- quiescence (terminal states) ----------------------------------------------------------

def test_empty_channels_are_quiescent():
    assert QUIESCENCE.check((leader(1),), ((), ())) is None
    assert QUIESCENCE.check((leader(1),), ()) is None


def test_one_leftover_message_is_a_violation():
    assert QUIESCENCE.check((leader(1),), ((), ("token",), ())) == "1 message(s) left in channels at termination"


def test_leftover_messages_are_counted_over_every_channel():
    assert QUIESCENCE.check((leader(1),), (("a", "b"), (), ("c",))) == "3 message(s) left in channels at termination"


# -- the specification of an algorithm -----------------------------------------------------

class Plain(Algorithm, name="judges-plain"):
    topology = UnidirectionalRing
    done = Local(bool, False)

    def is_leader(p):
        return p.done

    def decided(p):
        return p.done


class Recording(Plain, name="judges-recording"):
    winner = SMALLEST

    def leader_id(p):
        return p.id

    @staticmethod
    def message_bound(n):
        return 2 * n


def test_the_properties_that_apply_and_their_order():
    assert [p.name for p in election_spec(Plain)] == [
        "at-most-one-leader", "stability", "election", "quiescence", "termination"]
    assert [p.name for p in election_spec(Recording)] == [
        "at-most-one-leader", "stability", "election", "agreement", "leader-is-smallest", "quiescence",
        "termination", "message-bound"]


def test_each_property_is_checked_where_its_kind_says():
    kinds = {p.name: p.kind for p in election_spec(Recording)}
    assert kinds == {
        "at-most-one-leader": "state", "stability": "transition", "election": "terminal", "agreement": "terminal",
        "leader-is-smallest": "terminal", "quiescence": "terminal", "termination": "graph", "message-bound": "graph"}
    assert TERMINATION.check is None and MESSAGE_BOUND.check is None  # the explorer answers them on the graph


def test_the_observation_fields_partial_order_reduction_must_keep_in_order():
    # stability reads the recorded leader id: a reduction that ignored it could hide a change of it
    assert set(STABILITY.observes) == {"decided", "is_leader", "leader_id"}
    assert AT_MOST_ONE_LEADER.observes == ("is_leader",)
    assert str(STABILITY) == "stability"


_FIELD_VALUES = {"decided": st.booleans(), "is_leader": st.booleans(),
                 "leader_id": st.one_of(st.none(), st.integers(0, 4)), "candidate": st.booleans()}
_observation = st.builds(obs, id=st.integers(1, 4), **_FIELD_VALUES)


_channels = st.lists(st.lists(st.integers(0, 9), max_size=2).map(tuple), max_size=3).map(tuple)


@pytest.mark.parametrize("prop", [AT_MOST_ONE_LEADER, STABILITY, ELECTION, AGREEMENT, QUIESCENCE,
                                  leader_is_extremal(LARGEST), leader_is_extremal(SMALLEST)], ids=str)
@given(data=st.data())
def test_a_property_reads_only_what_it_declares(prop, data):
    """``observes`` (and a terminal property's ``reads_channels``) is relied on twice: the
    reduction keeps in order the steps that change the fields a state or transition property
    reads, and the native search hands each property only what differs in what it reads
    (checker/explore/native_search.py). Changing anything else must not change the verdict."""
    size = 2 if prop.kind == "transition" else data.draw(st.integers(1, 4))
    original = data.draw(st.lists(_observation, min_size=size, max_size=size))
    other = [dataclasses.replace(o, **{name: data.draw(values) for name, values in _FIELD_VALUES.items()
                                       if name not in prop.observes})
             for o in original]
    if prop.kind == "terminal":
        channels = data.draw(_channels)
        other_channels = channels if prop.reads_channels else data.draw(_channels)
        assert prop.check(tuple(other), other_channels) == prop.check(tuple(original), channels)
    elif prop.kind == "transition":
        assert prop.check(*other) == prop.check(*original)
    else:
        assert prop.check(tuple(other)) == prop.check(tuple(original))


def test_the_specification_refuses_a_bound_declared_for_some_n_only():
    """An Algorithm subclass is refused when it is created (tests/models/test_message_bound.py);
    a stand-in for one (as checker/measure/blocked.py wraps an algorithm) is refused here."""
    class StandIn:
        leader_id = winner = None

        @staticmethod
        def message_bound(n):
            return None if n < 3 else n

    with pytest.raises(AlgorithmError, match=r"StandIn.message_bound\(n\) is None at n = 1, 2 but 3 at n = 3"):
        election_spec(StandIn)


def test_quiescence_fails_where_messages_can_stay_behind():
    """Under DESIGN.md's semantics every channel drains (a head no command accepts is consumed),
    so no algorithm leaves a message at termination and `check` cannot show a quiescence
    mutant. Where a channel is blocked (checker/measure/blocked.py, seed 000's open
    schedules) a message does stay: LCR on a ring of one whose only link is blocked ends with
    its token still in the channel, exactly one message."""
    from algorithms.lcr import LCR
    from checker.explore.explorer import Explorer
    from checker.measure.blocked import BlockedEdges
    from models import AsyncSystem

    system = BlockedEdges(AsyncSystem(LCR, (1,)), [0])
    result = Explorer(system, [QUIESCENCE], por=False).run()
    assert [(v.property, v.reason) for v in result.violations] == [
        ("quiescence", "1 message(s) left in channels at termination")]
    assert Explorer(AsyncSystem(LCR, (1,)), [QUIESCENCE], por=False).run().violations == []


def test_agreement_reports_a_leader_id_never_set_beside_the_others():
    """A process that decided but left its leader id None is a disagreement, reported (None
    last), not a comparison of None with an int that fails."""
    observations = (leader(1), follower(2, 1), follower(3, None))
    assert AGREEMENT.check(observations) == "processes record different leaders: [1, None] (leader is id 1)"
