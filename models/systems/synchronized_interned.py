"""``SynchronizedSystem`` on interned states: the fast engine for alpha, beta, gamma and their variants.

A state of models/systems/synchronized.py is a tuple of nodes (a process's locals, tick, unread
messages, synchronizer variables, marks) and channel contents. Here each distinct node, channel
content and envelope is given a number, so a state is a short tuple of small ints (the empty
channel is number 0, so "not contents" still means empty).

A step reads and writes its own process's node, takes one message from one of its incoming
channels and appends to its outgoing ones (the module docstring of synchronized.py). So what
a step does to its process is a function of (process, node) for a round or a control step and
of (process, node, channel, envelope) for a reception; each distinct case is run once by the
reference system's own code (``_spontaneous``, ``_receive``), on a state that holds only what
the step reads, and is a table look-up after. Which envelopes a channel's contents may deliver
next (and what is left), and a content with an envelope sent on it (``_appended``), are
memoised the same way. Successors are listed in the reference's order with the reference's
instances, so transition ordinals (and traces) are the same in both engines. The four tables
are keyed by small ints, so that a search in C can use them (models/native/tables.c asks for
each entry it lacks). tests/explore/test_synchronized_engines.py compares the graphs of the
engines on every synchronizer and mutant, full, as multisets and on FIFO links.
"""
from __future__ import annotations

from .interface import SystemDefaults
from .semantics import Step
from .synchronized import Node, SynchronizedSystem, distinct_positions, observation_moved, persistent_subset


class InternedSynchronizedSystem(SystemDefaults):
    """``reference`` (a SynchronizedSystem, not ABD's) on interned states (see the module)."""

    supports_por = False  # as its reference: it reduces itself, on FIFO links
    observes_mover_only = True  # a step writes its own process's node only

    def __init__(self, reference: SynchronizedSystem):
        self.reference = reference
        self.local, self.synchronizer = reference.local, reference.synchronizer
        self.algorithm, self.ids, self.n = reference.algorithm, reference.ids, reference.n
        self.topology, self.layout, self.channel_count = reference.topology, reference.layout, reference.channel_count
        self.missing_locals = reference.missing_locals
        self.swapped = reference.swapped
        n = self.n
        self._nodes: list[Node] = []
        self._node_number: dict[Node, int] = {}
        self._contents: list[tuple] = []
        self._content_number: dict[tuple, int] = {}
        self._intern(self._content_number, self._contents, ())  # number 0: the empty channel
        # a memoised step, or an observation, is taken on this with what it reads put in (its
        # process's node, a channel); the rest is the initial state's, which it does not read
        self._empty = reference.initial_state[:n] + ((),) * self.channel_count
        # process -> the state index of each incoming channel, in the reference's order
        self._in_slots = [tuple(n + k for _, k in reference._in[i]) for i in range(n)]
        self._ports = [{n + k: port for port, k in reference._in[i]} for i in range(n)]
        self._envelopes: list = []
        self._envelope_number: dict = {}
        self._receptions: dict[tuple, tuple] = {}  # (process, node, channel slot, envelope) -> its move
        self._spontaneous: dict[tuple, list] = {}  # (process, node) -> its moves
        self._receivable: dict[int, list] = {}  # contents -> [(envelope, contents after it is taken)]
        self._pushes: dict[tuple, int] = {}  # (contents, envelope) -> contents with it sent
        self._observations: dict[tuple, object] = {}
        self._classes: list[tuple] = []  # (values, missed, diverged): what the properties read of a node
        self._class_number: dict[tuple, int] = {}
        self._reduces = reference.reduce and reference.fifo
        initial = reference.initial_state
        self.initial_state = tuple(self._intern(self._node_number, self._nodes, node) for node in initial[:n]) \
            + tuple(self._intern(self._content_number, self._contents, c) for c in initial[n:])

    @staticmethod
    def _intern(numbers: dict, values: list, value) -> int:
        number = numbers.get(value)
        if number is None:
            number = numbers[value] = len(values)
            values.append(value)
        return number

    # -- memoised local steps ---------------------------------------------------------------
    # Each table is keyed by small ints: (process, node), (process, node, channel slot,
    # envelope), (contents, envelope), contents. A miss runs the reference's code once.
    def envelope_number(self, envelope) -> int:
        return self._intern(self._envelope_number, self._envelopes, envelope)

    def _move(self, i: int, step: Step) -> tuple:
        """(new node, messages sent, instance, sends as (state index, envelope number)) of process i's ``step``."""
        out = self.reference._out[i]
        return (self._intern(self._node_number, self._nodes, step.target[i]), len(step.sent), step.instance,
                tuple((self.n + out[port], self.envelope_number(envelope)) for port, envelope in step.sent))

    def spontaneous(self, i: int, node: int) -> list[tuple]:
        """The moves of process i's round and control steps from ``node``, in the reference's order."""
        key = (i, node)
        moves = self._spontaneous.get(key)
        if moves is None:
            state = list(self._empty)
            state[i] = self._nodes[node]
            moves = self._spontaneous[key] = [self._move(i, step)
                                              for step in self.reference._spontaneous(tuple(state), i)]
        return moves

    def reception(self, i: int, node: int, slot: int, envelope: int) -> tuple:
        """The move of process i receiving ``envelope`` on the channel at ``slot`` from ``node``."""
        key = (i, node, slot, envelope)
        move = self._receptions.get(key)
        if move is None:
            state = list(self._empty)
            state[i] = self._nodes[node]
            state[slot] = (self._envelopes[envelope],)
            step = self.reference._receive(tuple(state), i, self._ports[i][slot], slot - self.n, 0)
            move = self._receptions[key] = self._move(i, step)
        return move

    def receivable(self, contents: int) -> list[tuple]:
        """(envelope, contents after it is taken) for each envelope that may be received next from
        ``contents``, in the reference's order: the head on a FIFO link, else each distinct one."""
        found = self._receivable.get(contents)
        if found is None:
            channel = self._contents[contents]
            found = self._receivable[contents] = [
                (self.envelope_number(channel[j]), self._intern(self._content_number, self._contents,
                                                                channel[:j] + channel[j + 1:]))
                for j in ((0,) if self.reference.fifo else distinct_positions(channel))]
        return found

    def push(self, contents: int, envelope: int) -> int:
        """``contents`` with ``envelope`` sent on it."""
        key = (contents, envelope)
        number = self._pushes.get(key)
        if number is None:
            number = self._pushes[key] = self._intern(
                self._content_number, self._contents,
                self.reference._appended(self._contents[contents], self._envelopes[envelope]))
        return number

    def in_slots(self, i: int) -> tuple:
        """The state index of each channel into process i, in the reference's order."""
        return self._in_slots[i]

    def node_class(self, node: int) -> int:
        """A number for what the properties read of a node (the algorithm's locals, and the marks
        of (Synch) and of the simulation): nodes of one class are alike to them."""
        value = self._nodes[node]
        return self._intern(self._class_number, self._classes, (value.values, value.missed, value.diverged))

    def class_member(self, i: int, number: int) -> int:
        """A node of class ``number`` (process i's)."""
        values, missed, diverged = self._classes[number]
        return self._intern(self._node_number, self._nodes, Node(values, 0, (), (), missed, diverged))

    # -- the engine -----------------------------------------------------------------------------
    def successor_list(self, state) -> list[tuple]:
        """(next state, messages sent, moving process, False, instance) per step, in the
        reference's order (with its reduction on FIFO links)."""
        result = []
        receptions, receivable, pushes, push = self._receptions, self._receivable, self._pushes, self.push
        spontaneous = self._spontaneous
        for i in range(self.n):
            node = state[i]
            for slot in self._in_slots[i]:
                contents = state[slot]
                if not contents:
                    continue
                taken = receivable.get(contents)
                for envelope, rest in self.receivable(contents) if taken is None else taken:
                    move = receptions.get((i, node, slot, envelope))
                    new_node, count, instance, sends = self.reception(i, node, slot, envelope) if move is None else move
                    successor = list(state)
                    successor[i] = new_node
                    successor[slot] = rest
                    for k, sent in sends:
                        pushed = pushes.get((successor[k], sent))
                        successor[k] = push(successor[k], sent) if pushed is None else pushed
                    result.append((tuple(successor), count, i, False, instance))
            moves = spontaneous.get((i, node))
            for new_node, count, instance, sends in self.spontaneous(i, node) if moves is None else moves:
                successor = list(state)
                successor[i] = new_node
                for k, sent in sends:
                    pushed = pushes.get((successor[k], sent))
                    successor[k] = push(successor[k], sent) if pushed is None else pushed
                result.append((tuple(successor), count, i, False, instance))
        if self._reduces and len(result) > 1:
            return persistent_subset(state, result, self.n, self.reference._senders, _mover, self._visible)
        return result

    def _visible(self, state, successor: tuple) -> bool:
        i, target = successor[2], successor[0]
        if self._nodes[state[i]].values == self._nodes[target[i]].values:
            return False
        return observation_moved(self.observe_process(state, i), self.observe_process(target, i))

    def steps(self, state) -> list[Step]:
        """The reference's steps of the decoded state, each leading to its interned target (the
        two list their steps in one order; what traces replay, not what the search runs)."""
        return [step._replace(target=successor[0])
                for step, successor in zip(self.reference.steps(self.decode(state)), self.successor_list(state))]

    # -- what the specification and traces read -------------------------------------------------
    def decode(self, state) -> tuple:
        """The reference's form of an interned state."""
        n, nodes, contents = self.n, self._nodes, self._contents
        return tuple(nodes[x] for x in state[:n]) + tuple(contents[c] for c in state[n:])

    def observe_process(self, state, i: int):
        return self.observe_node(i, state[i])

    def observe_node(self, i: int, node: int):
        """Process i's observation where its node is ``node``."""
        key = (i, node)
        observation = self._observations.get(key)
        if observation is None:
            node_only = list(self._empty)
            node_only[i] = self._nodes[node]
            observation = self._observations[key] = self.reference.observe_process(tuple(node_only), i)
        return observation

    def observe(self, state):
        return tuple(self.observe_process(state, i) for i in range(self.n))

    def channels(self, state) -> tuple:
        return tuple(self._contents[c] for c in state[self.n:])

    def channel(self, state, k: int) -> tuple:
        return self._contents[state[self.n + k]]

    def heads(self, state) -> tuple:
        return tuple(c[0].kind if c else None for c in self.channels(state))

    def process_values(self, state, i: int) -> tuple:
        return self._nodes[state[i]].values

    def locals_of(self, state, i: int) -> dict[str, str]:
        return self.reference.locals_of(self.decode(state), i)

    def algorithm_locals(self, state, i: int) -> dict[str, str]:
        return self.reference.algorithm_locals(self.decode(state), i)

    def synchronizer_locals(self, state, i: int) -> dict[str, str]:
        return self.reference.synchronizer_locals(self.decode(state), i)


def _mover(successor: tuple) -> int:
    return successor[2]

