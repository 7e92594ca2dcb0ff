"""ringleader and SPIN side by side on a network model: dfs-election on every connected graph of n vertices.

    python bench/spin_vs_ringleader_network.py            # n = 4: the six connected graphs
    python bench/spin_vs_ringleader_network.py --n 3 4    # several sizes (n <= 7: networkx's atlas)
    options: --timeout S --memory MB --jobs N --checkout DIR --keep DIR (as bench/spin_vs_ringleader.py)

Per graph, one arrangement: ids 1..n on vertices 0..n-1, the default port labelling (dfs-election
reads no port number). ringleader runs `check dfs-election --graph FILE --ids 1,..,n`, with and
without `--no-por`; SPIN runs bench/promela_network.py's model, compiled with and without
-DNOREDUCE. The full counts must be equal (exit 1 if not), which is what makes the times
comparable. A channel capacity that some execution fills trips the model's assertion, and the
run is repeated with twice the capacity. Not run by CI.
"""
from __future__ import annotations

import argparse
import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, ROOT]

import promela_network
import spin
from spin_vs_ringleader import (
    Outcome, agreement, cell_seconds, cell_states, commit, machine, pair, print_table, ratio, run_ringleader,
)

from models.topology.network import connected_graphs

HEADER = ("| graph | edges | SPIN states (POR / full) | SPIN s (POR / full) | ringleader states (POR / full) "
          "| ringleader s (POR / full) | time ratio ringleader/SPIN (POR / full) | peak MB, full: SPIN / ringleader "
          "| SPIN compile s | full counts |")


def run_spin(n: int, edges, ids, expected: int | None, options, workdir: str):
    """(POR outcome, full outcome, compile seconds)."""
    capacity = 2
    while True:
        text = promela_network.generate(n, edges, ids, capacity)
        pan_por, por_compile = spin.compile_pan(text, workdir, reduce=True, memory_mb=options.memory)
        pan_full, full_compile = spin.compile_pan(text, workdir, reduce=False, memory_mb=options.memory)
        runs = [spin.run_pan(pan, options.timeout, expected) for pan in (pan_por, pan_full)]
        if all(r.outcome != "channel full" for r in runs):
            break
        capacity *= 2
    por, full = (Outcome(r.states if r.outcome == "ok" else None, r.seconds, r.outcome, r.peak_mb) for r in runs)
    return por, full, por_compile + full_compile


def row(network, options, workdir: str) -> tuple[str, bool]:
    n, edges = network.n, list(network.edges)
    ids = tuple(range(1, n + 1))
    graph_file = os.path.join(workdir, "graph.txt")
    with open(graph_file, "w") as f:
        f.write("".join(f"{u} {v}\n" for u, v in edges))
    target = ["--graph", graph_file, "--ids", ",".join(map(str, ids))]
    print(f"{network.name}: ...", file=sys.stderr, flush=True)
    rl_full = run_ringleader("dfs-election", target, False, options)
    rl_por = run_ringleader("dfs-election", target, True, options)
    sp_por, sp_full, compile_seconds = run_spin(n, edges, ids, rl_full.states, options, workdir)
    agreed = agreement(sp_full, rl_full, 0)
    cells = [
        network.name, " ".join(f"{u}-{v}" for u, v in edges),
        pair(cell_states(sp_por), cell_states(sp_full)), pair(cell_seconds(sp_por), cell_seconds(sp_full)),
        pair(cell_states(rl_por), cell_states(rl_full)), pair(cell_seconds(rl_por), cell_seconds(rl_full)),
        pair(ratio(rl_por, sp_por), ratio(rl_full, sp_full)), pair(f"{sp_full.peak_mb:.0f}", f"{rl_full.peak_mb:.0f}"),
        f"{compile_seconds:.1f}", agreed,
    ]
    return "| " + " | ".join(cells) + " |", not agreed.startswith("MISMATCH")


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("--n", type=int, nargs="+", default=[4], help="sizes (default 4)")
    command_line.add_argument("--timeout", type=float, default=120.0, help="seconds per run (default 120)")
    command_line.add_argument("--memory", type=int, default=4096, help="MB per run (default 4096)")
    command_line.add_argument("--jobs", type=int, default=1, help="ringleader's --jobs (default 1: SPIN uses one core)")
    command_line.add_argument("--checkout", default=ROOT, help="the ringleader checkout to run (default: this one)")
    command_line.add_argument("--keep", help="write the Promela models and pan binaries here")
    return command_line


def main(argv: list[str] | None = None) -> int:
    options = parser().parse_args(argv)
    options.engine = None  # run_ringleader's: the default engine
    spin.ensure_installed()
    print(f"`python bench/spin_vs_ringleader_network.py {' '.join(sys.argv[1:] if argv is None else argv)}` on "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {machine()}, {spin.version()}, ringleader "
          f"{commit(options.checkout)}; dfs-election, ids 1..n; budget {options.timeout:.0f} s and "
          f"{options.memory} MB per run\n")
    networks = {network.name: network for n in options.n for network in connected_graphs(n)}
    all_agree = print_table(HEADER, [(name, network.n) for name, network in networks.items()], options.keep,
                            lambda name, n, workdir: row(networks[name], options, workdir))
    if not all_agree:
        print("\nSPIN's and ringleader's full state counts differ: the Promela model is not the same model.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
