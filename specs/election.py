"""The election specification of docs/design.md, as named properties a user can apply to any algorithm.

Each property says what kind of thing it constrains, which decides when the checker
evaluates it:
  * ``state``      -- every reachable state (an invariant);
  * ``transition`` -- every transition (before and after);
  * ``terminal``   -- every terminal state (no transition enabled); its check gets the
                      observations and the channel contents;
  * ``graph``      -- the whole state graph of an arrangement (termination, message bound).
A check returns None when the property holds and a one-line reason when it does not.
Properties read processes only through ``Observation`` (models.systems.semantics): what the
algorithm's ``is_leader``/``decided``/``leader_id``/``candidate`` say of each process.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from models import LARGEST, NIL, SMALLEST, Algorithm, Observation, declares_message_bound

from .bounds import declares


@dataclass(frozen=True)
class Property:
    name: str
    kind: str  # "state" | "transition" | "terminal" | "graph"
    description: str
    check: Callable | None = None
    # the Observation fields a property reads (besides id and crashed); partial-order reduction
    # keeps the order of every transition that changes one a state or transition property
    # reads, and the native search hands each property only what differs in these fields
    # (tests/specs/test_election.py checks each built-in declaration)
    observes: tuple[str, ...] = ("decided", "is_leader", "leader_id", "candidate")
    # a terminal property: whether it reads the channels (else it gets none)
    reads_channels: bool = True
    # a state property that reads more than decisions: check(observations, state) also gets the
    # whole state (locals and channel contents, as models.systems.semantics stores them); the explorer
    # then checks every state it stores and does not reduce (an inductive invariant's conjuncts)
    reads_state: bool = False
    # a property of one's own (specs/user_properties.py): check(observations, state, system) gets
    # the system too, to read the state as the algorithm's processes and channels
    reads_system: bool = False
    # a property of one's own judged on the whole graph: its temporal operator, "eventually" (<>P)
    # or "always_eventually" ([]<>P) (specs/user_properties.py)
    temporal: str | None = None

    def __str__(self) -> str:
        return self.name


def _who(o: Observation) -> str:
    return f"id {o.id}"


def _live(observations: Sequence[Observation]) -> list[Observation]:
    """The processes that have not crashed (models/systems/crashes.py): the specification is about them."""
    return [o for o in observations if not o.crashed]


def _at_most_one_leader(observations: Sequence[Observation]) -> str | None:
    leaders = [o for o in observations if o.is_leader]
    if len(leaders) > 1:
        return f"{len(leaders)} leaders: {', '.join(_who(o) for o in leaders)}"
    return None


def changed_decision(before: Observation, after: Observation) -> str | None:
    """How a process's decision changed between two observations (stability), or None."""
    if not before.decided or after.crashed or before.leader_crashed:
        return None  # a crashed process decides nothing; one whose leader crashed may elect again
    if (after.decided, after.is_leader, after.leader_id) != (True, before.is_leader, before.leader_id):
        def show(o):
            if not o.decided:
                return "undecided"
            role = "leader" if o.is_leader else "not leader"
            return role if o.leader_id is None else f"{role}, leader id {o.leader_id}"
        return f"{_who(before)} changed its decision from {show(before)} to {show(after)}"
    return None


def _election(observations: Sequence[Observation], _channels=()) -> str | None:
    live = _live(observations)
    leaders = [o for o in live if o.is_leader]
    if len(leaders) != 1:
        crashed = len(observations) - len(live)
        among = f" among the {len(live)} live processes ({crashed} crashed)" if crashed else ""
        return f"terminated with {len(leaders)} leaders{among}, not exactly one"
    undecided = [o for o in live if not o.decided]
    if undecided:
        return f"terminated with undecided processes: {', '.join(_who(o) for o in undecided)}"
    return None


def _agreement(observations: Sequence[Observation], _channels=()) -> str | None:
    leaders = [o for o in observations if o.is_leader]
    if len(leaders) != 1:
        return None  # the election property reports this
    # a process that decided without recording a leader (NIL: e.g. a passive relay) has nothing to compare
    recorded = {o.leader_id for o in _live(observations) if o.decided and o.leader_id != NIL}
    if recorded != {leaders[0].id}:
        # None (a leader id never set) sorts last rather than failing to compare with the ids
        shown = sorted(recorded, key=lambda v: (v is None, v if v is not None else 0))
        return f"processes record different leaders: {shown} (leader is id {leaders[0].id})"
    return None


def _extremal(winner: str):
    pick = max if winner == LARGEST else min

    def check(observations: Sequence[Observation], _channels=()) -> str | None:
        live = _live(observations)
        leaders = [o for o in live if o.is_leader]
        candidates = [o.id for o in live if o.candidate]
        if len(leaders) != 1 or not candidates:
            return None
        expected = pick(candidates)
        if leaders[0].id != expected:
            if len(live) < len(observations):
                among = " among the live candidates"
            else:
                among = "" if len(candidates) == len(observations) else " among the candidates"
            return f"leader is id {leaders[0].id}, but the {winner} id{among} is {expected}"
        return None

    return check


def _quiescent(_observations, channels) -> str | None:
    pending = sum(len(c) for c in channels)
    return f"{pending} message(s) left in channels at termination" if pending else None


AT_MOST_ONE_LEADER = Property(
    "at-most-one-leader", "state", "no reachable state has two leaders", _at_most_one_leader, ("is_leader",),
)
STABILITY = Property(
    "stability", "transition", "once a process has decided, its decision never changes", changed_decision,
    ("decided", "is_leader", "leader_id"),
)
ELECTION = Property(
    "election", "terminal",
    "every terminal state has exactly one leader and every other process decided not leader", _election,
    ("decided", "is_leader"), reads_channels=False,
)
AGREEMENT = Property(
    "agreement", "terminal", "in terminal states all processes record the leader's id", _agreement,
    ("decided", "is_leader", "leader_id"), reads_channels=False,
)
QUIESCENCE = Property("quiescence", "terminal", "no message is left in a channel at termination", _quiescent, ())
TERMINATION = Property("termination", "graph", "no infinite execution: the state graph is acyclic")
MESSAGE_BOUND = Property("message-bound", "graph", "no execution sends more messages than the algorithm's bound f(n)")
ROUND_BOUND = Property("round-bound", "graph", "no execution of a synchronous algorithm takes more rounds than its bound")
# An algorithm that draws may loop (all coins equal, draw again): what it promises instead is
# that every execution ends with probability 1, whatever the scheduler does.
# An algorithm with timeouts may cycle (bid again, time out again) on schedules that no fair
# scheduler follows: what it promises is termination of every fair execution
# (checker/explore/fairness.py; weak fairness per process unless --fairness strong).
FAIR_TERMINATION = Property(
    "fair-termination", "graph",
    "every fair execution terminates: a cycle is a violation only if a fair scheduler can follow it forever",
)
ALMOST_SURE_TERMINATION = Property(
    "almost-sure-termination", "graph",
    "under every scheduler, executions terminate with probability 1 (no scheduler can trap them forever)",
)


def leader_is_extremal(winner: str) -> Property:
    return Property(
        f"leader-is-{winner}", "terminal",
        f"in terminal states the leader holds the {winner} id among the candidates", _extremal(winner),
        ("is_leader", "candidate"), reads_channels=False,
    )


def election_spec(algorithm: type[Algorithm]) -> list[Property]:
    """The properties of docs/design.md that apply to ``algorithm``, in the order they are reported."""
    properties = [AT_MOST_ONE_LEADER, STABILITY, ELECTION]
    if algorithm.leader_id is not None:
        properties.append(AGREEMENT)
    if algorithm.winner in (LARGEST, SMALLEST):
        properties.append(leader_is_extremal(algorithm.winner))
    properties.append(QUIESCENCE)
    # an algorithm that draws has no bound on messages or steps: the coins may repeat any number
    # of times (a stand-in for an algorithm, as checker/measure/blocked.py makes, may not say)
    if getattr(algorithm, "randomized", False):
        return properties + [ALMOST_SURE_TERMINATION]
    properties.append(FAIR_TERMINATION if getattr(algorithm, "has_timeouts", False) else TERMINATION)
    if declares_message_bound(algorithm):
        properties.append(MESSAGE_BOUND)
    if declares(algorithm, "round_bound"):
        properties.append(ROUND_BOUND)
    return properties
