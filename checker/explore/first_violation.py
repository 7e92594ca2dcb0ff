"""The native search's first violation: the one the Python explorer stops at, with its trace.

The Python explorer (checker/explore/explorer.py) checks each state as it stores it, each step
as it takes it and each terminal state as it expands it, and stops at the first violation, so
that on the full graph (breadth first) its trace is a shortest one. The C search
(models/native/explorer.c) evaluates no property: it notes witnesses, for each distinct
observation vector, change and terminal state the first state where it met it, with when
(its witnesses). They are judged here, by the properties' own ``check`` (the specification is
never copied into C), in two places:

- during the search: the C code calls the ``Judge`` now and then (after 1,024 states expanded,
  if it met new witnesses since), which judges the new ones and says whether one violates a
  property; the search then stops (status VIOLATED) instead of exploring the rest of a graph
  that may be infinite (tests/fuzz/catalogue/class9_chain_for_ever_network);
- when it has stopped or ended: ``Judge.first`` takes, of the violating witnesses, the one the
  Python explorer would have checked first, and rebuilds its trace as
  checker/explore/stopped_search.py does (the edges that found each stored state, the steps
  between two of them found by the reference semantics), replayed from the initial state as
  every counterexample is.

The order: the Python explorer checks a step, a terminal state, or a state it passes on a
chain when the C search notes it (the same expansions and steps, in the same order), and a
stored state when it stores it, while the C search without chains notes a stored state's vector
only when it expands it. So a witness is ordered by the states stored when it was met, and one
met expanding stored state j itself by j, after what was met before j was stored (the Python
explorer checked it just after storing it); of two alike, the one met first. A search stopped
at a violation first expands the states stored and not expanded yet (their vectors only), so
every violation the Python explorer meets before the one found is among the witnesses, and no
witness met later is ordered before it: the first is the Python explorer's first violation, the
same property, reason and steps (tests/models/test_native_early_stop.py, on the mutants).
"""
from __future__ import annotations

from dataclasses import dataclass

from specs import Property

from .explorer import Violation
from .stopped_search import _ordinals_to, _violated_step  # shared with the search stopped at a limit

VECTORS, CHANGES, TERMINALS = range(3)  # the kinds of witness (explorer.c's rl_witnessed)


@dataclass(frozen=True)
class Met:
    """A violating witness: the property, the reason, the stored state whose expansion met it
    (origin), the state, the step's ordinal from it (a transition property) or None, and where
    the Python explorer would have checked it (``order``)."""

    prop: Property
    reason: str
    origin: int
    state: tuple
    step: int | None
    order: tuple


class Judge:
    """The state, transition and terminal properties judged on the witnesses of ``engine``'s
    search of ``reference``'s arrangement, as it goes (called by the C code) and when done."""

    def __init__(self, engine, reference, properties: list[Property]):
        self.engine, self.reference = engine, reference
        self.properties = properties
        self.by_kind = ([p for p in properties if p.kind == "state"], [p for p in properties if p.kind == "transition"],
                        [p for p in properties if p.kind == "terminal"])
        self.read = [0, 0, 0]  # per kind, the bytes of its witnesses judged so far
        self.complete = True  # every witness was kept (the C code keeps 256 MB of them per kind)
        self.met: list[Met] = []

    def __call__(self) -> bool:
        """Judge the witnesses met since the last call: has one violated a property?"""
        for kind, props in enumerate(self.by_kind):
            if not props:
                continue
            found, self.read[kind], kept = self.engine.witnesses_from(kind, self.read[kind])
            self.complete &= kept
            for origin, stored, order, at_stored, state in found:
                hit = self._judged(kind, props, state)
                if hit is not None:
                    when = (origin, 1, order) if at_stored else (stored, 0, order)
                    self.met.append(Met(hit[0], hit[1], origin, state, hit[2], when))
        return bool(self.met) and self.complete

    def _judged(self, kind: int, props: list[Property], state) -> tuple | None:
        """(property, reason, step ordinal or None) of the first property ``state`` violates."""
        reference = self.reference
        if kind == CHANGES:
            return _violated_step(reference, props, state)
        observations = reference.observe(state)
        channels = reference.channels(state) if kind == TERMINALS else None
        for prop in props:
            reason = prop.check(observations) if kind == VECTORS else prop.check(observations, channels)
            if reason:
                return prop, reason, None
        return None

    def first(self, reduced: bool) -> Violation | None:
        """After the search: the violation the Python explorer stops at, with its trace; None if
        there is none among the witnesses (or some were not kept, or its steps were not found:
        then the Python explorer runs the arrangement)."""
        self()
        if not self.met or not self.complete:
            return None
        met = min(self.met, key=lambda m: m.order)
        ordinals = _ordinals_to(self.engine, self.reference, self.properties, met.origin, met.state, reduced)
        if ordinals is None:
            return None
        return Violation(met.prop.name, met.reason, ordinals + ([met.step] if met.step is not None else []))
