"""``check ALGO --n N --infer``: find an inductive invariant for ring size n, and write it down.

Four stages, each only ever dropping candidates, so that whatever is left is judged by z3
alone (a wrong filter can lose a conjunct, never make a proof):
  * candidates -- conjuncts from templates over the algorithm's own vocabulary: an *atom* is a
    fact about one process (a bool local, a local equal to NIL or to the process's id, an enum
    local at one of its members, a decision function); templates relate atoms of one process
    (implication), of two processes (at most one process with an atom, an atom of one forces
    another on every other process, a process with an atom has the largest or smallest id
    among those with another, the largest has an atom, no or every process has it) and a
    message, or an id a process holds from a side, to the ring (its id field names a process,
    one with an atom; every process it has passed has a smaller or larger id, or an atom); and,
    where the algorithm promises a winner, "beaten": a message's int field is an id some
    process's id beats (``beaten_candidates``);
  * filtering -- every reachable state of every arrangement at n (the explorer's semantics,
    up to ``MOST_STATES``) drops the candidates false there (the DistAI idea, with exact
    reachable sets instead of samples), judged on the atoms' bit masks (infer_masks.py); of
    the rest, z3 is given those the reachable states tell apart (infer_masks.worth_asking,
    infer_masks.strongest);
  * Houdini, lazily -- the unsat cores of the safety (and stability) obligations over every candidate left,
    closed under the cores of their own consecution obligations; a member some step does not
    preserve, assuming every candidate left, is dropped (Houdini's step) and the cores are
    taken again, until the core is inductive. Only what safety needs is ever checked;
  * minimising -- each conjunct dropped if an inductive core of the rest still implies safety.
What is left is written as a Python file in the style of specs/, which ``--prove`` then proves
from scratch (checker/prove/fixed_n.py): the inference itself is never reported as a proof.
On a ring whose port labelling is the adversary's, checker/prove/infer_labellings.py runs the
same stages over every labelling.
"""
from __future__ import annotations

import itertools
import re
import textwrap
import time
from collections import deque
from dataclasses import dataclass
from enum import IntEnum

import z3

import models
import models.topology.ring
from models import NIL, AlgorithmError, AsyncSystem, Decision, Id
from specs import invariants as dsl
from specs.invariants import Conjunct, Invariant, RingState

from . import infer_masks
from .fixed_n import STABILITY, Prover, safety_conjuncts

MOST_STATES = 150_000  # reachable states filtered against; the rest is z3's to judge
QUERY_TIMEOUT = 10.0  # seconds per z3 query


class InferenceFailed(AlgorithmError):
    """No inductive subset of the candidates implies a safety property (exit 1, one line);
    ``missing`` names that property, and ``failure`` (a fixed_n.Failure) is z3's refutation: a
    state that satisfies every candidate left and breaks it."""

    def __init__(self, message: str, missing: str | None = None, failure=None, candidates=None):
        super().__init__(message)
        self.missing = missing
        self.failure = failure
        self.candidates = candidates  # the Invariant class of the candidates left


# -- the vocabulary ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Atom:
    """A fact about one process: ``source`` is an expression of ``{p}``, ``words`` says it in English."""

    name: str
    words: str
    source: str

    def of(self, p: str) -> str:
        return self.source.replace("{p}", p)


@dataclass(frozen=True)
class Candidate:
    """A conjunct in the making: its name, its docstring and its body, an expression of ``s``."""

    name: str
    doc: str
    source: str
    # what the template says, for the mask filter (checker/prove/infer_masks.py): (template,
    # *atom indexes or names); () for a candidate only its compiled source can judge
    shape: tuple = ()


def _port_names() -> dict[str, str]:
    """The DSL's port constants by value ("CW" -> "CW"), to write them as names."""
    return {value: name for name, value in vars(models.topology.ring).items()
            if name.isupper() and isinstance(value, str) and name in ("CW", "CCW", "NEXT", "LEFT", "RIGHT")}


# the atoms of the decisions the safety properties read, after the locals' (filtered_and_held_back asks more of them)
LEADER_ATOM = Atom("leader", "is leader", "s.is_leader({p})")
DECIDED_ATOM = Atom("decided", "has decided", "s.decided({p})")
DECISION_ATOMS = (LEADER_ATOM.source, DECIDED_ATOM.source)


def atoms(algorithm, ports) -> list[Atom]:
    """The atoms of the algorithm's locals (per port for a PerPort) and decision functions."""
    found: list[Atom] = []
    port_names = _port_names()
    for variable in algorithm.variables:
        where = [(f"{{p}}.{variable.name}", variable.name, variable.name)]
        if variable.per_port:
            where = [(f"{{p}}.{variable.name}[{port_names[port]}]", f"{variable.name}_{port.lower()}",
                      f"{variable.name}[{port}]") for port in ports]
        for read, name, said in where:
            found += _atoms_of(variable.type, read, name, said)
    found += [LEADER_ATOM, DECIDED_ATOM]
    if algorithm.candidate is not None:
        found.append(Atom("candidate", "is a candidate", "s.candidate({p})"))
    return found


def _atoms_of(value_type, read: str, name: str, said: str) -> list[Atom]:
    if value_type is bool:
        return [Atom(name, f"has {said}", read), Atom(f"not_{name}", f"has not {said}", f"Not({read})")]
    if value_type is Id:
        return [Atom(f"{name}_nil", f"has {said} NIL", f"{read} == NIL"),
                Atom(f"{name}_set", f"has {said} set", f"{read} != NIL"),
                Atom(f"{name}_own", f"has {said} equal to its id", f"{read} == {{p}}.id"),
                Atom(f"{name}_below", f"has {said} at most its id", f"{read} <= {{p}}.id"),
                Atom(f"{name}_above", f"has {said} at least its id", f"{read} >= {{p}}.id")]
    if isinstance(value_type, type) and issubclass(value_type, IntEnum):
        enum = "" if value_type is Decision else f"{value_type.__name__}."
        return [Atom(f"{name}_{member.name.lower()}", f"has {said} {member.name}", f"{read} == {enum}{member.name}")
                for member in value_type]
    if value_type is int:
        return [Atom(f"{name}_zero", f"has {said} 0", f"{read} == 0"),
                Atom(f"{name}_positive", f"has {said} above 0", f"{read} > 0")]
    return []


# -- the templates -------------------------------------------------------------------------------


def process_candidates(atom_list: list[Atom]) -> list[Candidate]:
    """Templates over one or two processes, read through atoms only (filtered on masks)."""
    found = []
    index = {a: k for k, a in enumerate(atom_list)}
    for a in atom_list:
        found.append(Candidate(
            f"at_most_one_{a.name}", f"At most one process {a.words}.",
            f"ForAll(s.processes, lambda p: ForAll(s.processes, lambda q: Implies(p.position < q.position, "
            f"Not(And({a.of('p')}, {a.of('q')})))))", ("at_most_one", index[a])))
    for a, b in itertools.permutations(atom_list, 2):
        found.append(Candidate(
            f"{a.name}_implies_{b.name}", f"A process that {a.words} {b.words}.",
            f"ForAll(s.processes, lambda p: Implies({a.of('p')}, {b.of('p')}))", ("implies", index[a], index[b])))
    for a, b in itertools.product(atom_list, repeat=2):
        found.append(Candidate(
            f"{a.name}_then_others_{b.name}", f"Once a process {a.words}, every other process {b.words}.",
            f"ForAll(s.processes, lambda p: Implies({a.of('p')}, ForAll(s.processes, lambda q: "
            f"Implies(q.position != p.position, {b.of('q')}))))", ("then_others", index[a], index[b])))
    orders = [("largest", "<"), ("smallest", ">")]
    for a, b in itertools.product(atom_list, [None, *atom_list]):
        for extreme, less in orders:
            among = f"every other process that {b.words}" if b else "every other process"
            condition = f"And(q.position != p.position, {b.of('q')})" if b else "q.position != p.position"
            found.append(Candidate(
                f"{a.name}_{extreme}_among_{b.name if b else 'all'}",
                f"A process that {a.words} has a {'larger' if extreme == 'largest' else 'smaller'} id than {among}.",
                f"ForAll(s.processes, lambda p: Implies({a.of('p')}, ForAll(s.processes, lambda q: "
                f"Implies({condition}, q.id {less} p.id))))", (f"{extreme}_among", index[a], index.get(b))))
    return found


def recorded_id_candidates(algorithm, atom_list: list[Atom]) -> list[Candidate]:
    """Templates over an ``Id`` local that records another process's id (a leader, the largest
    seen): once set, it is the id of a process (with an atom). Stability needs them: a recorded
    leader that is one keeps the decision (the id's owner is read, so filtered on whole rings)."""
    found = []
    for variable in algorithm.variables:
        if variable.type is not Id or variable.per_port:
            continue
        said = f"A process with {variable.name} set has the id of a process"
        for k, a in [(None, None), *enumerate(atom_list)]:
            found.append(Candidate(
                f"{variable.name}_names_{a.name if a else 'a_process'}",
                f"{said}{' that ' + a.words if a else ''}.",
                f"ForAll(s.processes, lambda p: Implies(p.{variable.name} != NIL, Exists(s.processes, lambda q: "
                f"And(q.id == p.{variable.name}, {a.of('q') if a else 'True'}))))",
                ("recorded", variable.name, "names_a_process" if a is None else "from_atom", k)))
    return found


def uniform_candidates(atom_list: list[Atom]) -> list[Candidate]:
    """No process has an atom; every process has it. The implication templates can say as much
    (``a`` implies its negation), but only in as many candidates as there are atoms: with these,
    the filter can leave out every implication from an atom no reachable process has, or to one
    every reachable process has (infer_masks.worth_asking)."""
    found = []
    for k, a in enumerate(atom_list):
        found.append(Candidate(f"no_{a.name}", f"No process {a.words}.",
                               f"ForAll(s.processes, lambda p: Not({a.of('p')}))", ("no", k)))
        found.append(Candidate(f"every_{a.name}", f"Every process {a.words}.",
                               f"ForAll(s.processes, lambda p: {a.of('p')})", ("every", k)))
    return found


def extreme_id_candidates(atom_list: list[Atom]) -> list[Candidate]:
    """The process with the largest (smallest) id has an atom: what "a process that quits has a
    larger id than some process" says turned round (Franklin's black processes), which the
    templates above cannot, since they read "larger" only as "larger than every other"."""
    found = []
    for k, a in enumerate(atom_list):
        for extreme, less in [("largest", "<"), ("smallest", ">")]:
            found.append(Candidate(
                f"{extreme}_{a.name}", f"The process with the {extreme} id {a.words}.",
                f"ForAll(s.processes, lambda p: Implies(ForAll(s.processes, lambda q: "
                f"Implies(q.position != p.position, q.id {less} p.id)), {a.of('p')}))", (f"{extreme}_is", k)))
    return found


def held_id_candidates(algorithm, atom_list: list[Atom], ports) -> list[Candidate]:
    """Templates over a ``PerPort`` ``Id`` local, an id a process holds as received from a side
    (Franklin's tokens of this round and the next): once set, it is the id of a process, and
    every process between that one and the holder on that side (what a message from it has
    passed to arrive there, ``s.inbox(p, port).path_from``) has a smaller / larger id, an atom,
    or an atom only with a smaller / larger id -- the message templates, for a message received
    and kept."""
    found = []
    port_names = _port_names()
    for variable in algorithm.variables:
        if variable.type is not Id or not variable.per_port:
            continue
        sides = f"[{', '.join(port_names[port] for port in ports)}]"
        held, said = f"p.{variable.name}[port]", f"An id a process holds in {variable.name} (from either side)"
        bodies = [("names_a_process", None, f"{said} is the id of a process.",
                   f"Exists(s.with_id({held}), lambda q: True)")]
        passed = [("smaller", None, f"r.id < {held}", "only processes with a smaller id"),
                  ("larger", None, f"r.id > {held}", "only processes with a larger id")]
        for k, a in enumerate(atom_list):
            passed += [(a.name, k, a.of("r"), f"only processes that {a.words}"),
                       (f"{a.name}_smaller", k, f"Implies({a.of('r')}, r.id < {held})",
                        f"no process that {a.words} with a larger id"),
                       (f"{a.name}_larger", k, f"Implies({a.of('r')}, r.id > {held})",
                        f"no process that {a.words} with a smaller id")]
        for name, k, condition, words in passed:
            bodies.append((f"passed_{name}", k, f"{said} has passed, since the process with that id, {words}.",
                           f"ForAll(s.with_id({held}), lambda q: ForAll(s.inbox(p, port).path_from(q), "
                           f"lambda r: {condition}))"))
        for name, k, doc, body in bodies:
            shape = ("held", variable.name, _held_test(name, k, atom_list), k)
            found.append(Candidate(
                f"{variable.name}_held_{name}", doc,
                f"ForAll(s.processes, lambda p: ForAll({sides}, lambda port: Implies({held} != NIL, {body})))", shape))
    return found


def _held_test(name: str, k: int | None, atom_list: list[Atom]) -> str:
    """The test a held-id (or message) candidate makes of the id's path, by its name: names,
    passed_smaller, passed_larger, passed_atom, passed_atom_smaller or passed_atom_larger."""
    if k is None:
        return name
    rest = name[len("passed_") + len(atom_list[k].name):]
    return f"passed_atom{rest}"


def message_candidates(message_types, atom_list: list[Atom]) -> list[tuple[Candidate, str]]:
    """Templates over a message in a channel and the ring: (candidate, its body as an expression
    of s, ch and m), for every int field of every message type."""
    found = []
    for t in message_types:
        for field_name, field_type in zip(t.fields, t.field_types):
            if field_type is not int:
                continue
            what, field = f"{t.__name__.lower()}_{field_name}", f"m.{field_name}"
            said = f"Every {t.__name__} message in a channel"
            # the last of each: the test infer_masks reads it by, and its atom
            bodies = [(f"{what}_names_a_process", f"{said} has the {field_name} of a process.",
                       f"Exists(s.with_id({field}), lambda q: True)", "names_a_process", None)]
            for k, a in enumerate(atom_list):
                bodies.append((f"{what}_from_{a.name}", f"{said} has the {field_name} of a process that {a.words}.",
                               f"Exists(s.with_id({field}), lambda q: {a.of('q')})", "from_atom", k))
            passed = [("smaller", f"r.id < {field}", f"only processes with a smaller id than its {field_name}",
                       "passed_smaller", None),
                      ("larger", f"r.id > {field}", f"only processes with a larger id than its {field_name}",
                       "passed_larger", None)]
            for k, a in enumerate(atom_list):
                passed.append((a.name, a.of("r"), f"only processes that {a.words}", "passed_atom", k))
                passed.append((f"{a.name}_smaller", f"Implies({a.of('r')}, r.id < {field})",
                               f"no process that {a.words} with a larger id than its {field_name}",
                               "passed_atom_smaller", k))
                passed.append((f"{a.name}_larger", f"Implies({a.of('r')}, r.id > {field})",
                               f"no process that {a.words} with a smaller id than its {field_name}",
                               "passed_atom_larger", k))
            for name, condition, words, test, k in passed:
                bodies.append((f"{what}_passed_{name}",
                               f"{said} has passed, since the process with its {field_name}, {words}.",
                               f"ForAll(s.with_id({field}), lambda q: ForAll(ch.path_from(q), lambda r: {condition}))",
                               test, k))
            for name, doc, body, test, k in bodies:
                source = f"ForAll(s.channels, lambda ch: ForAll(ch.messages({t.__name__}), lambda m: {body}))"
                found.append((Candidate(name, doc, source, ("message", t.__name__, field_name, test, k)), body))
    return found


def beaten_candidates(algorithm, message_types) -> list[tuple[Candidate, str]]:
    """Every message's int field is a *beaten* id: some process's id wins over it (is larger,
    where the largest id wins), so the process with that id can never win (a {no} is for a
    candidate some process beats: hs-unoriented's no_from_larger). The same of a process with
    an atom is extreme_id_candidates turned round ("the largest has not withdrawn"). A decision
    not to lead is stable only if the process's own message never comes home, which is what
    these say. None for an algorithm that promises no winner."""
    if algorithm.winner is None:
        return []
    beats, loses, extreme = (">", "smaller", "largest") if algorithm.winner == models.LARGEST else ("<", "larger", "smallest")
    found = []
    for t in message_types:
        for field_name, field_type in zip(t.fields, t.field_types):
            if field_type is not int:
                continue
            body = f"Exists(s.processes, lambda q: q.id {beats} m.{field_name})"
            article = "an" if field_name[0] in "aeiou" else "a"
            doc = f"Every {t.__name__} message in a channel has {article} {field_name} {loses} than some process's id."
            source = f"ForAll(s.channels, lambda ch: ForAll(ch.messages({t.__name__}), lambda m: {body}))"
            found.append((Candidate(f"{t.__name__.lower()}_{field_name}_not_{extreme}", doc, source), body))
    return found


# -- templates over FIFO order and what a message leaves behind ------------------------------------
#
# Who decides when, on a ring of FIFO links, can rest on an order between messages: a process
# sends its own message before it forwards another's, so a message that has passed it can
# never overtake its own (LeLann: an initiator has seen every other initiator's token when its
# own comes home). The process templates above cannot say that, nor the message templates,
# which read one message at a time. These read whole states: the channels' contents and the
# locals beyond atoms, so they are filtered with a key of what each reads (``reads``).


def left_initial_atom(algorithm, ports) -> Atom | None:
    """``left_initial``: some local differs from its initial value (a process has woken up).
    None if a local's initial value is not one a condition can name. Only the order templates
    read it (a message has passed only processes that woke; once a process decided, every
    other one has woken), not the process templates, whose number is quadratic in the atoms."""
    port_names = _port_names()
    differs = []
    for variable in algorithm.variables:
        reads = ([f"{{p}}.{variable.name}[{port_names[port]}]" for port in ports] if variable.per_port
                 else [f"{{p}}.{variable.name}"])
        initial, value_type = variable.initial, variable.type
        if value_type is bool:
            differs += [f"Not({read})" if initial else read for read in reads]
        elif isinstance(value_type, type) and issubclass(value_type, IntEnum) and isinstance(initial, value_type):
            enum = "" if value_type is Decision else f"{value_type.__name__}."
            differs += [f"{read} != {enum}{initial.name}" for read in reads]
        elif value_type is Id and initial == NIL:
            differs += [f"{read} != NIL" for read in reads]
        elif value_type is int and isinstance(initial, int):
            differs += [f"{read} != {initial}" for read in reads]
        else:
            return None
    if not differs:
        return None
    return Atom("left_initial", "have left their initial state",
                differs[0] if len(differs) == 1 else f"Or({', '.join(differs)})")


@dataclass(frozen=True)
class StateCandidate:
    """A candidate that reads more of a state than the atoms of its processes: ``reads`` names
    what its truth depends on besides the ids ("locals", "channels"), the key its filter
    evaluates it once per."""

    candidate: Candidate
    reads: tuple[str, ...]


def id_fields(message_types, states) -> list[tuple[type, str]]:
    """(message type, int field) for every field that names a process (is one of the ids) in
    every reachable state: the fields the order templates are about."""
    fields = [(t, k + 1, field_name) for t in message_types
              for k, (field_name, field_type) in enumerate(zip(t.fields, t.field_types)) if field_type is int]
    naming = {(t, field_name) for t, _, field_name in fields}
    for ids, state in states:
        for contents in state[len(ids):]:
            for m in contents:
                for t, k, field_name in fields:
                    if m[0] == t.__name__ and m[k] not in ids:
                        naming.discard((t, field_name))
    return [(t, field_name) for t, _, field_name in fields if (t, field_name) in naming]


def order_candidates(algorithm, fields: list[tuple[type, str]], atom_list: list[Atom],
                     woke: Atom | None) -> list[StateCandidate]:
    """Templates over a message that carries a process's id (its *origin*) and what it has
    passed, for every (message type, field) of ``fields``: FIFO order in its channel; no
    message of a process it passed left behind it; no two with one id; a candidate (every
    process, if the algorithm names none) has decided or has its message in flight; a process
    it passed has woken (``woke``), and has recorded in an ``Id`` local at least (most) its
    origin's id. With them, over processes: once a process has an atom, every other has woken,
    and every recorded id is at least (most) its id."""
    if not fields:
        return []
    found = []
    id_locals = [v.name for v in algorithm.variables if v.type is Id and not v.per_port]
    compared = [("at_least", ">=", "at least"), ("at_most", "<=", "at most")]
    # who has a message in flight until it decides: a candidate (every process, if the algorithm
    # names none). Only one such template a field: its existential is what z3 finds hardest,
    # and one per atom made Peterson's queries time out one after another
    competing = Atom("candidate", "is a candidate", "s.candidate({p})")
    for t, field_name in fields:
        what, kind, field = f"{t.__name__.lower()}_{field_name}", t.__name__, f"m.{field_name}"
        origin = f"the process with its {field_name}"
        every = f"ForAll(s.channels, lambda ch: ForAll(ch.messages({kind}), lambda m: "
        passed = f"ForAll(s.with_id({field}), lambda o: ForAll(ch.path_from(o), lambda r: "
        found.append(StateCandidate(Candidate(
            f"{what}_none_behind_passed",
            f"In a channel, no {kind} message is behind one that has passed {origin} (the order of a FIFO link).",
            f"ForAll(s.channels, lambda ch: ForAll(ch.messages({kind}).in_order(), lambda ahead, behind: "
            f"ForAll(s.with_id(ahead.{field_name}), lambda o: ForAll(ch.path_from(o), lambda r: "
            f"r.id != behind.{field_name}))))"), ("channels",)))
        found.append(StateCandidate(Candidate(
            f"{what}_none_left_behind",
            f"A {kind} message has left no {kind} message of a process it passed behind: none with that process's "
            f"{field_name} is in a channel it went through since.",
            f"{every}{passed}ForAll(ch.channels_from(r), lambda c: ForAll(c.messages({kind}), lambda a: "
            f"a.{field_name} != r.id))))))"), ("channels",)))
        found.append(StateCandidate(Candidate(
            f"{what}_unique", f"No two {kind} messages in flight carry the same {field_name}.",
            f"ForAll(s.channels, lambda ch: And(ForAll(ch.messages({kind}).in_order(), lambda a, b: "
            f"a.{field_name} != b.{field_name}), ForAll([c for c in s.channels if c.index > ch.index], lambda c: "
            f"ForAll(ch.messages({kind}), lambda a: ForAll(c.messages({kind}), lambda b: "
            f"a.{field_name} != b.{field_name})))))"), ("channels",)))
        in_flight = (f"Exists(s.channels, lambda ch: Exists(ch.messages({kind}), lambda m: "
                     f"{field} == q.id))")
        found.append(StateCandidate(Candidate(
            f"{competing.name}_{what}_in_flight_or_decided",
            f"A process that {competing.words} has decided, or has a {kind} message with its {field_name} in flight.",
            f"ForAll(s.processes, lambda q: Implies({competing.of('q')}, Or(s.decided(q), {in_flight})))"),
            ("locals", "channels")))
        if woke is not None:
            found.append(StateCandidate(Candidate(
                f"{what}_passed_{woke.name}",
                f"Every {kind} message in a channel has passed, since {origin}, only processes that {woke.words}.",
                f"{every}{passed}{woke.of('r')}))))"), ("locals", "channels")))
        for local in id_locals:
            for name, relation, words in compared:
                found.append(StateCandidate(Candidate(
                    f"{what}_passed_{local}_{name}",
                    f"Every process a {kind} message has passed since {origin} has {local}, once set, {words} "
                    f"its {field_name}.",
                    f"{every}{passed}Implies(r.{local} != NIL, r.{local} {relation} {field})))))"),
                    ("locals", "channels")))
    for a in atom_list:
        if woke is not None:
            found.append(StateCandidate(Candidate(
                f"{a.name}_then_others_{woke.name}", f"Once a process {a.words}, all other processes {woke.words}.",
                f"ForAll(s.processes, lambda p: Implies({a.of('p')}, ForAll(s.processes, lambda q: "
                f"Implies(q.position != p.position, {woke.of('q')}))))"), ("locals",)))
        for local in id_locals:
            for name, relation, words in compared:
                found.append(StateCandidate(Candidate(
                    f"{a.name}_then_{local}_{name}_its_id",
                    f"Once a process {a.words}, every process with {local} set has {local} {words} its id.",
                    f"ForAll(s.processes, lambda q: Implies({a.of('q')}, ForAll(s.processes, lambda r: "
                    f"Implies(r.{local} != NIL, r.{local} {relation} q.id))))"), ("locals",)))
    return found


def filter_state_candidates(algorithm, states, candidates: list[StateCandidate], namespace) -> list[Candidate]:
    """The candidates true on every reachable state, each evaluated once per distinct key of
    what it reads: the ids, and the processes' locals or the channels' contents."""
    checks = {c.candidate.name: compiled(c.candidate.source, "s", namespace) for c in candidates}
    groups: dict[tuple, set] = {}
    for c in candidates:
        groups.setdefault(c.reads, set()).add(c.candidate.name)
    seen: dict[tuple, set] = {reads: set() for reads in groups}
    for ids, state in states:
        if not any(groups.values()):
            break
        n, ring = len(ids), None
        for reads, alive in groups.items():
            key = (ids, state[:n] if "locals" in reads else None, state[n:] if "channels" in reads else None)
            if not alive or key in seen[reads]:
                continue
            seen[reads].add(key)
            ring = ring or RingState.of_state(algorithm, ids, state)
            groups[reads] = {name for name in alive if checks[name](ring)}
    alive = set().union(*groups.values()) if groups else set()
    return [c.candidate for c in candidates if c.candidate.name in alive]


# -- reading candidates --------------------------------------------------------------------------


def namespace_of(algorithm, message_types) -> dict:
    """The names a candidate's source reads, by name (what the written file imports)."""
    names = {name: getattr(models, name) for name in ("And", "Or", "Not", "Implies", "NIL", "TRUE", "FALSE")}
    names.update(ForAll=dsl.ForAll, Exists=dsl.Exists)
    names.update({name: getattr(models.topology.ring, name) for name in _port_names().values()})
    for variable in algorithm.variables:
        if isinstance(variable.type, type) and issubclass(variable.type, IntEnum) and variable.type is not Decision:
            names[variable.type.__name__] = variable.type
    names.update({t.__name__: t for t in message_types})
    return names


def compiled(source: str, arguments: str, namespace: dict):
    return eval(f"lambda {arguments}: {source}", namespace)  # noqa: S307 -- our own templates' text


# -- filtering on reachable states --------------------------------------------------------------


def reachable_states(algorithm, n: int, most: int | None = None):
    """(ids, state) for every reachable state of every arrangement at n, breadth first, up to
    ``most`` states in all; and whether that was all of them."""
    most = most or MOST_STATES
    found = []
    for order in itertools.permutations(range(1, n + 1)):
        system = AsyncSystem(algorithm, order)
        seen = {system.initial_state}
        queue = deque(seen)
        while queue:
            state = queue.popleft()
            found.append((order, state))
            if len(found) >= most:
                return found, False
            for step in system.steps(state):
                if step.target not in seen:
                    seen.add(step.target)
                    queue.append(step.target)
    return found, True


class Filter:
    """Drops the candidates false in some reachable state: since infer_masks.py, only those
    without a shape (a template it cannot read) come here. Process templates read atoms only,
    so each is evaluated once per distinct tuple of (id, atoms) per process; message templates
    once per distinct (channel, message, that tuple)."""

    def __init__(self, algorithm, atom_list, namespace):
        self.algorithm = algorithm
        self.atom_functions = [compiled(a.source.replace("{p}", "p"), "s, p", namespace) for a in atom_list]
        self.masks: dict = {}

    def mask(self, ring: RingState, p) -> int:
        key = (p.id, tuple(p._values))
        mask = self.masks.get(key)
        if mask is None:
            mask = sum(1 << k for k, f in enumerate(self.atom_functions) if f(ring, p))
            self.masks[key] = mask
        return mask

    def run(self, states, process: list[Candidate], messages: list[tuple[Candidate, str]], namespace,
            recorded: list[Candidate] = ()):
        process_checks = {c.name: compiled(c.source, "s", namespace) for c in process}
        message_checks = {c.name: compiled(body, "s, ch, m", namespace) for c, body in messages}
        recorded_checks = {c.name: compiled(c.source, "s", namespace) for c in recorded}
        alive_process, alive_messages, alive_recorded = set(process_checks), set(message_checks), set(recorded_checks)
        seen_rings, seen_messages, seen_locals = set(), set(), set()
        for ids, state in states:
            ring = RingState.of_state(self.algorithm, ids, state)
            key = tuple((p.id, self.mask(ring, p)) for p in ring.processes)
            if key not in seen_rings:
                seen_rings.add(key)
                alive_process = {name for name in alive_process if process_checks[name](ring)}
            if alive_recorded and (key, state[:len(ids)]) not in seen_locals:
                seen_locals.add((key, state[:len(ids)]))
                alive_recorded = {name for name in alive_recorded if recorded_checks[name](ring)}
            for ch in ring.channels:
                for m in ch.contents:
                    message_key = (ch.index, tuple(m), key)
                    if message_key in seen_messages:
                        continue
                    seen_messages.add(message_key)
                    kind = m[0]
                    alive_messages = {name for name in alive_messages
                                      if not _reads(name, kind) or message_checks[name](ring, ch, m)}
        return ([c for c in process if c.name in alive_process] + [c for c in recorded if c.name in alive_recorded],
                [c for c, _ in messages if c.name in alive_messages])


def filtered(algorithm, atom_list, namespace, states, process, messages, recorded, ports) -> tuple[list, int]:
    """(the candidates worth giving z3, how many hold on every reachable state): a shaped
    candidate is judged on the atoms' masks (infer_masks.py), the others by Filter; of those
    that hold, the shaped ones that the reachable states cannot tell apart from another kept
    one are left out (infer_masks.worth_asking)."""
    asked, true, _ = filtered_and_held_back(algorithm, atom_list, namespace, states, process, messages, recorded, ports)
    return asked, true


def filtered_and_held_back(algorithm, atom_list, namespace, states, process, messages, recorded,
                           ports) -> tuple[list, int, list]:
    """``filtered``'s two, and the candidates held back because a decision atom is true of no
    reachable process (infer_masks.held_back_decisions): to give z3 too."""
    everything = [*process, *recorded, *(c for c, _ in messages)]
    shaped = [c for c in everything if c.shape]
    unshaped_process, unshaped_recorded = [c for c in process if not c.shape], [c for c in recorded if not c.shape]
    unshaped_messages = [(c, body) for c, body in messages if not c.shape]
    base = Filter(algorithm, atom_list, namespace)
    locals_read = {kind: sorted({c.shape[1] for c in shaped if c.shape[0] == kind}) for kind in ("held", "recorded")}
    observations = infer_masks.observe(algorithm, base.atom_functions, states, locals_read["held"], ports,
                                       locals_read["recorded"], {c.shape[1:3] for c in shaped if c.shape[0] == "message"})
    verdicts = infer_masks.Verdicts(observations, len(atom_list))
    true = [c for c in shaped if verdicts.holds(c.shape)]
    kept_process, kept_messages = [], []
    if unshaped_process or unshaped_recorded or unshaped_messages:  # a template infer_masks cannot read
        kept_process, kept_messages = base.run(states, unshaped_process, unshaped_messages, namespace,
                                               unshaped_recorded)
    representative = infer_masks.representatives(observations, len(atom_list))
    never, always = infer_masks.constant_atoms(observations, len(atom_list))
    asked = infer_masks.strongest([c for c in true if infer_masks.worth_asking(c.shape, representative, never, always)],
                                  observations)
    decisions = {k for k, a in enumerate(atom_list) if a.source in DECISION_ATOMS}
    held_back = infer_masks.strongest([c for c in true if infer_masks.held_back_decisions(
        c.shape, representative, never, always, decisions)], observations)
    return asked + kept_process + kept_messages, len(true) + len(kept_process) + len(kept_messages), held_back


def _reads(name: str, kind: str) -> bool:
    """Whether a message candidate quantifies over messages of this kind (its name starts with it)."""
    return name.startswith(kind.lower() + "_")


# -- Houdini and minimising with z3 -------------------------------------------------------------


def checked_steps(algorithm, transitions: dict) -> dict:
    """The command instances Houdini and the minimiser check consecution on: process 0's only,
    on a ring whose rotations are plain (no port labelling; specs.invariants.symmetry_for).

    The fixed-n encoding's ids are any permutation of 1..n and its locals and channels any
    values, so rotating the ring maps its states onto themselves and process k's steps onto
    process 0's; every template reads positions only through ``path_from``, ``inbox``,
    ``channels_from`` and comparisons of two positions, so a candidate is true of a state iff
    it is of every rotation, and process 0's steps preserve it iff every process's do. Should a
    candidate not be, nothing is proved wrongly: the written file is proved by ``--prove`` over
    every process's steps (n times as many queries, which is what this saves the search)."""
    if not _rotations_are_plain(algorithm):
        return dict(transitions)
    return {key: t for key, t in transitions.items() if key[0] == 0}


def _rotations_are_plain(algorithm) -> bool:
    """Rotating the ring maps the algorithm's arrangements, states and steps onto themselves (no
    port labelling is the adversary's): what ``checked_steps`` and ``one_per_rotation`` rest on."""
    topology = algorithm.topology
    return not topology.port_labellings and topology.rotation_symmetric


def one_per_rotation(algorithm, states):
    """The states of the arrangements whose smallest id is at position 0, on a ring whose
    rotations are plain: every other arrangement's reachable states are their rotations, and a
    template is true of a state iff of its rotations (``checked_steps``), so the order
    templates' filter, which evaluates each of them state by state, need read no more. A
    filter only ever drops candidates: reading fewer states can leave z3 more to judge, never
    make a proof."""
    if not _rotations_are_plain(algorithm):
        return states
    return [(ids, state) for ids, state in states if ids[0] == min(ids)]


class Weakening:
    """The candidates' obligations on one Prover (built once, for all of them)."""

    def __init__(self, algorithm, n: int, candidates: list[Candidate], namespace: dict, timeout: float,
                 every_process: bool = False):
        conjuncts = {c.name: Conjunct(c.name, compiled(c.source, "s", namespace), c.doc) for c in candidates}
        self.invariant = type("Candidates", (Invariant,), conjuncts, algorithm=algorithm)
        self.prover = Prover(algorithm, n, self.invariant, timeout)
        self.names = [c.name for c in self.invariant.conjuncts]
        self.before = dict(zip(self.names, self.prover.holds_before))
        self.timeout_ms = max(1, int(timeout * 1000))
        self.queries = 0
        self._flags: dict = {}
        self._cores: dict = {}
        # every process's steps where a candidate may not be rotation-invariant (a partial
        # invariant's, infer_seed.Seed.rotation_invariant)
        self.steps = dict(self.prover.transitions) if every_process else checked_steps(algorithm, self.prover.transitions)

    def _solver(self, quick: bool) -> z3.Solver:
        solver = z3.Solver()
        if quick:
            solver.set("auto_config", False)
            solver.set("smt.mbqi", False)
        solver.set("timeout", self.timeout_ms)
        solver.add(self.prover.arrangement)
        return solver

    def initial(self, alive: list[str]) -> list[str]:
        """The candidates that hold in every initial state, less those that hold in every
        well-typed state (they say nothing)."""
        kept = []
        typed = self.before["well_typed"]
        for name in alive:
            c = self.invariant.conjunct(name)
            if name != "well_typed" and self._valid([typed], self.before[name], quick_only=True):
                continue
            if self._valid([], self.prover.evaluate(c, self.prover.initial)):
                kept.append(name)
        return kept

    def _valid(self, premises, goal, quick_only: bool = False) -> bool:
        for quick in (True,) if quick_only else (True, False):
            solver = self._solver(quick)
            solver.add(*premises, z3.Not(goal))
            self.queries += 1
            answer = solver.check()
            if answer == z3.unsat:
                return True
            if answer == z3.sat:
                return False
        return False  # undecided: not kept (weakening is always safe)

    def core(self, alive: list[str], goal, extra=()) -> list[str] | None:
        """A subset of ``alive`` that with ``extra`` implies ``goal`` (an unsat core), or None."""
        for quick in (True, False):
            solver = self._solver(quick)
            solver.add(*extra, z3.Not(goal))
            flags = {self._tracked(name)[0]: name for name in alive}
            solver.add(*(self._tracked(name)[1] for name in alive))
            self.queries += 1
            if solver.check(*flags) == z3.unsat:
                return [flags[f] for f in solver.unsat_core() if f in flags]
        return None

    def _tracked(self, name: str):
        """(the flag that assumes candidate ``name`` in ``core``, flag implies the candidate), built once."""
        tracked = self._flags.get(name)
        if tracked is None:
            flag = z3.Bool(f"use_{name}")
            tracked = self._flags[name] = flag, z3.Implies(flag, self.before[name])
        return tracked

    def refutation(self, alive: list[str], missing: str):
        """z3's state that satisfies every candidate of ``alive`` and breaks the safety property
        ``missing``, as a failed obligation of an invariant of those candidates (for cti.py), or
        None if z3 no longer finds one within the timeout."""
        from .fixed_n import SAFETY, Failure, Obligation

        solver = self._solver(quick=False)
        solver.add(*(self.before[name] for name in alive))
        solver.add(z3.Not(self.prover.evaluate(self.prover.safety[missing], self.prover.before)))
        if solver.check() != z3.sat:
            return None, None
        kept = {c.name: c for c in self.invariant.conjuncts if c.name in alive}
        candidates = type("CandidatesLeft", (Invariant,), kept, algorithm=self.prover.algorithm)
        return Failure(Obligation(SAFETY, missing), self.prover.ring, solver, self.prover.before, None), candidates

    def inductive_core(self, alive: list[str]) -> tuple[list[str], str | None]:
        """Houdini, lazily: an inductive subset of ``alive`` that implies safety, built from the
        unsat cores of the safety obligations and, in turn, of its members' consecution
        obligations (each assuming every candidate still alive). A member some step does not
        preserve, assuming all of them, is dropped from ``alive`` (Houdini's step), and the
        cores are taken again. Returns (the subset, None), or (the candidates left, the safety
        property they do not imply)."""
        alive = list(alive)
        # (conjunct, command instance) -> an unsat core, valid while its members are alive: kept
        # from one call to the next (minimise calls this once per conjunct)
        cores = self._cores
        while True:
            if "well_typed" not in alive:
                return alive, "well_typed"
            wanted = {"well_typed"}
            for name, c in self.prover.safety.items():
                core = self.core(alive, self.prover.evaluate(c, self.prover.before))
                if core is None:
                    return alive, name
                wanted |= set(core)
            stable = self._stability_cores(alive, cores)
            if stable is None:
                return alive, STABILITY
            wanted |= stable
            dropped = self._close(alive, wanted, cores)
            if dropped is None:
                return [name for name in alive if name in wanted], None
            alive.remove(dropped)

    def _stability_cores(self, alive: list[str], cores: dict) -> set | None:
        """The candidates the stability of every step needs (the union of unsat cores, each
        step's assuming its guard), or None if some step changes a decision under all of ``alive``."""
        needed = set()
        for key, transition in self.steps.items():
            core = cores.get((STABILITY, key))
            if core is None or not set(core) <= set(alive):
                core = cores[(STABILITY, key)] = self.core(alive, self.prover.kept_decision(key), [transition.guard])
            if core is None:
                return None
            needed |= set(core)
        return needed

    def _close(self, alive: list[str], wanted: set, cores: dict) -> str | None:
        """Add to ``wanted`` the cores of its members' consecution obligations; the first member
        not preserved assuming all of ``alive``, or None once ``wanted`` is inductive."""
        queue = sorted(wanted, key=alive.index)
        while queue:
            name = queue.pop(0)
            for key, transition in self.steps.items():
                goal = self.prover.goal(self.invariant.conjunct(name), key)
                if goal.eq(self.before[name]):
                    continue
                core = cores.get((name, key))
                if core is None or not set(core) <= set(alive):
                    # what is wanted already is often enough, and a small query is a fast one
                    core = self.core([a for a in alive if a in wanted], goal, [transition.guard])
                    if core is None:
                        core = self.core(alive, goal, [transition.guard])
                    cores[(name, key)] = core
                if core is None:
                    return name
                for other in core:
                    if other not in wanted:
                        wanted.add(other)
                        queue.append(other)
        return None

    def minimise(self, inductive: list[str]) -> list[str]:
        """Drop each conjunct (the longest first) without which an inductive subset of the rest
        still implies safety."""
        return minimised(inductive, self.inductive_core, lambda name: self.invariant.conjunct(name).doc)


def minimised(inductive: list[str], inductive_core, doc_of) -> list[str]:
    """The greedy minimiser: each conjunct, the longest description first, is dropped when
    ``inductive_core`` of the rest finds an inductive subset that still implies safety."""
    kept = list(inductive)
    for name in sorted(inductive, key=lambda x: -len(doc_of(x))):
        if name == "well_typed" or name not in kept:
            continue
        trial, missing = inductive_core([k for k in kept if k != name])
        if missing is None:
            kept = trial
    return kept


# -- the whole inference ---------------------------------------------------------------------------


@dataclass
class Inference:
    algorithm: type
    n: int
    candidates: int = 0
    states: int = 0
    complete: bool = True
    after_filter: int = 0
    asked: int = 0  # of those, the ones given to z3 (infer_masks.worth_asking and strongest)
    inductive: int = 0
    conjuncts: list[Candidate] | None = None
    namespace: dict | None = None
    seconds: float = 0.0
    queries: int = 0
    partial: type | None = None  # the partial invariant it started from (infer_seed.Seed), if any
    seeds_false: tuple[str, ...] = ()  # its conjuncts false on a reachable state, dropped

    def invariant_class(self) -> type[Invariant]:
        """The conjuncts found, as an Invariant class (what the written file defines)."""
        conjuncts = {c.name: Conjunct(c.name, compiled(c.source, "s", self.namespace), c.doc) for c in self.conjuncts}
        return type(f"{self.algorithm.__name__}InferredInvariant", (Invariant,), conjuncts, algorithm=self.algorithm)


def template_candidates(algorithm, atom_list: list[Atom], ports, message_types) -> tuple[list, list, list]:
    """The templates' candidates but the order ones: (over processes, over recorded ids, over
    messages as (candidate, body))."""
    process = (process_candidates(atom_list) + uniform_candidates(atom_list) + extreme_id_candidates(atom_list)
               + held_id_candidates(algorithm, atom_list, ports))
    messages = message_candidates(message_types, atom_list) + beaten_candidates(algorithm, message_types)
    return process, recorded_id_candidates(algorithm, atom_list), messages


def infer(algorithm, n: int, timeout: float = QUERY_TIMEOUT, progress=None, seed=None) -> Inference:
    """An inductive invariant of ``algorithm`` at ring size n that implies the safety
    properties; ``InferenceFailed`` naming the property no inductive subset implies. ``seed``
    (an infer_seed.Seed) adds a partial invariant's conjuncts to the candidates."""
    started = time.perf_counter()
    say = progress or (lambda text: None)
    topology = algorithm.topology(n)
    from models.reading.symbolic_ring import SymbolicRing

    message_types = SymbolicRing(algorithm, n).messages.types
    atom_list = atoms(algorithm, topology.ports)
    namespace = namespace_of(algorithm, message_types)
    if seed is not None:
        namespace = seed.namespace(namespace)
    process, recorded, messages = template_candidates(algorithm, atom_list, topology.ports, message_types)
    result = Inference(algorithm, n, candidates=len(process) + len(recorded) + len(messages), namespace=namespace)
    say(f"{result.candidates} candidates; exploring reachable states")
    states, result.complete = reachable_states(algorithm, n)
    result.states = len(states)
    refuse_a_safety_property_violated(algorithm, n, [states])
    say(f"filtering on {len(states)} reachable states")
    survivors, result.after_filter, held_back = filtered_and_held_back(
        algorithm, atom_list, namespace, states, process, messages, recorded, topology.ports)
    # nobody decides on any reachable state (else nothing is held back): "no leader" is asked, but
    # may hold for a reason the templates cannot say; what it implies about leaders is asked too
    survivors += held_back
    every_process = False
    if seed is not None:  # the partial invariant's conjuncts, those true on every reachable state
        seeds, false = seed.true_on(algorithm, states, namespace)
        names = {c.name for c in seed.candidates}
        survivors = [c for c in survivors if c.name not in names] + seeds
        result.partial, result.seeds_false = seed.partial, tuple(false)
        result.candidates += len(names)
        result.after_filter += len(seeds)
        every_process = not seed.rotation_invariant
    result.asked = len(survivors)
    say(f"{result.after_filter} candidates hold on every reachable state, {result.asked} of them say something "
        "the others do not there; weakening with z3")
    weakening = Weakening(algorithm, n, survivors, namespace, timeout, every_process)
    inductive, missing = weakened(weakening)
    if missing is not None:
        # the order templates, for the fields that name a process on every reachable state, only
        # when the others do not suffice: quantified over the channels' sequences, they make every
        # query slower (franklin and hs-lecture took three times the CPU with them)
        order = order_candidates(algorithm, id_fields(message_types, states), atom_list,
                                 left_initial_atom(algorithm, topology.ports))
        kept_order = filter_state_candidates(algorithm, one_per_rotation(algorithm, states), order, namespace)
        if kept_order:
            result.candidates += len(order)
            result.after_filter += len(kept_order)
            survivors += kept_order
            result.asked = len(survivors)
            say(f"no inductive subset implies {missing}; again with {len(kept_order)} of the {len(order)} candidates "
                "over message order")
            weakening = Weakening(algorithm, n, survivors, namespace, timeout, every_process)
            inductive, missing = weakened(weakening)
    result.inductive = len(inductive)
    if missing is not None:
        result.seconds = time.perf_counter() - started
        raise InferenceFailed(
            f"{algorithm.name} at n = {n}: no inductive subset of the {result.asked} candidates given to z3 (of the "
            f"{result.after_filter} true on every reachable state) implies {missing} ({len(inductive)} left after "
            "weakening); no invariant written" + (
                f"; the partial invariant's {', '.join(result.seeds_false)} false on a reachable state, so dropped"
                if result.seeds_false else ""),
            missing, *shown_failure(weakening, inductive, missing))
    say(f"{len(inductive)} candidates are inductive and imply safety; minimising")
    return minimised_into(result, weakening, inductive, survivors, started)


def refuse_a_safety_property_violated(algorithm, n: int, states_per_ring, rings=None) -> None:
    """``InferenceFailed`` if a safety property is false on a reachable state (of ``rings``,
    each with its states; ``algorithm``'s own ring by default): every candidate is true on every
    reachable state, so no subset of them can imply it, and asking z3 would only take its time.
    The property is the first in Houdini's order (fixed_n.safety_conjuncts) false on one. The
    properties read decisions, which read the ids and locals only: each distinct pair is judged
    once (most states differ in their channels alone)."""
    properties = safety_conjuncts(algorithm)
    false: dict[str, tuple] = {}
    for ring, states in zip(rings or [algorithm], states_per_ring):
        judged = set()
        for ids, state in states:
            if len(false) == len(properties):
                break
            key = (ids, state[:len(ids)])
            if key in judged:
                continue
            judged.add(key)
            s = RingState.of_state(ring, ids, state)
            for c in properties:
                if c.name not in false and not c(s):
                    false[c.name] = ids
    for c in properties:
        if c.name in false:
            raise InferenceFailed(
                f"{algorithm.name} at n = {n}: {c.name} is false on a reachable state (ids "
                f"{', '.join(map(str, false[c.name]))}), so no invariant implies {c.name}; nothing given to z3, "
                "no invariant written", c.name)


def weakened(weakening) -> tuple[list[str], str | None]:
    """Houdini from every candidate of ``weakening`` (one ring's, or every labelling's): the
    inductive core and the safety property it does not imply (None when it implies them all)."""
    return weakening.inductive_core(weakening.initial(weakening.names))


def shown_failure(weakening, inductive: list[str], missing: str) -> tuple:
    """(the state z3 finds closest to a real execution where ``missing`` fails, the candidates
    it breaks), or (None, None) for well_typed and stability: a step that changes a decision is
    not shown, the explorer's trace says more."""
    if missing in ("well_typed", STABILITY):
        return None, None
    return weakening.refutation(inductive, missing)


def minimised_into(result: Inference, weakening, inductive: list[str], survivors: list[Candidate],
                   started: float) -> Inference:
    """``result`` with the conjuncts the minimiser keeps of ``inductive``, its queries and time."""
    kept = weakening.minimise(inductive)
    by_name = {c.name: c for c in survivors}
    result.conjuncts = [by_name[name] for name in kept if name != "well_typed"]
    result.queries = weakening.queries
    result.seconds = time.perf_counter() - started
    return result


# -- the written file ------------------------------------------------------------------------------


def _imports(inference: Inference) -> list[str]:
    text = " ".join(c.source for c in inference.conjuncts)
    used = sorted(name for name in inference.namespace if re.search(rf"\b{name}\b", text))
    by_module: dict[str, list[str]] = {}
    algorithm = inference.algorithm
    by_module.setdefault(algorithm.__module__, []).append(algorithm.__name__)
    for name in used:
        value = inference.namespace[name]
        module = ("specs.invariants" if name in ("ForAll", "Exists") else
                  "models" if not isinstance(value, type) or name in ("And", "Or", "Not", "Implies") else value.__module__)
        by_module.setdefault(module, []).append(name)
    by_module.setdefault("specs.invariants", []).extend(["Invariant", "conjunct"])
    return [f"from {module} import {', '.join(sorted(set(names)))}" for module, names in sorted(by_module.items())]


def _wrapped(source: str, indent: str, width: int = 112) -> str:
    """The body split after commas where a line grows too long (the style of specs/)."""
    lines, line = [], ""
    for piece in re.split(r"(?<=, )", source):
        if line and len(indent) + len(line) + len(piece) > width:
            lines.append(line.rstrip())
            line = ""
        line += piece
    lines.append(line)
    return ("\n" + indent + "    ").join(lines)


def invariant_source(inference: Inference, command: str) -> str:
    algorithm, n = inference.algorithm, inference.n
    class_name = f"{algorithm.__name__}InferredInvariant"
    summary = textwrap.fill(
        f"Found by `{command}`: {inference.candidates} candidate conjuncts from templates over the algorithm's "
        f"locals, decision functions and messages; {inference.after_filter} of them hold on every one of the "
        f"{inference.states} reachable states at n = {n}{'' if inference.complete else ' explored'}, and z3 weakened "
        f"the {inference.asked} of those that the states tell apart (Houdini) to an inductive core of "
        f"{inference.inductive} that implies the safety properties, and minimised it to the "
        f"{len(inference.conjuncts)} conjuncts below (with well_typed). It is about n = {n} only: "
        f"`check {algorithm.name} --n {n} --prove --invariant THIS_FILE` proves it.", width=96)
    partial = inference.partial
    if partial is not None:
        summary += "\n\n" + textwrap.fill(
            f"Started from the partial invariant {partial.__module__}.{partial.__name__} (`--invariant`): its "
            f"{len(partial.conjuncts) - 1} conjuncts are among the candidates, and those kept call it by name"
            + (f"; false on a reachable state, so dropped: {', '.join(inference.seeds_false)}" if inference.seeds_false
               else "") + ".", width=96)
    header = (f'"""An inductive invariant of {algorithm.name} for rings of {n}, inferred (checker/prove/infer.py).\n\n'
              f'{summary}\n"""\n')
    lines = [header, "from __future__ import annotations", "", *_imports(inference), "", "",
             f"class {class_name}(Invariant, algorithm={algorithm.__name__}):",
             "    symmetric = True  # positions are read only through path_from and position comparisons"
             if partial is None else
             "    symmetric = True  # as the templates and the partial invariant it started from declare"
             if partial.symmetric else
             "    symmetric = False  # the partial invariant it started from does not say it is"]
    for c in inference.conjuncts:
        lines += ["", "    @conjunct", f"    def {c.name}(s):", f'        """{c.doc}"""',
                  f"        return {_wrapped(c.source, '        ')}"]
    return "\n".join(lines) + "\n"
