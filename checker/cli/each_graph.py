"""``check ALGO --n N --each-graph``: every graph of a network run checked to a verdict of its own.

A check over several graphs stops at the first violated one (checker/explore/run.py), so the
graphs after it have no verdict. Here each graph is a check of its own (the same options, that
graph alone), and the table gives every graph's verdict, states and time.

Each graph's check goes on past an arrangement whose search stops at a limit (``--keep-going``),
so a violation in another arrangement is found by the exhaustive search. A graph with an
arrangement stopped at a limit (the memory, --max-states) and no violation is then walked by
RANDOM_RUNS random runs over all its arrangements (checker/explore/simulate.py, seed
``--seed`` or 0). A run that fails is a real execution, replayed by the reference semantics and
shrunk: the graph is VIOLATED, with that trace, which is not necessarily a shortest one (the
table says so). Otherwise the graph stays INCOMPLETE: runs without a violation prove nothing,
and VERIFIED needs the whole state graph of every arrangement.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass

from models import AlgorithmError

RANDOM_RUNS = 1000  # per graph whose exhaustive search stopped at a limit
KEPT_GOING = "--keep-going searched the others; the first: "  # run.py's note when arrangements stopped


@dataclass
class GraphVerdict:
    """One graph's verdict: its exhaustive check, and the random runs after an incomplete one."""

    network: object
    check: object  # the graph's Result
    runs: object = None  # the Simulation, if the check stopped at a limit
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        if self.check.verdict == "incomplete" and self.runs is not None and self.runs.violations:
            return "violated"
        return self.check.verdict

    @property
    def counterexample(self):
        if self.check.counterexample is not None:
            return self.check.counterexample
        return self.runs.counterexample if self.runs is not None else None

    def how(self) -> str:
        """Which property failed and how it was found, or why there is no verdict."""
        if self.check.verdict == "verified":
            return "every property holds"
        if self.check.verdict == "violated":
            failed = next(p for p in self.check.properties if p.holds is False)
            stopped = next((note for note in self.check.notes if ": the search stopped at" in note), None)
            if stopped is not None:  # found in the states a search saw before a limit (stopped_search.py)
                return f"{failed.name}: {failed.reason} (found by the exhaustive search: {stopped})"
            return f"{failed.name}: {failed.reason} (found by the exhaustive search)"
        stopped = next((note.split(KEPT_GOING, 1)[-1] for note in self.check.notes
                        if note.startswith("stopped") or KEPT_GOING in note), "stopped at a limit")
        stopped = stopped.split(";")[0]
        if self.runs is None:
            return stopped
        if self.runs.violations:
            example = self.runs.counterexample
            return (f"{example.property}: {example.reason} (the exhaustive search {stopped}; found by "
                    f"{self.runs.violations:,} of {self.runs.runs:,} random runs, seed {self.runs.seed}; the trace is "
                    f"a real execution shrunk to {len(example.trace.steps)} steps, not necessarily a shortest one)")
        return f"{stopped}; no violation in {self.runs.runs:,} random runs (seed {self.runs.seed}), which proves nothing"

    def to_json(self) -> dict:
        return {"graph": self.network.name, "edges": [list(e) for e in self.network.edges], "verdict": self.verdict,
                "how": self.how(), "seconds": round(self.seconds, 3), "check": self.check.to_json(),
                "random_runs": self.runs.to_json() if self.runs is not None else None}


def refuse(args) -> None:
    """One line (exit 2) for what --each-graph does not do."""
    given = [option for option, value in (
        ("--ids", args.ids), ("--checkpoint", args.checkpoint), ("--trace-out", args.trace_out),
        ("--check-invariant", args.check_invariant), ("--invariant", args.invariant), ("--prove", args.prove),
        ("--infer", args.infer),
    ) if value]
    if given:
        raise AlgorithmError(f"{given[0]} does not go with --each-graph, which checks each graph as a run of its own: "
                             f"drop {given[0]} (or check one graph with --graph)")


def run(args, algorithm, n: int, check, options: dict, properties, seed: int) -> int:
    """Check each graph of ``args.graph or args.graphs`` (or the algorithm's) with ``check`` and
    ``options``, print the table (or JSON) and every counterexample; the exit status."""
    from ..explore.planning import graphs_for
    from ..explore.simulate import simulate

    if not algorithm.topology.numbered_ports:
        raise AlgorithmError(f"--each-graph is for an algorithm on a general network; {algorithm.name} runs on a ring")
    asked = args.graph or args.graphs or algorithm.default_graphs
    networks = graphs_for(asked, n)
    verdicts = []
    for network in networks:
        started = time.perf_counter()
        result = check(algorithm, n, graphs=network, **options)
        found = GraphVerdict(network, result)
        if result.verdict == "incomplete" and not result.unjudged:
            found.runs = simulate(algorithm, n, RANDOM_RUNS, seed, None, properties, None, network,
                                  options.get("crashes", 0), options.get("recoveries", 0),
                                  options.get("premature_timeouts", False), f"network ({network.name})",
                                  args.progress, synchronizer=options.get("synchronizer"), fifo=options.get("fifo", False))
        found.seconds = time.perf_counter() - started
        verdicts.append(found)
    overall = _overall(verdicts)
    if args.json:
        print(json.dumps({"schema": "each-graph-1", "algorithm": algorithm.name, "n": n, "verdict": overall,
                          "graphs": [v.to_json() for v in verdicts]}, indent=2))
    else:
        print(summary(algorithm.name, n, asked, verdicts, overall))
        for v in verdicts:
            if v.counterexample is not None:
                print()
                print(f"On {v.network.name}:")
                print(v.counterexample.trace.to_text(), end="")
    return {"verified": 0, "violated": 1, "incomplete": 3}[overall]


def _overall(verdicts: list[GraphVerdict]) -> str:
    found = {v.verdict for v in verdicts}
    return "violated" if "violated" in found else "incomplete" if "incomplete" in found else "verified"


def summary(name: str, n: int, asked, verdicts: list[GraphVerdict], overall: str) -> str:
    """The headline, one row per graph (its figures as the check's graph table gives them), and
    under each row what decided its verdict."""
    what = f"every connected graph on {n} vertices" if asked in (None, "connected") else \
        f"{len(verdicts)} graph{'s' if len(verdicts) > 1 else ''}"
    counts = ", ".join(f"{sum(v.verdict == k for v in verdicts)} {k}" for k in ("violated", "incomplete", "verified")
                       if any(v.verdict == k for v in verdicts))
    wide = max([8] + [len(v.network.name) for v in verdicts])
    lines = [f"{name} on {what}, n = {n}, each graph to its own verdict: {overall.upper()} ({counts})",
             f"    {'graph':<{wide}} {'edges':>5} {'verdict':<10} {'arrangements':>20} {'states':>12} {'time':>9}"]
    for v in verdicts:
        r = v.check
        arrangements = f"{r.arrangements_checked} of {r.arrangements_planned}"
        lines.append(f"    {v.network.name:<{wide}} {len(v.network.edges):>5} {v.verdict.upper():<10} {arrangements:>20} "
                     f"{r.states:>12,} {f'{v.seconds:.1f} s':>9}")
        lines.append(f"      {v.how()}")
    return "\n".join(lines)
