"""``check(algorithm, n)``: explore every arrangement and gather one Result."""
from __future__ import annotations

import time

from models import AlgorithmError, Algorithm, AsyncSystem
from specs import Property, election_spec

from .arrangements import Arrangement, arrangements
from .explorer import Explorer, StateLimitReached
from .progress import Progress
from .result import INCOMPLETE, VERIFIED, VIOLATED, Counterexample, PropertyOutcome, Result
from .trace import replay


def check(
    algorithm: type[Algorithm],
    n: int,
    ids: tuple[int, ...] | None = None,
    properties: list[Property] | None = None,
    max_states: int | None = None,
    progress: bool | None = None,
) -> Result:
    """Check ``algorithm`` on every arrangement of n ids (or on ``ids`` alone) against ``properties``.

    Stops at the first violation (its trace is a shortest one for that arrangement) or when
    ``max_states`` states have been stored in all (verdict ``incomplete``, never ``verified``).
    """
    if n < 1:
        raise AlgorithmError("--n must be at least 1")
    properties = properties if properties is not None else election_spec(algorithm)
    topology = algorithm.topology(n)
    if ids is not None:
        if sorted(ids) != list(range(1, n + 1)):
            raise AlgorithmError(f"--ids must be a permutation of 1..{n}, got {','.join(map(str, ids))}")
        plan = [Arrangement(tuple(ids), 1)]
    else:
        plan = arrangements(topology, n)
    started = time.perf_counter()
    meter = Progress(f"{algorithm.name} n={n}", len(plan), enabled=progress)
    explorations = []
    counterexample = None
    incomplete_reason = None
    stored = 0
    try:
        for arrangement in plan:
            system = AsyncSystem(algorithm, arrangement.ids)
            budget = None if max_states is None else max_states - stored
            try:
                exploration = Explorer(system, properties, budget, progress=meter.states).run()
            except StateLimitReached:
                incomplete_reason = f"stopped at --max-states {max_states:,} before the state space was complete"
                break
            exploration.represents = arrangement.represents
            explorations.append(exploration)
            stored += exploration.states
            meter.arrangement_done(exploration.states)
            if exploration.violations:
                first = exploration.violations[0]
                trace, _ = replay(system, first.ordinals, first.loop_start)
                trace.property, trace.reason = first.property.name, first.reason
                counterexample = Counterexample(first.property.name, first.reason, arrangement.ids, trace)
                break
    finally:
        meter.close()

    outcomes = []
    for prop in properties:
        values = [e.holds.get(prop.name) for e in explorations]
        if any(v is False for v in values):
            holds = False
        elif incomplete_reason or counterexample or not values or any(v is None for v in values):
            holds = None
        else:
            holds = True
        reason = counterexample.reason if counterexample and counterexample.property == prop.name else None
        outcomes.append(PropertyOutcome(prop.name, prop.description, holds, reason))

    verdict = VIOLATED if counterexample else INCOMPLETE if incomplete_reason else VERIFIED
    complete = [e for e in explorations if e.messages_min is not None]
    notes = []
    if incomplete_reason:
        notes.append(incomplete_reason)
    if counterexample and len(explorations) < len(plan):
        notes.append(f"stopped at the first violation, in arrangement {len(explorations)} of {len(plan)}")
    return Result(
        algorithm=algorithm.name,
        n=n,
        topology=topology.kind,
        verdict=verdict,
        arrangements_checked=len(explorations),
        arrangements_represented=sum(e.represents for e in explorations),
        arrangements_planned=len(plan),
        states=sum(e.states for e in explorations),
        transitions=sum(e.transitions for e in explorations),
        depth=max((e.depth for e in explorations), default=0),
        seconds=time.perf_counter() - started,
        properties=outcomes,
        messages_min=min(e.messages_min for e in complete) if complete and len(complete) == len(explorations) else None,
        messages_max=max(e.messages_max for e in complete) if complete and len(complete) == len(explorations) else None,
        unmatched=sum(e.unmatched for e in explorations),
        per_arrangement=explorations,
        counterexample=counterexample,
        notes=notes,
    )
