"""The ranking docs/proofs-all-n.md sketches for hs, computed on the explorer's states.

    python bench/hs_ranking_sketch.py --n 3
    python bench/hs_ranking_sketch.py --n 4 --max-states 30000

No z3 here and nothing the checker uses: hs has no ranking in specs/all_n/ (`check hs --all-n
--termination` exits 2). This measures the sketch before anyone writes it for z3: for every
arrangement of 1..n up to rotation, breadth first up to --max-states states each, the sum of
potentials must be >= 0 in every state and decrease on every transition. The potentials:

  * Probe(j, k, t): t + 1 receptions out at most, then a reply 2^k receptions back, plus
    future(k);
  * Reply(j, k): the hops still to go to j's process in its direction, + 1, plus future(k);
  * Terminate(): the hops to the leader (the largest id) in its direction, + 1;
  * a process: 2 (2 + future(0)) + 1 while asleep (its two phase-0 probes), n + 1 while
    undecided (the <terminate> it sends or passes on);

where future(k) = 8 * 2^k + 2 future(k + 1) + 1 while 2^k < n, else 0: what a reply of phase k
carries for its owner's later phases (second_reply sends two phase-(k+1) probes worth
2^(k+2) + future(k+1) each; the first reply's share is simply dropped).

Prints a line per n; exits 1 at the first transition that does not decrease the sum (printed).
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from algorithms.hs import HirschbergSinclair, Probe, Reply  # noqa: E402
from models import NIL, AsyncSystem  # noqa: E402


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=3, help="largest ring size (from 1; default 3)")
    p.add_argument("--max-states", type=int, default=30000, help="states per arrangement, breadth first")
    return p


def future(k: int, n: int) -> int:
    return 0 if 2 ** k >= n else 8 * 2 ** k + 2 * future(k + 1, n) + 1


def ranking(system: AsyncSystem, state) -> int:
    ids, n = system.ids, len(system.ids)
    total = 0
    for x in range(n):
        asleep, _, _, leader = state[x]
        total += (2 * (2 + future(0, n)) + 1) * asleep + (n + 1) * (leader == NIL)
    leader = ids.index(max(ids))
    for k, channel in enumerate(system.topology.channels):
        for m in state[n + k]:
            if isinstance(m, Probe):
                total += m.ttl + 1 + 2 ** m.phase + future(m.phase, n)
            elif isinstance(m, Reply):
                total += hops(channel, ids.index(m.id), n) + 1 + future(m.phase, n)
            else:  # Terminate
                total += hops(channel, leader, n) + 1
    return total


def hops(channel, target: int, n: int) -> int:
    """Hops from the channel's receiver to position ``target``, in the direction its messages travel."""
    x = channel.receiver
    clockwise = channel.in_port == "CCW"  # it came from the anticlockwise neighbour
    return (target - x) % n if clockwise else (x - target) % n


def check(n: int, max_states: int) -> tuple[int, int]:
    """(states, transitions) checked at n; raises SystemExit(1) at a step that does not decrease."""
    states = transitions = 0
    for rest in itertools.permutations(range(2, n + 1)):
        system = AsyncSystem(HirschbergSinclair, (1, *rest))
        seen = {system.initial_state}
        queue = deque(seen)
        while queue:
            state = queue.popleft()
            value = ranking(system, state)
            if value < 0:
                print(f"n = {n}, ids {system.ids}: negative ranking {value} in {state}")
                raise SystemExit(1)
            for step in system.steps(state):
                transitions += 1
                if ranking(system, step.target) >= value:
                    print(f"n = {n}, ids {system.ids}: {step} does not decrease the ranking")
                    raise SystemExit(1)
                if step.target not in seen and len(seen) < max_states:
                    seen.add(step.target)
                    queue.append(step.target)
        states += len(seen)
    return states, transitions


def main() -> int:
    args = parser().parse_args()
    for n in range(1, args.n + 1):
        states, transitions = check(n, args.max_states)
        print(f"n = {n}: {states} states, {transitions} transitions, the ranking decreases on every one")
    return 0


if __name__ == "__main__":
    sys.exit(main())
