"""The explicit Markov decision process of one arrangement: states, choices, exact probabilities.

A state's choices are its enabled command instances (the scheduler picks one), each with its
outcomes (the coins pick one, with an exact probability). Each choice carries three rewards:
one step, the messages it sends and the rounds it completes (round messages sent by process
0), the last two as expectations over its outcomes, which is what an expected total needs.
Labels: ``elected`` (some process is the leader) and ``terminal`` (no choice). The states are
the engine's, numbered in breadth-first order from the initial state 0, so a path in this MDP
is a trace of the explorer's graph (``parent``/``parent_choice`` rebuild one).

Probabilities and rewards are shared Fractions (few distinct values), referenced by index.
A state's choices are a *row*, kept once however many states have it (``row_of``): the states
from which itai-rodeh-sync draws its ids again all have the same K^N outcomes, 15,625 of them
at N = 6, K = 5, and 1,406 states share that row. The counts (``choices``, ``transitions``)
are every state's, a shared row counted once per state that has it.
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
from ..explore.state_store import CompactStates

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
    choice_start: array = field(default_factory=lambda: array("q", [0]))  # row -> its first choice
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
    row_of: array = field(default_factory=lambda: array("i"))  # state -> its row of choices
    seconds: float = 0.0

    def add_row(self) -> int:
        """End the row whose choices were appended since the last one; its number."""
        self.choice_start.append(len(self.choice_process))
        return len(self.choice_start) - 2

    @property
    def states(self) -> int:
        return len(self.row_of)

    @property
    def rows(self) -> int:
        return len(self.choice_start) - 1

    @property
    def choices(self) -> int:
        """Every state's choices, a shared row's once per state that has it."""
        starts = self.choice_start
        return sum(starts[row + 1] - starts[row] for row in self.row_of)

    @property
    def transitions(self) -> int:
        """Every state's outcomes, a shared row's once per state that has it."""
        starts, outcome_start = self.choice_start, self.outcome_start
        return sum(outcome_start[starts[row + 1]] - outcome_start[starts[row]] for row in self.row_of)

    def terminal(self, state: int) -> bool:
        row = self.row_of[state]
        return self.choice_start[row] == self.choice_start[row + 1]

    def is_chain(self) -> bool:
        """Whether no state has more than one choice: then there is one scheduler (a Markov chain)."""
        starts = self.choice_start
        return all(starts[r + 1] - starts[r] <= 1 for r in range(self.rows))

    def choices_of(self, state: int) -> range:
        return self.row_choices(self.row_of[state])

    def row_choices(self, row: int) -> range:
        return range(self.choice_start[row], self.choice_start[row + 1])

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
    found = CompactStates(system.state_groups)  # the states in breadth-first order, kept as their parts' numbers
    found.add(system.initial_state)
    append_target, append_probability = mdp.outcome_target.append, mdp.outcome_probability.append
    append_ordinal = mdp.outcome_ordinal.append
    # a system that can tell when two states have the same choices (a key from keyed_choices)
    # gives each set of choices once: a state whose key is known gets the row made for it.
    # Only rows of several outcomes are remembered (itai-rodeh-sync's draws, random-one-bit's
    # rounds): a row of one outcome is made again for less than its key would cost to keep,
    # and there are about as many of those keys as states.
    rows: dict = {}  # key -> its row
    i = 0
    while i < len(found):
        state = found[i]
        mdp.elected.append(any(system.observe_process(state, p).is_leader for p in range(n)))
        key, choices = system.keyed_choices(state, rows)
        if choices is None:
            mdp.row_of.append(rows[key])
            i += 1
            continue
        first_outcome = len(mdp.outcome_target)
        position = 0  # an outcome's place among the state's successors in the semantics
        for choice in choices:
            c = len(mdp.choice_process)
            mdp.choice_process.append(choice.process)
            mdp.choice_instance.append(choice.instance)
            mdp.choice_messages.append(choice.messages)
            mdp.choice_rounds.append(choice.rounds)
            ordinals = getattr(choice, "ordinals", None)
            for k, (probability, target) in enumerate(choice.outcomes):
                j, new = found.add(target)
                if new:
                    if max_states is not None and j >= max_states:
                        raise MdpTooLarge(j)
                    mdp.parent.append(i)
                    mdp.parent_choice.append(c)
                append_target(j)
                append_probability(probability)
                append_ordinal(ordinals[k] if ordinals is not None else position)
                position += 1
            mdp.outcome_start.append(len(mdp.outcome_target))
        row = mdp.add_row()
        if key is not None and len(mdp.outcome_target) - first_outcome > 1:
            rows[key] = row
        mdp.row_of.append(row)
        i += 1
    mdp.seconds = time.perf_counter() - started
    return mdp
