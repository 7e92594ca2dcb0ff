"""The quantitative questions about a randomized election, each for the best and the worst scheduler.

``quantify(algorithm, n, ...)`` builds the MDP of every arrangement (one, when a search with
hidden ids shows that the algorithm never reads an id) and asks Storm, exactly:
  * the probability that a leader is eventually elected (it must be 1 under every scheduler;
    if the minimum is below 1, a scheduler's trap is shown as a trace: the path to a state
    from which the scheduler keeps every execution away from an election, whatever the coins,
    and one run looping there, or the path to a terminal state without a leader);
  * the probability of an election within k steps (or rounds), and the table of it for k = 1..K;
  * the expected steps, messages and rounds until a leader is elected.
Over several arrangements the minimum is the least of their minima, the maximum the largest
of their maxima: the scheduler of the worst case may also pick the arrangement.
"""
from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field
from fractions import Fraction

from models import SYNCHRONOUS, AlgorithmError
from models.topology.network import Network
from models.topology.ports import PortNumbersRead

from ..explore.anonymous import IdRead
from ..explore.arrangements import NONE, REFLECTION, arrangements, symmetry_of
from ..explore.graph import almost_sure_termination
from ..explore.systems import trace_of
from ..render.trace import Trace
from .mdp import Mdp, build_mdp, replay_system
from .storm import INFINITY, StormModel, version

EXPECTED = ("steps", "messages", "rounds")
UNITS = ("steps", "rounds")


@dataclass
class Bounds:
    """The least and the largest value over all schedulers (and arrangements)."""

    minimum: Fraction | str
    maximum: Fraction | str

    @staticmethod
    def combine(bounds: list[Bounds]) -> Bounds:
        def key(value):
            return float("inf") if value == INFINITY else value

        return Bounds(min((b.minimum for b in bounds), key=key), max((b.maximum for b in bounds), key=key))

    def to_json(self) -> dict:
        return {"min": exact(self.minimum), "max": exact(self.maximum),
                "min_decimal": decimal(self.minimum), "max_decimal": decimal(self.maximum)}


def exact(value: Fraction | str) -> str:
    if value == INFINITY:
        return "infinity"
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def decimal(value: Fraction | str) -> float | None:
    return None if value == INFINITY else float(value)


@dataclass
class Quantities:
    algorithm: str
    n: int
    topology: str
    states: int  # summed over the arrangements analysed
    choices: int
    transitions: int
    arrangements: int  # analysed
    represented: int  # arrangements they stand for
    anonymous: bool
    eventually: Bounds
    within: tuple[int, Bounds] | None = None
    expected: dict[str, Bounds] = field(default_factory=dict)
    distribution: list[Bounds] = field(default_factory=list)  # k = 1, 2, ...
    trap: str | None = None  # why election is not almost sure
    counterexample: Trace | None = None
    seconds_build: float = 0.0
    seconds_solve: float = 0.0
    solver: str = ""
    unit: str = "steps"  # what k counts in ``within`` and ``distribution``: steps or rounds

    @property
    def exit_status(self) -> int:
        return 0 if self.eventually.minimum == 1 else 1


def quantify(algorithm, n: int, within: int | None = None, expected: tuple[str, ...] = (),
             distribution: int | None = None, max_states: int | None = None, unit: str = "steps") -> Quantities:
    """Answer the questions for ``algorithm`` on n processes (docs/randomized.md); ``within`` and
    ``distribution`` count k in ``unit``, "steps" (transitions) or "rounds"."""
    check_question(algorithm, expected, unit)
    mdps = models_of(algorithm, n, max_states, counts_rounds="rounds" in expected or unit == "rounds")
    network = isinstance(algorithm.topology(n), Network)
    started = time.perf_counter()
    answers = [_ask(mdp, within, expected, distribution, unit) for mdp in mdps]
    topology = algorithm.topology(n)
    result = Quantities(
        algorithm.name, n, f"the {topology.name}" if network else topology.kind, sum(m.states for m in mdps), sum(m.choices for m in mdps),
        sum(m.transitions for m in mdps), len(mdps), sum(m.represents for m in mdps), mdps[0].anonymous,
        Bounds.combine([a["eventually"] for a in answers]),
        seconds_build=sum(m.seconds for m in mdps), solver=version(), unit=unit,
    )
    if within is not None:
        result.within = (within, Bounds.combine([a["within"] for a in answers]))
    result.expected = {name: Bounds.combine([a[name] for a in answers]) for name in expected}
    if distribution:
        result.distribution = [Bounds.combine([a["distribution"][k] for a in answers]) for k in range(distribution)]
    worst = next((mdp for mdp, a in zip(mdps, answers) if a["eventually"].minimum != 1), None)
    if worst is not None:
        result.trap, result.counterexample = _trap(algorithm, worst)
    result.seconds_solve = time.perf_counter() - started
    return result


def check_question(algorithm, expected: tuple[str, ...], unit: str = "steps") -> None:
    if not algorithm.randomized:
        raise AlgorithmError(
            f"{algorithm.name} draws no random value (p.draw), so its executions have no probabilities; "
            f"`check {algorithm.name} --n N` checks every one of them"
        )
    unknown = [name for name in expected if name not in EXPECTED]
    if unknown:
        raise AlgorithmError(f"--expected {','.join(unknown)}: choose among {', '.join(EXPECTED)}")
    if unit not in UNITS:
        raise AlgorithmError(f"--unit {unit}: choose steps or rounds")
    asked = "--expected rounds" if "rounds" in expected else "--unit rounds" if unit == "rounds" else None
    if asked and algorithm.timing == SYNCHRONOUS and not algorithm.round_commands:
        raise AlgorithmError(
            f"{asked}: {algorithm.name} does not say what a round of its protocol is; set round_commands = "
            "(<command names>) in the class (a synchronous round in which one runs counts once), or count "
            "steps, which are its synchronous rounds"
        )
    if asked and algorithm.timing != SYNCHRONOUS and algorithm.round_message is None:
        raise AlgorithmError(
            f"{asked}: {algorithm.name} does not say what a round is; set round_message = <Message "
            "type> in the class (a round ends each time process 0 sends one), or count steps"
        )


def models_of(algorithm, n: int, max_states: int | None = None, counts_rounds: bool = False) -> list[Mdp]:
    """One MDP with hidden ids if the algorithm never reads one, else one per arrangement: one
    per symmetry class, unless rounds are counted on an asynchronous ring, where a round ends
    when process 0 sends its round message, so that a rotation counts another process's rounds
    (every arrangement is then a model of its own)."""
    topology = algorithm.topology(n)
    network = isinstance(topology, Network)
    if topology.port_labellings and not network:
        raise AlgorithmError(f"the quantitative questions do not cover {topology.kind}s yet (every port "
                             "labelling would be a model of its own)")
    try:
        return [build_mdp(algorithm, n, max_states=max_states)]
    except IdRead:
        if network:
            raise AlgorithmError(f"{algorithm.name} reads ids on a network: the quantitative questions cover "
                                 "anonymous algorithms there (one model for every arrangement)") from None
    except PortNumbersRead as read:
        raise AlgorithmError(f"{algorithm.name} {read}: the quantitative questions take one port labelling "
                             "for all, which holds only if no process reads its port numbers") from None
    if counts_rounds and algorithm.timing != SYNCHRONOUS:
        used = NONE
    else:
        used, _unproved = symmetry_of(algorithm, topology, REFLECTION)  # a declaration z3 refutes is not used
    plan = arrangements(n, used)
    mdps = []
    for arrangement in plan:
        mdp = build_mdp(algorithm, n, arrangement.ids, max_states=max_states)
        mdp.represents = arrangement.represents
        mdps.append(mdp)
    return mdps


def _ask(mdp: Mdp, within, expected, distribution, unit: str) -> dict:
    storm = StormModel(mdp)
    one_scheduler = mdp.is_chain()  # a Markov chain: its least value is its largest, asked once

    def bounds(path: str, reward: str | None = None) -> Bounds:
        if reward is None:
            least = storm.value(f'Pmin=? [{path}]')
            return Bounds(least, least if one_scheduler else storm.value(f'Pmax=? [{path}]'))
        least = storm.expected(reward, "min", path)
        return Bounds(least, least if one_scheduler else storm.expected(reward, "max", path))

    elected = storm.label("elected")
    counted = "" if unit == "steps" else f'{{"{unit}"}}'  # a step bound, or a bound on the rounds reward

    def within_(k: int) -> Bounds:
        if unit != "steps" and unit in storm.zero:  # no round is ever counted: the bound never bites
            return bounds(f"F {elected}")
        return bounds(f"F{counted}<={k} {elected}")

    answers = {"eventually": bounds(f"F {elected}")}
    if within is not None:
        answers["within"] = within_(within)
    for name in expected:
        answers[name] = bounds(elected, name)
    if distribution:
        answers["distribution"] = [within_(k) for k in range(1, distribution + 1)]
    return answers


def _trap(algorithm, mdp: Mdp) -> tuple[str, Trace]:
    """Why some scheduler avoids an election with positive probability, and a trace that shows it.

    Only the states reachable without an election matter: a breadth-first search that stops at
    elected states finds them (numbered 0.. in its order, so its graph is in the form the trap
    analysis reads). Among them either a terminal state has no leader, or a scheduler can trap
    the execution away from every election (checker/explore/graph.py; elected states have no
    edges here, so it asks for them as it asks for terminal states).
    """
    number, order, parents = {0: 0}, [0], array("i", [-1])
    offsets, targets, actions, ordinals = array("q", [0]), array("i"), array("i"), array("i")
    for k, state in enumerate(order):  # ``order`` grows as the search goes
        if not mdp.elected[state]:
            for c in mdp.choices_of(state):
                for o in range(mdp.outcome_start[c], mdp.outcome_start[c + 1]):
                    target = mdp.outcome_target[o]
                    if target not in number:
                        number[target] = len(order)
                        order.append(target)
                        parents.append(k)
                    targets.append(number[target])
                    actions.append(c)
                    ordinals.append(mdp.outcome_ordinal[o])  # the outcome's place in the semantics' list
        offsets.append(len(targets))
    system = replay_system(algorithm, mdp.n, mdp.ids)
    stuck = next((k for k, s in enumerate(order) if mdp.terminal(s) and not mdp.elected[s]), None)
    if stuck is not None:
        edges = []
        while stuck > 0:
            parent = parents[stuck]
            edges.append(next(e for e in range(offsets[parent], offsets[parent + 1]) if targets[e] == stuck))
            stuck = parent
        trace = trace_of(system, [ordinals[e] for e in reversed(edges)])
        trace.property, trace.reason = "almost-sure election", f"a terminal state without a leader (step {len(edges)})"
        return trace.reason, trace
    endless = almost_sure_termination(offsets, targets, actions, parents)
    trace = trace_of(system, [ordinals[e] for e in endless.stem + endless.loop], len(endless.stem))
    trace.property = "almost-sure election"
    trace.reason = (f"a scheduler can keep {endless.trapped} state(s) without a leader going forever whatever the "
                    f"coins; the trace reaches them and loops from step {len(endless.stem) + 1}")
    return trace.reason, trace
