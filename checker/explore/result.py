"""One object per run: the verdict, each property's outcome, the figures, the counterexample.

``Result`` prints as the CLI's summary, serialises to docs/design.md's schema-1 JSON, and is what
the Python API returns for notebooks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .arrangements import describe
from .explorer import Exploration

if TYPE_CHECKING:  # imported where a trace is shown
    from ..render.trace import Trace

VERIFIED, VIOLATED, INCOMPLETE = "verified", "violated", "incomplete"


@dataclass
class PropertyOutcome:
    name: str
    description: str
    holds: bool | None  # None: not decided (the search stopped first), or not checked
    reason: str | None = None
    not_checked: str | None = None  # why no engine could judge it (then holds is None)

    @property
    def status(self) -> str:
        if self.not_checked is not None:
            return "not checked"
        return {True: "holds", False: "VIOLATED", None: "not decided"}[self.holds]


@dataclass
class Counterexample:
    property: str
    reason: str
    ids: tuple[int, ...]
    trace: Trace
    swapped: tuple[bool, ...] = ()  # the port labelling, on an unoriented ring
    network: object = None  # the graph and its port labelling, on a network

    def to_json(self) -> dict:
        labelling = {"swapped": list(self.swapped)} if self.swapped else {}
        if self.network is not None:
            labelling["graph"] = {"name": self.network.name, "edges": [list(e) for e in self.network.edges],
                                  "ports": [list(p) for p in self.network.labelling]}
        return {"property": self.property, "reason": self.reason, "ids": list(self.ids), **labelling,
                "trace": self.trace.to_json()}

    def labelling(self) -> str:
        """The port labelling in words, or "" on an oriented ring."""
        if not self.swapped:
            return ""
        swapped = ", ".join(f"p{i}" for i, s in enumerate(self.swapped) if s)
        where = f"anticlockwise at {swapped}, clockwise elsewhere" if swapped else "clockwise at every process"
        return f"port labelling: RIGHT leads {where}"


def fault_text(crashes: int, recoveries: int, premature_timeouts: bool, fairness: str | None) -> str:
    """", up to 1 crash, 1 recovery, weak fairness": what a run assumed of faults and the scheduler."""
    text = f", up to {crashes} crash{'es' if crashes > 1 else ''}" if crashes else ""
    text += f", {recoveries} recover{'ies' if recoveries > 1 else 'y'}" if recoveries else ""
    text += ", premature timeouts" if premature_timeouts else ""
    return text + (f", {fairness} fairness" if fairness else "")


@dataclass
class Result:
    algorithm: str
    n: int
    topology: str
    verdict: str
    arrangements_checked: int
    arrangements_represented: int
    arrangements_planned: int
    states: int
    transitions: int
    depth: int
    seconds: float
    properties: list[PropertyOutcome]
    messages_min: int | None
    messages_max: int | None
    unmatched: int
    per_arrangement: list[Exploration] = field(default_factory=list)
    counterexample: Counterexample | None = None
    notes: list[str] = field(default_factory=list)
    por: bool = False
    chains: bool = False  # with por: states with a one-transition stubborn set were not stored
    bags: bool = False  # links that reorder held as multisets: one state for every order of a channel
    symmetry: str = "rotation"  # how arrangements were quotiented: none, rotation, reflection, given, anonymous, id-blind, automorphisms
    symmetry_note: str | None = None  # a declared symmetry that was not proved, so not used (also in notes)
    fingerprint: bool = False  # states were stored as 64-bit fingerprints
    engine: str = "interned"  # "native": arrangements the C search verified are full graphs (Exploration.engine)
    arrangements_total: int | None = None  # how many arrangements there are in all (ids, labellings, graphs)
    rounds_min: int | None = None  # synchronous algorithms: rounds per complete execution
    rounds_max: int | None = None
    networks: list = field(default_factory=list)  # the graphs checked, on a network
    randomized: bool = False  # the algorithm draws: executions may be unbounded, termination is almost sure
    crashes: int = 0  # the adversary could crash up to this many processes (models/systems/crashes.py)
    premature_timeouts: bool = False  # timeouts could fire whenever their guard held
    recoveries: int = 0  # crashed processes could restart this many times in all
    synchronizer: str | None = None  # the synchronous algorithm ran through it (models/systems/synchronized.py)
    fairness: str | None = None  # what fair-termination assumed of the scheduler: weak or strong
    # incomplete only because a property could not be judged (PropertyOutcome.not_checked): the search finished
    unjudged: bool = False

    @property
    def omission_probability(self) -> float | None:
        """With fingerprints: at most the chance that two of an arrangement's states share a
        fingerprint (so one was wrongly taken as seen), summed over the arrangements. The states
        stored by arrangements a stopped search left unfinished count as one table (a bound:
        the pairs of a whole are at least those of its parts); they were fingerprinted too."""
        if not self.fingerprint:
            return None
        finished = sum(a.states * (a.states - 1) / 2 for a in self.per_arrangement
                       if a.engine == "native" and not a.whole_states)
        unfinished = max(0, self.states - sum(a.states for a in self.per_arrangement))
        return (finished + unfinished * (unfinished - 1) / 2) / 2.0 ** 64

    @property
    def exit_status(self) -> int:
        return {VERIFIED: 0, VIOLATED: 1, INCOMPLETE: 3}[self.verdict]

    def to_json(self) -> dict:
        return {
            "schema": 1,
            "algorithm": self.algorithm,
            "n": self.n,
            "verdict": self.verdict,
            "arrangements": {"checked": self.arrangements_checked, "represented": self.arrangements_represented},
            "arrangements_total": self.arrangements_total,
            "states": self.states,
            "transitions": self.transitions,
            "depth": self.depth,
            "seconds": round(self.seconds, 3),
            "properties": [
                {"name": p.name, "holds": p.holds, **({"reason": p.reason} if p.reason else {}),
                 **({"not_checked": p.not_checked} if p.not_checked is not None else {})}
                for p in self.properties
            ],
            "messages": {"min": self.messages_min, "max": self.messages_max},
            **({"rounds": {"min": self.rounds_min, "max": self.rounds_max}} if self.rounds_max is not None else {}),
            "unmatched_receptions": self.unmatched,
            "engine": self.engine,
            "fingerprint": self.fingerprint,
            "omission_probability": self.omission_probability,
            "por": self.por,
            "chains": self.chains,
            "symmetry": self.symmetry,
            **({"crashes": self.crashes} if self.crashes else {}),
            **({"recoveries": self.recoveries} if self.recoveries else {}),
            **({"synchronizer": self.synchronizer, "channels_as_multisets": self.bags} if self.synchronizer else {}),
            **({"premature_timeouts": True} if self.premature_timeouts else {}),
            **({"fairness": self.fairness} if self.fairness else {}),
            **({"graphs": [row.to_json() for row in _per_graph(self)]} if self.networks else {}),
            "per_arrangement": [
                {
                    "ids": list(a.ids), **({"swapped": list(a.swapped)} if a.swapped else {}),
                    **({"graph": a.network.name, "ports": [list(p) for p in a.network.labelling]} if a.network else {}),
                    "states": a.states, "transitions": a.transitions, "depth": a.depth,
                    "messages": {"min": a.messages_min, "max": a.messages_max},
                    **({"rounds": {"min": a.rounds_min, "max": a.rounds_max}} if a.rounds_max is not None else {}),
                    **({"renamed_from": list(a.renamed_from)} if a.renamed_from else {}),
                }
                for a in self.per_arrangement
            ],
            "counterexample": self.counterexample.to_json() if self.counterexample else None,
            "notes": self.notes,
        }

    def summary(self) -> str:
        where = self.topology if self.networks else f"a {self.topology}"
        faults = fault_text(self.crashes, self.recoveries, self.premature_timeouts, self.fairness)
        faults += f", through {self.synchronizer}" if self.synchronizer else ""
        lines = [f"{self.algorithm} on {where}, n = {self.n}{faults}: {self.verdict.upper()}"]
        checked = f"{self.arrangements_checked}"
        if self.arrangements_checked < self.arrangements_planned:
            checked += f" of {self.arrangements_planned}"
        if self.symmetry == "id-blind":
            how = "no id is ever read: one search with hidden ids stands for every arrangement"
        elif self.symmetry == "given":
            # on an unoriented ring the given ids come with every labelling of the ports
            how = "the ids given" + (", every port labelling" if self.arrangements_planned > 1 else
                                     ", one port labelling standing for all" if self.arrangements_represented > 1 else "")
        else:
            how = describe(self.symmetry)
        lines.append(f"  arrangements  {checked} checked, standing for {self.arrangements_represented:,} ({how})")
        renamed = sum(1 for a in self.per_arrangement if a.renamed_from)
        if renamed:
            lines.append(f"                {renamed} of them proved to be another's graph with the ids renamed, "
                         "and not searched (--no-twins searches them)")
        if self.por:
            how = "partial-order reduced" + (", one-transition chains not stored" if self.chains else "")
        elif self.bags:
            how = "channels as multisets"
        else:
            how = "full graph"
        natively = sum(1 for a in self.per_arrangement if a.engine == "native")
        if natively and natively == len(self.per_arrangement):
            how += ", native engine"
        elif natively:
            how += ", native engine, Python where a violation was searched for its trace"
        reduced = f"   ({how}{'; --no-por for the full graph' if self.por or self.bags else ''})"
        if self.verdict == INCOMPLETE and not self.unjudged:  # transitions and depth are known only for finished arrangements
            lines.append(f"  states        {self.states:,} stored before the search stopped{reduced}")
        else:
            lines.append(f"  states        {self.states:,}   transitions {self.transitions:,}   depth {self.depth}{reduced}")
        if self.fingerprint:
            lines.append(f"  fingerprints  64-bit; the chance that a state was wrongly taken as seen is at most "
                         f"{self.omission_probability:.1e}")
        if self.messages_min is not None:
            lines.append(f"  messages      {self.messages_min} to {self.messages_max} per complete execution")
        elif self.randomized:
            lines.append("  messages      unbounded (the coins may repeat a round any number of times); "
                         "--expected messages gives the expectation")
        elif self.fairness and (self.verdict == VERIFIED or self.unjudged):
            lines.append("  messages      unbounded: the graph has cycles (such as bids that time out again), which every "
                         f"{self.fairness}ly fair execution leaves")
        elif any(p.name == "message-bound" and p.not_checked and "cycles" in p.not_checked for p in self.properties):
            lines.append("  messages      unbounded: the state graph has cycles, and termination is not checked")
        else:
            lines.append("  messages      not computed (the search stopped before the whole graph was known)")
        if self.rounds_max is not None:
            lines.append(f"  rounds        {self.rounds_min} to {self.rounds_max} per complete execution (synchronous)")
        if self.unmatched:
            lines.append(f"  unmatched     {self.unmatched:,} transitions consume a message that no command accepts")
        lines.append(f"  time          {self.seconds:.2f} s")
        if len(self.networks) > 1:
            from .graph_figures import graph_table
            lines += graph_table(self)
        lines.append("  properties")
        width = max(len(p.name) for p in self.properties)
        for p in self.properties:
            detail = f"  ({p.reason or p.not_checked})" if p.reason or p.not_checked else ""
            lines.append(f"    {p.name:<{width}}  {p.status}{detail}")
        for note in self.notes:
            lines.append(f"  note: {note}")
        if self.counterexample and self.counterexample.swapped:
            lines.append(f"  counterexample {self.counterexample.labelling()}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_mimebundle_(self, include=None, exclude=None):
        from ..render.notebook import result_bundle

        return result_bundle(self)


def _per_graph(result: Result) -> list:
    from .graph_figures import per_graph  # a network's figures: a ring's run needs none
    return per_graph(result)
