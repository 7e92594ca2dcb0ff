"""Random complete executions, for an n too large to explore: a labelled sample, never "exact".

hypothesis draws each sample: an arrangement (a permutation of 1..n) and a seeded ``Random``
that picks, at every state, one of the enabled transitions until none is enabled. The run
is reproducible for a given ``seed``. The maximum of a sample is only a lower bound on the
true maximum.
"""
from __future__ import annotations

from dataclasses import dataclass

from models import Algorithm, AlgorithmError, AsyncSystem
from models.systems.interned import InternedSystem

MAX_STEPS = 1_000_000  # a walk this long is taken as an execution that does not terminate


@dataclass
class SampledMessages:
    count: int
    min: int | None
    max: int | None
    mean: float | None
    worst_ids: tuple[int, ...] | None


def random_execution(system, choose) -> int:
    """Messages sent by one execution from the initial state, ``choose(k)`` picking among k transitions."""
    state, sent = system.initial_state, 0
    for _ in range(MAX_STEPS):
        steps = system.successor_list(state)
        if not steps:
            return sent
        state, messages = steps[choose(len(steps))][:2]
        sent += messages
    raise AlgorithmError(f"a random execution of {system.algorithm.name} ran {MAX_STEPS:,} steps without "
                         f"terminating (ids {','.join(map(str, system.ids))}); check it exhaustively at a smaller n")


def sample_messages(algorithm: type[Algorithm], n: int, count: int, seed: int = 0) -> SampledMessages:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed
    from hypothesis import strategies as st

    drawn: list[tuple[int, tuple[int, ...]]] = []
    engines: dict[tuple[int, ...], InternedSystem] = {}

    @hypothesis_seed(seed)
    @settings(max_examples=count, phases=[Phase.generate], database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.permutations(range(1, n + 1)), st.randoms(use_true_random=False))
    def walk(ids, rng):
        ids = tuple(ids)
        if ids not in engines:
            engines[ids] = InternedSystem(AsyncSystem(algorithm, ids))
        drawn.append((random_execution(engines[ids], rng.randrange), ids))

    walk()
    if not drawn:
        return SampledMessages(0, None, None, None, None)
    counts = [m for m, _ in drawn]
    top = max(counts)
    return SampledMessages(len(drawn), min(counts), top, sum(counts) / len(counts),
                           next(ids for m, ids in drawn if m == top))
