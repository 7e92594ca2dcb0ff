"""The transition relation of the all-n encoding, read from an algorithm's own commands.

Each command (per arrival port) is read once on z3 terms by ``models.reading.symbolic.reading`` (at
n = 3: the algorithm may not read n, so any size reads the same; it is the memoised reading
checker/trust/readings.py compares with Python, which the proof checks first), for a
process ``p`` that is any node of the ring: the guard becomes a hypothesis, the new locals
those of ``p`` in the state after (``AfterStep``), and each ``send(port, m)`` "add m to the
pending set of the neighbour the port leads to", which is read off the topology (NEXT and
CW lead to the next node, CCW to the previous one). A head message that no command accepts
is consumed without effect: one more step per message type and arrival port. Nothing here is
written per algorithm.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from models import Algorithm, AlgorithmError, BidirectionalRing, UnidirectionalRing
from models.reading.symbolic import SymbolicProcess, reading, symbolic_message

from .ghosts import GhostStep, ghost_step
from .ring_order import AfterStep, Node, RingState, is_next, message_types, node_id, prev


READ_AT = 3  # the ring size the commands are read at


class AllNUnsupported(AlgorithmError):
    """The algorithm cannot be put in the all-n encoding (a one-line reason, exit status 2)."""


@dataclass
class Transition:
    """One command instance of an arbitrary process ``p``, as hypotheses and the state after."""

    name: str
    hypotheses: list
    after: AfterStep
    message: tuple = ()  # the received message's field constants
    nonlinear: tuple = ()  # terms outside linear arithmetic, kept as they are
    guard: z3.BoolRef = z3.BoolVal(True)  # the command's guard alone (over p's locals and the message)
    spontaneous: bool = False
    unmatched: bool = False  # the reception of a message no command accepts

    @property
    def p(self):
        """The process taking the step."""
        return self.after.p


def _routes(algorithm: type[Algorithm]) -> dict[str, tuple[str, str]]:
    """out port -> ("next" or "previous", the port the message arrives on there)."""
    if not issubclass(algorithm.topology, (UnidirectionalRing, BidirectionalRing)):
        raise AllNUnsupported(f"{algorithm.name}: all-n proofs are for rings; its topology is {algorithm.topology.kind}")
    topology = algorithm.topology(3)
    routes = {}
    for port in topology.out_ports(0):
        channel = topology.channels[topology.out_channel(0, port)]
        routes[port] = ({1: "next", 2: "previous"}[channel.receiver], channel.in_port)
    return routes


def transition_name(command: str, port: str | None, in_ports) -> str:
    """A step's name in a proof: the command ("unmatched One" for a message no command accepts),
    with its arrival port where the process has more than one."""
    return command if port is None or len(in_ports) == 1 else f"{command}@{port}"


def transitions(algorithm: type[Algorithm], pre: RingState, p, exact: bool = False) -> list[Transition]:
    """Every command instance of process ``p`` (plus unmatched receptions), read from the commands.

    ``exact`` (termination proofs): a reception removes the message from the pending set (the
    caller must then prove that no channel ever holds two copies of a message, which makes
    the set the channel's contents), and the unmatched reception of a message is guarded by
    "no command accepts it", as in the semantics. Without it (safety proofs) a reception may or
    may not remove it and an unmatched reception may take any message: a coarser system. On a
    state that keeps its channels' order (``pre.fifo``, exact only), a reception takes the head.
    """
    if pre.fifo and not exact:
        raise ValueError("a channel's order (fifo) is read only in the exact encoding")
    if algorithm.knows_n:
        raise AllNUnsupported(
            f"{algorithm.name} reads the ring size p.n (it is non-uniform); the all-n encoding leaves n "
            "unbounded, so prove it for one n with --prove --n N")
    routes = _routes(algorithm)
    neighbours = {"next": z3.Const("next_of_p", Node), "previous": z3.Const("previous_of_p", Node)}
    # each a neighbour of p, and p the one before its next (``prev``, for invariants that read it)
    facts = {"next": z3.And(is_next(p, neighbours["next"]), prev(neighbours["next"]) == p),
             "previous": z3.And(is_next(neighbours["previous"], p), prev(p) == neighbours["previous"])}
    found = []

    def into_p(process: SymbolicProcess):
        """Terms over a reading's process constants, as terms over node p of the state before."""
        pairs = [(x, pre.local(p, k)) for k, x in enumerate(process.locals)] + [(process.id, node_id(p))]
        return lambda term: z3.substitute(term, *pairs)

    accepting = {}  # (message type, port) -> the guards of the commands that receive it there

    def add(name, guard, new_locals, sends, received, new_ghosts=None, **kind):
        hypotheses, added = [guard], []
        for out_port, message_type, fields in sends:
            where, in_port = routes[out_port]
            hypotheses.append(facts[where])
            added.append((message_type, in_port, neighbours[where], fields))
        consumed = None
        if received is not None:
            message_type, port, fields = received
            hypotheses.append(pre.pending_term(message_type, port, p, fields))
            if pre.fifo:  # FIFO: only the channel's head is received
                hypotheses.append(pre.nothing_ahead(p, message_type, port, fields))
            consumed = z3.BoolVal(True) if exact else z3.Bool(f"consumed_{len(found)}")
        terms = [guard, *new_locals, *(f for *_, fields in sends for f in fields)]
        found.append(Transition(name, hypotheses, AfterStep(pre, p, new_locals, added, received, consumed, new_ghosts),
                                received[2] if received else (), tuple(t for t in terms if _nonlinear(t)),
                                guard, **kind))

    for command in algorithm.commands:
        ports = [None] if command.kind == "spontaneous" else [q for q in pre.in_ports if command.enabled_on(q)]
        for port in ports:
            step = reading(algorithm, command, READ_AT, port)
            into = into_p(step.process)
            received = None if port is None else (command.message, port, tuple(step.message[1:]))
            sends = [(out_port, t, tuple(into(f) for f in fields)) for out_port, t, fields in step.sends]
            name = transition_name(command.name, port, pre.in_ports)
            guard = into(step.guard)
            if port is not None:
                accepting.setdefault((command.message, port), []).append((guard, tuple(step.message[1:])))
            new_ghosts = None
            if pre.ghosts is not None:  # the invariant's history variables, beside the algorithm's reading
                received, sends, new_ghosts = _with_ghosts(pre, p, command.name, received, sends)
            add(name, guard, [into(x) for x in step.locals], sends, received, new_ghosts, spontaneous=port is None)
    for message_type in message_types(algorithm):
        for port in pre.in_ports:
            message = symbolic_message(message_type, "m")
            name = transition_name(f"unmatched {message_type.__name__}", port, pre.in_ports)
            guard = z3.BoolVal(True)
            if exact:  # no command accepts it: each guard read on this message's fields
                guard = z3.And(*(z3.Not(z3.substitute(g, *zip(fields, message[1:])) if fields else g)
                                 for g, fields in accepting.get((message_type, port), [])))
            received, new_ghosts = (message_type, port, tuple(message[1:])), None
            if pre.ghosts is not None:  # the ghosts see this step too (a counter of receptions would)
                received, _, new_ghosts = _with_ghosts(pre, p, name, received, [])
            add(name, guard, [pre.local(p, k) for k in range(len(pre.locals))], [], received, new_ghosts,
                unmatched=True)
    return found


def _with_ghosts(pre: RingState, p, command: str, received, sends):
    """The received message with its ghost stamps, the sends with theirs, and p's ghost locals
    after the step, from the invariant's ``Ghosts`` (checked in checker/prove/ghosts.py: an Int term
    of the step's pre-state at p and of the received message, so the algorithm's reading, already
    made, is untouched and the update never blocks the step)."""
    allowed = [pre.local(p, k) for k in range(len(pre.locals))] + [node_id(p)]
    allowed += [pre.ghost_local(p, name) for name in pre.ghost_locals]
    message = stamp = None
    if received is not None:
        message_type, port, fields = received
        stamps = tuple(z3.Int(f"m_{name}") for name in pre.stamp_names(message_type))
        allowed += [*fields, *stamps]
        message = dict(zip(message_type.fields, fields))
        stamp = dict(zip(pre.stamp_names(message_type), stamps))
        received = (message_type, port, fields + stamps)
    ghost = GhostStep(command, pre.process(p), {name: pre.ghost_local(p, name) for name in pre.ghost_locals},
                      received[0] if received else None, message, stamp)
    new_ghosts, stamps = ghost_step(pre.ghosts, ghost, allowed, [t for _, t, _ in sends])
    sends = [(out_port, t, fields + tuple(given[name] for name in pre.stamp_names(t)))
             for (out_port, t, fields), given in zip(sends, stamps)]
    return received, sends, new_ghosts


_NONLINEAR_OPS = (z3.Z3_OP_POWER, z3.Z3_OP_DIV, z3.Z3_OP_IDIV, z3.Z3_OP_MOD, z3.Z3_OP_REM)


def _nonlinear(term) -> bool:
    """Does the term compute outside linear integer arithmetic (2 ** k, x * y, division)?"""
    pending = [term]
    while pending:
        t = pending.pop()
        if z3.is_app(t):
            kind = t.decl().kind()
            if kind in _NONLINEAR_OPS or (kind == z3.Z3_OP_MUL and sum(not z3.is_int_value(c) for c in t.children()) > 1):
                return True
            pending.extend(t.children())
    return False
