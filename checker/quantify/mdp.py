"""The explicit Markov decision process of one arrangement: states, choices, exact probabilities.

A state's choices are its enabled command instances (the scheduler picks one), each with its
outcomes (the coins pick one, with an exact probability). Each choice carries three rewards:
one step, the messages it sends and the rounds it completes (round messages sent by process
0), the last two as expectations over its outcomes, which is what an expected total needs.
Labels: ``elected`` (some process is the leader) and ``terminal`` (no choice). The states are
the engine's, numbered in breadth-first order from the initial state 0, so a path in this MDP
is a trace of the explorer's graph (``parent``/``parent_choice`` rebuild one).

Probabilities and rewards are shared Fractions (few distinct values), referenced by index.
"""
from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field
from fractions import Fraction
from math import factorial

from models import SYNCHRONOUS, AsyncSystem
from models.topology.network import Network
from models.systems.network_semantics import NetworkSystem
from models.systems.probabilistic import ProbabilisticSystem
from models.systems.probabilistic_rounds import ProbabilisticRounds
from models.systems.rounds import RoundSystem

from ..explore.anonymous import RealIds, hidden_ids

REWARDS = ("steps", "messages", "rounds")


class MdpTooLarge(Exception):
    """More states than the limit given: the model is not built."""


@dataclass
class Mdp:
    algorithm: str
    n: int
    ids: tuple  # the arrangement (hidden ids: it stands for every arrangement)
    anonymous: bool
    has_rounds: bool  # the algorithm names a round message
    represents: int = 1  # arrangements this one stands for
    choice_start: array = field(default_factory=lambda: array("q", [0]))  # state -> its first choice
    choice_process: array = field(default_factory=lambda: array("i"))
    choice_instance: array = field(default_factory=lambda: array("i"))
    choice_messages: array = field(default_factory=lambda: array("i"))  # index into ``values``
    choice_rounds: array = field(default_factory=lambda: array("i"))  # index into ``values``
    outcome_start: array = field(default_factory=lambda: array("q", [0]))  # choice -> its first outcome
    outcome_target: array = field(default_factory=lambda: array("i"))
    outcome_probability: array = field(default_factory=lambda: array("i"))  # index into ``values``
    outcome_ordinal: array = field(default_factory=lambda: array("i"))  # its place among the semantics' successors
    values: list[Fraction] = field(default_factory=list)
    elected: bytearray = field(default_factory=bytearray)
    parent: array = field(default_factory=lambda: array("i", [-1]))
    parent_choice: array = field(default_factory=lambda: array("i", [-1]))  # the choice that found the state
    rows_of: array = field(default_factory=lambda: array("i"))  # state -> the first state with the same choices
    seconds: float = 0.0

    @property
    def states(self) -> int:
        return len(self.choice_start) - 1

    @property
    def choices(self) -> int:
        return len(self.choice_process)

    @property
    def transitions(self) -> int:
        return len(self.outcome_target)

    def terminal(self, state: int) -> bool:
        return self.choice_start[state] == self.choice_start[state + 1]

    def is_chain(self) -> bool:
        """Whether no state has more than one choice: then there is one scheduler (a Markov chain)."""
        starts = self.choice_start
        return all(starts[s + 1] - starts[s] <= 1 for s in range(self.states))

    def choices_of(self, state: int) -> range:
        return range(self.choice_start[state], self.choice_start[state + 1])

    def outcomes_of(self, choice: int):
        """(target, probability) of each outcome of ``choice``."""
        values = self.values
        for o in range(self.outcome_start[choice], self.outcome_start[choice + 1]):
            yield self.outcome_target[o], values[self.outcome_probability[o]]

    def reward(self, name: str, choice: int) -> Fraction:
        if name == "steps":
            return Fraction(1)
        return self.values[(self.choice_messages if name == "messages" else self.choice_rounds)[choice]]


def local_system(algorithm, n: int, ids: tuple):
    """What one command does on ``ids``: on a ring, or on the algorithm's network with one port
    labelling (a command that reads a port number raises PortNumbersRead: one labelling would not
    stand for the others)."""
    topology = algorithm.topology(n)
    if isinstance(topology, Network):
        return NetworkSystem(algorithm, ids, topology, numbered=False)
    return AsyncSystem(algorithm, ids)


def replay_system(algorithm, n: int, ids: tuple):
    """The system whose successors the MDP's ordinals number: for traces."""
    local = local_system(algorithm, n, ids)
    return RoundSystem(local) if algorithm.timing == SYNCHRONOUS else local


def markov_system(algorithm, n: int, ids: tuple | None = None):
    """The system whose choices are distributions (a ``Markov``: models/systems/interface.py) of
    ``algorithm`` on ``ids`` (default: hidden ids, which raise ``IdRead`` if read or if a step
    comes out otherwise with the ids 1..n: checker/explore/anonymous.py)."""
    local = local_system(algorithm, n, hidden_ids(n) if ids is None else ids)
    if ids is None:  # every local step that reads p.id is also taken with the ids 1..n, and must come out the same
        local.real_ids = RealIds(local, tuple(range(1, n + 1)))
    return ProbabilisticRounds(local) if algorithm.timing == SYNCHRONOUS else ProbabilisticSystem(local)


def build_mdp(algorithm, n: int, ids: tuple | None = None, max_states: int | None = None) -> Mdp:
    """The MDP of ``algorithm`` on ``ids`` (default: hidden ids: ``markov_system``); a Markov
    chain (one choice per state) for a synchronous algorithm."""
    started = time.perf_counter()
    anonymous = ids is None
    system = markov_system(algorithm, n, ids)
    mdp = Mdp(algorithm.name, n, ids or tuple(range(1, n + 1)), anonymous,
              algorithm.round_message is not None or bool(algorithm.round_commands),
              factorial(n) if anonymous else 1)
    mdp.values = system.values  # probabilities and rewards, numbered by the engine
    index = {system.initial_state: 0}
    queue = [system.initial_state]
    append_target, append_probability = mdp.outcome_target.append, mdp.outcome_probability.append
    append_ordinal = mdp.outcome_ordinal.append
    # a system that can tell when two states have the same choices (a key from keyed_choices)
    # gives each set of choices once; a state with choices met before repeats their rows, whose
    # targets all have their numbers already
    rows: dict = {}  # key -> (first choice, end, first outcome, end) of the rows it gave, and its state
    i = 0
    while i < len(queue):
        state = queue[i]
        mdp.elected.append(any(system.observe_process(state, p).is_leader for p in range(n)))
        key, choices = system.keyed_choices(state, rows)
        if choices is None:
            *span, owner = rows[key]
            _repeat(mdp, *span)
            mdp.rows_of.append(owner)
            mdp.choice_start.append(len(mdp.choice_process))
            i += 1
            continue
        first_choice, first_outcome = len(mdp.choice_process), len(mdp.outcome_target)
        position = 0  # an outcome's place among the state's successors in the semantics
        for choice in choices:
            c = len(mdp.choice_process)
            mdp.choice_process.append(choice.process)
            mdp.choice_instance.append(choice.instance)
            mdp.choice_messages.append(choice.messages)
            mdp.choice_rounds.append(choice.rounds)
            ordinals = getattr(choice, "ordinals", None)
            for k, (probability, target) in enumerate(choice.outcomes):
                j = index.get(target)
                if j is None:
                    j = index[target] = len(queue)
                    if max_states is not None and j >= max_states:
                        raise MdpTooLarge(j)
                    queue.append(target)
                    mdp.parent.append(i)
                    mdp.parent_choice.append(c)
                append_target(j)
                append_probability(probability)
                append_ordinal(ordinals[k] if ordinals is not None else position)
                position += 1
            mdp.outcome_start.append(len(mdp.outcome_target))
        if key is not None:
            rows[key] = (first_choice, len(mdp.choice_process), first_outcome, len(mdp.outcome_target), i)
        mdp.rows_of.append(i)
        mdp.choice_start.append(len(mdp.choice_process))
        i += 1
    mdp.seconds = time.perf_counter() - started
    return mdp


def _repeat(mdp: Mdp, first_choice: int, end_choice: int, first_outcome: int, end_outcome: int) -> None:
    """Append again the choices first_choice..end_choice and their outcomes."""
    for name in ("choice_process", "choice_instance", "choice_messages", "choice_rounds"):
        column = getattr(mdp, name)
        column.extend(column[first_choice:end_choice])
    shift = len(mdp.outcome_target) - first_outcome
    mdp.outcome_start.extend(start + shift for start in mdp.outcome_start[first_choice + 1:end_choice + 1])
    for name in ("outcome_target", "outcome_probability", "outcome_ordinal"):
        column = getattr(mdp, name)
        column.extend(column[first_outcome:end_outcome])
