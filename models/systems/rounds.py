"""Synchronous rounds: the second timing model, for algorithms that set ``timing = SYNCHRONOUS``.

Seed 000 (TimeSlice): "a round in synchronous networks is: deliver all messages, have every
processor take one compute step"; seed 002's ticks say the same ("messages sent out in tick i
... the receiving process can read it in the next tick"). So one transition is one round:

  1. every message sent in the previous round (everything in the channels) is delivered: each
     process handles the messages of its incoming channels with its receive commands, port by
     port in port order, each channel's messages in FIFO order (a message no command accepts
     is consumed with no effect, as in the asynchronous model);
  2. then every process takes its compute step: one of its spontaneous commands whose guard
     holds (none holds: the process idles this round);
  3. what the processes sent in 1 and 2 is in the channels at the end of the round.

A state is what it is in the asynchronous model (locals, channel contents); between rounds the
channels hold exactly the messages of the round just ended. The system is quiet, and the state
terminal, when no message is in transit and no process has a spontaneous command enabled. A
deterministic algorithm (at most one command for each message and at most one step command
enabled) has one successor per state, so an arrangement's state graph is a single path; the
checker measures its length, the **rounds**, beside the messages.

Processes handle their messages in port order. On a network, whose port numbers are the
adversary's, that order would be a way to read the numbers: in a run that checks one labelling
for all (models/topology/ports.py), every round checks that the outcome of each process's deliveries is
the same in every order of its ports (by subsets: the outcome of delivering a set of channels
must not depend on which came last), and raises ``PortNumbersRead`` otherwise.

The local semantics (what a command does at one process) is the asynchronous system's
(models/systems/semantics.py, models/systems/network_semantics.py), which this class drives; so a synchronous
algorithm is written with the same DSL, and its commands mean the same.
"""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import NamedTuple

from ..errors import AlgorithmError
from ..topology.ports import PortNumbersRead
from .interface import SystemDefaults
from .semantics import UNMATCHED
from ..topology.ring import UnorientedRing

# On a network with one port labelling standing for all, a process's round is checked to do the
# same whichever port it reads first (_same_in_every_order): over the 2^d sets of its d ports,
# which past this degree are too many (a million sets for one process in one state).
MAX_DEGREE_IN_ORDER_CHECK = 20


class Event(NamedTuple):
    """One thing a process did in a round: a command (or an unmatched reception) and its sends."""

    command: str
    port: object  # the arrival port of a reception, None for the compute step
    received: object  # the message received, None for the compute step
    sent: tuple  # ((port, message), ...)


class ProcessRound(NamedTuple):
    """What one process did in one round: its new locals, its sends in order, its events."""

    values: tuple
    sent: tuple
    events: tuple


class RoundStep(NamedTuple):
    """One round: the processes' parts and the state it leads to (what a trace shows)."""

    parts: tuple  # a ProcessRound per process
    target: tuple
    sent: int
    unmatched: int


class RoundSystem(SystemDefaults):
    """An algorithm with one arrangement under synchronous rounds (see the module docstring)."""

    synchronous = True
    supports_por = False  # one transition moves every process: nothing to reorder

    def __init__(self, local):
        """``local``: the asynchronous system of the same arrangement, for what commands do."""
        if isinstance(local.topology, UnorientedRing):
            raise AlgorithmError(f"{local.algorithm.__name__} is synchronous; synchronous rounds run on the "
                                 "oriented rings and on networks, not on the non-oriented ring")
        self.local = local
        self.algorithm, self.ids, self.n = local.algorithm, local.ids, local.n
        self.topology, self.layout, self.channel_count = local.topology, local.layout, local.channel_count
        self.initial_state = local.initial_state
        self._in_ports = local._in_ports  # per process: ((port, index in the state), ...) in port order
        self._out_channel = local._out_channel  # per process: {port: channel}
        # on a network in a run with one labelling for all, delivery order must not matter
        self._check_order = local.numbered is False
        self._steps: dict = {}  # (process, locals, its inbox) -> its possible ProcessRounds
        # the order check's shortcut (_same_by_contents): what it has shown, and what it compares
        self._contents_checked: dict = {}  # (process, locals, contents with their counts) -> {content: footprint}
        self._footprints_in_order: dict = {}  # (process, locals, contents in port order) -> {content: footprint}
        self._references: dict = {}  # (process, locals, message) -> a delivery's (locals, sends) on some port
        self._alike: dict = {}  # (process, port, footprint) -> do its deliveries there match the references?
        self._subsets_checked: set = set()  # (process, locals, inbox) that the subset check passed
        self._receptions: dict = {}  # (process, locals, port, message) -> receive_outcomes
        self._observations: dict = {}  # (process, locals) -> what the specification sees of it
        self._option_shapes: dict = {}  # (process, locals, its inbox) -> per option: (channel writes, sent, unmatched)

    # -- what the explorer, the specification and traces read --------------------------
    def observe(self, state):
        return self.local.observe(state)

    def observe_process(self, state, i: int):
        """Read once per (process, locals): in a round every process may move, so each
        transition asks for every process's observation before and after, and locals repeat
        across a great many states."""
        key = (i, state[i])
        observation = self._observations.get(key)
        if observation is None:
            observation = self._observations[key] = self.local.observe_locals(i, state[i])
        return observation

    def channels(self, state) -> tuple:
        return self.local.channels(state)

    def channel(self, state, k: int) -> tuple:
        return self.local.channel(state, k)

    def process_values(self, state, i: int) -> tuple:
        return self.local.process_values(state, i)

    def locals_of(self, state, i: int) -> dict[str, str]:
        return self.local.locals_of(state, i)

    def heads(self, state) -> tuple:
        return self.local.heads(state)

    # -- rounds ------------------------------------------------------------------------
    def successor_list(self, state) -> list[tuple]:
        """(next state, messages sent, None = every process moved, unmatched receptions, 0) per
        possible round; empty when the system is quiet."""
        return [(step.target, step.sent, None, step.unmatched, 0) for step in self.steps(state)]

    def steps(self, state) -> list[RoundStep]:
        inboxes = [tuple((port, state[k]) for port, k in self._in_ports[i] if state[k]) for i in range(self.n)]
        options = [self._process_round(i, state[i], inboxes[i]) for i in range(self.n)]
        if not any(inboxes) and all(len(o) == 1 and not o[0].events for o in options):
            return []  # quiet: nothing in transit, no process has a step to take
        shapes = [self._shapes(i, state[i], inboxes[i], options[i]) for i in range(self.n)]
        rounds = []
        empty = [()] * self.channel_count
        for choice in product(*(range(len(o)) for o in options)):
            channels = empty.copy()
            sent = unmatched = 0
            for i, k in enumerate(choice):
                writes, part_sent, part_unmatched = shapes[i][k]
                for channel, messages in writes:
                    channels[channel] += messages
                sent += part_sent
                unmatched += part_unmatched
            parts = tuple(options[i][k] for i, k in enumerate(choice))
            target = tuple(part.values for part in parts) + tuple(channels)
            rounds.append(RoundStep(parts, target, sent, unmatched))
        return rounds

    def _shapes(self, i: int, values: tuple, inbox: tuple, options: list[ProcessRound]) -> list[tuple]:
        """Per option of process i's round: what it appends to each channel (its sends grouped by
        channel, in the order sent), how many messages it sends, how many of its deliveries no
        command took. Computed once per (process, locals, inbox), as its options are: a round
        combines every option of every process, so each is used many times."""
        key = (i, values, inbox)
        found = self._option_shapes.get(key)
        if found is None:
            out = self._out_channel[i]
            found = []
            for part in options:
                writes: dict[int, tuple] = {}
                for port, message in part.sent:
                    writes[out[port]] = writes.get(out[port], ()) + (message,)
                found.append((tuple(writes.items()), len(part.sent),
                              sum(1 for e in part.events if e.command == UNMATCHED)))
            self._option_shapes[key] = found
        return found

    def _process_round(self, i: int, values: tuple, inbox: tuple) -> list[ProcessRound]:
        key = (i, values, inbox)
        found = self._steps.get(key)
        if found is None:
            delivered = [ProcessRound(values, (), ())]
            for port, messages in inbox:
                delivered = [after for before in delivered for after in self._deliver(i, before, port, messages)]
            if self._check_order and len(inbox) > 1:
                self._same_in_every_order(i, values, inbox)
            found = []
            for before in delivered:
                steps = [(command, None, new_values, sent)
                         for command, new_values, sent in self.local.spontaneous_outcomes(i, before.values)]
                steps += self.local.port_choice_outcomes(i, before.values)
                if not steps:
                    found.append(before)
                for command, port, new_values, sent in steps:
                    found.append(ProcessRound(new_values, before.sent + sent,
                                              before.events + (Event(command.name, port, None, sent),)))
            self._steps[key] = found
        return found

    def _deliver(self, i: int, before: ProcessRound, port, messages) -> list[ProcessRound]:
        """The possible outcomes of handling one channel's messages, in FIFO order, after ``before``."""
        outcomes = [before]
        for message in messages:
            following = []
            for state in outcomes:
                handled = self._receive(i, state.values, port, message)
                if not handled:
                    following.append(state._replace(events=state.events + (Event(UNMATCHED, port, message, ()),)))
                for command, new_values, sent in handled:
                    following.append(ProcessRound(new_values, state.sent + sent,
                                                  state.events + (Event(command.name, port, message, sent),)))
            outcomes = following
        return outcomes

    def _receive(self, i: int, values: tuple, port, message) -> list:
        """``receive_outcomes``, once per local context: the order check delivers the same
        message to the same locals on the same port from many of its sets."""
        key = (i, values, port, message)
        found = self._receptions.get(key)
        if found is None:
            found = self._receptions[key] = self.local.receive_outcomes(i, values, port, message)
        return found

    def _same_in_every_order(self, i: int, values: tuple, inbox: tuple) -> None:
        """Raise PortNumbersRead unless delivering the channels of ``inbox`` gives the same
        outcomes (locals, and what is sent on each port in order) whichever comes first."""
        if self._same_by_contents(i, values, inbox):
            return
        key = (i, values, inbox)
        if key not in self._subsets_checked:  # a probabilistic round asks again for every state
            self._same_by_subsets(i, values, inbox)
            self._subsets_checked.add(key)

    def _same_by_subsets(self, i: int, values: tuple, inbox: tuple) -> None:
        """The check itself, over all 2^k sets of the k channels: the outcomes of delivering a set
        S are well defined when, for every c in S, delivering c after S - {c} gives the same; then
        every order agrees. It decides whenever the shortcut (``_same_by_contents``) cannot."""
        outcomes = {0: {(values, ())}}
        for mask in sorted(range(1, 2 ** len(inbox)), key=lambda m: (m.bit_count(), m)):
            agreed = None
            for j in range(len(inbox)):
                if not mask >> j & 1:
                    continue
                port, messages = inbox[j]
                after = set()
                for before_values, before_sent in outcomes[mask ^ 1 << j]:
                    for state in self._deliver(i, ProcessRound(before_values, before_sent, ()), port, messages):
                        after.add(_normal(state))
                if agreed is None:
                    agreed = after
                elif after != agreed:
                    raise PortNumbersRead(
                        f"{self.algorithm.__name__}: what process {i} does in a round depends on the order in which it "
                        f"reads its ports (the messages {', '.join(str(m) for _, ms in inbox for m in ms)}), "
                        "which reads their numbers"
                    )
            outcomes[mask] = agreed

    # The shortcut. Call two channels alike when they hold the same messages and each of their
    # deliveries does the same on either port (the same list of new locals and sends: the
    # process cannot tell the ports apart there). Swapping two alike channels maps the subset
    # check's sets onto each other and leaves every delivery as it was, so by induction on |S|
    # the outcomes of S depend only on how many channels of each content S holds, and the
    # check at S for a channel c depends only on c's content: the 2^k sets become the counts
    # per content (at most (k/m + 1)^m sets for m contents), each content checked once. The
    # subset check evaluates the deliveries the counts' check makes (and more), so whatever
    # the shortcut meets that it cannot vouch for (ports that differ, contents that disagree,
    # an error) is left to the subset check, which raises as it always has.
    #
    # The counts' check reads each delivery through a reference outcome per (process, locals,
    # message), taken on the first port that needed it, and records which (locals, message)
    # each content's deliveries met (its footprint). Then the check depends on the process,
    # its locals and the contents only, and is made once for them: another inbox with the same
    # contents on other ports passes if each of its ports does on its content's footprint what
    # the reference does (``_like_reference``), since the counts' check on it is then the same
    # computation, step for step.
    def _same_by_contents(self, i: int, values: tuple, inbox: tuple) -> bool:
        """True if the counts' check shows every order alike; False: the subset check decides."""
        try:
            footprints = self._footprints(i, values, inbox)
            if footprints is None:
                return False
            alike = self._alike
            for port, messages in inbox:
                footprint = footprints[messages]
                like = alike.get((i, port, footprint))
                if not (self._like_reference(i, port, footprint) if like is None else like):
                    return False
            return True
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException:  # noqa: BLE001 -- an error, or an id read (a BaseException): the subset check names it
            return False

    def _footprints(self, i: int, values: tuple, inbox: tuple) -> dict | None:
        """{content: its footprint} for the inbox's contents if the counts' check passes, else
        None; found once per (process, locals, contents in port order), the check made once per
        their counts (the memo keeps the counts' own dict, not a tuple of its own: one entry per
        process context met, 30,617 for random-one-bit at n = 10)."""
        contents = tuple(messages for _, messages in inbox)
        key = (i, values, contents)
        if key in self._footprints_in_order:
            return self._footprints_in_order[key]
        counts = Counter(contents)
        by_counts = (i, values, frozenset(counts.items()))
        if by_counts not in self._contents_checked:
            first_port: dict = {}  # where a content's reference deliveries are taken, if not yet taken
            for port, messages in inbox:
                first_port.setdefault(messages, port)
            self._contents_checked[by_counts] = self._agreed_by_counts(i, values, first_port, counts)
        found = self._footprints_in_order[key] = self._contents_checked[by_counts]
        return found

    def _agreed_by_counts(self, i: int, values: tuple, first_port: dict, counts: Counter) -> dict | None:
        """{content: its footprint} if the counts' check passes with the reference deliveries,
        None if two contents disagree somewhere."""
        kinds = list(first_port)
        footprints = {messages: set() for messages in kinds}
        outcomes = {(0,) * len(kinds): {(values, ())}}
        for point in sorted(product(*(range(counts[m] + 1) for m in kinds)), key=sum)[1:]:
            agreed = None
            for g, messages in enumerate(kinds):
                if not point[g]:
                    continue
                before = point[:g] + (point[g] - 1,) + point[g + 1:]
                after = set()
                for before_values, before_sent in outcomes[before]:
                    for state in self._deliver_reference(i, ProcessRound(before_values, before_sent, ()),
                                                         first_port[messages], messages, footprints[messages]):
                        after.add(_normal(state))
                if agreed is None:
                    agreed = after
                elif after != agreed:
                    return None
            outcomes[point] = agreed
        return {messages: frozenset(footprint) for messages, footprint in footprints.items()}

    def _deliver_reference(self, i: int, before: ProcessRound, port, messages, footprint: set) -> list[ProcessRound]:
        """``_deliver`` through the reference outcomes (taken on ``port`` if not yet taken),
        adding each (locals, message) it meets to ``footprint``."""
        outcomes = [before]
        for message in messages:
            following = []
            for state in outcomes:
                footprint.add((state.values, message))
                for new_values, sent in self._reference(i, state.values, port, message):
                    following.append(ProcessRound(new_values, state.sent + sent, ()))
            outcomes = following
        return outcomes

    def _reference(self, i: int, values: tuple, port, message) -> tuple:
        key = (i, values, message)
        found = self._references.get(key)
        if found is None:
            found = self._references[key] = self._received(i, values, port, message)
        return found

    def _like_reference(self, i: int, port, footprint: frozenset) -> bool:
        """Whether every delivery of ``footprint`` does on ``port`` what its reference does."""
        key = (i, port, footprint)
        like = self._alike.get(key)
        if like is None:
            like = self._alike[key] = all(self._received(i, values, port, message) == self._references[(i, values, message)]
                                          for values, message in footprint)
        return like

    def _received(self, i: int, values: tuple, port, message) -> tuple:
        """(new locals, sends) of each outcome of receiving ``message`` on ``port``; an unmatched
        reception's: the locals unchanged, nothing sent."""
        handled = self._receive(i, values, port, message)
        return tuple((new_values, sent) for _, new_values, sent in handled) if handled else ((values, ()),)


def _normal(state: ProcessRound) -> tuple:
    """What the order check compares of an outcome: the locals, and the sends on each port in order."""
    return state.values, tuple(sorted(state.sent, key=lambda sent: sent[0]))  # stable: FIFO per port
