"""Traces: a path through the state graph, rebuilt by replaying transition ordinals.

A trace starts from the arrangement's initial state and lists, per step, the process that
moved, its command, the message it received (and on which port), the messages it sent and
the locals it changed. Renderers are pure functions at the edge: trace in, text or JSON out.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from models import UNMATCHED, AsyncSystem

from .formats import FORMATS as TRACE_FORMATS  # noqa: F401  (TRACE_FORMATS: the CLI's list)
from .formats import write_trace
from .round_table import rounds_table
from .snapshot import RingState, ring_state


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

    def __len__(self) -> int:
        return len(self.steps)

    def to_text(self) -> str:
        return render_text(self)

    def to_json(self) -> dict:
        return {
            "algorithm": self.algorithm,
            "ids": list(self.ids),
            "property": self.property,
            "reason": self.reason,
            "initial_locals": self.initial_locals,
            "loop_start": self.loop_start,
            "steps": [
                {
                    "step": s.number, "position": s.position, "id": s.id, "command": s.command,
                    "port": s.port, "received": s.received,
                    "sent": [{"port": port, "message": message} for port, message in s.sent],
                    "changes": {name: {"from": old, "to": new} for name, (old, new) in s.changes.items()},
                    "in_flight": s.in_flight,
                    **({"round": s.round, "receptions": [{"port": port, "message": m} for port, m in s.receptions]}
                       if s.round is not None else {}),
                }
                for s in self.steps
            ],
            "final_state": {
                "locals": self.final_locals,
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


def replay(system: AsyncSystem, ordinals: list[int], loop_start: int | None = None) -> tuple[Trace, tuple]:
    """Follow ``ordinals`` from the initial state; return the trace and the state it ends in."""
    state = system.initial_state
    initial = system.locals_of(state, 0)
    trace = Trace(system.algorithm.name, system.ids, initial, loop_start=loop_start)
    if hasattr(system.topology, "ports_text"):
        trace.network = f"{system.topology.describe()}; ports {system.topology.ports_text()}"
    trace.states.append(ring_state(system, state))
    for number, k in enumerate(ordinals, start=1):
        step = system.steps(state)[k]
        trace.steps.append(trace_step(system, state, step, number))
        state = step.target
        trace.states.append(ring_state(system, state))
    trace.final_locals = [system.locals_of(state, i) for i in range(system.n)]
    trace.final_channels = channel_contents(system, state)
    return trace, state


def trace_step(system: AsyncSystem, state, step, number: int) -> TraceStep:
    """What a trace shows of ``step`` (one of ``system.steps(state)``)."""
    before, after = system.locals_of(state, step.process), system.locals_of(step.target, step.process)
    # a key may come or go (a crashed process's crashed=true, models/crashes.py); the system says
    # what its absence reads as
    missing = getattr(system, "missing_locals", {})
    changes = {name: (before.get(name, missing.get(name, "-")), after.get(name, missing.get(name, "-")))
               for name in {**before, **after} if before.get(name) != after.get(name)}
    return TraceStep(
        number=number, position=step.process, id=system.ids[step.process], command=step.command,
        port=step.port, received=str(step.received) if step.received is not None else None,
        sent=[(port, str(message)) for port, message in step.sent], changes=changes,
        in_flight=sum(len(c) for c in system.channels(step.target)),
    )


def channel_contents(system: AsyncSystem, state) -> list[tuple[str, list[str]]]:
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
    if trace.property:
        console.print(f"Counterexample to {trace.property}: {trace.reason}", markup=False)
    if trace.anonymous:
        console.print(f"{trace.algorithm} on {len(trace.ids)} anonymous processes (the ids {', '.join(map(str, trace.ids))} "
                      f"only name them here: no command can read them)", markup=False)
    elif trace.network:
        console.print(f"{trace.algorithm} with ids {', '.join(map(str, trace.ids))} (process 0 first) on {trace.network}",
                      markup=False)
    else:
        console.print(f"{trace.algorithm} with ids {', '.join(map(str, trace.ids))} (position 0 first, clockwise)",
                      markup=False)
    initial = ", ".join(f"{k}={v}" for k, v in trace.initial_locals.items())
    console.print(f"initial state: every process has {initial}; all channels empty", markup=False)
    if trace.rounds is not None:
        console.print(f"synchronous rounds: in each, every process handles the messages of the previous round, "
                      f"then takes its step; {trace.rounds} round(s)", markup=False)
        if trace.steps:
            console.print(rounds_table(trace))
    elif trace.steps:
        console.print(steps_table(trace.steps, trace.loop_start))
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
    console.print(state_lines(trace.ids, trace.final_locals, trace.final_channels), markup=False)
    return out.getvalue()


def steps_table(steps: list[TraceStep], loop_start: int | None = None):
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
        sent = ", ".join(f"{m} on {port}" for port, m in s.sent)
        changes = ", ".join(f"{k}: {old} -> {new}" for k, (old, new) in s.changes.items())
        table.add_row(f"{s.number}{marker}", f"p{s.position} (id {s.id})", command, received, sent, changes)
    return table


def state_lines(ids, locals_: list[dict[str, str]], channels: list[tuple[str, list[str]]]) -> str:
    """A state as a trace prints it: one line per process, then one per non-empty channel."""
    lines = [f"  p{position} (id {ids[position]}): {', '.join(f'{k}={v}' for k, v in local.items())}"
             for position, local in enumerate(locals_)]
    lines += [f"  channel {name}: {', '.join(messages)}" for name, messages in channels]
    return "\n".join(lines)
