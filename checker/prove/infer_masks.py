"""The filter of ``--infer`` (checker/prove/infer.py) as bit operations, and the atoms that the
reachable states cannot tell apart.

A candidate built from a template over atoms (``Candidate.shape`` says which template and which
atoms) is judged on what the reachable states show of the atoms: each process's atoms as a bit
mask, evaluated once per distinct (id, locals), and from the masks

  * the distinct masks (one process: ``a`` implies ``b``),
  * the distinct ordered pairs of masks of two processes with which of them has the larger id
    (at most one process, once one has ``a`` every other has ``b``, largest / smallest among),
  * the distinct masks of the process with the largest (smallest) id,
  * for every id a process holds in a ``PerPort`` ``Id`` local, what its path from the id's
    owner to the holder shows (held-id templates).

The number of distinct masks and pairs does not grow with the states (franklin at n = 4: 47
masks over 42,584 states), so no candidate is evaluated per state: a Python evaluation per
(candidate, ring) took 51 s at n = 3 and did not finish at n = 4. Candidates without a shape are
left to infer.Filter. Like every filter of ``--infer`` this only drops candidates, each one false
on some reachable state; z3 judges what is left.

Of the candidates that hold, z3 is given those that the reachable states tell apart
(``worth_asking``, ``strongest``). Atoms true of the same reachable processes (franklin's
``L_set``, ``L_own``, ``L_above`` and ``leader``) make candidates that the states cannot tell
apart, as many as the product of the classes' sizes for a template over two atoms: each class
is read through its first atom (``representatives``), with the ``implies`` candidates that say
its members are one. An atom true of no reachable process, or of every one, is said so by
``no`` / ``every`` alone (for an atom the safety properties read, such as the leader's, the
process templates over it are asked as well: ``held_back_decisions``). And of a template's candidates only the strongest on the reachable
states are kept, with the implications between atoms that derive the others from them. That
is not a filter: a candidate left out holds on every reachable state, and when it is inductive
and the stronger one kept is not, Houdini finds less than it could have (an invariant lost,
never a wrong proof). franklin at n = 4: 95 of the 1,316 candidates that hold are given to z3,
where all 1,260 that held at n = 3 took more than 10 minutes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from models import NIL
from specs.invariants import RingState


@dataclass
class Observations:
    """What the reachable states show of the atoms (see the module's docstring)."""

    masks: set = field(default_factory=set)
    pairs: set = field(default_factory=set)  # (mask of p, mask of q, q's id larger than p's)
    largest: set = field(default_factory=set)  # masks of the process with the largest id
    smallest: set = field(default_factory=set)
    held: dict = field(default_factory=dict)  # local -> set of HeldPath
    messages: dict = field(default_factory=dict)  # (message type's name, int field) -> set of HeldPath
    recorded: dict = field(default_factory=dict)  # local -> set of (a process has the id, its mask)


@dataclass(frozen=True)
class HeldPath:
    """An id held (in a channel, or in a PerPort local) seen along its path from its owner:
    whether a process has it, the owner's mask, whether every process passed has a smaller /
    larger id, the masks every process passed has (AND), and the atoms of a process passed with
    a larger / smaller id than it (OR): those break the "atom only with a smaller / larger id"
    templates."""

    owned: bool
    owner: int
    all_smaller: bool
    all_larger: bool
    on_every: int
    on_a_larger: int
    on_a_smaller: int


def _path(ring: RingState, masks: list[int], x, channel) -> HeldPath:
    owners = [q for q in ring.processes if q.id == x]
    if not owners:  # the templates quantify over the id's owner: none, nothing to break
        return HeldPath(False, 0, True, True, -1, 0, 0)
    passed = channel.path_from(owners[0])
    every, larger, smaller = -1, 0, 0
    for r in passed:
        every &= masks[r.position]
        if r.id > x:
            larger |= masks[r.position]
        if r.id < x:
            smaller |= masks[r.position]
    return HeldPath(True, masks[owners[0].position], all(r.id < x for r in passed), all(r.id > x for r in passed),
                    every, larger, smaller)


def observe(algorithm, atom_functions, states, held_locals=(), ports=(), recorded_locals=(),
            message_fields=()) -> Observations:
    """The observations of the reachable ``states`` ((ids, state) pairs): every distinct ring of
    (id, locals) per position read once, and every message of a type and int field in
    ``message_fields`` once per such ring and channel."""
    seen = Observations(held={name: set() for name in held_locals},
                        recorded={name: set() for name in recorded_locals},
                        messages={kind_field: set() for kind_field in message_fields})
    fields_of: dict = {}
    for kind, field_name in message_fields:
        fields_of.setdefault(kind, []).append(field_name)
    by_process: dict = {}
    rings: dict = {}  # (ids, locals) -> (its first RingState, its masks, the messages seen on it)
    for ids, state in states:
        ring_key = (ids, state[: len(ids)])
        if ring_key in rings:  # the same ring with other messages in its channels: those read on the first
            first, masks, messages_seen = rings[ring_key]
            if fields_of:
                _observe_messages(seen, fields_of, first, state[len(ids):], masks, messages_seen)
            continue
        ring = RingState.of_state(algorithm, ids, state)
        masks = []
        for p in ring.processes:
            key = (p.id, tuple(p._values))
            mask = by_process.get(key)
            if mask is None:
                mask = by_process[key] = sum(1 << k for k, f in enumerate(atom_functions) if f(ring, p))
            masks.append(mask)
        seen.masks.update(masks)
        n = len(ids)
        seen.pairs.update((masks[i], masks[j], ids[j] > ids[i]) for i in range(n) for j in range(n) if i != j)
        seen.largest.add(masks[ids.index(max(ids))])
        seen.smallest.add(masks[ids.index(min(ids))])
        for name in held_locals:
            for p in ring.processes:
                values = getattr(p, name)
                for port in ports:
                    if values[port] != NIL:
                        seen.held[name].add(_path(ring, masks, values[port], ring.inbox(p, port)))
        for name in recorded_locals:
            for p in ring.processes:
                x = getattr(p, name)
                if x != NIL:
                    owners = [q.position for q in ring.processes if q.id == x]
                    seen.recorded[name].add((bool(owners), masks[owners[0]] if owners else 0))
        messages_seen: set = set()
        rings[ring_key] = ring, masks, messages_seen
        if fields_of:
            _observe_messages(seen, fields_of, ring, state[len(ids):], masks, messages_seen)
    return seen


def _observe_messages(seen: Observations, fields_of: dict, ring: RingState, contents, masks: list[int],
                      messages_seen: set):
    """Every message of a type with observed fields in ``contents`` (per channel of ``ring``, whose
    locals they are seen with), as a path, once per (channel, message) on rings with the same
    locals (``messages_seen``)."""
    for ch, messages in zip(ring.channels, contents):
        for m in messages:
            kind = type(m).__name__
            if kind not in fields_of or (ch.index, m) in messages_seen:
                continue
            messages_seen.add((ch.index, m))
            for field_name in fields_of[kind]:
                seen.messages[(kind, field_name)].add(_path(ring, masks, getattr(m, field_name), ch))


class Verdicts:
    """Whether each shaped candidate holds on every observation: the observations folded into
    one bit mask per atom and template, then read per candidate."""

    def __init__(self, observations: Observations, atoms: int):
        everything = (1 << atoms) - 1
        self.seen = observations
        self.implied = [everything] * atoms  # implied[a]: the atoms of every process with a
        self.others = [everything] * atoms  # others[a]: the atoms of every other process, once one has a
        self.twice = 0  # atoms two processes have at once
        self.larger = [0] * atoms  # larger[a]: the atoms of a process with a larger id than one with a
        self.smaller = [0] * atoms
        self.above_some = 0  # atoms of a process with a larger id than some other process
        self.below_some = 0
        for mask in observations.masks:
            for a in _bits(mask):
                self.implied[a] &= mask
        for p, q, q_larger in observations.pairs:
            self.twice |= p & q
            for a in _bits(p):
                self.others[a] &= q
                if q_larger:
                    self.larger[a] |= q
                else:
                    self.smaller[a] |= q
            if q_larger:
                self.below_some |= p
            else:
                self.above_some |= p
        self.largest_has = _and_all(observations.largest, everything)
        self.smallest_has = _and_all(observations.smallest, everything)

    def holds(self, shape: tuple) -> bool:
        template, *atoms = shape
        if template == "at_most_one":
            return not _bit(self.twice, atoms[0])
        if template == "implies":
            return _bit(self.implied[atoms[0]], atoms[1])
        if template == "no":
            return not any(_bit(mask, atoms[0]) for mask in self.seen.masks)
        if template == "every":
            return all(_bit(mask, atoms[0]) for mask in self.seen.masks)
        if template == "then_others":
            return _bit(self.others[atoms[0]], atoms[1])
        if template in ("largest_among", "smallest_among"):
            a, b = atoms
            beyond = self.larger if template == "largest_among" else self.smaller
            if b is None:  # among all: no process with a larger (smaller) id than one with a
                return not _bit(self.below_some if template == "largest_among" else self.above_some, a)
            return not _bit(beyond[a], b)
        if template == "largest_is":
            return _bit(self.largest_has, atoms[0])
        if template == "smallest_is":
            return _bit(self.smallest_has, atoms[0])
        if template == "held":
            local, test, a = atoms
            return all(_path_holds(path, test, a) for path in self.seen.held[local])
        if template == "message":
            kind, field_name, test, a = atoms
            return all(_path_holds(path, test, a) for path in self.seen.messages[(kind, field_name)])
        if template == "recorded":
            local, test, a = atoms
            return all(owned and (a is None or _bit(owner, a)) for owned, owner in self.seen.recorded[local])
        raise ValueError(f"no mask reading of the template {template}")


def _path_holds(path: HeldPath, test: str, a: int | None) -> bool:
    if test == "names_a_process":
        return path.owned
    if test == "from_atom":
        return path.owned and _bit(path.owner, a)
    if test == "passed_smaller":
        return path.all_smaller
    if test == "passed_larger":
        return path.all_larger
    if test == "passed_atom":
        return _bit(path.on_every, a)
    if test == "passed_atom_smaller":  # no process with a and a larger id
        return not _bit(path.on_a_larger, a)
    if test == "passed_atom_larger":
        return not _bit(path.on_a_smaller, a)
    raise ValueError(f"no mask reading of the held-id test {test}")


def _bits(mask: int):
    k = 0
    while mask:
        if mask & 1:
            yield k
        mask >>= 1
        k += 1


def _bit(mask: int, k: int) -> bool:
    return bool((mask >> k) & 1)


def _and_all(masks, everything: int) -> int:
    result = everything
    for mask in masks:
        result &= mask
    return result


def representatives(observations: Observations, atoms: int) -> list[int]:
    """For every atom, the first atom true of exactly the same reachable processes (itself if
    none before it is)."""
    first: dict = {}
    found = []
    for k in range(atoms):
        extension = frozenset(mask for mask in observations.masks if _bit(mask, k))
        found.append(first.setdefault(extension, k))
    return found


def constant_atoms(observations: Observations, atoms: int) -> tuple[set, set]:
    """(the atoms true of no reachable process, those true of every one)."""
    never = {k for k in range(atoms) if not any(_bit(mask, k) for mask in observations.masks)}
    always = {k for k in range(atoms) if all(_bit(mask, k) for mask in observations.masks)}
    return never, always


def worth_asking(shape: tuple, representative: list[int], never: set, always: set) -> bool:
    """Whether a candidate that holds on every reachable state says something there that no
    other kept candidate says: its atoms are their classes' representatives, except in the
    ``implies`` that say that the members of a class are one; and an atom true of no reachable
    process, or of every one, is said so by ``no`` or ``every`` alone (it makes any other
    template vacuous, or the same as one without it: ``a largest among b`` with b true of every
    process is ``a largest among all``, and with b true of none says nothing)."""
    template, *atoms = shape
    if template in ("no", "every"):
        return True
    if template == "implies":
        a, b = atoms
        if a in never or b in always:
            return False
        return representative[a] == representative[b] or (representative[a] == a and representative[b] == b)
    indexes = [a for a in atoms if isinstance(a, int)]
    return all(representative[a] == a and a not in never and a not in always for a in indexes)


# the templates over one or two processes' atoms (not a message's, a held or a recorded id's)
PROCESS_TEMPLATES = ("at_most_one", "implies", "then_others", "largest_among", "smallest_among")


def held_back_decisions(shape: tuple, representative: list[int], never: set, always: set, decisions: set) -> bool:
    """Whether a candidate ``worth_asking`` leaves out only because an atom in ``decisions`` (an
    atom the safety properties read: is leader, has decided) is true of no reachable process:
    with such an atom read as its own class, a process template over it would be asked.

    ``no leader`` then says the rest, but only if it is inductive: in an algorithm (a mutant)
    where nobody ever wins because its messages never come back, it holds for a reason the
    templates cannot say, and Houdini drops it; "a leader has the largest id of all", which it
    implies, still holds for the reason it holds where leaders exist, and is what safety needs."""
    template, *atoms = shape
    if template not in PROCESS_TEMPLATES or not any(a in decisions and a in never for a in atoms):
        return False
    own = [k if k in decisions else first for k, first in enumerate(representative)]
    return (not worth_asking(shape, representative, never, always)
            and worth_asking(shape, own, never - decisions, always))


# how each atom of a template's candidate makes it stronger: +1 if it says more the more
# processes have the atom (at most one process with a), -1 if it says more the fewer do (a
# process with a has b: b's -1); None for a slot that is not an atom
_STRONGER = {
    "at_most_one": (1,), "no": (1,), "every": (-1,),
    "then_others": (1, -1), "largest_among": (1, 1), "smallest_among": (1, 1),
    "largest_is": (-1,), "smallest_is": (-1,),
}
_PATH_STRONGER = {"from_atom": -1, "passed_atom": -1, "passed_atom_smaller": 1, "passed_atom_larger": 1}


def strongest(candidates: list, observations: Observations) -> list:
    """The candidates (all holding on every reachable state) less those that another of the
    same template implies there: ``a largest among b`` with ``a largest among all``, a token
    that passed only black processes with one that passed only processes not asleep, when every
    black process is awake. The atoms' implications that the dropped one needs to be derived are
    themselves kept (``implies`` between representatives: worth_asking), so z3 can derive it
    from what is kept, where it is inductive."""
    extension = {}

    def atoms_of(mask_bit):
        if mask_bit not in extension:
            extension[mask_bit] = frozenset(m for m in observations.masks if _bit(m, mask_bit))
        return extension[mask_bit]

    everything = frozenset(observations.masks)

    def profile(shape):
        """(the group a candidate is compared within, [(direction, extension)] per atom slot)."""
        template, *slots = shape
        if template in ("held", "message", "recorded"):
            *what, test, a = slots
            if test in ("passed_smaller", "passed_larger"):  # the atom's test with an atom every process has
                return (template, *what, test.replace("passed_", "passed_atom_")), [(1, everything)]
            direction = _PATH_STRONGER.get(test)
            if direction is None:
                return None
            return (template, *what, test), [(direction, atoms_of(a))]
        directions = _STRONGER.get(template)
        if directions is None:
            return None
        return (template,), [(d, everything if a is None else atoms_of(a)) for d, a in zip(directions, slots)]

    def at_least_as_strong(one, other):
        return all(e1 >= e2 if d > 0 else e1 <= e2 for (d, e1), (_, e2) in zip(one, other))

    # implications: between atoms of one class, those to and from its first atom; between classes,
    # only those with no class strictly between (z3 chains the others from them)
    implied = [c for c in candidates if c.shape and c.shape[0] == "implies"]
    classes = {atoms_of(a) for c in implied for a in c.shape[1:]}
    first = {}
    for c in implied:
        for a in c.shape[1:]:
            first[atoms_of(a)] = min(a, first.get(atoms_of(a), a))
    dominated = set()
    for c in implied:
        a, b = c.shape[1:]
        inside, outside = atoms_of(a), atoms_of(b)
        if inside == outside:
            if first[inside] not in (a, b):
                dominated.add(c.name)
        elif any(inside < between < outside for between in classes):
            dominated.add(c.name)
    groups: dict = {}
    for c in candidates:
        p = profile(c.shape) if c.shape else None
        if p is not None:
            groups.setdefault(p[0], []).append((c, p[1]))
    for members in groups.values():
        for c, slots in members:
            if any(other is not c and at_least_as_strong(other_slots, slots) and other_slots != slots
                   for other, other_slots in members):
                dominated.add(c.name)
    # ``b largest among all`` says that a process with b has a larger id than every other, and so
    # than every other with a: ``a smallest among b``, for any a (and the same turned round)
    extremes = {(c.shape[0], c.shape[1]) for c in candidates
                if c.shape and c.shape[0] in ("largest_among", "smallest_among") and c.shape[2] is None}
    opposite = {"largest_among": "smallest_among", "smallest_among": "largest_among"}
    dominated |= {c.name for c in candidates if c.shape and c.shape[0] in opposite and c.shape[2] is not None
                  and (opposite[c.shape[0]], c.shape[2]) in extremes}
    return [c for c in candidates if c.name not in dominated]

