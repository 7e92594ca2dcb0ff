"""Anonymous algorithms: one state graph stands for every arrangement, once a search shows it.

Seed 002's one-bit election and Itai and Rodeh's ring never look at a process's id: every
arrangement of ids then has the same state graph, and exploring all (n-1)! of them repeats one
search. The checker does not take anonymity on trust. It explores one arrangement with ids
that refuse every use (``HiddenId``: comparing, hashing, arithmetic, a truth value): a guard
or a decision function that compares an id, a body that stores one in a local or sends one in
a message (states and messages are hashed when stored) stops the search with ``IdRead``. If
the search completes, no step, state or observation depended on an id, so by induction along
the search every arrangement has this very graph, and it is checked once for all of them.
If it stops, the arrangements are explored one by one, as for any algorithm.
"""
from __future__ import annotations


class IdRead(BaseException):
    """An id-blind search touched a process's id. A BaseException, so that the semantics, which
    names a user's error with its command (``except Exception``), lets it through unchanged."""


def _refuse(self, *args):
    raise IdRead


class HiddenId:
    """A process id that may be passed around but not used."""

    __slots__ = ()
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __bool__ = _refuse
    __int__ = __index__ = __float__ = __neg__ = __pos__ = __abs__ = _refuse
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _refuse
    __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = __truediv__ = __rtruediv__ = __pow__ = _refuse

    def __repr__(self) -> str:
        return "?"


def hidden_ids(n: int) -> tuple[HiddenId, ...]:
    return tuple(HiddenId() for _ in range(n))


def may_be_anonymous(algorithm, topology) -> bool:
    """Worth an id-blind search: algorithms that draw (an anonymous ring needs coins to elect,
    seed 000) on a ring whose arrangements differ only in their ids (``topology`` None: a
    general network, whose arrangements also differ in their graphs)."""
    return algorithm.randomized and topology is not None and not topology.port_labellings
