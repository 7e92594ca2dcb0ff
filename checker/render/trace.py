"""Traces: a path through the state graph, rebuilt by replaying transition ordinals.

A trace starts from the arrangement's initial state and lists, per step, the process that
moved, its command, the message it received (and on which port), the messages it sent and
the locals it changed. Through a synchronizer, what a process holds beside the algorithm's
locals (its tick, the synchronizer's variables, the messages it has not read yet) is kept
apart and shown labelled "synchronizer". With crash failures, a message lost to a crash is
shown where it is lost. Renderers are pure functions at the edge: trace in, text or JSON out.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from models import UNMATCHED
from models.systems.interface import System

from .deliveries import lost
from .formats import FORMATS as TRACE_FORMATS  # noqa: F401  (TRACE_FORMATS: the CLI's list)
from .formats import write_trace
from .round_table import rounds_table
from .snapshot import RingState, process_names, ring_state
from .style import arrangement_line, changes_text, default_name, locals_text, sent_text


@dataclass
class TraceStep:
    number: int
    position: int
    id: int
    command: str
    port: str | None
    received: str | None
    sent: list[tuple[str, str]]
    changes: dict[str, tuple[str, str]]
    in_flight: int  # messages in all channels after this step
    round: int | None = None  # synchronous: the round this step is a process's part of (checker/render/rounds.py)
    receptions: list[tuple[str, str]] = field(default_factory=list)  # synchronous: (port, message) received
    synchronizer_changes: dict[str, tuple[str, str]] = field(default_factory=dict)  # beside the locals (see the module)
    lost: list = field(default_factory=list)  # the messages lost at this step to a crash (deliveries.Delivery)


@dataclass
class Trace:
    algorithm: str
    ids: tuple[int, ...]
    initial_locals: dict[str, str]
    steps: list[TraceStep] = field(default_factory=list)
    loop_start: int | None = None  # steps from this index on repeat forever (a lasso)
    property: str | None = None
    reason: str | None = None
    final_locals: list[dict[str, str]] = field(default_factory=list)
    final_channels: list[tuple[str, list[str]]] = field(default_factory=list)
    states: list[RingState] = field(default_factory=list)  # the state before step 1, then after each step
    network: str | None = None  # on a network: the graph and where each port leads, in words
    rounds: int | None = None  # synchronous: how many rounds the trace has (its steps are processes' parts of them)
    anonymous: bool = False  # the processes have no ids: the trace's ids only name them
    symmetric: bool | None = None  # anonymous and synchronous: all processes alike after every round
    names: tuple[str, ...] = ()  # how each position is called (an edge file's vertex names); empty: p0, p1, ...
    synchronizer: str | None = None  # the synchronizer the algorithm runs through ("the alpha synchronizer")
    initial_synchronizer: dict[str, str] = field(default_factory=dict)  # its state at every process, at first
    final_synchronizer: list[dict[str, str]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.steps)

    def name(self, position: int) -> str:
        return self.names[position] if self.names else default_name(position)

    def process(self, position: int) -> str:
        """The process at ``position`` as traces name it: "p0 (id 3)"."""
        return f"{self.name(position)} (id {self.ids[position]})"

    def to_text(self) -> str:
        return render_text(self)

    def to_json(self) -> dict:
        return {
            "algorithm": self.algorithm,
            "ids": list(self.ids),
            **({"names": list(self.names)} if self.names else {}),
            "property": self.property,
            "reason": self.reason,
            "initial_locals": self.initial_locals,
            **({"synchronizer": self.synchronizer, "initial_synchronizer": self.initial_synchronizer}
               if self.synchronizer else {}),
            "loop_start": self.loop_start,
            "steps": [
                {
                    "step": s.number, "position": s.position, "id": s.id, "command": s.command,
                    "port": s.port, "received": s.received,
                    "sent": [{"port": port, "message": message} for port, message in s.sent],
                    "changes": _changes_json(s.changes),
                    **({"synchronizer_changes": _changes_json(s.synchronizer_changes)} if self.synchronizer else {}),
                    **({"lost": [{"message": d.label, "sender": d.sender, "receiver": d.receiver, "sent_at": d.sent_at}
                                 for d in s.lost]} if s.lost else {}),
                    "in_flight": s.in_flight,
                    **({"round": s.round, "receptions": [{"port": port, "message": m} for port, m in s.receptions]}
                       if s.round is not None else {}),
                }
                for s in self.steps
            ],
            "final_state": {
                "locals": self.final_locals,
                **({"synchronizer": self.final_synchronizer} if self.synchronizer else {}),
                "channels": [{"channel": name, "messages": messages} for name, messages in self.final_channels],
            },
        }

    def write(self, path: str) -> str | None:
        """Write the trace to ``path`` in the format its extension names (see checker.render);
        return a warning for the user (graphviz is missing: .dot text was written), or None."""
        return write_trace(self, path)

    def _repr_mimebundle_(self, include=None, exclude=None):
        from .notebook import trace_bundle  # graphviz, loaded only to draw

        return trace_bundle(self)


def _changes_json(changes: dict[str, tuple[str, str]]) -> dict:
    return {name: {"from": old, "to": new} for name, (old, new) in changes.items()}


def replay(system: System, ordinals: list[int], loop_start: int | None = None) -> tuple[Trace, tuple]:
    """Follow ``ordinals`` from the initial state; return the trace and the state it ends in."""
    state = system.initial_state
    trace = start_trace(system, loop_start)
    for number, k in enumerate(ordinals, start=1):
        step = system.steps(state)[k]
        trace.steps.append(trace_step(system, state, step, number))
        state = step.target
        trace.states.append(ring_state(system, state))
    finish_trace(trace, system, state)
    return trace, state


def start_trace(system, loop_start: int | None = None) -> Trace:
    """A trace of ``system`` with no step yet: its arrangement and initial state."""
    state = system.initial_state
    initial, initial_synchronizer = locals_apart(system, state, 0)
    trace = Trace(system.algorithm.name, system.ids, initial, loop_start=loop_start,
                  initial_synchronizer=initial_synchronizer)
    topology = system.topology
    ports = topology.ports_text()
    if ports is not None:
        trace.network = f"{topology.describe()}; ports {ports}"
    trace.names = process_names(topology)
    if system.synchronizer is not None:
        trace.synchronizer = str(system.synchronizer)
    trace.states.append(ring_state(system, state))
    return trace


def finish_trace(trace: Trace, system, state) -> None:
    """Record the state the trace ends in."""
    final = [locals_apart(system, state, i) for i in range(system.n)]
    trace.final_locals = [algorithm for algorithm, _ in final]
    if trace.synchronizer:
        trace.final_synchronizer = [synchronizer for _, synchronizer in final]
    trace.final_channels = channel_contents(system, state)
    for message in lost(trace):
        trace.steps[message.lost_at - 1].lost.append(message)


def locals_apart(system, state, i: int) -> tuple[dict[str, str], dict[str, str]]:
    """Process i's locals, and apart from them what it holds through a synchronizer (or nothing)."""
    return system.algorithm_locals(state, i), system.synchronizer_locals(state, i)


def trace_step(system: System, state, step, number: int) -> TraceStep:
    """What a trace shows of ``step`` (one of ``system.steps(state)``)."""
    before, synchronizer_before = locals_apart(system, state, step.process)
    after, synchronizer_after = locals_apart(system, step.target, step.process)
    return TraceStep(
        number=number, position=step.process, id=system.ids[step.process], command=step.command,
        port=step.port, received=str(step.received) if step.received is not None else None,
        sent=[(port, str(message)) for port, message in step.sent], changes=changed(system, before, after),
        in_flight=sum(len(c) for c in system.channels(step.target)),
        synchronizer_changes=changed(system, synchronizer_before, synchronizer_after),
    )


def changed(system, before: dict[str, str], after: dict[str, str]) -> dict[str, tuple[str, str]]:
    """name -> (old, new) for every value that differs between ``before`` and ``after``."""
    # a key may come or go (a crashed process's crashed=true, models/systems/crashes.py); the system says
    # what its absence reads as
    missing = system.missing_locals
    return {name: (before.get(name, missing.get(name, "-")), after.get(name, missing.get(name, "-")))
            for name in {**before, **after} if before.get(name) != after.get(name)}


def channel_contents(system: System, state) -> list[tuple[str, list[str]]]:
    """(channel, messages head first) for every non-empty channel of ``state``."""
    return [
        (system.topology.describe_channel(k), [str(m) for m in system.channel(state, k)])
        for k in range(system.channel_count)
        if system.channel(state, k)
    ]


def render_text(trace: Trace) -> str:
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=160, no_color=True, highlight=False, soft_wrap=False)
    for line in header(trace):
        console.print(line, markup=False)
    if trace.rounds is not None:
        console.print(f"synchronous rounds: in each, every process handles the messages of the previous round, "
                      f"then takes its step; {trace.rounds} round(s)", markup=False)
        if trace.steps:
            console.print(rounds_table(trace.steps, trace.loop_start, trace.process, trace.name))
    elif trace.steps:
        console.print(steps_table(trace.steps, trace.loop_start, trace.name))
    if not trace.steps:
        console.print("(the initial state itself violates the property)")
    if trace.loop_start is not None:
        unit, last = ("rounds", trace.rounds) if trace.rounds is not None else ("steps", len(trace.steps))
        console.print(f"{unit} {trace.loop_start + 1}..{last} repeat forever", markup=False)
    if trace.symmetric:
        console.print(
            f"symmetric execution: after every round all {len(trace.ids)} processes are in the same state and receive "
            "the same messages, so whatever one of them decides, all do: no unique leader can appear (seed 000's "
            "impossibility; `check theorem anonymous-ring` proves it for every algorithm)", markup=False)
    console.print("final state:", markup=False)
    console.print(state_lines(trace.ids, trace.final_locals, trace.final_channels, trace.final_synchronizer,
                              trace.name), markup=False)
    return out.getvalue()


def header(trace: Trace) -> list[str]:
    """The lines above a trace's steps: the property it breaks, the arrangement, the initial state."""
    lines = [f"Counterexample to {trace.property}: {trace.reason}"] if trace.property else []
    lines.append(arrangement_line(trace))
    initial = locals_text(trace.initial_locals, trace.initial_synchronizer)
    lines.append(f"initial state: every process has {initial}; all channels empty")
    return lines


def steps_table(steps: list[TraceStep], loop_start: int | None = None, name=default_name):
    """The rich table of trace steps: step, process, command, received, sent, changes."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("step", "process", "command", "received", "sent", "changes"):
        table.add_column(column, overflow="fold")
    for s in steps:
        marker = "  <- loop starts" if loop_start is not None and s.number - 1 == loop_start else ""
        command = s.command + ("  (no command accepts it)" if s.command == UNMATCHED else "")
        if s.port is not None and not s.received:  # a command taken on a port it chose (any_port)
            command += f" (port {s.port})"
        received = f"{s.received} on {s.port}" if s.received else ""
        table.add_row(f"{s.number}{marker}", f"{name(s.position)} (id {s.id})", command, received,
                      sent_text(s, name), changes_text(s, "->", name))
    return table


def state_lines(ids, locals_: list[dict[str, str]], channels: list[tuple[str, list[str]]],
                synchronizer: list[dict[str, str]] = (), name=default_name) -> str:
    """A state as a trace prints it: one line per process, then one per non-empty channel."""
    lines = [f"  {name(position)} (id {ids[position]}): "
             f"{locals_text(local, synchronizer[position] if synchronizer else None)}"
             for position, local in enumerate(locals_)]
    lines += [f"  channel {channel}: {', '.join(messages)}" for channel, messages in channels]
    return "\n".join(lines)
