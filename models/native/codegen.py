"""C for one algorithm on a ring or a network of n, generated from the symbolic reading of its commands.

Nothing is translated by hand: ``models.reading.symbolic.execute`` runs each command's text on z3
terms, which gives its guard, the new value of every local and every message it sends as
terms over the process's locals, its id and the received message's fields. Those terms are
printed as C expressions here, as two functions listing the outcomes of one local context
(``rl_spontaneous``: a process's id and locals; ``rl_receive``: those and a head arriving on
a port), and ``models/native/explorer.c`` supplies the search. So the C transition relation is
the one the proofs reason about. That reading is not trusted: the search records every
context it evaluates with its outcomes, and models/native/audit.py re-executes each one with
the Python semantics before a verdict rests on it.

On a network a command reads its process's degree, so it is read at every degree a process
of n vertices can have, and the functions choose by degree; one C engine serves every graph on
n vertices and every labelling of its ports (``generate`` says how).

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

from ..dsl.algorithm import Algorithm, Command, Layout
from ..errors import AlgorithmError
from ..reading.dependence import local_conjuncts
from ..reading.footprint import TrustedReadings
from ..dsl.messages import Message


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


def on_network(algorithm) -> bool:
    return algorithm.topology.numbered_ports


def process_degrees(algorithm, n: int) -> tuple:
    """The kinds of process the C code distinguishes: one on a ring (None), and on a network of
    n vertices each degree a process can have (its ports are 0..degree-1)."""
    if not on_network(algorithm):
        return (None,)
    return tuple(range(1, n)) or (0,)


def padded_ports(algorithm, n: int) -> tuple[tuple, tuple]:
    """(in ports, out ports) the C code numbers: a ring's process's; on a network, the most a
    process of n vertices has (0..n-2), those beyond its degree unused."""
    topology = algorithm.topology(n)
    if on_network(algorithm):
        return tuple(topology.ports), tuple(topology.ports)
    return topology.in_ports(0), topology.out_ports(0)


@dataclass
class _Readings:
    """The symbolic readings of one kind of process (a ring's, or a network's of one degree),
    in the engine's transition order."""

    degree: int | None
    spontaneous: list  # (command, step)
    timeouts: list  # (command, step)
    choices: list  # (command, port, step): a network's any_port commands, on each port
    receives: dict  # in port -> [(command, step)]

    def steps(self) -> list:
        return ([step for _, step in self.spontaneous + self.timeouts] + [step for _, _, step in self.choices]
                + [step for port in self.receives for _, step in self.receives[port]])


def _read(algorithm, n: int, degree: int | None, in_ports) -> _Readings:
    from ..reading.symbolic import reading

    ports = in_ports if degree is None else tuple(range(degree))
    found = _Readings(degree, [], [], [], {port: [] for port in ports})
    for command in algorithm.commands:
        if command.kind == "spontaneous" and not command.any_port:
            found.spontaneous.append((command, reading(algorithm, command, n, None, degree)))
        if command.kind == "timeout":
            found.timeouts.append((command, reading(algorithm, command, n, None, degree)))
    for command in algorithm.commands:
        if command.any_port:
            found.choices += [(command, port, reading(algorithm, command, n, port, degree)) for port in ports]
    for port in ports:
        for command in algorithm.commands:
            if command.kind == "receive" and command.enabled_on(port):
                found.receives[port].append((command, reading(algorithm, command, n, port, degree)))
    return found


def _untrusted(algorithm, n: int, trusted: TrustedReadings, in_ports) -> Command | None:
    """A command with an instance whose reading ``trusted`` does not vouch for, if any."""
    for degree in process_degrees(algorithm, n):
        ports = in_ports if degree is None else tuple(range(degree))
        for command in algorithm.commands:
            instance_ports = [None] if command.kind in ("spontaneous", "timeout") and not command.any_port else [
                port for port in ports if command.any_port or command.enabled_on(port)]
            if any(not trusted.trusts(command, port, degree) for port in instance_ports):
                return command
    return None


def _origin(algorithm: type[Algorithm]) -> str:
    """The class the C source is of, as its first line says: a class of a file loaded by its path
    (checker/cli/loader.py, whose module is named after the path) by its name only, so that the
    source, and with it the key of the compiled library (models/native/engine.py), does not depend on
    where the file lies: the same file in another clone or another temporary folder compiles
    nothing again."""
    if algorithm.__module__.startswith("ringleader_user_"):
        return algorithm.__qualname__
    return f"{algorithm.__module__}.{algorithm.__qualname__}"


def generate(algorithm: type[Algorithm], n: int, trusted: TrustedReadings, crashes: bool = False,
             recoveries: bool = False) -> tuple[str, MessageTypes, Layout, bool]:
    """The C source of the native explorer for ``algorithm`` on its topology of size n, and
    whether it can reduce partial orders (it needs the decision functions in C). With
    ``crashes`` its states hold which processes crashed (models/systems/crashes.py), and with
    ``recoveries`` how many crashes and recoveries there were; the limits come with each search.
    An algorithm with timeouts gets ``rl_timeouts`` (models/systems/semantics.py's ``timeout_steps``
    decides in C which of them fire).

    On a network the C code is one for every graph on n vertices and every port labelling: a
    process of degree d runs the readings made at degree d (``rl_spontaneous`` and
    ``rl_receive`` switch on it), has the ports 0..d-1 of the n - 1 every process is given
    room for, and the channels are those of the complete graph, the missing ones never used;
    where each port leads and each process's degree come with the arrangement
    (``topology_tables``)."""
    network = on_network(algorithm)
    if network and getattr(algorithm, "knows_diameter", False):
        raise NotCompilable("the algorithm reads the network's diameter, which the C code does not know")
    in_ports, out_ports = padded_ports(algorithm, n)
    refused = _untrusted(algorithm, n, trusted, in_ports)
    if refused is not None:
        raise NotCompilable(f"a symbolic reading is not faithful: {trusted.reason or refused.name}")

    topology = algorithm.topology(n)
    if not network:
        for i in range(n):
            if topology.in_ports(i) != topology.in_ports(0) or topology.out_ports(i) != topology.out_ports(0):
                raise NotCompilable("the processes of this topology differ in their ports")
    layout = Layout.of(algorithm, topology.ports)
    slots = len(layout.slots)
    if not slots:
        raise NotCompilable("the algorithm declares no locals")
    for _name, _port, variable in layout.slots:
        if not isinstance(variable.initial, (bool, int)):
            raise NotCompilable(f"the local {variable.name} starts as {variable.initial!r}, not a number")

    # the symbolic reading of every command instance, in the engine's transition order
    try:
        kinds = [_read(algorithm, n, degree, in_ports) for degree in process_degrees(algorithm, n)]
    except AlgorithmError as error:
        raise NotCompilable(str(error)) from None
    except Exception as error:  # noqa: BLE001 -- a user's command may do anything with a z3 term
        raise NotCompilable(f"a command cannot be read symbolically ({type(error).__name__}: {error})") from None
    steps = [step for kind in kinds for step in kind.steps()]
    types = _message_types(algorithm, steps)
    width = 1 + max((len(t.fields) for t in types.types), default=0)
    max_sends = max((len(step.sends) for step in steps), default=0) or 1

    instance_of, per_process = instance_offsets(algorithm, in_ports, out_ports if network else ())
    most_outcomes = max([1, *(max([len(kind.spontaneous) + len(kind.choices), len(kind.timeouts),
                                   *(len(found) for found in kind.receives.values())]) for kind in kinds)])
    header = [
        f"/* generated by models/native/codegen.py for {_origin(algorithm)}, n = {n} */",
        f"#define RL_N {n}",
        f"#define RL_NETWORK {int(network)}",
        f"#define RL_CRASHES {int(crashes)}",
        f"#define RL_RECOVERIES {int(crashes and recoveries)}",
        f"#define RL_TIMEOUTS {int(algorithm.has_timeouts)}",
        f"#define RL_SLOTS {slots}",
        f"#define RL_CHANNELS {len(topology.channels)}",
        f"#define RL_WIDTH {width}",
        f"#define RL_MAX_SENDS {max_sends}",
        f"#define RL_PER_PROCESS {per_process}",
        f"#define RL_INSTANCES {per_process * n}",
        f"#define RL_MAX_OUTCOMES {most_outcomes}",
        f"#define RL_IN_PORT_COUNT {len(in_ports)}",
        f"#define RL_TYPES {max(len(types.types), 1)}",
        # room for every timeout instance that waits for a process (dependence.py's detectors)
        f"#define RL_MAX_DETECTORS {max(1, n * sum(c.kind == 'timeout' for c in algorithm.commands))}",
        # a live process's leader_id is a number where the algorithm records one, else None as a
        # crashed process's (what a crash's visibility compares)
        f"#define RL_LEADER_ID {int(algorithm.leader_id is not None)}",
        # the receive instances with a hopeless guard are a process's bits in one word
        f"#define RL_FAULT_POR {int(per_process <= 64)}",
        "#include <stdint.h>",
        # a trailing 0 so that an algorithm with no message type still has a valid C array
        "static const int rl_fields[] = {" + "".join(f"{len(t.fields)}, " for t in types.types) + "0};",
        "static const int64_t rl_initial[] = {"
        + ", ".join(str(int(v.initial)) for _, _, v in layout.slots) + "};",
        f"#define RL_OUT_PORTS {max(len(out_ports), 1)}",
        f"#define RL_IN_PORTS {max(len(in_ports), 1)}",
        "/* where each port leads (-1: a port the process lacks), and on a network each process's degree:",
        " * given per arrangement, since a labelling, or a graph, moves them */",
        "static const int *rl_out, *rl_in, *rl_degree;  /* [process * RL_OUT_PORTS + port], "
        "[process * RL_IN_PORTS + port], [process] */",
        "/* the process each channel leads to (the same for every labelling and, on a network, every graph) */",
        "static const int rl_receiver[] = {" + "".join(f"{c.receiver}, " for c in topology.channels) + "0};",
    ]

    # One function per kind of local context, each listing the context's outcomes in the
    # engine's order; the search (explorer.c) records them per context for the audit.
    # On a network each lists them per degree.
    spontaneous = ["/* The outcomes of the spontaneous commands at a process with locals L, this id and degree. */",
                   "static int rl_spontaneous(const int64_t *L, int64_t id, int degree, outcome_t *out) {",
                   "    int count = 0;",
                   "    (void)L; (void)id; (void)degree; (void)out;"]
    receive = ["/* The outcomes of the head M arriving on in-port `port` at a process with locals L, this id",
               " * and degree; a head no command accepts is consumed (the unmatched outcome). */",
               "static int rl_receive(int port, const int64_t *L, int64_t id, int degree, const int64_t *M, "
               "outcome_t *out) {",
               "    int count = 0;",
               "    (void)L; (void)id; (void)degree; (void)M; (void)out;"]
    timeouts = ["/* The outcomes of the timeouts whose guard holds at a process with locals L, this id and",
                " * degree, each with its rank and the id it waits for (the search decides which fire). */",
                "static int rl_timeouts(const int64_t *L, int64_t id, int degree, outcome_t *out) {",
                "    int count = 0;",
                "    (void)L; (void)id; (void)degree; (void)out;"]
    for kind in kinds:
        pad = "    " if kind.degree is None else "        "
        if kind.degree is not None:
            spontaneous.append(f"    if (degree == {kind.degree}) {{")
            receive.append(f"    if (degree == {kind.degree}) {{")
            timeouts.append(f"    if (degree == {kind.degree}) {{")
        for command, step in kind.timeouts:
            timeouts += _command_block(command, step, types, out_ports, len(pad),
                                       instance_of[(command.name, None)], kind.degree)
        if kind.degree is not None:
            timeouts.append("    }")
        for command, step in kind.spontaneous:
            spontaneous += _command_block(command, step, types, out_ports, len(pad),
                                          instance_of[(command.name, None)], kind.degree)
        for command, port, step in kind.choices:
            spontaneous += _command_block(command, step, types, out_ports, len(pad),
                                          instance_of[(command.name, port)], kind.degree)
        receive.append(f"{pad}switch (port) {{")
        for port, found in kind.receives.items():
            receive.append(f"{pad}case {in_ports.index(port)}: /* arrivals on {port} */")
            for command, step in found:
                receive.append(f"{pad}    if (M[0] == {types.tag(command.message)}) {{")
                receive += _command_block(command, step, types, out_ports, len(pad) + 8,
                                          instance_of[(command.name, port)], kind.degree)
                receive.append(f"{pad}    }}")
            receive += [
                f"{pad}    if (!count) {{",
                f"{pad}        out->offset = {instance_of[(None, port)]}; out->unmatched = 1; out->sends = 0;",
                f"{pad}        for (int k = 0; k < RL_SLOTS; k++) out->loc[k] = L[k];",
                f"{pad}        count = 1;",
                f"{pad}    }}",
                f"{pad}    break;",
            ]
        receive.append(f"{pad}}}")
        if kind.degree is not None:
            spontaneous.append("    }")
            receive.append("    }")
    body = (spontaneous + ["    return count;", "}", ""] + receive + ["    return count;", "}", ""]
            + timeouts + ["    return count;", "}"])

    from importlib import resources

    observe, por = _observation(algorithm, n, layout, trusted.decisions)
    if (crashes or algorithm.has_timeouts) and not por:
        # crashed processes and the leaders they held are read through rl_observe's numbers
        raise NotCompilable("the decision functions' reading is not faithful, and crashes and timeouts need it")
    header.append(f"#define RL_POR {int(por)}")
    body += [""] + _hopeless(kinds, instance_of)
    tables = _dependence_tables(algorithm, n, types, instance_of, per_process, trusted, crashes, recoveries) \
        if por else _no_tables()
    template = resources.files("models.native").joinpath("explorer.c").read_text()
    source = "\n".join(header) + "\n" + template.replace(
        "/* @ALGORITHM@ */", "\n".join(body) + "\n" + observe).replace("/* @TABLES@ */", tables)
    return source, types, layout, por


def _hopeless(kinds, instance_of) -> list[str]:
    """``rl_hopeless``: the receive instances of a process (bits by offset) whose guard holds of
    no message at its locals: the conjuncts of the guard that read its locals only
    (models/reading/dependence.py's local_conjuncts) are false there. A conjunct whose arithmetic
    faults in C says nothing (the bit stays clear: a larger stubborn set, still a stubborn set)."""
    lines = ["/* The receive instances whose guard holds of no message at a process with locals L and this",
             " * degree (partial-order reduction with crashes and timeouts, explorer.c's situation_t). */",
             "static uint64_t rl_hopeless(const int64_t *L, int degree) {",
             "    uint64_t found = 0;",
             "    const int fault = rl_fault;",
             "    (void)L; (void)degree;"]
    for kind in kinds:
        pad = "    " if kind.degree is None else "        "
        if kind.degree is not None:
            lines.append(f"    if (degree == {kind.degree}) {{")
        for port, found in kind.receives.items():
            for command, step in found:
                offset = instance_of[(command.name, port)]
                kept = local_conjuncts(step)
                if not kept or offset >= 64:
                    continue
                show = _Printer({x.get_id(): f"L[{k}]" for k, x in enumerate(step.process.locals)})
                lines += [f"{pad}/* {command.name} on {port} */",
                          f"{pad}rl_fault = 0;",
                          f"{pad}if (!({' && '.join(show(c) for c in kept)}) && !rl_fault) found |= 1ull << {offset};"]
        if kind.degree is not None:
            lines.append("    }")
    return lines + ["    rl_fault = fault;", "    return found;", "}"]


def instance_offsets(algorithm, in_ports, choice_ports=()) -> tuple[dict, int]:
    """Each command instance's place among its process's (models/systems/semantics.py's numbering):
    spontaneous commands, timeouts, then a network's ``any_port`` commands on each of ``choice_ports``,
    then per arrival port its receive commands and the unmatched one. On a network the ports
    are the most a process has (``padded_ports``): a process of lower degree leaves the places
    of its missing ports unused, so its instances are numbered in the same order as Python's."""
    offsets = {}
    for command in algorithm.commands:
        if command.kind == "spontaneous" and not command.any_port:
            offsets[(command.name, None)] = len(offsets)
    for command in algorithm.commands:
        if command.kind == "timeout":
            offsets[(command.name, None)] = len(offsets)
    for command in algorithm.commands:
        if command.any_port:
            for port in choice_ports:
                offsets[(command.name, port)] = len(offsets)
    for port in in_ports:
        for command in algorithm.commands:
            if command.kind == "receive" and command.enabled_on(port):
                offsets[(command.name, port)] = len(offsets)
        offsets[(None, port)] = len(offsets)
    return offsets, len(offsets)


def _observation(algorithm, n: int, layout: Layout, faithful: bool) -> tuple[str, bool]:
    """``rl_observe``: what the specification reads of a process (decided, is_leader,
    leader_id, candidate), from the symbolic reading of the algorithm's decision functions (on a
    network, read at each degree a process can have). Partial-order reduction needs it for its
    visibility proviso; without it (a decision function whose reading is refused or not
    ``faithful``) the native engine explores full graphs only."""
    from ..reading.symbolic import DECISIONS, SymbolicProcess, read_decisions

    try:
        if not faithful:
            raise NotCompilable("the decision functions' reading is not faithful")
        per_degree = {}
        for degree in process_degrees(algorithm, n):
            process = SymbolicProcess(algorithm, n, degree=degree)
            decisions = read_decisions(algorithm, n, process)
            names = {x.get_id(): f"L[{k}]" for k, x in enumerate(process.locals)}
            names[process.id.get_id()] = "id"
            show = _Printer(names)
            per_degree[degree] = [f"out[{k}] = {show(decisions[name])};" for k, name in enumerate(DECISIONS)]
        if len({tuple(lines) for lines in per_degree.values()}) == 1:  # a ring, or what reads no degree
            lines = ["    " + line for line in next(iter(per_degree.values()))]
        else:
            lines = [f"    {'if' if k == 0 else 'else if'} (degree == {degree}) {{ {' '.join(found)} }}"
                     for k, (degree, found) in enumerate(per_degree.items())]
            lines.append("    else out[0] = out[1] = out[2] = out[3] = 0;")
        available = True
    except Exception:  # noqa: BLE001 -- any decision function the reading refuses: no reduction in C
        lines, available = ["    out[0] = out[1] = out[2] = out[3] = 0;"], False
    return "\n".join([
        "static void rl_observe(const int64_t *L, int64_t id, int degree, int64_t out[4]) {",
        "    (void)L; (void)id; (void)degree;",
        *lines,
        "}",
    ]), available


def _masks(name: str, masks: list[int], count: int) -> str:
    words = max(1, (count + 63) // 64)

    def show(mask: int) -> str:
        return "{{" + ", ".join(f"0x{(mask >> (64 * k)) & (2 ** 64 - 1):x}ull" for k in range(words)) + "}}"

    return f"static const mask_t {name}[] = {{{', '.join(show(m) for m in masks) or '{{0}}'}}};"


def _dependence_tables(algorithm, n, types: MessageTypes, instance_of: dict, per_process: int,
                       trusted: TrustedReadings, crashes: bool = False, recoveries: bool = False) -> str:
    """The parts of models/reading/dependence.py's tables that do not depend on the port labelling (nor,
    on a network, on the graph): each instance's process, the message type it accepts, and each
    process's instances."""
    accepts = [-1] * per_process
    for command in algorithm.commands:
        if command.kind == "receive":
            for (name, _port), offset in instance_of.items():
                if name == command.name:
                    accepts[offset] = types.tag(command.message)
    if not on_network(algorithm):  # the ring's tables number their instances as the C code does
        from ..reading.dependence import DependenceTables
        from ..systems.semantics import AsyncSystem

        system = AsyncSystem(algorithm, tuple(range(1, n + 1)))
        DependenceTables.of(system, trusted)
        for k, instance in enumerate(system.instances):
            name = instance.command.name if instance.command else None
            if k != instance.process * per_process + instance_of[(name, instance.port)]:
                raise NotCompilable("the command instances are not numbered alike at every process")
    count = per_process * n
    # then the adversary's crashes and restarts (explorer.c's RL_TRANSITIONS): the crash of p is
    # one of p's instances (it conflicts with them); restarts are never reduced
    adversary = n * (int(crashes) + int(crashes and recoveries))
    process = [t // per_process for t in range(count)] + [k % n for k in range(adversary)]
    crash_of = [1 << (count + p) if crashes else 0 for p in range(n)]
    return "\n".join([
        f"static const int rl_process[] = {{{', '.join(map(str, process))}}};",
        f"static const int rl_accepts[] = {{{', '.join(map(str, accepts * n + [-1] * adversary))}}};",
        _masks("rl_instances_of", [((1 << per_process) - 1) << (p * per_process) | crash_of[p] for p in range(n)],
               count + adversary),
        _TOPOLOGY_TABLES,
    ])


_TOPOLOGY_TABLES = """/* the tables that follow the ports' channels: given per arrangement (models/native/engine.py) */
static const int *rl_reads_channel;
static const mask_t *rl_conflicts, *rl_writers_of_guard, *rl_senders, *rl_readers;
/* with crashes and timeouts (models/reading/dependence.py): per channel and message type, the
 * instances that may send one into it ([channel * RL_TYPES + tag]); the instances that may join a
 * stubborn set and those that may seed one; per instance its number among the timeouts that wait
 * for a process (-1: not one), and those, in order; whether the tables are refined (typed
 * senders, hopeless guards) */
static const mask_t *rl_typed_senders, *rl_closable, *rl_seedable;
static const int *rl_detector;
static int rl_detectors[RL_MAX_DETECTORS], rl_detector_count, rl_refined;"""


def _no_tables() -> str:
    return "\n".join([
        "static const int rl_process[] = {0};", "static const int rl_accepts[] = {-1};",
        "static const mask_t rl_instances_of[] = {{{0}}};", _TOPOLOGY_TABLES,
    ])


def complete_channel(n: int, sender: int, receiver: int) -> int:
    """The C code's number of the channel sender -> receiver on a network of n vertices: its
    place among the complete graph's channels (models/topology/network.py lists a graph's channels in
    the same order, so a graph's are a subsequence of these)."""
    return sender * (n - 1) + (receiver if receiver < sender else receiver - 1)


def topology_tables(algorithm, topology, ids, trusted: TrustedReadings, crashes: bool = False,
                    recoveries: bool = False, premature: bool = False,
                    types: MessageTypes | None = None) -> dict[str, list]:
    """The tables of one arrangement's topology (its port labelling; on a network its graph
    too): where each port leads, each process's degree, and the dependence tables of
    models/reading/dependence.py that follow the channels, as flat lists (masks as 64-bit words, low
    word first), in the C code's numbering of instances and channels. With ``crashes`` (an engine
    built for them) the tables are those of a system with crash failures, whose crash of process
    p is the C code's instance per_process * n + p, and ``premature`` timeouts are ordinary
    commands (their own footprints)."""
    from ..reading.dependence import DependenceTables

    n = topology.n
    network = on_network(algorithm)
    in_ports, out_ports = padded_ports(algorithm, n)
    if network:
        from ..systems.network_semantics import NetworkSystem

        system = NetworkSystem(algorithm, ids, topology, numbered=True)  # the tables read no port number
        channel = [complete_channel(n, c.sender, c.receiver) for c in topology.channels]
        instance_of, per_process = instance_offsets(algorithm, in_ports, out_ports)
        renumbered = [x.process * per_process + instance_of[(x.command.name if x.command else None, x.port)]
                      for x in system.instances]
        count, channels = per_process * n, n * (n - 1)
    else:
        from ..systems.semantics import AsyncSystem

        swapped = topology.swapped  # a labelling only where the adversary chooses one
        system = AsyncSystem(algorithm, ids, swapped) if swapped else AsyncSystem(algorithm, ids)
        channel = list(range(len(topology.channels)))
        renumbered = list(range(len(system.instances)))
        count, channels = len(system.instances), len(topology.channels)
    local_count = count  # the C code's command instances; then the adversary's (explorer.c's RL_TRANSITIONS)
    renumbered += [local_count + p for p in range(n)] if crashes else []
    count += n * (int(crashes) + int(crashes and recoveries))
    system.premature_timeouts = premature
    if crashes:
        from ..systems.crashes import CrashSystem

        system = CrashSystem(system, 1)  # the tables read whether it crashes, not how often

    def port_table(ports, lead):
        found = [lead(i, p) for i in range(n) for p in ports]
        return [-1 if c is None else channel[c] for c in found] or [0]

    tables = {
        "in": port_table(in_ports, topology.in_channel),
        "out": port_table(out_ports, topology.out_channel),
        "degree": [len(topology.in_ports(i)) for i in range(n)] or [0],
    }
    dependence = DependenceTables.of(system, trusted)
    words = max(1, (count + 63) // 64)

    def renumber(mask: int) -> int:
        found = 0
        while mask:
            t = (mask & -mask).bit_length() - 1
            mask &= mask - 1
            found |= 1 << renumbered[t]
        return found

    def flat(masks):
        return [(m >> (64 * k)) & (2 ** 64 - 1) for m in masks for k in range(words)] or [0]

    def per_instance(values, missing):
        found = [missing] * count
        for t, value in enumerate(values):
            found[renumbered[t]] = value
        return found

    def per_channel(by_state_index):
        found = [0] * channels
        for k in range(len(topology.channels)):
            found[channel[k]] = renumber(by_state_index.get(n + k, 0))
        return found

    tables["reads_channel"] = per_instance([-1 if c is None else channel[c - n] for c in dependence.reads_channel], -1)
    tables["conflicts"] = flat(per_instance([renumber(m) for m in dependence.conflicts], 0))
    tables["writers_of_guard"] = flat(per_instance([renumber(m) for m in dependence.writers_of_guard], 0))
    tables["senders"] = flat(per_channel(dependence.senders))
    tables["readers"] = flat(per_channel(dependence.readers))
    # per channel and message type (the C tags), the instances that may send one there: looked
    # up by the type's name, as dependence.py does
    names = [t.__name__ for t in types.types] if types is not None and types.types else [None]
    typed = [0] * (channels * len(names))
    for k in range(len(topology.channels)):
        for tag, name in enumerate(names):
            typed[channel[k] * len(names) + tag] = renumber(dependence.typed_senders.get((n + k, name), 0))
    tables["typed_senders"] = flat(typed)
    tables["closable"] = flat([renumber(dependence.closable)])
    tables["seedable"] = flat([renumber(dependence.seedable)])
    # each timeout that waits for a process, numbered in the C code's order of instances
    detectors = sorted(renumbered[t] for t in dependence.detectors)
    tables["detector"] = [detectors.index(t) if t in detectors else -1 for t in range(count)]
    tables["refined"] = int(dependence.refined)
    return tables


def _command_block(command, step, types: MessageTypes, out_ports, indent: int, offset: int,
                   degree: int | None = None) -> list[str]:
    """One command's guard and, where it holds, its outcome appended to out[count]; -1 on an
    arithmetic fault, or on a network a send on a port held in a local that is not one of the
    process's ``degree`` (the search then stops with FAULT and Python runs the arrangement,
    whose semantics says what is wrong)."""
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
        if isinstance(port, (str, int)):
            if port not in out_ports:
                raise NotCompilable(f"{command.name} sends on port {port!r}, which has no outgoing channel")
            lines.append(f"{inner}o->port[{m}] = {out_ports.index(port)}; o->sent[{m}][0] = {types.tag(message_type)};")
        else:  # a network's port held in a local: one of the process's, or the semantics refuses the send
            lines += [f"{inner}{{ const int64_t q = {show(port)};",
                      f"{inner}  if (rl_fault || q < 0 || q >= {degree}) return -1;",
                      f"{inner}  o->port[{m}] = (int)q; o->sent[{m}][0] = {types.tag(message_type)}; }}"]
        for j, value in enumerate(fields):
            lines.append(f"{inner}o->sent[{m}][{1 + j}] = {show(value)};")
    if command.kind == "timeout":  # its rank, and the process it waits for (read before the step)
        lines.append(f"{inner}o->rank = {command.rank}; o->awaits = {int(step.awaited is not None)};")
        if step.awaited is not None:
            lines.append(f"{inner}o->awaited = {show(step.awaited)};")
    lines += [f"{inner}if (rl_fault) return -1;", f"{pad}    }}", f"{pad}}}"]
    return lines
