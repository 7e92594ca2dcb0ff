"""The interned engine with probabilities: a state's scheduler choices, each a distribution.

``InternedSystem.successor_list`` lists every transition, so the outcomes of a command that
draws are separate transitions with the same instance. For a Markov decision process the
grouping matters: ``choices(state)`` gives one entry per enabled command instance, in the
reference order, with its outcomes (probability, next state) and its expected rewards
(messages sent, round messages sent by process 0). The outcomes are computed once per
(process, locals, message, port) by the reference semantics' ``*_distributions`` and
memoised, as the interned engine does for ``successor_list``; the states are the interned
engine's, in the same order. Probabilities and rewards are exact Fractions, interned too:
``values[k]`` is the value numbered k, so that a model of many transitions holds few of them.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from .interned import InternedSystem
from .semantics import AsyncSystem

_ONE = Fraction(1)


class Choice(NamedTuple):
    process: int
    instance: int  # which command instance (``AsyncSystem.instances``)
    outcomes: tuple[tuple[int, tuple], ...]  # (probability's value number, next state)
    messages: int  # value number of the expected messages sent
    rounds: int  # value number of the expected round messages sent by process 0


class ProbabilisticSystem(InternedSystem):
    state_groups = None  # a step changes a process's locals and any channel: each place a part

    def __init__(self, reference: AsyncSystem):
        super().__init__(reference)
        self._round_type = reference.algorithm.round_message.__name__ if reference.algorithm.round_message else None
        self._local_moves: dict[tuple, list] = {}  # (process, locals[, port, message]) -> compiled distributions
        self.values: list[Fraction] = []
        self._value_number: dict[Fraction, int] = {}
        self._certain = self._value(_ONE)

    def _value(self, value: Fraction) -> int:
        return self._intern(self._value_number, self.values, value)

    def _compile_distributions(self, i: int, distributions, port=None) -> list:
        """(instance, [(probability, new locals, sends), ...], messages, rounds) per command, interned."""
        out, instance_id, value = self._out_channel[i], self.reference.instance_id, self._value
        compiled = []
        for command, outcomes in distributions:
            moves, messages, rounds = [], Fraction(0), Fraction(0)
            for probability, new_locals, sent in outcomes:
                if i == 0 and self._round_type is not None:
                    rounds += probability * sum(m[0] == self._round_type for _, m in sent)
                messages += probability * len(sent)
                moves.append((value(probability), self._intern_locals(new_locals),
                              tuple((out[p], message) for p, message in sent)))
            compiled.append((instance_id(i, command.name, port), moves, value(messages), value(rounds)))
        return compiled

    def choices(self, state) -> list[Choice]:
        """Every enabled command instance of ``state`` with its outcomes, in the reference order."""
        result = []
        moves_of, successor = self._local_moves, self._successor
        for i in range(self.n):
            local = state[i]
            key = (i, local)
            moves = moves_of.get(key)
            if moves is None:
                moves = moves_of[key] = self._compile_distributions(
                    i, self.reference.spontaneous_distributions(i, self._locals[local]))
            for instance, outcomes, messages, rounds in moves:
                result.append(Choice(i, instance, tuple(
                    (p, successor(state, i, new_local, sends, None, None)) for p, new_local, sends in outcomes),
                    messages, rounds))
            for port, k_in in self._in_ports[i]:
                contents = state[k_in]
                if not contents:
                    continue
                head, rest = self._pop(contents)
                key = (i, local, port, head)
                moves = moves_of.get(key)
                if moves is None:
                    moves = moves_of[key] = self._compile_distributions(
                        i, self.reference.receive_distributions(i, self._locals[local], port, head), port)
                if not moves:  # unmatched: the head is consumed, nothing else changes
                    nothing = self._value(Fraction(0))
                    result.append(Choice(i, self._unmatched[i][port],
                                         ((self._certain, successor(state, i, local, (), k_in, rest)),),
                                         nothing, nothing))
                for instance, outcomes, messages, rounds in moves:
                    result.append(Choice(i, instance, tuple(
                        (p, successor(state, i, new_local, sends, k_in, rest)) for p, new_local, sends in outcomes),
                        messages, rounds))
        return result

    def keyed_choices(self, state, known) -> tuple[None, list[Choice]]:
        """(None, the choices): no key tells two states' choices alike here (``Markov``)."""
        return None, self.choices(state)

    def _successor(self, state, i: int, new_local: int, sends, k_in, rest) -> tuple:
        successor = list(state)
        successor[i] = new_local
        if k_in is not None:
            successor[k_in] = rest
        push = self._push
        for k, message in sends:
            successor[k] = push(successor[k], message)
        return tuple(successor)
