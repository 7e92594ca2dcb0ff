"""Rings of every size in first-order logic: the vocabulary all-n invariants are written in.

The encoding is Ivy's and mypyvy's ring (their leader-election example):
  * processes are elements of an uninterpreted sort ``Node``, with no bound on how many;
  * the ring is the relation ``btw(a, b, c)``: going clockwise from a, b comes before c.
    Four axioms make it a cyclic order (cyclic, transitive, antisymmetric, total), true of
    every finite ring of 1, 2, 3, ... processes;
  * ``next(a, b)`` (b is a's clockwise neighbour) is *defined* from btw: nothing lies between;
  * ids are a map ``id: Node -> Int``, injective (it has a left inverse ``owner``) and >= 1
    (NIL is 0), compared with Int's order;
  * a local variable of the algorithm is a function ``Node -> Bool/Int``;
  * the channel into a port is over-approximated by a *set* of pending messages: for a
    message type and an arrival port, a relation ``pending(Node, field...)``. The set forgets
    order and multiplicity, so every FIFO run is a run of the set system (the other way
    round is not true): an invariant of the set system is an invariant of the algorithm.

An invariant is a Python function of a ``RingState``; the same function is read on the state
before a step, on the state after it (``AfterStep``, built from the command's symbolic
execution) and on the initial state (``InitialState``). It reads processes through the
algorithm's own view (``ring.process(x).L``, ``ring.process(x).id``) and quantifies with
``ring.forall(lambda x, y: ...)``.
"""
from __future__ import annotations

import inspect
import itertools

import z3

from models import Algorithm, Message
from models.dsl.algorithm import Layout
from models.systems.process import view_class
from models.reading.symbolic import as_term, sort_of
from specs.all_n import ANY

Node = z3.DeclareSort("Node")
btw = z3.Function("btw", Node, Node, Node, z3.BoolSort())
node_id = z3.Function("id", Node, z3.IntSort())
# the process whose id is j (a left inverse of id: ids are injective), so that "j is a
# leader's id" needs no existential: id(owner(j)) == j and is_leader(owner(j))
owner = z3.Function("owner", z3.IntSort(), Node)
# the process with the largest id. Every ring is finite, so it has one; first-order logic alone
# also allows infinite "rings" with ever larger ids, where an argument resting on the largest
# id (Franklin's: it never turns black) has no ground. The axiom below names it.
largest = z3.Const("largest", Node)
# For termination proofs only (checker/prove/termination.py, ``distance_axioms``, ``smallest_axiom``): the ring's
# size, the clockwise distance between two processes, and the process with the smallest id.
# A ranking needs numbers that shrink as a message travels, which btw alone does not give.
ring_size = z3.Const("size", z3.IntSort())
distance = z3.Function("dist", Node, Node, z3.IntSort())
smallest = z3.Const("smallest", Node)

# The process before x, anticlockwise: the one whose out-channel is x's in-channel. For invariants
# that relate a process to its predecessor (``AllNInvariant(..., neighbours=True)``), which with
# ``is_next`` alone need a quantifier inside every conjunct that reads it. ``neighbour_axioms``
# define it; a step's facts say that its sender is the predecessor of the process it sends to.
prev = z3.Function("prev", Node, Node)

_counter = itertools.count()


def _fresh_nodes(names):
    return [z3.Const(f"{name}!{next(_counter)}", Node) for name in names]


def ring_axioms() -> list[z3.BoolRef]:
    """btw is a cyclic order of the nodes, and ids are distinct positive integers, one the largest."""
    w, x, y, z = z3.Consts("w x y z", Node)
    return [
        z3.ForAll([x, y, z], z3.Implies(btw(x, y, z), btw(y, z, x))),  # cyclic
        z3.ForAll([w, x, y, z], z3.Implies(z3.And(btw(w, x, y), btw(w, y, z)), btw(w, x, z))),  # transitive
        z3.ForAll([w, x, y], z3.Implies(btw(w, x, y), z3.Not(btw(w, y, x)))),  # antisymmetric
        z3.ForAll([w, x, y], z3.Implies(z3.Distinct(w, x, y), z3.Or(btw(w, x, y), btw(w, y, x)))),  # total
        z3.ForAll([x], owner(node_id(x)) == x),  # ids are unique: id has a left inverse
        z3.ForAll([x], node_id(x) >= 1),  # and never NIL
        z3.ForAll([x], node_id(x) <= node_id(largest)),  # a finite ring has a largest id
    ]


def distance_axioms() -> list[z3.BoolRef]:
    """What rankings add (checker/prove/termination.py): ``dist(x, y)`` is the number of clockwise
    hops from x to y, ``size`` the number of processes.

    Each is true of every finite ring (``ring_concrete.false_axioms`` checks them on the
    explorer's rings). They are given only to the ranking's own obligations: with them, z3 no
    longer finds the models the vacuity checks ask for, and loses its way in some consecution
    obligations that do not need them.
    """
    x, y, z, w = z3.Consts("x y z w", Node)
    return [
        z3.ForAll([x], distance(x, x) == 0),
        z3.ForAll([x, y], z3.And(0 <= distance(x, y), distance(x, y) < ring_size)),
        # one hop clockwise from x brings every other process one nearer
        z3.ForAll([x, y, z], z3.Implies(z3.And(x != y, x != z, z3.ForAll([w], z3.Not(btw(x, w, z)))),
                                        distance(x, y) == distance(z, y) + 1)),
    ]


def neighbour_axioms() -> list[z3.BoolRef]:
    """``prev(x)`` is x's anticlockwise neighbour: nothing lies between them, and it is x itself
    only on a ring of one (true of every finite ring; ``ring_concrete.false_axioms`` checks it on
    the explorer's rings). Given only to invariants declared with ``neighbours``."""
    x, z = z3.Consts("x z", Node)
    return [
        z3.ForAll([x, z], z3.Not(btw(prev(x), z, x))),
        z3.ForAll([x, z], z3.Implies(prev(x) == x, z == x)),
    ]


def smallest_axiom() -> z3.BoolRef:
    """``smallest`` has the smallest id (true of every finite ring; termination proofs only)."""
    x = z3.Const("x", Node)
    return z3.ForAll([x], node_id(smallest) <= node_id(x))


def finite_ring(n: int, name: str = "node") -> tuple[list[z3.ExprRef], list[z3.BoolRef]]:
    """n nodes in clockwise order, and the facts that make them the whole ring: no other node,
    btw, dist and size as they are on a ring of n (ids, locals and channels left free)."""
    nodes = [z3.Const(f"{name}{k}", Node) for k in range(n)]
    x = z3.Const("x", Node)
    facts = [z3.ForAll([x], z3.Or(*(x == c for c in nodes))), ring_size == n]
    if n > 1:
        facts.append(z3.Distinct(*nodes))
    for a in range(n):
        facts.append(prev(nodes[a]) == nodes[a - 1])
        for b in range(n):
            facts.append(distance(nodes[a], nodes[b]) == (b - a) % n)
            for c in range(n):
                clockwise = len({a, b, c}) == 3 and (b - a) % n < (c - a) % n
                facts.append(btw(nodes[a], nodes[b], nodes[c]) == clockwise)
    return nodes, facts


def is_next(a: z3.ExprRef, b: z3.ExprRef) -> z3.BoolRef:
    """b is a's clockwise neighbour: nothing lies between them (or a is alone, its own neighbour)."""
    z = z3.Const(f"z!{next(_counter)}", Node)
    return z3.Or(
        z3.And(a != b, z3.ForAll([z], z3.Not(btw(a, z, b)))),
        z3.And(a == b, z3.ForAll([z], z == a)),
    )


class RingState:
    """A state of the set system: locals and pending sets as z3 functions (the state before a step).

    With ``fifo`` (an invariant that reads the order of a channel, ``ring.ahead``), each channel
    also has its order: for two message types T, U and an arrival port, a relation
    ``ahead_T_U@port(node, T's fields, U's fields)``, "in the channel into node's port, that T
    message is nearer the head than that U message". The proof that reads it is in the exact
    encoding (a reception removes the message, ``no_duplicate`` proved for every send), where a
    channel holds no two copies of a message: its pending set and this order are then exactly
    its sequence (checker/prove/all_n.py).
    """

    def __init__(self, algorithm: type[Algorithm], suffix: str = "", fifo: bool = False, ghosts=None):
        topology = algorithm.topology(3)
        self.algorithm = algorithm
        self.fifo = fifo
        # history variables of the invariant (specs/all_n ``Ghosts``, checker/prove/ghosts.py): Int
        # ghost locals, and Int ghost stamps after a message's own fields in its relations
        self.ghosts = ghosts
        self.ghost_locals = {name: z3.Function(f"ghost_{name}{suffix}", Node, z3.IntSort())
                             for name in (ghosts.locals if ghosts else ())}
        self.layout = Layout.of(algorithm, topology.ports)
        self.in_ports = topology.in_ports(0)
        self.out_ports = topology.out_ports(0)
        self._view = view_class(algorithm, self.layout)
        self.locals = tuple(
            z3.Function(f"{self.layout.slot_name(k)}{suffix}", Node, sort_of(variable.type))
            for k, (_, _, variable) in enumerate(self.layout.slots)
        )
        self.channels = {}  # (message type, arrival port) -> pending relation
        for message_type in message_types(algorithm):
            for port in self.in_ports:
                sorts = self.field_sorts(message_type)
                self.channels[message_type, port] = z3.Function(
                    f"pending_{message_type.__name__}@{port}{suffix}", Node, *sorts, z3.BoolSort())
        self.orders = {}  # (type ahead, type behind, arrival port) -> the order relation (fifo only)
        if fifo:
            types = message_types(algorithm)
            for first, then in itertools.product(types, types):
                for port in self.in_ports:
                    sorts = [*self.field_sorts(first), *self.field_sorts(then)]
                    self.orders[first, then, port] = z3.Function(
                        f"ahead_{first.__name__}_{then.__name__}@{port}{suffix}", Node, *sorts, z3.BoolSort())

    def stamp_names(self, message_type) -> tuple[str, ...]:
        """The ghost stamps a message of this type carries (none without ghosts)."""
        return tuple(self.ghosts.stamps.get(message_type, ())) if self.ghosts else ()

    def field_sorts(self, message_type) -> list:
        """The sorts of a message's fields in its relations: its own, then its ghost stamps."""
        return [sort_of(t) for t in message_type.field_types] + [z3.IntSort()] * len(self.stamp_names(message_type))

    # -- the vocabulary invariants are written in ------------------------------------------
    def process(self, x: z3.ExprRef):
        """The algorithm's view of process x: ``.id`` and every local, as terms of this state."""
        return self._view([self.local(x, k) for k in range(len(self.layout.slots))],
                          node_id(x), None, self.out_ports, self.algorithm)

    def id(self, x: z3.ExprRef) -> z3.ArithRef:
        return node_id(x)

    def owner(self, j) -> z3.ExprRef:
        """The process whose id is j, when j is one (``ring.id(ring.owner(j)) == j`` says it is)."""
        return owner(j)

    def largest(self) -> z3.ExprRef:
        """The process with the largest id (every finite ring has one; an axiom says so)."""
        return largest

    def btw(self, a, b, c) -> z3.BoolRef:
        return btw(a, b, c)

    def prev(self, x) -> z3.ExprRef:
        """The process before x, anticlockwise, whose sends x receives (invariants declared with
        ``neighbours`` only: ``neighbour_axioms``)."""
        return prev(x)

    def smallest(self) -> z3.ExprRef:
        """The process with the smallest id (termination proofs only: ``smallest_axiom``)."""
        return smallest

    def dist(self, a, b) -> z3.ArithRef:
        """Clockwise hops from a to b: 0 from a to itself, at most size - 1 (termination proofs only)."""
        return distance(a, b)

    def size(self) -> z3.ArithRef:
        """The number of processes in the ring (termination proofs only)."""
        return ring_size

    def is_leader(self, x) -> z3.BoolRef:
        return as_formula(self.algorithm.is_leader(self.process(x)))

    def is_leaders_id(self, j) -> z3.BoolRef:
        """j is the id of a process that is leader (no existential needed, thanks to ``owner``)."""
        return z3.And(node_id(owner(j)) == j, self.is_leader(owner(j)))

    def candidate(self, x) -> z3.BoolRef:
        if self.algorithm.candidate is None:
            return z3.BoolVal(True)
        return as_formula(self.algorithm.candidate(self.process(x)))

    def pending(self, x, message: Message, port: str | None = None, stamp: dict | None = None) -> z3.BoolRef:
        """``message`` is in the channel into x's ``port`` (the only in-port, if omitted).

        A field given as ANY stands for some value: the result is "some such message is pending".
        With ghosts, ``stamp`` gives the message's ghost stamps by name (one left out is ANY).
        """
        port = self._port(port)
        fields, wildcards = self._fields(message, stamp)
        held = self.pending_term(type(message), port, x, tuple(fields))
        return z3.Exists(wildcards, held) if wildcards else held

    def ghost(self, x, name: str) -> z3.ArithRef:
        """Process x's ghost local ``name`` (an invariant's history variable, specs/all_n ``Ghosts``)."""
        if name not in self.ghost_locals:
            raise ValueError(f"no ghost local {name!r}: declare it in the invariant's Ghosts")
        return self.ghost_local(x, name)

    def _fields(self, message: Message, stamp: dict | None) -> tuple[list, list]:
        """A message's fields then its ghost stamps, as terms, and the wildcards among them (ANY)."""
        wildcards, fields = [], []

        def term(value, value_type, sort, what):
            if value is ANY:
                wildcards.append(z3.Const(f"any!{next(_counter)}", sort))
                return wildcards[-1]
            return as_term(value, value_type, what)

        for value, value_type in zip(message[1:], type(message).field_types):
            fields.append(term(value, value_type, sort_of(value_type), f"{type(message).__name__} field"))
        names = self.stamp_names(type(message))
        unknown = sorted(set(stamp or {}) - set(names))
        if unknown:
            raise ValueError(f"{type(message).__name__} has no ghost stamp {unknown[0]!r}")
        for name in names:
            fields.append(term((stamp or {}).get(name, ANY), int, z3.IntSort(), f"{name} stamp"))
        return fields, wildcards

    def ahead(self, x, first: Message, then: Message, port: str | None = None,
              stamps: tuple[dict | None, dict | None] = (None, None)) -> z3.BoolRef:
        """In the channel into x's ``port`` (the only in-port, if omitted), ``first`` and ``then``
        are both pending and ``first`` is nearer the head: it is received before ``then``. Only
        in an invariant declared ``fifo`` (specs/all_n: ``AllNInvariant(..., fifo=True)``).
        With ghosts, ``stamps`` gives each one's ghost stamps (left out: ANY)."""
        if not self.fifo:
            raise ValueError("ring.ahead reads the order of a channel: declare the invariant with fifo=True")
        port = self._port(port)
        first_fields, first_any = self._fields(first, stamps[0])
        then_fields, then_any = self._fields(then, stamps[1])
        held = self.order_term(type(first), type(then), port, x, tuple(first_fields), tuple(then_fields))
        wildcards = first_any + then_any
        return z3.Exists(wildcards, held) if wildcards else held

    def nothing_ahead(self, x, message_type, port, fields) -> z3.BoolRef:
        """No message pending at x's ``port`` is ahead of this one: it is the channel's head."""
        found = []
        for other in message_types(self.algorithm):
            others = tuple(z3.Const(f"ahead!{next(_counter)}", sort) for sort in self.field_sorts(other))
            blocking = z3.And(self.pending_term(other, port, x, others),
                              self.order_term(other, message_type, port, x, others, fields))
            found.append(z3.ForAll(others, z3.Not(blocking)) if others else z3.Not(blocking))
        return z3.And(*found)

    def forall(self, body) -> z3.BoolRef:
        """``ring.forall(lambda x, y: ...)``: the body for all nodes, one per parameter."""
        names = list(inspect.signature(body).parameters)
        nodes = _fresh_nodes(names)
        return z3.ForAll(nodes, as_formula(body(*nodes)))

    def exists(self, body) -> z3.BoolRef:
        """``ring.exists(lambda x: ...)``: the body for some node (one per parameter)."""
        names = list(inspect.signature(body).parameters)
        nodes = _fresh_nodes(names)
        return z3.Exists(nodes, as_formula(body(*nodes)))

    def forall_triggered(self, body, nodes: int, triggers) -> z3.BoolRef:
        """``ring.forall`` over the first ``nodes`` parameters and ``ring.forall_ints`` over the
        rest, in one quantifier, with ``triggers(*variables)`` (groups of terms) as z3's patterns:
        where a conjunct is a hypothesis, z3 then instantiates it for every ground match of a group
        (``ring.ghost(z, "round")`` matches every process whose round is spoken of), instead of the
        triggers it picks itself (often a ``btw`` term no ground term matches). Patterns steer the
        search only; a group whose terms are not plain applications (the state after a step, the
        initial state) is left out."""
        names = list(inspect.signature(body).parameters)
        variables = _fresh_nodes(names[:nodes]) + [z3.Int(f"{name}!{next(_counter)}") for name in names[nodes:]]
        groups = [group for group in triggers(*variables)
                  if all(z3.is_app(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED for t in group)]
        patterns = [z3.MultiPattern(*group) if len(group) > 1 else group[0] for group in groups]
        return z3.ForAll(variables, as_formula(body(*variables)), patterns=patterns)

    def forall_ints(self, body) -> z3.BoolRef:
        """``ring.forall_ints(lambda j: ...)``: the body for all integers (message fields, ids)."""
        names = list(inspect.signature(body).parameters)
        values = [z3.Int(f"{name}!{next(_counter)}") for name in names]
        return z3.ForAll(values, as_formula(body(*values)))

    # -- what the subclasses override --------------------------------------------------------
    def local(self, x, k: int) -> z3.ExprRef:
        return self.locals[k](x)

    def ghost_local(self, x, name: str) -> z3.ArithRef:
        return self.ghost_locals[name](x)

    def pending_term(self, message_type, port, x, fields) -> z3.BoolRef:
        return self.channels[message_type, port](x, *fields)

    def order_term(self, first, then, port, x, first_fields, then_fields) -> z3.BoolRef:
        return self.orders[first, then, port](x, *first_fields, *then_fields)

    def _port(self, port):
        if port is None:
            if len(self.in_ports) != 1:
                raise ValueError(f"name the arrival port: one of {', '.join(self.in_ports)}")
            return self.in_ports[0]
        if port not in self.in_ports:
            raise ValueError(f"no in-port {port!r}: one of {', '.join(self.in_ports)}")
        return port


class InitialState(RingState):
    """Every process holds its locals' initial values, and nothing is pending."""

    def local(self, x, k):
        variable = self.layout.slots[k][2]
        return as_term(variable.initial, variable.type, self.layout.slot_name(k))

    def ghost_local(self, x, name):
        return z3.IntVal(self.ghosts.locals[name])

    def pending_term(self, message_type, port, x, fields):
        return z3.BoolVal(False)

    def order_term(self, first, then, port, x, first_fields, then_fields):
        return z3.BoolVal(False)


class AfterStep(RingState):
    """The state after process ``p`` took one step, as terms over the state ``before``.

    ``new_locals`` are p's locals after the step (``new_ghosts``, by name, its ghost locals:
    unchanged if None); ``added`` lists (type, port, node, fields)
    of the messages sent; ``removed`` is the received message (type, port, fields) or None,
    and ``consumed`` a Boolean: whether the set loses it (a set cannot tell whether another
    copy is still in the channel, so both are allowed).
    """

    def __init__(self, before: RingState, p, new_locals, added, removed=None, consumed=None, new_ghosts=None):
        self.__dict__.update(before.__dict__)
        self.before, self.p, self.new_locals = before, p, new_locals
        self.added, self.removed, self.consumed = added, removed, consumed
        self.new_ghosts = new_ghosts

    def local(self, x, k):
        return z3.If(x == self.p, self.new_locals[k], self.before.local(x, k))

    def ghost_local(self, x, name):
        if self.new_ghosts is None:
            return self.before.ghost_local(x, name)
        return z3.If(x == self.p, self.new_ghosts[name], self.before.ghost_local(x, name))

    def pending_term(self, message_type, port, x, fields):
        held = self.before.pending_term(message_type, port, x, fields)
        if self.removed is not None and self.removed[:2] == (message_type, port):
            same = z3.And(x == self.p, *(a == b for a, b in zip(fields, self.removed[2])))
            held = z3.And(held, z3.Not(z3.And(self.consumed, same)))
        sent = [z3.And(x == node, *(a == b for a, b in zip(fields, values)))
                for sent_type, sent_port, node, values in self.added
                if (sent_type, sent_port) == (message_type, port)]
        return z3.Or(held, *sent) if sent else held

    def order_term(self, first, then, port, x, first_fields, then_fields):
        """The order after the step, as the exact encoding has it (``fifo``): the messages sent
        join the tail of their channel in the order sent, behind everything still pending there;
        the received one leaves. Two messages keep their order if neither was sent by the step;
        none of it holds of a message no longer pending."""
        def sent_as(message_type, fields, before=None):
            """The step sends this message to x's port (among its sends before index ``before``)."""
            return [z3.And(x == node, *(a == b for a, b in zip(fields, values)))
                    for sent_type, sent_port, node, values in self.added[:before]
                    if (sent_type, sent_port) == (message_type, port)]
        first_sent = z3.Or(False, *sent_as(first, first_fields))
        kept = z3.And(self.before.order_term(first, then, port, x, first_fields, then_fields),
                      z3.Not(first_sent), z3.Not(z3.Or(False, *sent_as(then, then_fields))))
        joined = [z3.And(z3.And(x == node, *(a == b for a, b in zip(then_fields, values))),
                         z3.Or(z3.Not(first_sent), *sent_as(first, first_fields, before=k)))
                  for k, (sent_type, sent_port, node, values) in enumerate(self.added)
                  if (sent_type, sent_port) == (then, port)]
        return z3.And(self.pending_term(first, port, x, first_fields), self.pending_term(then, port, x, then_fields),
                      z3.Or(kept, *joined))


def message_types(algorithm: type[Algorithm]) -> list[type[Message]]:
    """Every message type a command receives, in declaration order."""
    found = []
    for command in algorithm.commands:
        if command.message is not None and command.message not in found:
            found.append(command.message)
    return found


def as_formula(value) -> z3.BoolRef:
    if z3.is_expr(value):
        return value
    return z3.BoolVal(bool(value))
