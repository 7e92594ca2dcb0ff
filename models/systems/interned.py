"""The same semantics as ``AsyncSystem``, on interned states: the explorer's fast engine.

A state is a tuple of small ints: for each process the number of its tuple of locals, then for
each channel the number of its contents. Because a command touches only its own process
(docs/design.md's locality rule), everything a transition does is a function of (process, locals,
message, port); those outcomes are computed once by the reference semantics and memoised,
and so are channel pops and pushes. Successor generation is then table look-ups and tuple
building, in exactly the reference order, so transition ordinals (and therefore traces)
are interchangeable between the two engines; tests compare their state graphs.
"""
from __future__ import annotations

from .interface import SystemDefaults
from .semantics import UNMATCHED, AsyncSystem, Observation, Step


class InternedSystem(SystemDefaults):
    """``reference`` (an AsyncSystem without timeouts) on interned states (see the module)."""

    observes_mover_only = True  # as in its reference: a command reads and writes its own process only

    def __init__(self, reference: AsyncSystem):
        self.reference = self.local = reference  # the states it numbers are the reference's, its commands too
        self.algorithm = reference.algorithm
        self.ids = reference.ids
        self.n = n = reference.n
        self.topology = reference.topology
        self.layout = reference.layout
        self.channel_count = reference.channel_count
        self._locals: list[tuple] = []
        self._local_number: dict[tuple, int] = {}
        self._contents: list[tuple] = []
        self._content_number: dict[tuple, int] = {}
        self._intern_contents(())  # the empty channel is number 0, so "not contents" means empty
        self._pops: dict[int, tuple] = {}  # contents -> (head message, contents of the rest)
        self._pushes: dict[tuple, int] = {}  # (contents, message) -> contents with message appended
        self._spontaneous: dict[tuple, list] = {}  # (process, locals) -> [(new locals, sends, count)]
        self._receives: dict[tuple, list] = {}  # (process, locals, port, message) -> same, [] = unmatched
        self._observations: dict[tuple, Observation] = {}
        self._choices: dict[tuple, list] = {}  # (process, locals) -> moves of its any_port commands
        self._choosing = bool(reference._port_choices)
        self._in_ports = reference._in_ports
        self._out_channel = [
            {port: n + k for port, k in reference._out_channel[i].items()} for i in range(n)
        ]
        self._unmatched = [
            {port: reference.instance_id(i, UNMATCHED, port) for port, _ in self._in_ports[i]} for i in range(n)
        ]
        first = self._intern_locals(reference.initial_state[0])
        self.initial_state = tuple([first] * n + [0] * self.channel_count)

    # -- interning ---------------------------------------------------------------------
    @staticmethod
    def _intern(numbers: dict, values: list, value: tuple) -> int:
        number = numbers.get(value)
        if number is None:
            number = numbers[value] = len(values)
            values.append(value)
        return number

    def _intern_locals(self, local_values: tuple) -> int:
        return self._intern(self._local_number, self._locals, local_values)

    def _intern_contents(self, messages: tuple) -> int:
        return self._intern(self._content_number, self._contents, messages)

    def _push(self, contents: int, message) -> int:
        key = (contents, message)
        number = self._pushes.get(key)
        if number is None:
            number = self._pushes[key] = self._intern_contents(self._contents[contents] + (message,))
        return number

    def _pop(self, contents: int) -> tuple:
        popped = self._pops.get(contents)
        if popped is None:
            messages = self._contents[contents]
            popped = self._pops[contents] = (messages[0], self._intern_contents(messages[1:]))
        return popped

    def _compile(self, i: int, outcomes, port=None) -> list:
        out, instance_id = self._out_channel[i], self.reference.instance_id
        return [
            (self._intern_locals(new_locals), tuple((out[p], message) for p, message in sent), len(sent),
             instance_id(i, command.name, port))
            for command, new_locals, sent in outcomes
        ]

    # -- the engine --------------------------------------------------------------------
    def successor_list(self, state) -> list[tuple[tuple, int, int, bool, int]]:
        """(next state, messages sent, moving process, unmatched?, instance) per transition, in reference order."""
        result = []
        spontaneous, receives, push = self._spontaneous, self._receives, self._push
        for i in range(self.n):
            local = state[i]
            key = (i, local)
            moves = spontaneous.get(key)
            if moves is None:
                moves = spontaneous[key] = self._compile(
                    i, self.reference.spontaneous_outcomes(i, self._locals[local])
                )
            for new_local, sends, count, instance in moves:
                successor = list(state)
                successor[i] = new_local
                for k, message in sends:
                    successor[k] = push(successor[k], message)
                result.append((tuple(successor), count, i, False, instance))
            if self._choosing:
                choices = self._choices.get(key)
                if choices is None:
                    choices = self._choices[key] = [
                        move for command, port, new_locals, sent in
                        self.reference.port_choice_outcomes(i, self._locals[local])
                        for move in self._compile(i, [(command, new_locals, sent)], port)
                    ]
                for new_local, sends, count, instance in choices:
                    successor = list(state)
                    successor[i] = new_local
                    for k, message in sends:
                        successor[k] = push(successor[k], message)
                    result.append((tuple(successor), count, i, False, instance))
            for port, k_in in self._in_ports[i]:
                contents = state[k_in]
                if not contents:
                    continue
                head, rest = self._pop(contents)
                key = (i, local, port, head)
                moves = receives.get(key)
                if moves is None:
                    moves = receives[key] = self._compile(
                        i, self.reference.receive_outcomes(i, self._locals[local], port, head), port
                    )
                if not moves:
                    successor = list(state)
                    successor[k_in] = rest
                    result.append((tuple(successor), 0, i, True, self._unmatched[i][port]))
                for new_local, sends, count, instance in moves:
                    successor = list(state)
                    successor[i] = new_local
                    successor[k_in] = rest
                    for k, message in sends:
                        successor[k] = push(successor[k], message)
                    result.append((tuple(successor), count, i, False, instance))
        return result

    def steps(self, state) -> list[Step]:
        """The reference's steps of the decoded state, each leading to its interned target: the
        two list their transitions in one order (what traces replay, not what the search runs)."""
        return [step._replace(target=successor[0])
                for step, successor in zip(self.reference.steps(self.decode(state)), self.successor_list(state))]

    # -- what the specification observes -----------------------------------------------
    def observe_process(self, state, i: int) -> Observation:
        key = (i, state[i])
        observation = self._observations.get(key)
        if observation is None:
            observation = self._observations[key] = self.reference.observe_locals(i, self._locals[state[i]])
        return observation

    def observe(self, state) -> tuple[Observation, ...]:
        return tuple(self.observe_process(state, i) for i in range(self.n))

    def heads(self, state) -> tuple:
        """The type name of each channel's head message (None for an empty channel)."""
        pop = self._pop
        return tuple(pop(c)[0][0] if c else None for c in state[self.n:])

    def channels(self, state) -> tuple:
        return tuple(self._contents[c] for c in state[self.n:])

    def channel(self, state, k: int) -> tuple:
        return self._contents[state[self.n + k]]

    def process_values(self, state, i: int) -> tuple:
        return self._locals[state[i]]

    def locals_of(self, state, i: int) -> dict[str, str]:
        return self.reference.locals_of(self.decode(state), i)

    def decode(self, state) -> tuple:
        """The reference engine's form of an interned state."""
        return tuple(self._locals[v] for v in state[: self.n]) + self.channels(state)
