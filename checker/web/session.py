"""What the explorer shows: one system under the user's hand, a path through it, and what every
property says along that path. No HTTP here: checker/web/app.py serves it.

A *setting* is the arrangement the user picked: the ids by position, and the port labelling
(on an unoriented ring, which processes have their ports swapped; on a network, each vertex's
neighbours in port order). A *path* is a list of choices, each the index of a transition among
those the system enables at that state (``system.steps(state)``, the order every engine and
trace uses; a synchronous system's transitions are whole rounds). A setting and a path are the
whole of what the page shows, so both go into its URL, and a shared link shows the same state.

The properties are judged along the path as ``--simulate`` judges a run
(checker/explore/simulate.py's ``Judge``), one property at a time so that each gets its own
status. The shortest counterexample is the check's own (``checker.explore.run.check``, with the
run's options), followed back through this system by matching its trace step by step.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from models import AlgorithmError
from specs.user_properties import is_always_eventually, is_liveness

from ..explore.arrangements import Arrangement
from ..explore.simulate import Judge
from ..explore.systems import system_for, trace_of
from ..render.graphviz_out import inline_svg, render, render_svgs
from ..render.ring import trace_snapshot
from ..render.spacetime import spacetime_graph, step_text
from ..render.trace import TraceStep, locals_apart

# a property whose judge needs the whole state graph, not one path
WHOLE_GRAPH_ONLY = ("fair-termination", "almost-sure-termination")
LONGEST_PATH = 2_000  # steps: a longer path in a URL is refused rather than replayed


@dataclass(frozen=True)
class Setting:
    """The arrangement the user explores: ids by position, and the port labelling."""

    ids: tuple[int, ...]
    swapped: tuple[bool, ...] = ()  # an unoriented ring: the processes whose ports are swapped
    ports: tuple[tuple[int, ...], ...] = ()  # a network: each vertex's neighbours in port order

    def query(self) -> dict[str, str]:
        """The setting as URL parameters (parse_setting reads them back)."""
        query = {"ids": ",".join(map(str, self.ids))}
        if self.swapped:
            query["swapped"] = "".join("1" if s else "0" for s in self.swapped)
        if self.ports:
            query["ports"] = "-".join(".".join(map(str, p)) for p in self.ports)
        return query


class Explorer:
    """One algorithm at one n (and one graph, on a network) with the check's options, explored
    by hand: ``view(setting, path)`` is everything the page shows of a state."""

    def __init__(self, algorithm, n: int, properties: list, *, ids=None, network=None, options=None,
                 own_properties: tuple = (), topology_name: str | None = None):
        self.algorithm = algorithm
        self.n = n
        self.properties = list(properties) + list(own_properties)
        self.own_properties = tuple(own_properties)
        self.ids = tuple(ids) if ids is not None else None
        self.network = network
        self.options = dict(options or {})  # checker.cli.modes.fault_options: faults, fairness, without, synchronizer
        self.topology_name = topology_name or algorithm.topology.kind
        self._systems: dict[Setting, object] = {}
        self._counterexample: dict | None = None
        self._lock = threading.Lock()  # the page may ask twice at once; the check runs once

    # -- settings ------------------------------------------------------------------------------

    def default_setting(self) -> Setting:
        ids = self.ids or tuple(range(1, self.n + 1))
        swapped = (False,) * self.n if self._unoriented() else ()
        ports = self.network.labelling if self.network is not None else ()
        return Setting(ids, swapped, ports)

    def parse_setting(self, ids: str | None, swapped: str | None = None, ports: str | None = None) -> Setting:
        """The setting a URL gives (missing parts: the default's); a wrong one is one line."""
        default = self.default_setting()
        setting = Setting(default.ids if not ids else _numbers(ids, ",", "ids"),
                          default.swapped if not swapped else tuple(c == "1" for c in swapped),
                          default.ports if not ports else tuple(_numbers(p, ".", "ports") for p in ports.split("-")))
        if len(setting.ids) != self.n or len(set(setting.ids)) != self.n or min(setting.ids) < 1:
            raise AlgorithmError(f"ids {','.join(map(str, setting.ids))}: give {self.n} distinct positive ids")
        if self.ids is not None and setting.ids != self.ids:
            raise AlgorithmError(f"this explorer was started with --ids {','.join(map(str, self.ids))}; "
                                 "start it without --ids to choose others")
        if swapped and (not self._unoriented() or len(swapped) != self.n or set(swapped) - {"0", "1"}):
            raise AlgorithmError("swapped: one 0 or 1 per process, on an unoriented ring only")
        if ports:
            if self.network is None:
                raise AlgorithmError("ports: a port labelling is for a network")
            try:
                self.network.relabelled(setting.ports)
            except (ValueError, AssertionError, IndexError):
                raise AlgorithmError(f"ports {ports}: each vertex's neighbours in port order, vertices separated "
                                     "by '-' and neighbours by '.'") from None
        return setting

    def _unoriented(self) -> bool:
        """A ring whose port labelling is the adversary's (a network's labelling is ``ports``)."""
        return self.network is None and self.algorithm.topology.port_labellings

    def system(self, setting: Setting):
        if setting not in self._systems:
            topology = self.network.relabelled(setting.ports) if self.network is not None else None
            arrangement = Arrangement(setting.ids, 1, swapped=setting.swapped, topology=topology,
                                      numbered=topology is not None)
            self._systems[setting] = system_for(
                self.algorithm, arrangement, crashes=self.options.get("crashes", 0),
                premature_timeouts=self.options.get("premature_timeouts", False),
                recoveries=self.options.get("recoveries", 0), synchronizer=self.options.get("synchronizer"),
                fifo=self.options.get("fifo", False))
        return self._systems[setting]

    # -- a state ---------------------------------------------------------------------------------

    def states(self, setting: Setting, path: list[int]) -> list:
        """The states along ``path`` from the initial state; a choice not enabled is one line."""
        return self._walk(self.system(setting), path)[0]

    def _walk(self, system, path: list[int]) -> tuple[list, list]:
        """The states along ``path`` and the steps taken between them (each computed once)."""
        if len(path) > LONGEST_PATH:
            raise AlgorithmError(f"a path of {len(path)} steps: the explorer follows at most {LONGEST_PATH}")
        states, taken = [system.initial_state], []
        for number, choice in enumerate(path, start=1):
            steps = system.steps(states[-1])
            if not 0 <= choice < len(steps):
                raise AlgorithmError(f"step {number} of the path takes choice {choice}, but only "
                                     f"{len(steps)} transition(s) are enabled there")
            taken.append(steps[choice])
            states.append(steps[choice].target)
        return states, taken

    def view(self, setting: Setting, path: list[int]) -> dict:
        """Everything the page shows after ``path``: the trace so far, the processes and channels,
        the enabled transitions, every property's status, and the pictures (None without graphviz)."""
        system = self.system(setting)
        states, taken = self._walk(system, path)
        state = states[-1]
        loop_start = next((k for k, s in enumerate(states[:-1]) if s == state), None)
        trace = trace_of(system, list(path), loop_start)
        steps = system.steps(state)
        snapshot = render_svgs([trace_snapshot(trace, len(trace.states) - 1)])
        spacetime = render(spacetime_graph(trace), "svg") if trace.steps else None
        return {
            "algorithm": self.algorithm.name,
            "n": self.n,
            "topology": self.topology_name,
            "setting": setting.query(),
            "path": list(path),
            "trace": trace.to_json(),
            "steps_taken": len(path),
            "processes": [{"name": trace.process(i), "locals": trace.final_locals[i],
                           **({"synchronizer": trace.final_synchronizer[i]} if trace.synchronizer else {})}
                          for i in range(system.n)],
            "channels": [{"channel": name, "messages": messages} for name, messages in trace.final_channels],
            "enabled": [{"choice": k, "label": self._label(system, trace, state, step)} for k, step in enumerate(steps)],
            "terminal": not steps,
            "loop_start": loop_start,
            "properties": self._statuses(system, states, taken, not steps),
            "snapshot_svg": inline_svg(snapshot[0]) if snapshot else None,
            "spacetime_svg": inline_svg(spacetime) if spacetime else None,
        }

    def _label(self, system, trace, state, step) -> str:
        """What taking ``step`` would do, in the words of a trace."""
        if not system.synchronous:  # one process's step (a round's steps are models/systems/rounds.py's)
            algorithm_before, _ = locals_apart(system, state, step.process)
            shown = TraceStep(0, step.process, system.ids[step.process], step.command, step.port,
                              str(step.received) if step.received is not None else None,
                              [(port, str(m)) for port, m in step.sent],
                              _changes(algorithm_before, locals_apart(system, step.target, step.process)[0]), 0)
            return step_text(trace, shown)
        # a synchronous round: every process's part at once
        parts = []
        for i, part in enumerate(step.parts):
            if part.events:
                changes = _changes(system.locals_of(state, i), system.locals_of(step.target, i))
                what = ", ".join(e.command for e in part.events)
                parts.append(f"{trace.name(i)} {what}" + (f" ({_changes_text(changes)})" if changes else ""))
        return f"round {(trace.rounds or 0) + 1}: " + ("; ".join(parts) or "nothing happens")

    def _statuses(self, system, states: list, taken: list, terminal: bool) -> list[dict]:
        """Each property's status at the end of the path ``taken``: violated on it (and where),
        holds on it so far, or judged only at a terminal state or on the whole graph."""
        statuses = []
        for prop in self.properties:
            if prop.name in WHOLE_GRAPH_ONLY:
                statuses.append(_status(prop, "whole graph", "judged over every execution: see the check's verdict"))
                continue
            statuses.append(self._judge_one(system, prop, states, taken, terminal))
        return statuses

    def _judge_one(self, system, prop, states: list, taken: list, terminal: bool) -> dict:
        judge = Judge(system, [prop])
        violation = judge.start(states[0])
        messages, at = 0, 0
        for number, step in enumerate(taken, start=1):
            if violation is not None:
                break
            messages += step.sent if system.synchronous else len(step.sent)  # a round counts what it sent
            violation = judge.step(states[number - 1], states[number], None if system.synchronous else step.process,
                                   messages)
            at = number
        if violation is None and terminal:
            violation = judge.terminal(states[-1])
            at = len(taken)
        if violation is not None:
            where = "the initial state" if at == 0 else f"step {at}"
            loop = f" (a loop from step {violation.loop_start})" if violation.loop_start is not None else ""
            return _status(prop, "violated", f"violated at {where}{loop}: {violation.reason}")
        return _status(prop, *self._holding(prop, judge, terminal, messages))

    def _holding(self, prop, judge: Judge, terminal: bool, messages: int) -> tuple[str, str]:
        if prop.kind == "terminal":
            return ("holds", "holds at this terminal state") if terminal else \
                ("pending", "judged when no transition is enabled")
        if prop.name == "termination":
            return ("holds", "this execution terminated") if terminal else \
                ("pending", "no state repeats on this path so far")
        if prop.name == "message-bound" and judge.message_bound is not None:
            return "holds", f"{messages} message(s) so far, bound {judge.message_bound}"
        if is_always_eventually(prop):  # a violation at a terminal state or on a loop was found above
            if terminal:
                return "holds", "holds at this terminal state"
            held = judge.last_held[prop.name]
            return "pending", "has not held on this path yet" if held < 0 else \
                ("holds here" if held == judge.steps else f"last held after step {held}") + \
                "; judged at a terminal state or on a loop"
        if is_liveness(prop):  # @eventually
            return ("holds", "has held on this path") if not judge.pending else \
                ("pending", "has not held on this path yet")
        if prop.kind == "graph":
            return "holds", "not violated on this path"
        return "holds", "holds at every state of this path"

    # -- the check's counterexample ------------------------------------------------------------

    def counterexample(self) -> dict:
        """The check's shortest counterexample as a setting and a path here, or its verdict."""
        with self._lock:
            if self._counterexample is None:
                self._counterexample = self._find_counterexample()
            return self._counterexample

    def _find_counterexample(self) -> dict:
        from ..explore.run import check

        options = {key: value for key, value in self.options.items() if key != "cluster"}
        result = check(self.algorithm, self.n, ids=self.ids, graphs=self.network, progress=False, jobs=1,
                       own_properties=self.own_properties, **options)
        found = result.counterexample
        if found is None:
            return {"verdict": result.verdict, "summary": result.summary()}
        ports = found.network.labelling if found.network is not None else ()
        setting = Setting(tuple(found.ids), tuple(found.swapped) if self._unoriented() else (), ports)
        path = self._follow(setting, found.trace)
        return {"verdict": "violated", "property": found.property, "reason": found.reason,
                "setting": setting.query(), "path": path, "loop_start": found.trace.loop_start}

    def _follow(self, setting: Setting, wanted) -> list[int]:
        """The choices here that give the trace ``wanted``: at each state, the transition whose
        trace continues ``wanted``'s steps (a trace names every step fully, so one fits)."""
        system = self.system(setting)
        target = _comparable(wanted.to_json()["steps"])
        path: list[int] = []
        state = system.initial_state
        shown = len(_comparable(trace_of(system, path).to_json()["steps"]))
        while True:
            if shown == len(target):
                return path
            for choice, step in enumerate(system.steps(state)):
                steps = _comparable(trace_of(system, path + [choice]).to_json()["steps"])
                if len(steps) > shown and steps == target[:len(steps)]:
                    path.append(choice)
                    state, shown = step.target, len(steps)
                    break
            else:
                raise AlgorithmError("the check's counterexample could not be followed in the explorer's system "
                                     f"(after {len(path)} steps); please report it as an issue of the project")


def _comparable(steps: list[dict]) -> list[dict]:
    """Steps as two traces of one path agree on them: not their numbers, nor the messages a later
    crash loses (known only once the trace ends)."""
    return [{key: value for key, value in s.items() if key not in ("step", "lost")} for s in steps]


def _status(prop, status: str, text: str) -> dict:
    return {"name": prop.name, "description": prop.description, "status": status, "text": text}


def _changes(before: dict, after: dict) -> dict:
    return {name: (before.get(name, "-"), after.get(name, "-"))
            for name in {**before, **after} if before.get(name) != after.get(name)}


def _changes_text(changes: dict) -> str:
    return ", ".join(f"{name}: {old} -> {new}" for name, (old, new) in sorted(changes.items()))


def _numbers(text: str, separator: str, what: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split(separator))
    except ValueError:
        raise AlgorithmError(f"{what} {text!r}: give whole numbers separated by {separator!r}") from None
