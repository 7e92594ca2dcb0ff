"""The z3 argument that an algorithm's mirror image is the algorithm itself, at one ring size.

What is proved. The mirror map swaps the two ports (CW and CCW, or LEFT and RIGHT) everywhere:
the arrival port of a reception, the ports of its sends, and the two slots of every PerPort
local (``replied[CW]`` and ``replied[CCW]``). Locals, ids and messages hold no ports, and a
PerPort local starts with the same value on both ports, so the initial state is its own
image. A command sees only its own process, so it is enough that at every local context
(locals, id, and for a reception the message and its arrival port q) the outcomes of the
commands enabled there, mapped by the mirror, are the outcomes of the commands enabled at the
mirrored context (on the other port), and that the decision functions (is_leader, decided,
leader_id, candidate) read the same at both. Then reading the ring the other way round (or
swapping the labels of one process on the unoriented ring) maps every state and transition of
one state graph to one of the other, with the same observations, messages and terminal
states: both have the same verdicts, since the specification treats processes alike.

How. Every command instance (command, arrival port) is read with z3 (models.reading.symbolic
``execute``: guard, new locals, sends, over constants for the locals, the id and the
message's fields; n is concrete, so the proof is for this n). For each instance (c, q) one
query asks for a context where c is enabled on q but no instance (c', mirror(q)) that accepts
the same message type is enabled at the mirrored context with c's outcome mirrored: every new
local equal to c's new value of its mirror slot, and on each port the sends of c on the
mirrored port, in order, of the same types with equal fields (sends on different ports go to
different channels, so only the order within a port matters). No such context, for every
instance on both ports, means the outcome sets are mirror images of each other; and since
the check covers both ports, a message that no command accepts at a context is accepted by
none at the mirrored one either, so even the unmatched receptions correspond. The query
allows a different counterpart at different contexts, so a subclass whose commands split the
contexts differently on the two ports is still proved; it compares outcome sets, not
multiplicities, which is all a state graph has (an instance whose mirrored reading is, term
for term, a counterpart's needs no query: most commands, written with port and
opposite(port)). The values range over whole sorts (every
integer, not only the declared domains), which is stronger than needed and so sound whatever
a body stores. An instance the symbolic reading refuses, a query z3 cannot decide, or a ring
whose ports are not a swappable pair, means "not proved", never "proved".

checker/trust/symmetry.py decides when this proof is asked for and what a run may use.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import z3

from models import CCW, CW, LEFT, RIGHT, SYNCHRONOUS, AlgorithmError
from models.dsl.algorithm import Algorithm, Command
from models.reading.symbolic import SymbolicProcess, SymbolicStep, execute, read_decisions, symbolic_message
from models.topology.ring import Topology
from models.dsl.values import render

_MIRROR = {CW: CCW, CCW: CW, LEFT: RIGHT, RIGHT: LEFT}
_TIMEOUT_MS = 20_000  # per query; the built-ins' queries take milliseconds


@dataclass(frozen=True)
class _Reading:
    command: Command
    port: str | None
    step: SymbolicStep  # over the context's constants
    at_image: SymbolicStep  # the same, at the mirrored context (PerPort constants swapped)
    sends: dict  # step's sends by port (``_sends_by_port``)
    image_sends: dict  # at_image's


class _NotProved(Exception):
    """Raised with the one-line reason as soon as a part of the proof fails."""


def prove(algorithm: type[Algorithm], n: int) -> tuple[bool, str]:
    """(proved, one line: what was proved, or the command instance and a context where the images differ)."""
    try:
        return True, _prove(algorithm, n)
    except _NotProved as failure:
        return False, str(failure)
    except z3.Z3Exception as error:  # terms z3 cannot compare: not proved, never a traceback
        return False, f"z3 cannot compare the readings: {error}"


def _prove(algorithm: type[Algorithm], n: int) -> str:
    topology = algorithm.topology(n)
    mirror = _port_mirror(topology)
    process = SymbolicProcess(algorithm, n)
    slot_image, swap = _slot_mirror(process, mirror)
    readings = _read_commands(algorithm, n, process, swap)
    for reading in readings:
        _prove_counterpart(reading, readings, mirror, slot_image, process)
    _prove_decisions(algorithm, process, swap)
    instances = len(readings)
    rounds = ""
    if algorithm.timing == SYNCHRONOUS:
        _prove_deliveries_commute(readings, process)
        rounds = ", and a round's outcome does not depend on which port it reads first"
    return (f"each of the {instances} command instances has its mirror image among the others and the "
            f"decision functions read both ports alike{rounds} (n = {n})")


def _port_mirror(topology: Topology) -> dict[str, str]:
    """The port swap, if the ring's two ports are a pair that a process both sends and receives on."""
    ports = set(topology.ports)
    mirror = {port: _MIRROR[port] for port in ports if port in _MIRROR}
    if len(ports) != 2 or set(mirror) != ports or set(mirror.values()) != ports:
        raise _NotProved(f"the {topology.kind}'s ports ({', '.join(topology.ports)}) are not a pair to swap")
    for process in range(topology.n):
        for ports_there in (topology.in_ports(process), topology.out_ports(process)):
            if {mirror[port] for port in ports_there} != set(ports_there):
                raise _NotProved(f"on the {topology.kind} of {topology.n} a process does not send or receive on both ports")
    return mirror


class _Swap:
    """The z3 substitution that exchanges the two slots of every PerPort local."""

    def __init__(self, pairs):
        self.pairs = pairs
        self.constants = {x.get_id(): y for x, y in pairs}

    def __call__(self, term):
        if not self.pairs:
            return term
        if z3.is_const(term):  # a local left as it was, or a value: no need to walk a term
            return self.constants.get(term.get_id(), term)
        return z3.substitute(term, *self.pairs)


def _slot_mirror(process: SymbolicProcess, mirror: dict[str, str]):
    """slot k -> the slot it swaps with (itself unless PerPort), and the z3 substitution doing that."""
    where = {(name, port): k for k, (name, port, _) in enumerate(process.layout.slots)}
    image = [k if port is None else where[(name, mirror[port])] for k, (name, port, _) in enumerate(process.layout.slots)]
    return image, _Swap([(process.locals[k], process.locals[j]) for k, j in enumerate(image) if j != k])


def _read_commands(algorithm, n: int, process: SymbolicProcess, swap) -> list[_Reading]:
    """Every command instance read symbolically, over one set of constants (shared message fields)."""
    messages = {}
    readings = []
    for command in algorithm.commands:
        ports = [q for q in process.in_ports if command.enabled_on(q)] if command.kind == "receive" else [None]
        for port in ports:
            message = None
            if command.kind == "receive":
                message = messages.setdefault(command.message.__name__, symbolic_message(command.message))
            try:
                step = execute(algorithm, command, n, port, process=process, message=message)
            except Exception as error:  # noqa: BLE001 -- any construct the reading cannot take: not proved
                what = str(error) if isinstance(error, AlgorithmError) else f"{type(error).__name__}: {error}"
                raise _NotProved(f"the symbolic reading of {command.name} (line {command.line}) fails: {what}") from None
            at_image = SymbolicStep(
                swap(step.guard), tuple(swap(x) for x in step.locals),
                tuple((q, t, tuple(swap(x) for x in fields)) for q, t, fields in step.sends), process, message,
                None if step.awaited is None else swap(step.awaited),
            )
            readings.append(_Reading(command, port, step, at_image, _sends_by_port(step), _sends_by_port(at_image)))
    return readings


def _sends_by_port(step: SymbolicStep) -> dict[str, list]:
    """port -> [(what identifies the message's shape: type name and field sorts, its fields)], in order."""
    by_port: dict[str, list] = {}
    for port, message_type, fields in step.sends:
        shape = (message_type.__name__, tuple(x.sort_kind() for x in fields))
        by_port.setdefault(port, []).append((shape, fields))
    return by_port


def _effects_to_match(reading: _Reading, other: _Reading, mirror, slot_image):
    """The pairs (``other``'s term at the mirrored context, ``reading``'s term) that must be equal
    for ``other`` to do what ``reading`` does with the ports swapped: every new local (slots
    exchanged) and every sent field; None if their sends differ in ports, order or types."""
    mine, theirs = reading.sends, other.image_sends
    if {mirror[port]: [shape for shape, _ in sends] for port, sends in mine.items()} != {
            port: [shape for shape, _ in sends] for port, sends in theirs.items()}:
        return None
    pairs = [(value, reading.step.locals[slot_image[k]]) for k, value in enumerate(other.at_image.locals)]
    for port, sends in mine.items():
        for (_, fields), (_, image_fields) in zip(sends, theirs[mirror[port]]):
            pairs.extend(zip(image_fields, fields))
    if reading.step.awaited is not None:  # a timeout that waits for a process: for the same one
        pairs.append((other.at_image.awaited, reading.step.awaited))
    return pairs


def _same_kind(reading: _Reading, other: _Reading) -> bool:
    """Can ``other`` be ``reading``'s counterpart? A reception of the same message type; a
    spontaneous command; or a timeout of the same rank (which of the enabled timeouts may fire
    first) that waits for a process exactly when ``reading``'s does."""
    command, theirs = reading.command, other.command
    if theirs.kind != command.kind:
        return False
    if command.kind == "receive":
        return theirs.message.__name__ == command.message.__name__
    if command.kind == "timeout":
        return theirs.rank == command.rank and (theirs.waits_for is None) == (command.waits_for is None)
    return True


def _prove_counterpart(reading: _Reading, readings, mirror, slot_image, process: SymbolicProcess):
    command = reading.command
    image_port = mirror[reading.port] if reading.port is not None else None
    candidates = [other for other in readings if other.port == image_port and _same_kind(reading, other)]
    matches = [(other, pairs) for other in candidates
               if (pairs := _effects_to_match(reading, other, mirror, slot_image)) is not None]
    if any(other.at_image.guard.eq(reading.step.guard) and all(a.eq(b) for a, b in pairs) for other, pairs in matches):
        return  # the same terms: most commands, written with port and opposite(port), need no solver
    images = [z3.And(other.at_image.guard, *(a == b for a, b in pairs)) for other, pairs in matches]
    query = z3.And(reading.step.guard, z3.Not(z3.Or(*images)) if images else z3.BoolVal(True))
    # the witness shows what the guards read: where the effects differ, they differ for every value of the rest
    guards = [reading.step.guard, *(other.at_image.guard for other in candidates)]
    outcome, witness = _solve(query, process, _messages(reading.step.message), z3.And(*guards))
    if outcome == z3.unsat:
        return
    where = f"{command.name} (line {command.line})" + (f" on {reading.port}" if reading.port else "")
    there = f" on {image_port}" if image_port else ""
    if command.kind == "timeout":  # what else a counterpart must share: when it may fire
        there += f" among the timeouts of rank {command.rank}" + (
            " that wait for a process" if command.waits_for is not None else " that fire when nothing else can")
    if outcome == z3.unknown:
        raise _NotProved(f"z3 could not decide whether {where} has a counterpart{there} ({witness})")
    raise _NotProved(f"{where} has no counterpart{there} (when {witness})")


@dataclass(frozen=True)
class _Effect:
    """What receiving one message does at a process: the guard under which it happens, the
    locals after it and what it sends ((port, type, fields), in order), over the context's
    constants; ``name`` says which command (or that none accepts the message)."""

    name: str
    guard: z3.BoolRef
    locals: tuple
    sends: tuple


def _prove_deliveries_commute(readings, process: SymbolicProcess):
    """A synchronous round delivers a process's messages port by port in a fixed order, CW's
    before CCW's (models/systems/rounds.py), and the mirror image of the ring delivers the mirrored
    messages in the other order. So the reflection quotient also needs a round's outcome not to
    depend on that order: for any two messages on different ports, receiving one and then the
    other has the same possible outcomes (locals, and what is sent on each port, in order) as
    the other way round. Then the deliveries of two whole channels commute too, one message at
    a time, and the mirror image's round is the round mirrored. Proved for every pair of
    message types the commands receive (a type no command receives is consumed with no effect,
    which commutes with anything), with a second message of fresh constants ``m2``."""
    receiving: dict = {}
    for reading in readings:
        if reading.command.kind == "receive":
            receiving.setdefault(reading.command.message, {}).setdefault(reading.port, []).append(reading)
    seconds = {message_type: symbolic_message(message_type, "m2") for message_type in receiving}
    for first, second in itertools.permutations(process.in_ports, 2):
        for first_type, second_type in itertools.product(receiving, repeat=2):
            one = _receptions(receiving[first_type].get(first, []), process, first_type, None)
            two = _receptions(receiving[second_type].get(second, []), process, second_type, seconds[second_type])
            other_orders = [_then(b, a, process) for b in two for a in one]
            for a in one:
                for b in two:
                    path = _then(a, b, process)
                    images = [z3.And(other.guard, *pairs) for other in other_orders
                              if (pairs := _same_outcome(path, other)) is not None]
                    query = z3.And(path.guard, z3.Not(z3.Or(*images)) if images else z3.BoolVal(True))
                    messages = (_first_message(receiving[first_type]), seconds[second_type])
                    outcome, witness = _solve(query, process, messages, query)
                    if outcome == z3.unsat:
                        continue
                    order = (f"in a synchronous round, {first_type.__name__} on {first} ({a.name}) then "
                             f"{second_type.__name__} on {second} ({b.name})")
                    if outcome == z3.unknown:
                        raise _NotProved(f"z3 could not decide whether {order} does what the other order does, "
                                         f"which the mirror image's round takes ({witness})")
                    raise _NotProved(f"{order} does what no command does in the other order, which the mirror "
                                     f"image's round takes (when {witness}; the second message is m2)")


def _first_message(by_port: dict):
    """The symbolic message the readings of one message type share (``_read_commands``)."""
    return next(iter(by_port.values()))[0].step.message


def _receptions(readings, process: SymbolicProcess, message_type, renamed) -> list[_Effect]:
    """The effects of receiving a message of ``message_type`` on one port: one per command
    receiving it there, and the unmatched reception (no guard holds: consumed, nothing else);
    with the message's fields renamed to those of ``renamed``, if given."""
    rename = [] if renamed is None or not readings else list(zip(readings[0].step.message[1:], renamed[1:]))

    def term(x):
        return z3.substitute(x, *rename) if rename else x

    effects = [_Effect(r.command.name, term(r.step.guard), tuple(term(x) for x in r.step.locals),
                       tuple((q, t, tuple(term(x) for x in fields)) for q, t, fields in r.step.sends))
               for r in readings]
    none_accepts = z3.Not(z3.Or(*(effect.guard for effect in effects))) if effects else z3.BoolVal(True)
    return effects + [_Effect("unmatched", none_accepts, process.locals, ())]


def _then(first: _Effect, second: _Effect, process: SymbolicProcess) -> _Effect:
    """``first``, then ``second`` at the locals ``first`` leaves."""
    after = list(zip(process.locals, first.locals))

    def term(x):
        return z3.substitute(x, *after) if after else x

    return _Effect(f"{first.name}, {second.name}", z3.And(first.guard, term(second.guard)),
                   tuple(term(x) for x in second.locals),
                   first.sends + tuple((q, t, tuple(term(x) for x in fields)) for q, t, fields in second.sends))


def _same_outcome(one: _Effect, other: _Effect):
    """The equalities that make ``other``'s outcome ``one``'s (the same locals; on each port the
    same messages in the same order), or None if their sends differ in ports, order or types."""
    def by_port(effect):
        found: dict = {}
        for port, message_type, fields in effect.sends:
            found.setdefault(port, []).append((message_type.__name__, tuple(x.sort_kind() for x in fields), fields))
        return found

    mine, theirs = by_port(one), by_port(other)
    if {port: [shape[:2] for shape in sends] for port, sends in mine.items()} != {
            port: [shape[:2] for shape in sends] for port, sends in theirs.items()}:
        return None
    pairs = [a == b for a, b in zip(one.locals, other.locals)]
    for port, sends in mine.items():
        for (_, _, fields), (_, _, their_fields) in zip(sends, theirs[port]):
            pairs.extend(a == b for a, b in zip(fields, their_fields))
    return pairs


def _prove_decisions(algorithm, process: SymbolicProcess, swap):
    try:  # the reading checked against Python (checker/trust/readings.py), in models.reading.faithful's scope
        terms = read_decisions(algorithm, process.n, process)
    except Exception as error:  # noqa: BLE001 -- a decision function the reading cannot take: not proved
        raise _NotProved(f"a decision function cannot be read symbolically: {error}") from None
    for name, term in terms.items():
        if z3.is_true(term) or z3.is_false(term) or z3.is_int_value(term):
            continue  # a constant: the same at every context
        image = swap(term)
        if image.eq(term):
            continue  # reads no PerPort slot, or both alike, term for term
        query = term != image
        outcome, witness = _solve(query, process, (), query)
        if outcome == z3.unknown:
            raise _NotProved(f"z3 could not decide whether {name} reads both ports alike ({witness})")
        if outcome == z3.sat:
            raise _NotProved(f"{name} differs from its mirror image (when {witness})")


_SMALLEST_SEARCH = 64  # integers tried for a witness: 0, 1, -1, ..., 63, -63


def _messages(message) -> tuple:
    return () if message is None else (message,)


def _solve(query, process: SymbolicProcess, messages: tuple, shown):
    """(z3's answer, a witness for sat showing the constants of ``shown``, z3's reason for unknown);
    ``messages`` are the symbolic messages received."""
    for make in (z3.SimpleSolver, z3.Solver):  # the plain SMT core answers these small queries fastest
        solver = make()
        solver.set("timeout", _TIMEOUT_MS)
        solver.add(query)
        outcome = solver.check()
        if outcome != z3.unknown:
            break
    if outcome == z3.unknown:
        return outcome, solver.reason_unknown()
    if outcome == z3.unsat:
        return outcome, ""
    # a witness within the declared domains, with no negative message field, reads better, if there is one
    fields = [x >= 0 for message in messages for x in message[1:] if z3.is_int(x)]
    for preferred in ([process.domain(), *fields], [process.domain()]):
        solver.push()
        solver.add(*preferred)
        if solver.check() == z3.sat:
            break
        solver.pop()
    relevant = _constants(shown)
    return outcome, _render_witness(_smallest_model(solver, _named(process, messages), relevant), relevant, process,
                                    messages)


def _smallest_model(solver, named, relevant: set):
    """The model that gives each shown constant, in order, its smallest value (false before true;
    0, 1, -1, 2, -2, ... for integers): the same witness whatever z3 did before in this process."""
    for constant, _type, _name in named:
        if constant.get_id() not in relevant:
            continue
        values = (z3.BoolVal(False), z3.BoolVal(True)) if z3.is_bool(constant) else (
            z3.IntVal(k) for m in range(_SMALLEST_SEARCH) for k in ((m,) if m == 0 else (m, -m)))
        for value in values:
            solver.push()
            solver.add(constant == value)
            if solver.check() == z3.sat:
                break
            solver.pop()
        else:
            break  # no small value: keep z3's model for the rest
    solver.check()
    return solver.model()


def _named(process: SymbolicProcess, messages: tuple) -> list:
    """(constant, its type, how a witness names it): the process's id and locals, the messages'
    fields (by their constants' names: m.id, and m2.id for a second message)."""
    named = [(process.id, int, "p.id")]
    named += [(x, variable.type, f"p.{process.layout.slot_name(k)}")
              for k, (x, (_, _, variable)) in enumerate(zip(process.locals, process.layout.slots))]
    for message in messages:
        named += [(x, t, str(x)) for x, t in zip(message[1:], type(message).field_types)]
    return named


def _constants(term) -> set:
    found, seen, stack = set(), set(), [term]
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            found.add(t.get_id())
        stack.extend(t.children())
    return found


def _render_witness(model, relevant: set, process: SymbolicProcess, messages: tuple) -> str:
    shown = []
    for constant, value_type, name in _named(process, messages):
        if constant.get_id() not in relevant:
            continue
        value = model.eval(constant, model_completion=True)
        plain = z3.is_true(value) if z3.is_bool(value) else value.as_long()
        try:
            shown.append(f"{name} = {render(value_type, plain)}")
        except ValueError:  # a value outside an enum's members
            shown.append(f"{name} = {plain}")
    return ", ".join(shown) or "in every context"
