"""The states a search has found, numbered in the order found, each stored as the numbers of its parts.

A state of every kind of system is a tuple of parts: a process's locals (or a synchronizer's
node), a channel's contents, a count. Two states found one step apart differ in one or two
parts, so a search that keeps every state as its own tuple keeps the same parts over and over:
about 500 bytes per state for a synchronizer on four nodes (docs/engines.md). Here each
distinct part is kept once and given a number, and a state is kept as its parts' numbers
packed in a ``bytes`` (two bytes a part while there are fewer than 65,536 distinct parts, four
from then on): the key of a dict from states to their numbers, and, in a list, the way back.

The encoding is one-to-one (equal parts get equal numbers, and a state is its parts in order),
so a search over packed states finds the same states, numbered alike, with the same
transitions as one over the tuples themselves; tests/explore/test_state_store.py compares the
two on every kind of system. ``PlainStates`` is the unpacked store, for that comparison.

``PackedStates`` still keeps a few Python objects per state (the bytes, its dict entry, its
number). ``CompactStates`` keeps none: every state's part numbers follow each other in one
array, and an open-addressing table of state numbers finds a state again by the hash of its
packed parts, but every look-up is a few steps of Python. On itai-rodeh-sync's 170,471 states
at N = 6, K = 5 (12 places), by tracemalloc: 124 bytes a state packed, 37 compact, 25 compact
with a process's places grouped, 203 in a dict of the state tuples. It is what the models of the quantitative questions are built with
(checker/quantify/mdp.py), where a state is looked up about twice.
"""
from __future__ import annotations

from array import array


class _Numbering(dict):
    """Part -> number, a new number for each part not seen before (``parts`` lists them in order)."""

    __slots__ = ("parts",)

    def __init__(self):
        super().__init__()
        self.parts: list = []

    def __missing__(self, part) -> int:
        number = self[part] = len(self.parts)
        self.parts.append(part)
        return number


class PackedStates:
    """States found, numbered 0, 1, ... in the order added; ``get``/``in`` take the state itself."""

    def __init__(self):
        self._numbering = _Numbering()
        self._width = "H"  # two bytes a part, until there are more parts than that counts
        self._number_of: dict[bytes, int] = {}
        self._packed: list[bytes] = []

    def _pack(self, state: tuple) -> bytes:
        try:
            return array(self._width, map(self._numbering.__getitem__, state)).tobytes()
        except OverflowError:  # the 65,536th distinct part: four bytes a part from now on
            self._widen()
            return array(self._width, map(self._numbering.__getitem__, state)).tobytes()

    def _widen(self) -> None:
        narrow = self._width
        self._width = "I"
        self._packed = [array(self._width, memoryview(key).cast(narrow)).tobytes() for key in self._packed]
        self._number_of = {key: number for number, key in enumerate(self._packed)}

    def add(self, state: tuple) -> tuple[int, bool]:
        """The state's number, and whether it is new (then it is stored, with the next number)."""
        key = self._pack(state)
        number = self._number_of.get(key)
        if number is not None:
            return number, False
        number = self._number_of[key] = len(self._packed)
        self._packed.append(key)
        return number, True

    def get(self, state: tuple, default=None):
        return self._number_of.get(self._pack(state), default)

    def __contains__(self, state: tuple) -> bool:
        return self._pack(state) in self._number_of

    def __getitem__(self, number: int) -> tuple:
        return tuple(map(self._numbering.parts.__getitem__, memoryview(self._packed[number]).cast(self._width)))

    def __len__(self) -> int:
        return len(self._packed)

    def __iter__(self):
        return map(self.__getitem__, range(len(self._packed)))


class PlainStates:
    """The same interface over the states themselves: a dict and a list of tuples."""

    def __init__(self):
        self._number_of: dict[tuple, int] = {}
        self._states: list[tuple] = []

    def add(self, state: tuple) -> tuple[int, bool]:
        number = self._number_of.get(state)
        if number is not None:
            return number, False
        number = self._number_of[state] = len(self._states)
        self._states.append(state)
        return number, True

    def get(self, state: tuple, default=None):
        return self._number_of.get(state, default)

    def __contains__(self, state: tuple) -> bool:
        return state in self._number_of

    def __getitem__(self, number: int) -> tuple:
        return self._states[number]

    def __len__(self) -> int:
        return len(self._states)

    def __iter__(self):
        return iter(self._states)


class CompactStates:
    """The interface of ``PackedStates``, with no Python object per state (see the module).

    ``groups``, if given, are the places of a state that change together (a process's locals
    and the channels only it sends on, in a synchronous round): each group is one part, so a
    state is fewer numbers. They must cover every place of the state once."""

    _EMPTY = -1
    _WIDER = {"B": "H", "H": "I"}  # one byte a part while fewer than 256 parts, then two, then four

    def __init__(self, groups: tuple[tuple[int, ...], ...] | None = None):
        self._numbering = _Numbering()
        self._groups = groups
        self._length = None if groups is None else sum(len(group) for group in groups)  # places in a state
        if groups is not None and sorted(p for group in groups for p in group) != list(range(self._length)):
            raise ValueError(f"groups {groups} do not cover the places of a state once each")
        self._width = "B"
        self._parts = array(self._width)  # state k's part numbers at [k * size, (k + 1) * size)
        self._size = None if groups is None else len(groups)  # parts per state
        self._table = array("i", [self._EMPTY]) * 1024  # state numbers by hash; at most half full
        self._count = 0

    def _split(self, state: tuple) -> tuple:
        if self._length is None:  # no groups: each place a part, as many as the first state has
            self._length = self._size = len(state)
        elif len(state) != self._length:
            raise ValueError(f"a state of {len(state)} places in a store of states of {self._length}")
        if self._groups is None:
            return state
        return tuple(tuple(state[p] for p in group) for group in self._groups)

    def _pack(self, state: tuple) -> array:
        parts = list(map(self._numbering.__getitem__, self._split(state)))
        while len(self._numbering.parts) > 1 << 8 * self._parts.itemsize:  # a part numbered past the width
            self._widen()
        return array(self._width, parts)

    def _widen(self) -> None:
        self._width = self._WIDER[self._width]
        self._parts = array(self._width, self._parts)
        self._rehash(len(self._table))

    def _stored(self, number: int) -> array:
        start = number * self._size
        return self._parts[start:start + self._size]

    def _slot(self, packed: array) -> int:
        """Where ``packed`` is in the table, or the empty slot where it would go."""
        table, mask = self._table, len(self._table) - 1
        slot = hash(packed.tobytes()) & mask
        while True:
            number = table[slot]
            if number == self._EMPTY or self._stored(number) == packed:
                return slot
            slot = (slot + 1) & mask

    def _rehash(self, size: int) -> None:
        self._table = array("i", [self._EMPTY]) * size
        for number in range(self._count):
            self._table[self._slot(self._stored(number))] = number

    def add(self, state: tuple) -> tuple[int, bool]:
        """The state's number, and whether it is new (then it is stored, with the next number)."""
        packed = self._pack(state)
        slot = self._slot(packed)
        number = self._table[slot]
        if number != self._EMPTY:
            return number, False
        number = self._count
        self._parts.extend(packed)
        self._table[slot] = number
        self._count += 1
        if 2 * self._count > len(self._table):
            self._rehash(2 * len(self._table))
        return number, True

    def get(self, state: tuple, default=None):
        number = self._table[self._slot(self._pack(state))]
        return default if number == self._EMPTY else number

    def __contains__(self, state: tuple) -> bool:
        return self.get(state) is not None

    def __getitem__(self, number: int) -> tuple:
        if not 0 <= number < self._count:
            raise IndexError(number)
        parts = map(self._numbering.parts.__getitem__, self._stored(number))
        if self._groups is None:
            return tuple(parts)
        state = [None] * self._length
        for group, part in zip(self._groups, parts):
            for place, value in zip(group, part):
                state[place] = value
        return tuple(state)

    def __len__(self) -> int:
        return self._count

    def __iter__(self):
        return map(self.__getitem__, range(self._count))
