"""``check ALGO --n N --simulate RUNS [--seed S] [--max-steps K]``: random runs judged as a check
judges them (checker/explore/simulate.py), for an n too large to explore."""
from __future__ import annotations

from models import SYNCHRONOUS, AlgorithmError

from ..explore.planning import check_ids, refuse_larger_ids
from ..explore.run import specification
from ..explore.simulate import simulate
from .loader import load_algorithm, with_k
from .modes import fault_options
from .own_properties import load_properties


def run(args, ids: tuple[int, ...] | None, write_trace) -> int:
    """Simulate, print the table and the shrunk counterexample; the exit status."""
    if args.n is None and ids is None:
        raise AlgorithmError("give the number of processes with --n, e.g. `check lcr --n 40 --simulate 1000`")
    if isinstance(args.n, range):
        raise AlgorithmError("--simulate runs one n; give one number")
    n = args.n if args.n is not None else len(ids)
    if n < 1:
        raise AlgorithmError(f"--n must be at least 1, got {n}")
    if ids is not None:
        check_ids(ids, n)
    _refuse_what_a_walk_does_not_do(args)
    algorithm = with_k(load_algorithm(args.algorithm), args.k)
    refuse_larger_ids(algorithm, n, ids)
    crashes = args.crashes or 0
    if crashes and algorithm.timing == SYNCHRONOUS:
        raise AlgorithmError(f"--crashes is for the asynchronous model; {algorithm.name} runs in synchronous rounds")
    if not 0 <= crashes < n:
        raise AlgorithmError(f"--crashes must be between 0 and n - 1 = {n - 1}, got {crashes}")
    if args.recoveries and not crashes:
        raise AlgorithmError("--recoveries restarts crashed processes: give it with --crashes F (F >= 1)")
    if args.premature_timeouts and not algorithm.has_timeouts:
        raise AlgorithmError(f"--premature-timeouts: {algorithm.name} has no timeout (@timeout) to fire early")
    options = fault_options(args)  # --synchronizer (and --fifo, --cluster-radius) among them
    properties = specification(algorithm, options["without"], options["synchronizer"]) + \
        list(load_properties(args.property))
    network, topology_name = network_of(algorithm, n, args.graph)
    if options["synchronizer"] is not None and network is not None:  # its rounds are the synchronizer's ticks
        topology_name = f"network ({network.name}) through {options['synchronizer']}"
    result = simulate(algorithm, n, args.simulate, args.seed or 0, args.max_steps, properties, ids, network,
                      crashes, args.recoveries or 0, args.premature_timeouts, topology_name,
                      args.progress, synchronizer=options["synchronizer"], fifo=options["fifo"])
    if args.json:
        import json

        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result.summary())
        if result.counterexample is not None:
            print()
            print(result.counterexample.trace.to_text(), end="")
    if args.trace_out:
        write_trace(result, args.trace_out, quiet=args.json)
    return result.exit_status


def _refuse_what_a_walk_does_not_do(args) -> None:
    given = [option for option, value in (
        ("--max-states", args.max_states), ("--graphs", args.graphs),
        ("--id-values", args.id_values), ("--fingerprint", args.fingerprint), ("--jobs", args.jobs),
        ("--prove", args.prove), ("--check-invariant", args.check_invariant), ("--invariant", args.invariant),
        ("--max-memory", args.max_memory), ("--engine", args.engine != "auto" or None),
        ("--symmetry", args.symmetry != "reflection" or None), ("--no-por", not args.por or None),
    ) if value]
    if given:
        raise AlgorithmError(f"{given[0]} is for an exhaustive check; --simulate walks random runs in one process: "
                             f"drop {given[0]}")


def network_of(algorithm, n: int, graph: str | None):
    """(the graph, its name) of an algorithm on a network: --graph, or the graphs it is for."""
    from models.topology.network import FAMILIES, family, read_edge_list

    if not algorithm.topology.numbered_ports:
        if graph is not None:
            raise AlgorithmError(f"--graph: {algorithm.name} runs on a ring, not on a general network; drop --graph")
        return None, None
    graph = graph or algorithm.default_graphs
    if graph is None:
        raise AlgorithmError(f"--simulate runs {algorithm.name} on one graph: give --graph with a family "
                             f"({', '.join(FAMILIES)}) or an edge-list file")
    network = family(graph, n) if graph in FAMILIES else read_edge_list(graph)
    if network.n != n:
        raise AlgorithmError(f"the graph {network.name} has {network.n} vertices but --n is {n}")
    kind = "synchronous network" if algorithm.timing == SYNCHRONOUS else "network"
    return network, f"{kind} ({network.name})"
