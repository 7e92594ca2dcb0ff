"""Anonymous algorithms: one state graph stands for every arrangement, once a search shows it.

Seed 002's one-bit election and Itai and Rodeh's ring never look at a process's id: every
arrangement of ids then has the same state graph, and exploring all (n-1)! of them repeats one
search. The checker does not take anonymity on trust. It explores one arrangement with ids
that refuse every use (``HiddenId``: comparing, hashing, arithmetic, a truth value, str, repr,
formatting, attributes and so isinstance, pickling and copying): a guard or a decision function
that reads an id, a body that stores one in a local or sends one in a message (states and
messages are hashed when stored) stops the search with ``IdRead``.

What a hidden id cannot intercept (``type(p.id)``, ``p.id is x``, ``id(p.id)``, a bare
``except:`` that swallows the refusal) meets the real ids: the search also takes every local
step with the real ids of that arrangement (``RealIds``), and a step that comes out otherwise,
or fails either way, stops the search with ``IdRead`` too. If the search completes, no step,
state or observation depended on an id, and the arrangement with its real ids has this very
graph, step for step; by induction along the search every arrangement has it too, and it is
checked once for all of them. If it stops, the arrangements are explored one by one, with
their ids, as for any algorithm.
"""
from __future__ import annotations

from models.values import refusing_every_use


class IdRead(BaseException):
    """An id-blind search touched a process's id. A BaseException, so that the semantics, which
    names a user's error with its command (``except Exception``), lets it through unchanged."""


def _refuse(self, *args):
    raise IdRead


@refusing_every_use(_refuse)
class HiddenId:
    """A process id that may be passed around but not used."""

    __slots__ = ()


def hidden_ids(n: int) -> tuple[HiddenId, ...]:
    return tuple(HiddenId() for _ in range(n))


class RealIds:
    """The real ids of the arrangement an id-blind search explores. The system (models/semantics.py)
    takes each local step it evaluates (a command at a process with its locals and message, the
    decisions it observes, the process a timeout awaits) twice, with the hidden id and with the
    real one (as the process sees it: none for an anonymous algorithm), through ``same``."""

    def __init__(self, seen: tuple):
        self.seen = seen  # what process i sees as its id, with the real ids
        self._taken: dict = {}  # key -> a step taken both ways already (observations are not memoised)

    def same(self, i: int, hidden, take, key=None):
        """``take(hidden)``, if ``take`` with process i's real id gives the same; else IdRead.
        An error either way is IdRead too: with the ids hidden, an error may be the hiding's,
        and the search with the ids tells."""
        if key is not None and key in self._taken:
            return self._taken[key]
        try:
            blind = take(hidden)
            real = take(self.seen[i])
        except Exception:  # noqa: BLE001 -- the search with the ids raises it again, if it is the algorithm's
            raise IdRead from None
        if real != blind:  # a hidden id in the outcome refuses the comparison: IdRead as well
            raise IdRead
        if key is not None:
            self._taken[key] = blind
        return blind


def may_be_anonymous(algorithm, topology) -> bool:
    """Worth an id-blind search: algorithms that draw (an anonymous ring needs coins to elect,
    seed 000) on a ring whose arrangements differ only in their ids (``topology`` None: a
    general network, whose arrangements also differ in their graphs)."""
    return algorithm.randomized and topology is not None and not topology.port_labellings
