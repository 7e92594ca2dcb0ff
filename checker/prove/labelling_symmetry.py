"""A port labelling's proof derived from the unswapped labelling's, by a symmetry proved for the
algorithm loaded.

``check ALGO --n N --prove`` on the unoriented ring proves each of the 2^n labellings as a ring
of its own (checker/prove/labellings.py). Most of that work is the same proof again: for an
algorithm whose commands never name LEFT or RIGHT, swapping one process's labels changes
nothing but which slot of a PerPort local holds what. That is used only once it is proved, for
the class loaded, at the n proved:

  * the algorithm's mirror symmetry: checker/trust/symmetry.py's ``established_symmetry`` says
    "every port labelling alike" only when the symbolic readings are faithful and
    checker/trust/mirror_proof.py's z3 argument holds: every command instance, at every local
    context, has an instance on the other port whose outcome is its own with the ports swapped
    (the slots of every PerPort local and the ports of the sends), and the decision functions
    read both ports alike. Then the map ``sigma`` that swaps the PerPort slots of the processes
    whose labels differ, and keeps the ids, every other local and every channel's contents
    (the channels are the same links in the same order in every labelling:
    models/topology/ring.py's ``UnorientedRing._links``), takes every state and step of a
    labelling's ring, as z3 reads it, to a state and step of the unswapped ring's, and back;
    the initial state is its own image, and decisions are kept;
  * the invariant reads alike (``differences``): every conjunct, and every safety property,
    read in the labelling on a state x is the same formula as read in the unswapped labelling
    on sigma(x): term for term up to the names of bound variables, or, failing that, z3 proves
    the two equal in every arrangement.

Then each obligation of the labelling (initiation, consecution, safety, stability) is the
unswapped labelling's, on states renamed by sigma, which that proof has shown valid. A
conjunct that reads a port or one PerPort slot (an inferred ``ok_left``) need not read alike;
a labelling where one does not, or an algorithm whose symmetry is not proved, is proved as a
ring of its own, as before; ``--symmetry none`` proves every labelling that way.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from models import LEFT, RIGHT
from models.reading.faithful import faithful_operators
from models.reading.symbolic_ring import RingTerms
from specs.invariants import RingState

from .fixed_n import PROVED, Prover, safety_conjuncts
from .labellings import tag

EQUAL_TIMEOUT_MS = 5_000  # z3's time to show a conjunct's two readings equal, when they differ as terms


def mirror_symmetry(algorithm, n: int) -> tuple[bool, str]:
    """(whether swapping a process's labels is proved to change nothing for ``algorithm`` at n,
    one line saying why not)."""
    from ..trust.symmetry import LABELLING, REFLECTION, established_symmetry

    symmetry, note = established_symmetry(algorithm, algorithm.topology(n), REFLECTION, n)
    if symmetry == LABELLING:
        return True, ""
    if note is None:
        return False, f"{algorithm.__name__} does not declare mirror_symmetric"
    return False, note.split("; every port labelling")[0]  # the note's fallback is the explorer's


def sigma(terms: RingTerms, slots, swapped) -> RingTerms:
    """The state ``terms`` with the two slots of every PerPort local exchanged at each process
    whose labels are ``swapped``: what that state is on the unswapped ring."""
    where = {(name, port): k for k, (name, port, _) in enumerate(slots)}
    other = {LEFT: RIGHT, RIGHT: LEFT}
    rows = []
    for i, row in enumerate(terms.locals):
        if swapped[i]:
            row = tuple(row[k if port is None else where[(name, other[port])]] for k, (name, port, _) in enumerate(slots))
        rows.append(row)
    return RingTerms(terms.ids, tuple(rows), terms.channels)


def read_on(algorithm, c, terms: RingTerms, messages) -> z3.BoolRef:
    """A conjunct or safety property of ``algorithm``'s ring read on ``terms``, as a proof reads it."""
    with faithful_operators(f"{c.name}, read to compare labellings,"):
        value = c(RingState(algorithm, terms.ids, terms.locals, terms.channels, messages))
    return value if z3.is_expr(value) else z3.BoolVal(bool(value))


def alike(a: z3.ExprRef, b: z3.ExprRef, known: dict | None = None) -> bool:
    """Whether two terms are the same up to the names of bound variables (a quantifier's
    variable is a fresh name each time a conjunct is read): a sufficient test that they are
    equal, never a necessary one."""
    known = {} if known is None else known
    if a.eq(b):
        return True
    key = (a.get_id(), b.get_id())
    if key not in known:
        known[key] = _alike_parts(a, b, known)
    return known[key]


def _alike_parts(a, b, known) -> bool:
    if z3.is_quantifier(a) or z3.is_quantifier(b):
        if not (z3.is_quantifier(a) and z3.is_quantifier(b)):
            return False
        if (a.is_forall(), a.is_exists(), a.is_lambda(), a.num_vars()) != (b.is_forall(), b.is_exists(), b.is_lambda(), b.num_vars()):
            return False
        if not all(a.var_sort(k).eq(b.var_sort(k)) for k in range(a.num_vars())):
            return False
        return alike(a.body(), b.body(), known)
    if z3.is_var(a) or z3.is_var(b):
        return z3.is_var(a) and z3.is_var(b) and z3.get_var_index(a) == z3.get_var_index(b) and a.sort().eq(b.sort())
    if not (z3.is_app(a) and z3.is_app(b)) or not a.decl().eq(b.decl()) or a.num_args() != b.num_args():
        return False
    if a.num_args() == 0:  # a constant or a value (a numeral's value is its declaration's parameter): itself only
        return False
    return all(alike(x, y, known) for x, y in zip(a.children(), b.children()))


def differences(prover: Prover, labelled, swapped) -> list[str]:
    """The conjuncts and safety properties that ``labelled`` (the algorithm at the labelling
    ``swapped``) does not read as ``prover``'s unswapped ring does on the state renamed by
    sigma: empty when every one reads alike."""
    before, messages = prover.before, prover.ring.messages
    image = sigma(before, prover.ring.layout.slots, swapped)
    differ = []
    statements = [*prover.invariant.conjuncts, *safety_conjuncts(prover.algorithm)]
    for c in statements:
        try:
            here, there = read_on(labelled, c, before, messages), read_on(prover.algorithm, c, image, messages)
            if alike(here, there):
                continue
        except RecursionError:  # a term too deep to compare by walking it: z3 compares it
            pass
        solver = z3.Solver()
        solver.set("timeout", EQUAL_TIMEOUT_MS)
        solver.add(prover.arrangement, here != there)
        if solver.check() != z3.unsat:
            differ.append(c.name)
    return differ


@dataclass
class Derived:
    """A labelling's proof derived from the unswapped labelling's (``source``), by the mirror
    symmetry proved for the algorithm and every statement read alike."""

    swapped: tuple[bool, ...]
    source: str  # the labelling proved, as labellings.tag writes it
    statements: int  # conjuncts and safety properties found to read alike
    seconds: float
    verdict: str = PROVED
    obligations: tuple = ()

    def to_json(self) -> dict:
        return {"labelling": tag(self.swapped), "verdict": self.verdict, "derived_from": self.source,
                "by": "mirror symmetry", "statements_read_alike": self.statements, "seconds": round(self.seconds, 4)}


def derived(prover: Prover, labelled, swapped) -> Derived | None:
    """``swapped``'s proof derived from ``prover``'s (the unswapped labelling's, proved), or None
    where a statement does not read alike (then the labelling is proved as a ring of its own).
    The caller has established the mirror symmetry (``mirror_symmetry``)."""
    started = time.perf_counter()
    n = prover.n
    swapped_here = prover.ring.topology.swapped  # () where the ports are not labelled per process
    if not swapped_here or any(swapped_here):  # sigma's image is the unswapped labelling
        raise ValueError("a labelling's proof is derived from the unswapped labelling's proof only")
    if _links(labelled.topology(n)) != _links(prover.algorithm.topology(n)):  # sigma keeps every channel's contents
        return None
    if differences(prover, labelled, swapped):
        return None
    statements = len(prover.invariant.conjuncts) + len(prover.safety)
    return Derived(tuple(swapped), tag((False,) * len(swapped)), statements, time.perf_counter() - started)


def _links(topology) -> list[tuple[int, int]]:
    """(sender, receiver) of each channel, in the ring's order: the same in every labelling."""
    return [(c.sender, c.receiver) for c in topology.channels]
