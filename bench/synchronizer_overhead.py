"""Messages per tick of flooding through alpha, beta and gamma, on every connected graph of n vertices.

    python bench/synchronizer_overhead.py            # n = 3..5
    python bench/synchronizer_overhead.py 4 6        # n = 4..6
    python bench/synchronizer_overhead.py 3 5 docs/synchronizers.svg   # and plot it

For each connected graph (networkx's atlas) with ids 1..n in vertex order, one complete
execution of the synchronized system (models/systems/synchronized.py) in random order is run to its
end, and its messages counted: M_A, against the synchronous run's M_S = 2|E|D messages in
T = D + 1 ticks. The overhead per tick is (M_A - M_S) / T. The time is that of the
execution in which every message takes one unit and local steps none (the text's measure), per
handshake (the T - 1 ticks after which the synchronizer works). One execution stands for all: the
count is the same in every interleaving (each message of the algorithm gets one
acknowledgment, each tick the same signals), which `check flooding --n N --graph G
--synchronizer S` confirms exhaustively where the graph is small enough (its "messages A to A
per complete execution"; tests/explore/test_synchronizers.py pins the closed forms). The
closed forms printed beside (docs/complexity.md):

    alpha  M_A = 2 M_S + 2|E| (T - 1)
    beta   M_A = 2 M_S + 2 (n - 1) (T - 1)
    gamma  M_A = 2 M_S + (4 (n - p) + 2 e) (T - 1)   p clusters, e intercluster edges (radius 1)

Prints a Markdown table; a row whose count differs from its closed form is marked.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from checker.cli.loader import load_algorithm
from checker.explore.arrangements import Arrangement
from checker.explore.systems import system_for
from models.topology.network import connected_graphs
from models.systems.synchronizers import Alpha, Beta, Gamma, clusters


def one_execution(system, seed: int) -> int:
    chooser = random.Random(seed)
    state, sent = system.initial_state, 0
    while True:
        steps = system.steps(state)
        if not steps:
            assert not any(system.channels(state)), "a complete execution ends with every channel empty"
            return sent
        step = chooser.choice(steps)
        sent += len(step.sent)
        state = step.target


def unit_delay_time(system) -> int:
    """The time of the execution in which every message takes exactly one unit and local steps
    none: at each instant every process takes its local steps (ticks, signals) until it has
    none, then everything in transit arrives at the next instant. The text's time complexity."""
    state, now = system.initial_state, 0
    while True:
        while True:  # zero time: local steps until there are none
            local = [s for s in system.steps(state) if s.received is None]
            if not local:
                break
            state = local[0].target
        in_transit = [(i, port, k, len(state[system.n + k])) for i in range(system.n) for port, k in system._in[i]]
        if not any(count for *_, count in in_transit):
            assert not system.steps(state), "nothing in transit and nothing local: the execution is complete"
            return now
        now += 1
        for i, port, k, count in in_transit:
            for _ in range(count):
                state = system._receive(state, i, port, k, 0).target


def closed_form(name: str, graph, ids, app: int, ticks: int) -> int:
    n, edges = graph.n, len(graph.edges)
    if name == "alpha":
        per_handshake = 2 * edges
    elif name == "beta":
        per_handshake = 2 * (n - 1)
    else:
        groups = clusters(graph, ids, 1)
        cluster_of = {v: c for c, (_, members) in enumerate(groups) for v in members}
        inter = {(min(cluster_of[u], cluster_of[v]), max(cluster_of[u], cluster_of[v]))
                 for u, v in graph.edges if cluster_of[u] != cluster_of[v]}
        per_handshake = 4 * (n - len(groups)) + 2 * len(inter)
    return 2 * app + per_handshake * (ticks - 1)


def tabulate(low: int, high: int, plot: str | None) -> None:
    flooding = load_algorithm("flooding")
    points = []  # (|E|, n, control messages per handshake of alpha, beta, gamma)
    print("| n | graph | edges | D | M_S | T | alpha M_A | beta M_A | gamma M_A | per tick: alpha | beta | gamma "
          "| time per handshake: alpha | beta | gamma |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n in range(low, high + 1):
        ids = tuple(range(1, n + 1))
        for graph in connected_graphs(n):
            counts, times, marks = {}, {}, []
            for synchronizer in (Alpha(), Beta(), Gamma()):
                arrangement = Arrangement(ids, 1, topology=graph, numbered=True)
                system = system_for(flooding, arrangement, synchronizer=synchronizer, reduce=False)
                ticks = system.ticks
                app = 2 * len(graph.edges) * graph.diameter
                counts[synchronizer.name] = one_execution(system, seed=n)
                times[synchronizer.name] = unit_delay_time(system)
                if counts[synchronizer.name] != closed_form(synchronizer.name, graph, ids, app, ticks):
                    marks.append(f"{synchronizer.name} differs from its closed form")
            per_tick = [f"{(counts[s] - app) / ticks:.2f}" for s in ("alpha", "beta", "gamma")]
            points.append((len(graph.edges), n, *((counts[s] - 2 * app) / (ticks - 1) for s in ("alpha", "beta", "gamma"))))
            print(f"| {n} | {graph.name} {list(graph.edges)} | {len(graph.edges)} | {graph.diameter} | {app} | {ticks} | "
                  f"{counts['alpha']} | {counts['beta']} | {counts['gamma']} | {' | '.join(per_tick)} | "
                  f"{' | '.join(f'{times[s] / (ticks - 1):g}' for s in ('alpha', 'beta', 'gamma'))} |"
                  + (f" **{'; '.join(marks)}**" if marks else ""))
    if plot:
        draw(points, plot)


def draw(points, path: str) -> None:
    """Signals per handshake (beyond one acknowledgment per message) against |E|, one mark per graph."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 4))
    for column, (name, marker) in enumerate((("alpha", "o"), ("beta", "s"), ("gamma (radius 1)", "^")), start=2):
        axes.scatter([p[0] + (column - 3) * 0.12 for p in points], [p[column] for p in points], marker=marker,
                     label=name, alpha=0.75)
    axes.set_xlabel("|E| (every connected graph on 3 to 5 vertices)")
    axes.set_ylabel("signals per tick, beyond acknowledgments")
    axes.set_title("Synchronizer overhead on flooding: alpha 2|E|, beta 2(n - 1)")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, metadata={"Date": None} if path.endswith(".svg") else None)
    print(f"plot written to {path}")


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("low", metavar="LOW", nargs="?", type=int, default=3,
                              help="the fewest vertices (default 3)")
    command_line.add_argument("high", metavar="HIGH", nargs="?", type=int, default=5,
                              help="the most vertices (default 5)")
    command_line.add_argument("plot", metavar="PLOT", nargs="?",
                              help="also draw the signals per tick against |E| to this file (.svg, .png, ...)")
    return command_line


def main(argv: list[str]) -> None:
    arguments = parser().parse_args(argv)
    tabulate(arguments.low, arguments.high, arguments.plot)


if __name__ == "__main__":
    main(sys.argv[1:])
