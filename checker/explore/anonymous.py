"""Anonymous algorithms: one state graph stands for every arrangement, once a search shows it.

Seed 002's one-bit election and Itai and Rodeh's ring never look at a process's id: every
arrangement of ids then has the same state graph, and exploring all (n-1)! of them repeats one
search. The checker does not take anonymity on trust. It explores one arrangement with ids
that refuse every use (``HiddenId``: comparing, hashing, arithmetic, a truth value, str, repr,
formatting, attributes and so isinstance, pickling and copying): a guard or a decision function
that reads an id, a body that stores one in a local or sends one in a message (states and
messages are hashed when stored) stops the search with ``IdRead``.

What a hidden id cannot intercept (``type(p.id)``, ``p.id is x``, ``id(p.id)``, a bare
``except:`` that swallows the refusal) meets the real ids: the search takes every local step
that reads ``p.id`` again with real ids (``RealIds``), and a step that comes out otherwise, or
fails either way, stops the search with ``IdRead`` too. (A step that never reads ``p.id``, the
only way a command, guard or decision function has to its id, is the same with every id.)

Every process has the same hidden id, the same code and, on the rings this search runs on, the
same port names, so the blind system is symmetric under rotation: a local context reached at
one position is reached at every position, and is taken there with the real id that position
is given. The positions share out the run's id values (1..n, or every value of
``--id-values``), so every context the search meets is taken with every value, and comes out
the same. Then every arrangement of those values has the blind graph, step for step (by
induction along the search), and one search is checked for all of them. If it stops, the
arrangements are explored one by one, with their ids, as for any algorithm.
"""
from __future__ import annotations

from models.systems.process import ProcessView
from models.dsl.values import refusing_every_use


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
    """One hidden id for every process: nothing then tells the processes apart (see above)."""
    return (HiddenId(),) * n


class RealIds:
    """The id values an id-blind search is checked against. The system (models/systems/semantics.py)
    takes each local step it evaluates (a command at a process with its locals and message, the
    decisions it observes, the process a timeout awaits) with the hidden id and, if the step
    read ``p.id``, again with each real id of its position, through ``same``: position i takes
    the values i, i + n, i + 2n... of ``values`` (as the process sees them: none for an
    anonymous algorithm). Made for one system, whose process views it watches."""

    def __init__(self, system, values: tuple):
        n = system.n
        self.at = [system.seen_ids(values[i::n]) for i in range(n)]  # what position i is checked with
        self._taken: dict = {}  # key -> a step taken every way already (observations are not memoised)
        self.id_read = False  # whether a view has been asked for p.id since ``same`` began a step
        system._view = _watching(system._view, self)

    def same(self, i: int, hidden, take, key=None):
        """``take(hidden)``, if the step did not read ``p.id`` or ``take`` with each real id of
        position i gives the same; else IdRead. An error any way is IdRead too: with the ids
        hidden, an error may be the hiding's, and the search with the ids tells."""
        if key is not None and key in self._taken:
            return self._taken[key]
        self.id_read = False
        try:
            blind = take(hidden)
            for real_id in self.at[i] if self.id_read else ():
                if take(real_id) != blind:  # a hidden id in the outcome refuses the comparison: IdRead as well
                    raise IdRead
        except Exception:  # noqa: BLE001 -- the search with the ids raises it again, if it is the algorithm's
            raise IdRead from None
        if key is not None:
            self._taken[key] = blind
        return blind


def _watching(view_class, real_ids: RealIds) -> type:
    """``view_class`` whose ``p.id`` tells ``real_ids`` that it was read."""
    slot = ProcessView.id  # the slot the view keeps the id in

    def read(view):
        real_ids.id_read = True
        return slot.__get__(view)

    return type(view_class.__name__, (view_class,), {"__slots__": (), "id": property(read, slot.__set__)})


def may_be_anonymous(algorithm, topology) -> bool:
    """Worth an id-blind search: algorithms that draw (an anonymous ring needs coins to elect,
    seed 000) on a ring whose arrangements differ only in their ids (``topology`` None: a
    general network, whose arrangements also differ in their graphs)."""
    return algorithm.randomized and topology is not None and not topology.port_labellings
