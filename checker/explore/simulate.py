"""``check ALGO --n N --simulate RUNS``: random executions judged as a check judges, where exhaustive stops.

Each run draws an arrangement (a permutation of 1..n, or --ids; on a non-oriented ring a port
labelling; on a network a labelling of the graph's ports) and walks from the initial state,
choosing uniformly among the enabled transitions at every state (an algorithm that draws:
among every command instance's outcomes, each coin value as one transition), until a terminal
state or ``max_steps``. Along the walk the properties are judged as the explorer judges them
(checker/explore/explorer.py): state properties at every state, transition properties at
every step, terminal properties and ``@eventually`` properties at the end of a finished run,
the message and round bounds on the run's count. A run that comes back to a state it passed
has found a lasso, whose loop can be taken forever: it violates termination, and a
``@always_eventually`` property false at every state of the loop; a finished run violates
such a property if it is false at the terminal state (which stutters forever). A run that
reaches the step limit is *unfinished*: it passes nothing that needs the end (termination,
fair or almost-sure termination, the terminal properties, ``@eventually``,
``@always_eventually``).

The first failing run is shrunk by delta debugging: chunks of its steps are removed, the rest
replayed (steps no longer enabled are skipped; a replay that runs out of steps finishes with
the first enabled transition at each state) and kept when it fails the same property in
fewer steps. Everything is drawn from one ``Random(seed)``: the same seed gives the same output.
"""
from __future__ import annotations

import io
import random
import time
from dataclasses import dataclass, field

from models import SYNCHRONOUS, AlgorithmError
from specs import Property, bound_of
from specs.user_properties import is_always_eventually, is_liveness

from .arrangements import Arrangement
from .progress import Steps
from .result import Counterexample
from .systems import interned_twin, system_for, trace_of

REPLAYS = 400  # the shrinker's budget: replays of candidate runs, so that shrinking stays in seconds
# properties a walk cannot judge: what fair and almost-sure termination say of infinite runs
# needs the whole graph (an unfinished run is counted, not judged)
_NOT_BY_A_RUN = ("fair-termination", "almost-sure-termination")


@dataclass
class Violation:
    property: str
    reason: str
    loop_start: int | None = None  # a lasso: the step index where the cycle begins


@dataclass
class Walk:
    """One run: the transitions taken (ordinals in the system's order, and the keys a replay
    finds them by), the messages sent, and how it ended."""

    ordinals: list[int] = field(default_factory=list)
    keys: list[tuple[int, int]] = field(default_factory=list)
    messages: int = 0
    finished: bool = False
    violation: Violation | None = None


class Judge:
    """The properties of a run, applied to one walk's states as it goes."""

    def __init__(self, system, properties: list[Property]):
        self.system = system
        self.whole_system = system.reference
        self.decode = system.decode
        self.n = system.n
        self.state_props = [p for p in properties if p.kind == "state" and not p.reads_state]
        self.whole_props = [p for p in properties if p.kind == "state" and p.reads_state]
        self.transition_props = [p for p in properties if p.kind == "transition"]
        self.terminal_props = [p for p in properties if p.kind == "terminal"]
        self.eventually_props = [p for p in properties if is_liveness(p) and not is_always_eventually(p)]
        self.recurring_props = [p for p in properties if is_always_eventually(p)]
        names = {p.name for p in properties}
        self.cycles = "termination" in names
        self.message_bound = bound_of(system, "message_bound") if "message-bound" in names else None
        self.round_bound = bound_of(system, "round_bound") if "round-bound" in names and system.synchronous else None
        self.local_steps = system.observes_mover_only

    def start(self, state) -> Violation | None:
        self.observations = list(self.system.observe(state))
        self.pending = list(self.eventually_props)  # those that have not held yet
        self.last_held = {p.name: -1 for p in self.recurring_props}  # the last step whose state satisfied it
        self.steps = 0
        # each state passed -> the last step that reached it, to find where the run loops
        self.seen = {state: 0} if self.cycles or self.recurring_props else None
        return self._state(state, True)

    def step(self, state, target, mover, messages: int) -> Violation | None:
        self.steps += 1
        movers = (mover,) if mover is not None and self.local_steps else range(self.n)
        changed = False
        for i in movers:
            before, after = self.observations[i], self.system.observe_process(target, i)
            if after is before or after == before:
                continue
            changed = True
            for prop in self.transition_props:
                reason = prop.check(before, after)
                if reason:
                    return Violation(prop.name, reason)
            self.observations[i] = after
        violation = self._state(target, changed)
        if violation is not None:
            return violation
        if self.message_bound is not None and messages > self.message_bound:
            return Violation("message-bound", f"an execution sends {messages} messages, more than the bound "
                                              f"{self.message_bound}")
        if self.round_bound is not None and self.steps > self.round_bound:
            return Violation("round-bound", f"an execution takes {self.steps} rounds, more than the bound "
                                            f"{self.round_bound}")
        if self.seen is not None:
            if target in self.seen:
                violation = self._loop(self.seen[target])
                if violation is not None:
                    return violation
            self.seen[target] = self.steps
        return None

    def _loop(self, start: int) -> Violation | None:
        """The run is back at the state it reached at step ``start``: the loop since then can be
        taken forever, which termination forbids, and so must pass through a state where each
        ``@always_eventually`` property holds."""
        if self.cycles:
            return Violation("termination", f"an execution runs forever: a cycle of {self.steps - start} "
                                            "transition(s) is reachable", loop_start=start)
        for prop in self.recurring_props:
            if self.last_held[prop.name] < start:
                return Violation(prop.name, f"an execution runs forever through states where {prop.name} is false: "
                                            f"the trace loops from step {start + 1}", loop_start=start)
        return None

    def terminal(self, state) -> Violation | None:
        channels = self.system.channels(state)
        for prop in self.terminal_props:
            reason = prop.check(tuple(self.observations), channels)
            if reason:
                return Violation(prop.name, reason)
        for prop in self.pending:
            return Violation(prop.name, f"an execution terminates without {prop.name} ever holding")
        for prop in self.recurring_props:
            if self.last_held[prop.name] < self.steps:
                return Violation(prop.name, f"an execution terminates in a state where {prop.name} is false: it "
                                            "never holds again")
        return None

    def _state(self, state, changed: bool) -> Violation | None:
        observations = tuple(self.observations)
        if changed:
            for prop in self.state_props:
                reason = prop.check(observations)
                if reason:
                    return Violation(prop.name, reason)
        if self.whole_props or self.pending or self.recurring_props:
            whole = self.decode(state)
            for prop in self.whole_props:
                reason = prop.check(observations, whole, self.whole_system) if prop.reads_system \
                    else prop.check(observations, whole)
                if reason:
                    return Violation(prop.name, reason)
            self.pending = [p for p in self.pending if not p.check(self.whole_system, whole)]
            for prop in self.recurring_props:
                if prop.check(self.whole_system, whole):
                    self.last_held[prop.name] = self.steps
        return None


def walk(system, judge: Judge, choose, max_steps: int) -> Walk:
    """One run from the initial state: ``choose(steps)`` gives the index of the transition to take
    (and -1 to end the run there)."""
    run = Walk()
    state = system.initial_state
    run.violation = judge.start(state)
    while run.violation is None and len(run.ordinals) < max_steps:
        steps = system.successor_list(state)
        if not steps:
            run.finished = True
            run.violation = judge.terminal(state)
            break
        k = choose(steps)
        if k < 0:
            break
        target, sent, mover, _unmatched, instance = steps[k]
        run.ordinals.append(k)
        run.keys.append((instance, sum(1 for s in steps[:k] if s[4] == instance)))
        run.messages += sent
        run.violation = judge.step(state, target, mover, run.messages)
        state = target
    return run


def replaying(keys: list[tuple[int, int]]):
    """A ``choose`` that takes the transitions of ``keys`` in order, skipping those not enabled,
    then the first enabled transition at each state."""
    pending = iter(keys)
    upcoming = [next(pending, None)]

    def choose(steps) -> int:
        while upcoming[0] is not None:
            instance, occurrence = upcoming[0]
            upcoming[0] = next(pending, None)
            same = [k for k, s in enumerate(steps) if s[4] == instance]
            if occurrence < len(same):
                return same[occurrence]
        return 0

    return choose


def shrink(system, properties, failing: Walk, max_steps: int) -> tuple[Walk, int]:
    """A shorter run that fails the same property (delta debugging), and the replays it took."""
    best, replays = failing, 0
    chunk = max(1, len(best.keys) // 2)
    while chunk >= 1 and replays < REPLAYS:
        start = 0
        while start < len(best.keys) and replays < REPLAYS:
            candidate = best.keys[:start] + best.keys[start + chunk:]
            replays += 1
            run = walk(system, Judge(system, properties), replaying(candidate), max_steps)
            if run.violation is not None and run.violation.property == failing.violation.property \
                    and len(run.keys) < len(best.keys):
                best = run
            else:
                start += chunk
        chunk //= 2
    return best, replays


@dataclass
class Simulation:
    algorithm: str
    n: int
    topology: str
    runs: int
    seed: int
    max_steps: int
    finished: int = 0  # reached a terminal state
    unfinished: int = 0  # stopped at the step limit
    violations: int = 0
    messages: list[int] = field(default_factory=list)  # per finished run
    rounds: list[int] | None = None  # per finished run, of a synchronous algorithm (its steps are rounds)
    counterexample: Counterexample | None = None
    first_failing_steps: int | None = None  # the failing run as drawn, before shrinking
    replays: int = 0
    judged: list[str] = field(default_factory=list)
    not_judged: list[str] = field(default_factory=list)
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def count(self, run: Walk) -> None:
        self.finished += run.finished
        self.unfinished += run.violation is None and not run.finished
        self.violations += run.violation is not None
        if run.finished and run.violation is None:
            self.messages.append(run.messages)
            if self.rounds is not None:
                self.rounds.append(len(run.ordinals))

    @property
    def exit_status(self) -> int:
        return 1 if self.violations else 0

    def to_json(self) -> dict:
        """The schema "simulation-1" (docs/design.md): the figures of the summary, and the shrunk
        counterexample as the check's JSON gives one."""
        def spread(counts):
            return None if not counts else {"min": min(counts), "mean": sum(counts) / len(counts), "max": max(counts)}

        return {
            "schema": "simulation-1",
            "algorithm": self.algorithm,
            "n": self.n,
            "topology": self.topology,
            "verdict": "violated" if self.violations else "no violation found",
            "runs": self.runs,
            "seed": self.seed,
            "max_steps": self.max_steps,
            "finished": self.finished,
            "unfinished": self.unfinished,
            "violated": self.violations,
            "messages": spread(self.messages),
            **({"rounds": spread(self.rounds)} if self.rounds is not None else {}),
            "judged": list(self.judged),
            "not_judged": list(self.not_judged),
            "first_failing_steps": self.first_failing_steps,
            "replays": self.replays,
            "counterexample": self.counterexample.to_json() if self.counterexample is not None else None,
            "seconds": round(self.seconds, 3),
            "notes": list(self.notes),
        }

    def summary(self) -> str:
        from rich import box
        from rich.console import Console
        from rich.table import Table

        out = io.StringIO()
        console = Console(file=out, width=160, no_color=True, highlight=False, soft_wrap=False)
        if self.violations:
            headline = f"VIOLATED in {self.violations} of {self.runs} runs"
        else:
            headline = f"no violation in {self.runs} runs (a simulation is not a proof: check a smaller n exhaustively)"
        console.print(f"{self.algorithm} on a {self.topology}, n = {self.n}: {headline}", markup=False)
        table = Table(title=f"{self.runs} random runs, seed {self.seed}, at most {self.max_steps:,} steps each",
                      box=box.SIMPLE_HEAD)
        # the message (and round) figures are those of the finished runs without a violation
        columns = ["runs", "finished", "unfinished (step limit)", "violated", "messages min", "mean", "max"]
        figures = [_spread(self.messages)]
        if self.rounds is not None:
            columns += ["rounds min", "mean", "max"]
            figures.append(_spread(self.rounds))
        for column in columns + ["time"]:
            table.add_column(column, justify="right")
        table.add_row(f"{self.runs:,}", f"{self.finished:,}", f"{self.unfinished:,}", f"{self.violations:,}",
                      *(cell for spread in figures for cell in spread), f"{self.seconds:.1f} s")
        console.print(table)
        console.print(f"judged along every run: {', '.join(self.judged)}", markup=False)
        if self.not_judged:
            console.print(f"not judged (they need every execution, not one): {', '.join(self.not_judged)}",
                          markup=False)
        if self.unfinished:
            console.print("an unfinished run passes no property that needs its end (termination, the terminal "
                          "properties, @eventually, @always_eventually)", markup=False)
        if self.counterexample is not None:
            console.print(f"first failing run: {self.first_failing_steps} steps; shrunk to "
                          f"{len(self.counterexample.trace.steps)} steps ({self.replays} replays)", markup=False)
        for note in self.notes:
            console.print(f"note: {note}", markup=False)
        return out.getvalue().rstrip("\n")


def _spread(counts: list[int]) -> tuple[str, str, str]:
    """min, mean and max, or dashes when no run counted."""
    if not counts:
        return "-", "-", "-"
    return f"{min(counts):,}", f"{sum(counts) / len(counts):,.2f}", f"{max(counts):,}"


def simulate(algorithm, n: int, runs: int, seed: int = 0, max_steps: int | None = None, properties=None,
             ids: tuple[int, ...] | None = None, network=None, crashes: int = 0, recoveries: int = 0,
             premature_timeouts: bool = False, topology_name: str | None = None,
             progress: bool | None = None, synchronizer=None, fifo: bool = False) -> Simulation:
    """``runs`` random runs of ``algorithm`` on n processes judged against ``properties`` (see the
    module); ``network``: the graph of an algorithm on a network; ``progress``: a bar of the runs
    on stderr (by default when it is a terminal, after a second)."""
    if runs < 1:
        raise AlgorithmError(f"--simulate must be at least 1 run, got {runs}")
    max_steps = max_steps if max_steps is not None else 10 * n * n
    if max_steps < 1:
        raise AlgorithmError(f"--max-steps must be at least 1, got {max_steps}")
    rng = random.Random(seed)
    judged = [p.name for p in properties if p.name not in _NOT_BY_A_RUN]
    result = Simulation(algorithm.name, n, topology_name or algorithm.topology.kind, runs, seed, max_steps,
                        judged=judged, not_judged=[p.name for p in properties if p.name in _NOT_BY_A_RUN])
    if algorithm.timing == SYNCHRONOUS and synchronizer is None:  # through a synchronizer a step is no round
        result.rounds = []
    started = time.perf_counter()
    runner = _Runner(algorithm, n, ids, network, rng, properties, max_steps,
                     dict(crashes=crashes, recoveries=recoveries, premature_timeouts=premature_timeouts,
                          synchronizer=synchronizer, fifo=fifo))
    first = None
    meter = Steps(f"{algorithm.name} n={n}", "runs", enabled=progress)
    meter.expect(runs)
    try:
        for _ in range(runs):
            system, arrangement, run = runner.run()
            result.count(run)
            if run.violation is not None and first is None:
                first = (system, arrangement, run)
            meter.advance()
    finally:
        meter.close()
    if first is not None:
        system, arrangement, run = first
        shrunk, result.replays = shrink(system, properties, run, max_steps)
        result.first_failing_steps = len(run.ordinals)
        trace = trace_of(system.reference, shrunk.ordinals, shrunk.violation.loop_start)
        trace.property, trace.reason = shrunk.violation.property, shrunk.violation.reason
        result.counterexample = Counterexample(trace.property, trace.reason, arrangement.ids, trace,
                                               arrangement.swapped, arrangement.topology)
    result.seconds = time.perf_counter() - started
    return result


@dataclass
class _Runner:
    """Draws and walks the runs of a simulation, one system kept per arrangement drawn (its memos
    serve the runs that draw it again)."""

    algorithm: type
    n: int
    ids: tuple[int, ...] | None
    network: object
    rng: random.Random
    properties: list[Property]
    max_steps: int
    faults: dict  # system_for's crashes, recoveries, premature_timeouts, synchronizer, fifo
    systems: dict = field(default_factory=dict)

    def run(self) -> tuple[object, Arrangement, Walk]:
        arrangement = _draw_arrangement(self.algorithm, self.n, self.ids, self.network, self.rng)
        key = (arrangement.ids, arrangement.swapped, arrangement.topology)
        if key not in self.systems:
            reference = system_for(self.algorithm, arrangement, **self.faults)
            self.systems[key] = interned_twin(reference)
        system = self.systems[key]
        choose = self.rng.randrange
        return system, arrangement, walk(system, Judge(system, self.properties), lambda steps: choose(len(steps)),
                                         self.max_steps)


def _draw_arrangement(algorithm, n: int, ids, network, rng: random.Random) -> Arrangement:
    """The ids (drawn unless given), and the labelling the adversary chooses, of one run."""
    ids = tuple(ids) if ids is not None else tuple(rng.sample(range(1, n + 1), n))
    if network is not None:
        labelling = [tuple(rng.sample(list(network.neighbours[v]), len(network.neighbours[v]))) for v in range(n)]
        return Arrangement(ids, 1, topology=network.relabelled(labelling), numbered=True)
    if algorithm.topology.port_labellings:
        return Arrangement(ids, 1, swapped=tuple(rng.random() < 0.5 for _ in range(n)))
    return Arrangement(ids, 1)
