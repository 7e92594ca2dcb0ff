"""C for one algorithm on a ring of n, generated from the symbolic reading of its commands.

Nothing is translated by hand: ``models.symbolic.execute`` runs each command's text on z3
terms, which gives its guard, the new value of every local and every message it sends as
terms over the process's locals, its id and the received message's fields. Those terms are
printed as C expressions here, as two functions listing the outcomes of one local context
(``rl_spontaneous``: a process's id and locals; ``rl_receive``: those and a head arriving on
a port), and ``models/native_explorer.c`` supplies the search. So the C transition relation is
the one the proofs reason about. That reading is not trusted: the search records every
context it evaluates with its outcomes, and models/native_audit.py re-executes each one with
the Python semantics before a verdict rests on it.

The C is generated only from readings that were checked against the concrete semantics
(checker/trust/readings.py hands the verdict down as ``TrustedReadings``). An algorithm that
cannot be compiled (a command whose reading is refused or disagrees with its Python, an
operation with no C counterpart here, a topology whose processes differ in their ports)
raises ``NotCompilable``, and the checker keeps the Python engine for it. Decision functions
whose reading is not faithful are not compiled: the engine then returns locals, which Python
observes, and explores without partial-order reduction.
"""
from __future__ import annotations

from dataclasses import dataclass

from .algorithm import Algorithm, Layout
from .errors import AlgorithmError
from .footprint import TrustedReadings
from .messages import Message


class NotCompilable(Exception):
    """The algorithm cannot be run natively; the message says why (the Python engine runs it)."""


@dataclass(frozen=True)
class MessageTypes:
    """The message types an algorithm receives or sends, numbered as C tags."""

    types: tuple[type[Message], ...]

    def tag(self, message_type: type[Message]) -> int:
        return self.types.index(message_type)


def _z3():
    import z3

    return z3


class _Printer:
    """z3 terms as C expressions over L[k] (locals), id, and M[1 + j] (message fields)."""

    def __init__(self, names: dict[int, str]):
        self.names = names
        z3 = _z3()
        self.infix = {
            z3.Z3_OP_LE: "<=", z3.Z3_OP_LT: "<", z3.Z3_OP_GE: ">=", z3.Z3_OP_GT: ">",
        }
        self.calls = {
            z3.Z3_OP_ADD: "rl_add", z3.Z3_OP_SUB: "rl_sub", z3.Z3_OP_MUL: "rl_mul",
            z3.Z3_OP_IDIV: "rl_div", z3.Z3_OP_MOD: "rl_mod", z3.Z3_OP_POWER: "rl_pow",
        }

    def __call__(self, term) -> str:
        z3 = _z3()
        if z3.is_true(term):
            return "1"
        if z3.is_false(term):
            return "0"
        if z3.is_int_value(term):
            value = term.as_long()
            if not -(2 ** 63) < value < 2 ** 63:
                raise NotCompilable(f"the constant {value} does not fit in 64 bits")
            return f"INT64_C({value})"
        if z3.is_const(term):
            name = self.names.get(term.get_id())
            if name is None:
                raise NotCompilable(f"the term {term} names something the C engine does not hold")
            return name
        if not (term.sort() == z3.IntSort() or term.sort() == z3.BoolSort()):
            raise NotCompilable(f"{term} has sort {term.sort()}, not Int or Bool")
        kind = term.decl().kind()
        args = [self(child) for child in term.children()]
        if kind == z3.Z3_OP_AND:
            return "(" + " && ".join(args) + ")"
        if kind == z3.Z3_OP_OR:
            return "(" + " || ".join(args) + ")"
        if kind == z3.Z3_OP_NOT:
            return f"(!{args[0]})"
        if kind == z3.Z3_OP_IMPLIES:
            return f"(!{args[0]} || {args[1]})"
        if kind in (z3.Z3_OP_XOR,):
            return f"(!{args[0]} != !{args[1]})"
        if kind in (z3.Z3_OP_EQ, z3.Z3_OP_IFF):
            return f"({args[0]} == {args[1]})"
        if kind == z3.Z3_OP_DISTINCT:
            pairs = [f"{a} != {b}" for k, a in enumerate(args) for b in args[k + 1:]]
            return "(" + " && ".join(pairs) + ")"
        if kind == z3.Z3_OP_ITE:
            return f"({args[0]} ? {args[1]} : {args[2]})"
        if kind == z3.Z3_OP_UMINUS:
            return f"rl_neg({args[0]})"
        if kind in self.infix:
            return f"({args[0]} {self.infix[kind]} {args[1]})"
        if kind in self.calls:
            function = self.calls[kind]
            result = args[0]
            for arg in args[1:]:  # z3 folds a + b + c into one n-ary term
                result = f"{function}({result}, {arg})"
            return result
        raise NotCompilable(f"the operation {term.decl()} in {term} has no C counterpart here")


def _message_types(algorithm: type[Algorithm], steps) -> MessageTypes:
    found: list[type[Message]] = []
    for command in algorithm.commands:
        if command.kind == "receive" and command.message not in found:
            found.append(command.message)
    for step in steps:
        for _port, message_type, _fields in step.sends:
            if message_type not in found:
                found.append(message_type)
    return MessageTypes(tuple(found))


def generate(algorithm: type[Algorithm], n: int, trusted: TrustedReadings) -> tuple[str, MessageTypes, Layout, bool]:
    """The C source of the native explorer for ``algorithm`` on its topology of size n, and
    whether it can reduce partial orders (it needs the decision functions in C)."""
    from .symbolic import reading

    for command in algorithm.commands:
        ports = [None] if command.kind == "spontaneous" else [
            port for port in algorithm.topology(n).in_ports(0) if command.enabled_on(port)]
        if any(not trusted.trusts(command, port) for port in ports):
            raise NotCompilable(f"a symbolic reading is not faithful: {trusted.reason or command.name}")

    topology = algorithm.topology(n)
    ports = topology.ports
    for i in range(n):
        if topology.in_ports(i) != topology.in_ports(0) or topology.out_ports(i) != topology.out_ports(0):
            raise NotCompilable("the processes of this topology differ in their ports")
    in_ports, out_ports = topology.in_ports(0), topology.out_ports(0)
    layout = Layout.of(algorithm, ports)
    slots = len(layout.slots)
    if not slots:
        raise NotCompilable("the algorithm declares no locals")
    for _name, _port, variable in layout.slots:
        if not isinstance(variable.initial, (bool, int)):
            raise NotCompilable(f"the local {variable.name} starts as {variable.initial!r}, not a number")

    # the symbolic reading of every command instance, in the engine's transition order
    spontaneous, receives = [], {port: [] for port in in_ports}
    steps = []
    try:
        for command in algorithm.commands:
            if command.kind == "spontaneous":
                step = reading(algorithm, command, n)
                spontaneous.append((command, step))
                steps.append(step)
        for port in in_ports:
            for command in algorithm.commands:
                if command.kind == "receive" and command.enabled_on(port):
                    step = reading(algorithm, command, n, port)
                    receives[port].append((command, step))
                    steps.append(step)
    except AlgorithmError as error:
        raise NotCompilable(str(error)) from None
    except Exception as error:  # noqa: BLE001 -- a user's command may do anything with a z3 term
        raise NotCompilable(f"a command cannot be read symbolically ({type(error).__name__}: {error})") from None
    types = _message_types(algorithm, steps)
    width = 1 + max((len(t.fields) for t in types.types), default=0)
    max_sends = max((len(step.sends) for step in steps), default=0) or 1

    instance_of, per_process = instance_offsets(algorithm, in_ports)
    most_outcomes = max([len(spontaneous), *(len(receives[port]) for port in in_ports), 1])
    header = [
        f"/* generated by models/codegen.py for {algorithm.__module__}.{algorithm.__qualname__}, n = {n} */",
        f"#define RL_N {n}",
        f"#define RL_SLOTS {slots}",
        f"#define RL_CHANNELS {len(topology.channels)}",
        f"#define RL_WIDTH {width}",
        f"#define RL_MAX_SENDS {max_sends}",
        f"#define RL_PER_PROCESS {per_process}",
        f"#define RL_INSTANCES {per_process * n}",
        f"#define RL_MAX_OUTCOMES {most_outcomes}",
        f"#define RL_SPONTANEOUS {len(spontaneous)}",
        f"#define RL_IN_PORT_COUNT {len(in_ports)}",
        "#include <stdint.h>",
        # a trailing 0 so that an algorithm with no message type still has a valid C array
        "static const int rl_fields[] = {" + "".join(f"{len(t.fields)}, " for t in types.types) + "0};",
        "static const int64_t rl_initial[] = {"
        + ", ".join(str(int(v.initial)) for _, _, v in layout.slots) + "};",
        f"#define RL_OUT_PORTS {max(len(out_ports), 1)}",
        f"#define RL_IN_PORTS {max(len(in_ports), 1)}",
        "/* where each port leads: given per arrangement, since an unoriented ring's labelling moves it */",
        "static const int *rl_out, *rl_in;  /* [process * RL_OUT_PORTS + port], [process * RL_IN_PORTS + port] */",
    ]

    # One function per kind of local context, each listing the context's outcomes in the
    # engine's order; the search (native_explorer.c) records them per context for the audit.
    body = ["/* The outcomes of the spontaneous commands at a process with locals L and this id. */",
            "static int rl_spontaneous(const int64_t *L, int64_t id, outcome_t *out) {",
            "    int count = 0;",
            "    (void)L; (void)id; (void)out;"]
    for command, step in spontaneous:
        body += _command_block(command, step, types, out_ports, indent=4, offset=instance_of[(command.name, None)])
    body += ["    return count;", "}", "",
             "/* The outcomes of the head M arriving on in-port `port` at a process with locals L and this id;",
             " * a head no command accepts is consumed (the unmatched outcome). */",
             "static int rl_receive(int port, const int64_t *L, int64_t id, const int64_t *M, outcome_t *out) {",
             "    int count = 0;",
             "    (void)L; (void)id; (void)M; (void)out;",
             "    switch (port) {"]
    for port_index, port in enumerate(in_ports):
        body.append(f"    case {port_index}: /* arrivals on {port} */")
        for command, step in receives[port]:
            body.append(f"        if (M[0] == {types.tag(command.message)}) {{")
            body += _command_block(command, step, types, out_ports, indent=12,
                                   offset=instance_of[(command.name, port)])
            body.append("        }")
        body += [
            "        if (!count) {",
            f"            out->offset = {instance_of[(None, port)]}; out->unmatched = 1; out->sends = 0;",
            "            for (int k = 0; k < RL_SLOTS; k++) out->loc[k] = L[k];",
            "            count = 1;",
            "        }",
            "        break;",
        ]
    body += ["    }", "    return count;", "}"]

    from importlib import resources

    observe, por = _observation(algorithm, n, layout, trusted.decisions)
    header.append(f"#define RL_POR {int(por)}")
    tables = _dependence_tables(algorithm, n, types, instance_of, per_process, trusted) if por else _no_tables()
    template = resources.files("models").joinpath("native_explorer.c").read_text()
    source = "\n".join(header) + "\n" + template.replace(
        "/* @ALGORITHM@ */", "\n".join(body) + "\n" + observe).replace("/* @TABLES@ */", tables)
    return source, types, layout, por


def instance_offsets(algorithm, in_ports) -> tuple[dict, int]:
    """Each command instance's place among its process's (models/semantics.py's numbering):
    spontaneous commands, then per arrival port its receive commands and the unmatched one."""
    offsets = {}
    for command in algorithm.commands:
        if command.kind == "spontaneous":
            offsets[(command.name, None)] = len(offsets)
    for port in in_ports:
        for command in algorithm.commands:
            if command.kind == "receive" and command.enabled_on(port):
                offsets[(command.name, port)] = len(offsets)
        offsets[(None, port)] = len(offsets)
    return offsets, len(offsets)


def _observation(algorithm, n: int, layout: Layout, faithful: bool) -> tuple[str, bool]:
    """``rl_observe``: what the specification reads of a process (decided, is_leader,
    leader_id, candidate), from the symbolic reading of the algorithm's decision functions.
    Partial-order reduction needs it for its visibility proviso; without it (a decision
    function whose reading is refused or not ``faithful``) the native engine explores full
    graphs only."""
    from .symbolic import DECISIONS, SymbolicProcess, read_decisions

    process = SymbolicProcess(algorithm, n)
    try:
        if not faithful:
            raise NotCompilable("the decision functions' reading is not faithful")
        decisions = read_decisions(algorithm, n, process)
        terms = [decisions[name] for name in DECISIONS]
        names = {x.get_id(): f"L[{k}]" for k, x in enumerate(process.locals)}
        names[process.id.get_id()] = "id"
        show = _Printer(names)
        lines = [f"    out[{k}] = {show(term)};" for k, term in enumerate(terms)]
        available = True
    except Exception:  # noqa: BLE001 -- any decision function the reading refuses: no reduction in C
        lines, available = ["    out[0] = out[1] = out[2] = out[3] = 0;"], False
    return "\n".join([
        "static void rl_observe(const int64_t *L, int64_t id, int64_t out[4]) {",
        "    (void)L; (void)id;",
        *lines,
        "}",
    ]), available


def _masks(name: str, masks: list[int], count: int) -> str:
    words = max(1, (count + 63) // 64)

    def show(mask: int) -> str:
        return "{{" + ", ".join(f"0x{(mask >> (64 * k)) & (2 ** 64 - 1):x}ull" for k in range(words)) + "}}"

    return f"static const mask_t {name}[] = {{{', '.join(show(m) for m in masks) or '{{0}}'}}};"


def _dependence_tables(algorithm, n, types: MessageTypes, instance_of: dict, per_process: int,
                       trusted: TrustedReadings) -> str:
    """The parts of models/dependence.py's tables that do not depend on the port labelling."""
    from .dependence import DependenceTables
    from .semantics import AsyncSystem

    system = AsyncSystem(algorithm, tuple(range(1, n + 1)))
    tables = DependenceTables.of(system, trusted)
    for k, instance in enumerate(system.instances):
        name = instance.command.name if instance.command else None
        if k != instance.process * per_process + instance_of[(name, instance.port)]:
            raise NotCompilable("the command instances are not numbered alike at every process")
    accepts = [-1 if x.command is None or x.command.kind != "receive" else types.tag(x.command.message)
               for x in system.instances]
    return "\n".join([
        f"static const int rl_process[] = {{{', '.join(map(str, tables.process))}}};",
        f"static const int rl_accepts[] = {{{', '.join(map(str, accepts))}}};",
        _masks("rl_instances_of", tables.instances_of, tables.count),
        _TOPOLOGY_TABLES,
    ])


_TOPOLOGY_TABLES = """/* the tables that follow the ports' channels: given per arrangement (models/native.py) */
static const int *rl_reads_channel;
static const mask_t *rl_conflicts, *rl_writers_of_guard, *rl_senders, *rl_readers;"""


def _no_tables() -> str:
    return "\n".join([
        "static const int rl_process[] = {0};", "static const int rl_accepts[] = {-1};",
        "static const mask_t rl_instances_of[] = {{{0}}};", _TOPOLOGY_TABLES,
    ])


def topology_tables(algorithm, topology, ids, trusted: TrustedReadings) -> dict[str, list]:
    """The tables of one arrangement's topology (its port labelling): where each port leads,
    and the dependence tables of models/dependence.py that follow the channels, as flat lists
    (masks as 64-bit words, low word first)."""
    from .dependence import DependenceTables
    from .semantics import AsyncSystem

    n = topology.n
    swapped = getattr(topology, "swapped", None)
    system = AsyncSystem(algorithm, ids, swapped) if swapped is not None else AsyncSystem(algorithm, ids)
    ports_in, ports_out = topology.in_ports(0), topology.out_ports(0)
    tables = {
        "in": [topology.in_channel(i, p) for i in range(n) for p in ports_in] or [0],
        "out": [topology.out_channel(i, p) for i in range(n) for p in ports_out] or [0],
    }
    dependence = DependenceTables.of(system, trusted)
    words = max(1, (dependence.count + 63) // 64)

    def flat(masks):
        return [(m >> (64 * k)) & (2 ** 64 - 1) for m in masks for k in range(words)] or [0]

    channels = range(len(topology.channels))
    tables["reads_channel"] = [-1 if c is None else c - n for c in dependence.reads_channel]
    tables["conflicts"] = flat(dependence.conflicts)
    tables["writers_of_guard"] = flat(dependence.writers_of_guard)
    tables["senders"] = flat([dependence.senders.get(n + c, 0) for c in channels])
    tables["readers"] = flat([dependence.readers.get(n + c, 0) for c in channels])
    return tables


def _command_block(command, step, types: MessageTypes, out_ports, indent: int, offset: int) -> list[str]:
    """One command's guard and, where it holds, its outcome appended to out[count]; -1 on an
    arithmetic fault (the search then stops with FAULT and Python runs the arrangement)."""
    process, message = step.process, step.message
    names = {x.get_id(): f"L[{k}]" for k, x in enumerate(process.locals)}
    names[process.id.get_id()] = "id"
    if message is not None:
        for j, field in enumerate(message[1:]):
            names[field.get_id()] = f"M[{1 + j}]"
    show = _Printer(names)
    pad = " " * indent
    lines = [f"{pad}/* {command.name} (line {command.line}) */",
             f"{pad}{{",
             f"{pad}    const int holds = {show(step.guard)};",
             f"{pad}    if (rl_fault) return -1;",
             f"{pad}    if (holds) {{"]
    inner = pad + "        "
    lines.append(f"{inner}outcome_t *o = &out[count++];")
    lines.append(f"{inner}o->offset = {offset}; o->unmatched = 0; o->sends = {len(step.sends)};")
    for k, (old, new) in enumerate(zip(process.locals, step.locals)):
        lines.append(f"{inner}o->loc[{k}] = {'L[%d]' % k if new.eq(old) else show(new)};")
    for m, (port, message_type, fields) in enumerate(step.sends):
        if port not in out_ports:
            raise NotCompilable(f"{command.name} sends on port {port!r}, which has no outgoing channel")
        lines.append(f"{inner}o->port[{m}] = {out_ports.index(port)}; o->sent[{m}][0] = {types.tag(message_type)};")
        for j, value in enumerate(fields):
            lines.append(f"{inner}o->sent[{m}][{1 + j}] = {show(value)};")
    lines += [f"{inner}if (rl_fault) return -1;", f"{pad}    }}", f"{pad}}}"]
    return lines
