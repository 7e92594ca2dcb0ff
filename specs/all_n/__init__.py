"""Inductive invariants for rings of every size, written by hand the way Ivy users write them.

Each is a list of named conjuncts, each a function of a ring state (``checker.ring_order``):
``ring.forall(lambda x, y: ...)``, ``ring.process(x).L``, ``ring.id(x)``, ``ring.btw(a, b, c)``,
``ring.pending(x, Token(j))``, ``ring.largest()`` (the process with the largest id). The
transition relation is not written here: the checker reads it from the algorithm's own commands.
A variant of an algorithm (a subclass, such as a mutant) is checked against the invariant of the
algorithm it derives from.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from typing import Callable

# A message field written ANY in ``ring.pending(x, Probe(j, ANY, ANY))`` may hold any value.
ANY = type("Any", (), {"__repr__": lambda self: "ANY"})()

# algorithm class (module:qualname) -> the module holding its INVARIANT
MODULES = {
    "algorithms.lcr:LCR": "specs.all_n.lcr",
    "algorithms.cr:ChangRoberts": "specs.all_n.cr",
    "algorithms.cr_all:ChangRobertsAllInitiators": "specs.all_n.cr_all",
    "algorithms.hs:HirschbergSinclair": "specs.all_n.hs",
    "algorithms.hs_lecture:HirschbergSinclairLecture": "specs.all_n.hs_lecture",
    "algorithms.franklin:Franklin": "specs.all_n.franklin",
    "algorithms.lelann:LeLann": "specs.all_n.lelann",
    "algorithms.peterson:Peterson": "specs.all_n.peterson",
}


@dataclass(frozen=True)
class Ghosts:
    """History (ghost) variables an all-n invariant may keep beside the algorithm's state.

    ``locals``: name -> initial value of an Int ghost local of every process. ``stamps``:
    message type -> names of Int ghost fields every message of that type carries. A step of
    process p updates p's ghost locals with ``update(step)`` (a dict name -> new value; names
    left out keep theirs) and stamps each message it sends with ``stamp(step, message_type)``
    (a dict name -> value), where ``step`` (checker/prove/ghosts.py ``GhostStep``) holds
    only the step's pre-state at p, the command's name and the received message with its
    stamps. The algorithm's guards, updates and sent fields are read from its commands and
    cannot name a ghost, and checker/prove/ghosts.py refuses an update that is not an Int
    term of the step's pre-state: so the ghost system projects onto the algorithm step for
    step (Owicki and Gries's auxiliary variables), and an invariant of it, projected, holds
    of the algorithm.
    """

    locals: dict
    stamps: dict
    update: Callable
    stamp: Callable


@dataclass(frozen=True)
class StepLemma:
    """A claim about the state one step is taken in, for z3: proved first, from the invariant
    and the step's hypotheses, then given to that step's obligations as one more hypothesis.

    It says nothing the obligations do not already assume (it follows from their hypotheses);
    it names an intermediate fact z3 does not find alone (an instance of a quantified
    conjunct, a consequence of several). A lemma z3 does not prove is reported and not given,
    so a wrong one costs time, never a verdict (checker/prove/all_n.py ``prove_all_n``).
    ``claim(ring, step)``: a formula over ``ring``, the state before the step, and ``step``
    (checker/prove/ring_steps.py ``Transition``: its process ``step.p``, the received
    message's fields ``step.message``, the state after ``step.after``); lemmas of a step are
    proved in the order given, each with the ones before it.
    """

    step: str  # the step's name as the proof's table shows it ("i_am_the_leader")
    claim: Callable
    rests_on: tuple = ()  # conjuncts it follows from: asked with these first, as AllNInvariant.rests_on

    @property
    def name(self) -> str:
        return self.claim.__name__


@dataclass(frozen=True)
class AllNInvariant:
    algorithm: type
    conjuncts: tuple[Callable, ...]
    source: str  # where it is written, for the report
    # the conjuncts read a channel's order (``ring.ahead``): proved in the exact encoding, where a
    # reception takes the head and removes it and no send duplicates a pending message
    fifo: bool = False
    # conjuncts that say less than some of ``conjuncts`` and do not speak of what a variant of the
    # algorithm may change (an announcement's payload): not part of the invariant, only candidates
    # when it fails for a variant and is weakened to its largest inductive subset
    # (checker/prove/all_n_weakening.py)
    weaker: tuple[Callable, ...] = ()
    # history variables the conjuncts read (``ring.ghost(x, name)``, stamps in ``ring.pending``)
    ghosts: Ghosts | None = None
    # the conjuncts read ``ring.prev(x)``, the process before x (checker/prove/ring_order.py's
    # ``neighbour_axioms`` are then given to every obligation)
    neighbours: bool = False
    # conjunct (or (conjunct, step name), for one step; "stability" and "no_duplicate" for those
    # obligations) -> the other conjuncts (and step lemmas) its preservation rests on: a hint for
    # z3, never trusted. The obligation is asked first with only the step,
    # the declared types, the conjunct itself and these (with the whole invariant, many
    # quantifiers send z3's instantiation astray), then with the whole invariant where that does
    # not prove; a proof from fewer hypotheses is a proof of the obligation, so a wrong hint costs
    # time, never a verdict (checker/prove/all_n.py ``prove_all_n``). Only conjuncts of this
    # invariant are ever used: a hint naming one dropped (``without``, the weakening's subsets)
    # leaves it out
    rests_on: dict = field(default_factory=dict, hash=False)
    # StepLemma's: intermediate claims proved for one step and then given to its obligations
    lemmas: tuple = ()

    def names(self) -> list[str]:
        return [c.__name__ for c in self.conjuncts]

    def without(self, name: str) -> "AllNInvariant":
        """The invariant with one conjunct dropped (to see that each one is needed)."""
        if name not in self.names():
            raise KeyError(f"no conjunct {name!r}: {', '.join(self.names())}")
        kept = tuple(c for c in self.conjuncts if c.__name__ != name)
        return replace(self, conjuncts=kept, source=f"{self.source} without {name}")


@dataclass(frozen=True)
class Ranking:
    """A termination argument: a sum of per-item potentials that every step makes smaller.

    The ranking of a state is the sum of ``process(ring, x)`` over its processes and of
    ``messages[T](ring, x, m, port)`` over every message ``m`` of type T in flight to x's ``port``,
    each copy counted. Both are Int terms of the all-n vocabulary (``ring.dist``,
    ``ring.size``, ``ring.owner``, the process's locals, ...). ``supporting`` are conjuncts
    the argument needs besides the algorithm's safety invariant; the termination proof
    proves the two together inductive, in the exact encoding (checker/prove/termination.py).
    """

    algorithm: type
    process: Callable
    messages: dict  # message type -> potential of one message in flight
    supporting: tuple[Callable, ...]
    source: str

    def invariant(self, safety: AllNInvariant) -> AllNInvariant:
        """The safety invariant with the supporting conjuncts added."""
        return replace(safety, conjuncts=safety.conjuncts + self.supporting, weaker=(),
                       source=f"{safety.source}, with {self.source}'s supporting conjuncts")


def algorithms_with_an_invariant() -> list[str]:
    """The built-in algorithms' names whose all-n invariant is written here."""
    return [importlib.import_module(module).INVARIANT.algorithm.name for module in MODULES.values()]


def invariant_for(algorithm: type) -> AllNInvariant | None:
    """The all-n invariant written for ``algorithm`` or the nearest built-in it derives from."""
    for klass in algorithm.__mro__:
        module = MODULES.get(f"{klass.__module__}:{klass.__qualname__}")
        if module is not None:
            return importlib.import_module(module).INVARIANT
    return None


def ranking_for(algorithm: type) -> Ranking | None:
    """The ranking written for ``algorithm`` or the nearest built-in it derives from (its RANKING)."""
    for klass in algorithm.__mro__:
        module = MODULES.get(f"{klass.__module__}:{klass.__qualname__}")
        if module is not None:
            return getattr(importlib.import_module(module), "RANKING", None)
    return None


def algorithms_with_a_ranking() -> list[str]:
    """The built-in algorithms' names whose ranking (termination for every n) is written here."""
    found = []
    for module in MODULES.values():
        loaded = importlib.import_module(module)
        if getattr(loaded, "RANKING", None) is not None:
            found.append(loaded.RANKING.algorithm.name)
    return found
