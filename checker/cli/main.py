"""The ``check`` (and ``ringleader``) command.

Exit status: 0 every property holds; 1 a property is violated; 2 the command or the
algorithm is wrong (one line on stderr, never a traceback); 3 incomplete (a limit was
reached, or the run is too large to plan: never reported as verified); 4 a bug in ringleader
itself (one line saying what to report; ``--debug`` adds the traceback).
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import sys
import traceback

from models import AlgorithmError

from ..explore.memory import parse_size
from ..explore.planning import refuse_too_many_processes
from ..explore.run import RunTooLarge, check, specification
from ..render.formats import FORMATS as TRACE_FORMATS
from . import modes as cli_modes
from . import randomized as randomized_mode
from algorithms import BUILTIN

from .loader import load_algorithm, with_k
from .own_properties import load_properties

USAGE_ERROR, INCOMPLETE_EXIT, INTERNAL_ERROR = 2, 3, 4
DEBUG = "--debug"  # read by main() before any parser, so that every mode takes it
PROJECT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise AlgorithmError(f"{message} (see `check --help`)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="check",
        description="Model-check a leader-election algorithm on every arrangement of n ids.",
        epilog="Exit status: 0 verified, 1 a property is violated, 2 bad command or algorithm, 3 incomplete or "
               "too large, 4 a bug in ringleader.",
    )
    parser.add_argument("algorithm", nargs="?", help="a built-in name (see --list), path.py, or path.py:ClassName")
    parser.add_argument("--n", type=cli_modes.parse_n,
                        help="number of processes (a range such as 3..8 with --messages, --open-schedules, compare)")
    parser.add_argument("--ids", help="check one arrangement, e.g. 3,1,4,2 (ids in clockwise order from position 0, "
                                      "or of vertices 0, 1, ... on a network): any distinct positive integers")
    parser.add_argument("--crashes", type=int, metavar="F",
                        help="the adversary may crash up to F processes at any point of any execution; the "
                             "specification is then about the live ones (docs/faults.md)")
    parser.add_argument("--recoveries", type=int, metavar="R",
                        help="with --crashes: crashed processes may restart from their initial state, R times in all")
    parser.add_argument("--without", metavar="PROPERTY[,PROPERTY]",
                        help="leave these properties of the election specification unchecked, for a fault model "
                             "under which the algorithm does not promise them (e.g. at-most-one-leader,stability "
                             "with --recoveries)")
    parser.add_argument("--property", action="append", metavar="FILE.py[:NAME]",
                        help="also check properties of your own: the functions of the state decorated with @always, "
                             "@eventually or @always_eventually in FILE.py (or the one named); repeatable "
                             "(docs/properties.md)")
    parser.add_argument("--synchronizer", metavar="alpha|beta|gamma|abd|FILE.py",
                        help="run a synchronous algorithm through this synchronizer on the asynchronous network, "
                             "over every interleaving, checking (Synch) (docs/synchronizers.md)")
    parser.add_argument("--fifo", action="store_true",
                        help="with --synchronizer: links keep the order of their messages (by default they deliver "
                             "in any order)")
    parser.add_argument("--cluster-radius", type=int, metavar="K",
                        help="with --synchronizer gamma: clusters are balls of radius K (default 1)")
    parser.add_argument("--premature-timeouts", action="store_true",
                        help="timeouts may fire whenever their guard holds (an unreliable failure detector), not "
                             "only when what they wait for can no longer come")
    parser.add_argument("--fairness", choices=("weak", "strong"),
                        help="for algorithms with timeouts: what fair-termination assumes of the scheduler, per "
                             "process (default weak)")
    parser.add_argument("--k", type=int, metavar="K",
                        help="an algorithm's constant K, for those that declare one (itai-rodeh-sync: ids drawn from 1..K)")
    parser.add_argument("--id-values", metavar="A..B", type=cli_modes.parse_id_values,
                        help="check every choice of n distinct ids from A..B, each in every arrangement "
                             "(for algorithms whose behaviour depends on the id values, not only their order)")
    network = parser.add_mutually_exclusive_group()
    network.add_argument("--graph", metavar="NAME|FILE",
                         help="for an algorithm on a general network: the graph, a family at size n (complete, path, "
                              "star, ring, grid) or a file of edges, one `u v` pair a line")
    network.add_argument("--graphs", choices=("connected",),
                         help="for an algorithm on a general network: every connected graph on n vertices up to "
                              "isomorphism (n <= 7; the default)")
    parser.add_argument("--each-graph", action="store_true",
                        help="for an algorithm on a general network: check each graph (of --graphs, the default, or "
                             "--graph) as a run of its own and report every graph's verdict, instead of stopping at "
                             "the first violated graph; a graph whose search stops at a limit is then walked by "
                             "random runs (docs/networks.md)")
    parser.add_argument("--list", action="store_true", help="list the built-in algorithms (with --json: as JSON)")
    parser.add_argument("--describe", action="store_true",
                        help="print what the algorithm declares: locals, messages, commands with their guards and "
                             "lines, topology, promises, seed and choices (with --json: as JSON); no check is run")
    parser.add_argument("--json", action="store_true", help="print the schema-1 JSON result on stdout, nothing else")
    parser.add_argument("--trace-out", metavar="FILE",
                        help=f"write the counterexample trace ({', '.join(TRACE_FORMATS)}), or with --open-schedules "
                             "the open schedule; checked writable before the search; not with --messages, whose "
                             "table has no single counterexample (check a violated row's n alone for it)")
    por = parser.add_mutually_exclusive_group()
    por.add_argument("--por", dest="por", action="store_true", default=True,
                     help="partial-order reduction (the default): same verdicts, terminal states and message "
                          "min/max, fewer states; a violation is re-searched without it for a shortest trace")
    por.add_argument("--no-por", dest="por", action="store_false",
                     help="explore the full state graph (state counts comparable with other tools)")
    parser.add_argument("--no-chains", dest="chains", action="store_false",
                        help="with partial-order reduction, store every state of the reduced graph (by default a "
                             "state whose stubborn set is one transition is passed through, not stored)")
    parser.add_argument("--keep-going", action="store_true",
                        help="an arrangement whose search stops at a limit (--max-states, now per arrangement, or "
                             "the memory) does not end the run: the others are still searched, and a violation in one "
                             "of them is the verdict (--each-graph always goes on)")
    parser.add_argument("--no-twins", dest="twins", action="store_false",
                        help="search every arrangement, also one proved to be another's with the ids renamed (by "
                             "default such an arrangement is derived from the other's search, in one process, in workers or "
                             "on a cluster)")
    parser.add_argument("--fingerprint", action="store_true",
                        help="store 64-bit fingerprints of states instead of states (less memory; the output gives "
                             "the probability that a state was wrongly taken as seen); needs the native engine")
    parser.add_argument("--max-states", type=int, metavar="N",
                        help="stop after storing N states in all; the verdict is then 'incomplete' (exit 3)")
    parser.add_argument("--symmetry", choices=("reflection", "rotation", "none"), default="reflection",
                        help="quotient the arrangements by rotation and, for algorithms that declare "
                             "mirror_symmetric once it is proved at load, reflection (on a non-oriented ring: "
                             "every port labelling alike) (default); 'rotation' only; 'none' checks all n!; with "
                             "--prove or --infer on a non-oriented ring, other than 'reflection': every port "
                             "labelling proved as a ring of its own, none derived by the mirror symmetry; "
                             "with --prove, 'none' also proves every process's steps, none derived by rotation")
    parser.add_argument("--max-memory", metavar="SIZE",
                        help="stop cleanly (verdict 'incomplete', exit 3) when a worker's memory passes SIZE, "
                             "e.g. 4G or 512M (default: three quarters of the machine, shared by the workers); "
                             "with --prove or --infer, z3's limit (default three quarters of the machine)")
    parser.add_argument("--jobs", type=int, metavar="N",
                        help="worker processes exploring arrangements in parallel (default: every core); "
                             "the result is the same for any N")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="explore the arrangements on a Dask cluster: a scheduler address (tcp://host:8786), "
                             "or local:N for N local worker processes; the output is a local run's")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="record each finished arrangement in FILE; a run killed and started again with the "
                             "same FILE explores only the others and ends with the same output")
    parser.add_argument("--engine", choices=("auto", "native", "interned", "reference"), default="auto",
                        help="auto (default): native if a C compiler is found and the algorithm compiles, else "
                             "interned; native: the commands compiled to C, a violation is re-searched in Python "
                             "for its trace; interned: memoised Python; reference: the plain semantics, slowest. "
                             "Every engine explores the same graph: partial-order reduced unless --no-por")
    parser.add_argument(DEBUG, action="store_true",
                        help="on a bug in ringleader itself (exit status 4), print its traceback as well")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress on stderr for runs over a second (default: when stderr is a terminal)")
    simulation = parser.add_argument_group("random runs where exhaustive stops (docs/checking.md, Simulation)")
    simulation.add_argument("--simulate", type=int, metavar="RUNS",
                            help="walk RUNS random executions (uniform among the enabled steps) judged against the "
                                 "specification; a failing run is shrunk and shown (exit 1); none found is not a "
                                 "proof (exit 0)")
    simulation.add_argument("--seed", type=int, metavar="S",
                            help="with --simulate: the seed of the random runs (default 0); the same seed, the same "
                                 "output")
    simulation.add_argument("--max-steps", type=int, metavar="K",
                            help="with --simulate: a run still going after K steps is counted unfinished (default "
                                 "10*n*n)")
    exploring = parser.add_argument_group("walking the state space by hand in the browser (docs/explorer.md)")
    exploring.add_argument("--explore", action="store_true",
                           help="serve a page on this machine that steps through the system: choose each "
                                "transition, step back, see every property's status, jump to the shortest "
                                "counterexample; the URL holds the path (Ctrl-C stops it)")
    exploring.add_argument("--port", type=int, metavar="P",
                           help="with --explore: the port to listen on (default 8765; 0: any free port)")
    exploring.add_argument("--browser", action=argparse.BooleanOptionalAction, default=None,
                           help="with --explore: open the page in a web browser (default: when there is a display)")
    proofs = parser.add_argument_group("inductive invariants (docs/proofs.md)")
    proofs.add_argument("--prove", action="store_true",
                        help="prove with z3 that the algorithm's invariant (specs/) is inductive for this n, for "
                             "every arrangement at once, and implies the safety properties (exit 0 proved, "
                             "1 an obligation failed, 3 unknown)")
    proofs.add_argument("--check-invariant", action="store_true",
                        help="also evaluate every conjunct of the invariant on every reachable state "
                             "(without partial-order reduction)")
    proofs.add_argument("--invariant", metavar="FILE.py[:Class]",
                        help="use this Invariant subclass instead of the algorithm's own; with --infer, a "
                             "partial invariant to start from (its conjuncts join the templates' candidates)")
    proofs.add_argument("--infer", action="store_true",
                        help="find an inductive invariant for this n (templates over the algorithm's locals and "
                             "messages, kept if true on every reachable state, weakened with z3 until inductive, "
                             "minimised) and write it as a Python file that --prove --invariant FILE proves (exit 0 "
                             "found, 1 no inductive subset implies safety)")
    proofs.add_argument("--infer-out", metavar="FILE.py",
                        help="with --infer: where to write the invariant (default ./ALGO_inferred_invariant.py)")
    proofs.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                        help="with --prove: z3's time limit per obligation (default 30)")
    parser.add_argument("--all-n", action="store_true",
                        help="prove the algorithm's all-n invariant (specs/all_n/) for rings of every size with z3 "
                             "(implies --prove); `check theorem --list` lists theorems proved for every algorithm")
    parser.add_argument("--termination", action="store_true",
                        help="with --all-n: prove with the algorithm's ranking (specs/all_n/) that every execution is "
                             "finite and ends with one leader, every process decided on it, for rings of every size "
                             "(exit 0 proved, 1 an obligation failed, 3 unknown)")
    measure = parser.add_argument_group("measuring (docs/complexity.md); `check compare A B --n 3..5` compares two")
    measure.add_argument("--messages", action="store_true",
                         help="exact message complexity per n: min, max, mean over all arrangements, claimed bound")
    measure.add_argument("--open-schedules", action="store_true",
                         help="most messages of an open schedule (one edge blocked) against Attiya-Welch's M(n)")
    # the options below shape a table: any other mode refuses them (exit 2) rather than ignore them
    measure.add_argument("--csv", action="store_true",
                         help="with --messages: print the table as CSV (the only table with CSV; refused elsewhere)")
    measure.add_argument("--plot", metavar="FILE",
                         help="with --messages: plot messages against n; with --distribution: the probability of "
                              "election against k (.png, .svg, .pdf; refused elsewhere)")
    measure.add_argument("--sample", type=int, metavar="K",
                         help="with --messages: for an n too large to explore, K random executions (labelled a sample)")
    measure.add_argument("--time-limit", type=float, metavar="SECONDS",
                         help="time budget of --messages (the table stops at the last n done), of "
                              "--open-schedules (the pairs explored by then are reported as incomplete) or of --all-n "
                              "(default 600; the obligations not asked by then are unknown); a single check has "
                              "--max-states and --max-memory instead")
    randomized = parser.add_argument_group("randomized algorithms, exactly, over every scheduler (docs/randomized.md)")
    randomized.add_argument("--expected", nargs="?", const="", metavar="steps,messages,rounds",
                            help="min and max expected steps, messages and rounds until a leader is elected "
                                 "(default: all the algorithm can count); with --n 1..8 a table")
    randomized.add_argument("--within", type=int, metavar="K",
                            help="min and max probability that a leader is elected within K steps (or rounds)")
    randomized.add_argument("--distribution", type=int, metavar="K",
                            help="the table of that probability for k = 1..K (--plot FILE draws it)")
    randomized.add_argument("--unit", choices=("steps", "rounds"),
                            help="what K counts in --within and --distribution: steps (the default) or rounds")
    randomized.add_argument("--export", metavar="FILE",
                            help="write the explored MDP for Storm (.drn) or PRISM (.nm, .prism), exact")
    return parser


# Options only some modes read, and those modes: any other mode refuses them with exit 2 rather
# than ignore them silently.
_MODE_OPTIONS = {
    "--csv": ("messages",),
    "--plot": ("messages", "distribution"),
    "--unit": ("within", "distribution"),
    "--sample": ("messages",),
    "--time-limit": ("messages", "open-schedules"),
    "--trace-out": ("check", "open-schedules", "simulate"),
    "--checkpoint": ("check",),
    "--property": ("check", "simulate", "explore"),
    "--seed": ("simulate", "check"),
    "--each-graph": ("check",),
    "--keep-going": ("check",),
    "--max-steps": ("simulate",),
    "--cluster": ("check",),
    "--port": ("explore",),
    "--browser": ("explore",),
    "--crashes": ("check", "messages", "simulate", "explore"),
    "--premature-timeouts": ("check", "messages", "simulate", "explore"),
    "--recoveries": ("check", "messages", "simulate", "explore"),
    "--without": ("check", "messages", "simulate", "explore"),
    "--synchronizer": ("check", "messages", "explore", "simulate"),
    "--cluster-radius": ("check", "messages", "explore", "simulate"),
    "--fifo": ("check", "messages", "explore", "simulate"),
    "--fairness": ("check", "messages", "explore"),
}
_MODE_NAMES = {"check": "a check of one n", "messages": "--messages", "open-schedules": "--open-schedules",
               "prove": "--prove", "compare": "`check compare`",
               "simulate": "--simulate", "explore": "--explore", "within": "--within", "distribution": "--distribution", "quantities": "--expected or --export"}


def refuse_unused_options(args, mode: str) -> None:
    """Exit 2 for an option ``mode`` would ignore, naming the modes that read it."""
    if args.messages and args.open_schedules:
        raise AlgorithmError("choose one of --messages and --open-schedules")
    for option, modes in _MODE_OPTIONS.items():
        value = getattr(args, option[2:].replace("-", "_"))
        if value is None or value is False or mode in modes:
            continue
        where = " or ".join(_MODE_NAMES[m] for m in modes)
        why = ("; a message table has no single counterexample: check a violated row's n alone for its trace"
               if option == "--trace-out" and mode == "messages" else "")
        raise AlgorithmError(f"{option} goes with {where}, not with {_MODE_NAMES[mode]}{why}; drop it")


def _mode(args) -> str:
    if args.simulate is not None and args.explore:
        raise AlgorithmError("choose one of --simulate (random runs) and --explore (runs chosen by hand)")
    if args.simulate is not None:
        return "simulate"
    if args.explore:
        return "explore"
    if args.messages:
        return "messages"
    if args.open_schedules:
        return "open-schedules"
    if randomized_mode.wanted(args):
        if args.distribution is not None:
            return "distribution"
        return "within" if args.within is not None else "quantities"
    return "prove" if args.prove or (args.invariant and not args.check_invariant) else "check"


def _cluster(args):
    """--cluster: where, and how a worker loads the algorithm (its built-in name, or its file's
    absolute path, which every worker must be able to read)."""
    if args.cluster is None:
        return None
    from ..explore.cluster import Cluster

    if args.k is not None:
        raise AlgorithmError("--cluster: each worker loads the algorithm by its name or file, which --k does not "
                             "change; run with --k but without --cluster")
    if args.jobs is not None:
        raise AlgorithmError("--jobs sets this machine's worker processes, which --cluster does not use (the cluster's "
                             "workers explore: local:N starts N); drop --jobs")
    reference = args.algorithm
    if reference not in BUILTIN:
        path, colon, name = reference.partition(":")
        reference = os.path.abspath(path) + colon + name
    return Cluster(args.cluster, reference, load_algorithm)


def check_trace_out(path: str) -> None:
    """Fail before the search, not after it: the extension is known and the file can be written
    (opened for appending, so nothing is overwritten; removed again if it did not exist)."""
    if not path.endswith(TRACE_FORMATS):
        raise AlgorithmError(f"--trace-out {path}: use a file ending in {', '.join(TRACE_FORMATS)}")
    existed = os.path.lexists(path)
    try:
        with open(path, "a"):
            pass
    except OSError as error:
        raise AlgorithmError(f"--trace-out {path}: cannot write it ({error.strerror})") from None
    if not existed:
        os.remove(path)


def _own_parser_mode(argv: list[str]) -> int | None:
    """Modes with their own parser and module: `check theorem NAME ...` and `check ALGO --all-n ...`."""
    if argv[:1] == ["theorem"]:
        from .proofs import theorem_command
        return theorem_command(argv[1:])
    if "--termination" in argv and "--all-n" not in argv and "--help" not in argv and "-h" not in argv:
        raise AlgorithmError("--termination proves termination and election for rings of every size and goes with "
                             "--all-n: check ALGO --all-n --termination")
    if "--all-n" in argv and "--help" not in argv and "-h" not in argv:
        from .proofs import all_n_command
        return all_n_command(argv)
    return None


def _parse_ids(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise AlgorithmError(f"--ids must be comma-separated integers, got {text!r}") from None


def _graph_size(graph: str | None) -> int | None:
    """n for `check ALGO --graph FILE` without --n: the file's number of vertices."""
    from models.topology.network import FAMILIES, read_edge_list

    if graph is None or graph in FAMILIES:
        return None
    return read_edge_list(graph).n


def _list(as_json: bool) -> int:
    from algorithms import catalogue

    rows = list(catalogue())
    if as_json:
        print(json.dumps([{"name": name, "summary": summary, "seed": seed, "topology": topology}
                          for name, summary, seed, topology in rows], indent=2))
        return 0
    width = max(len(name) for name, *_ in rows)
    for name, summary, seed, topology in rows:
        print(f"{name:<{width}}  {summary}  [{topology}; seed {seed}]")
    return 0


def _describe(args) -> int:
    from .describe import describe, describe_text

    running = [option for option, given in (("--n", args.n), ("--ids", args.ids), ("--trace-out", args.trace_out),
                                            ("--prove", args.prove), ("--check-invariant", args.check_invariant),
                                            ("--messages", args.messages), ("--open-schedules", args.open_schedules))
               if given]
    if running:
        raise AlgorithmError(f"--describe runs no check; drop {', '.join(running)}")
    algorithm = with_k(load_algorithm(args.algorithm), args.k)
    print(json.dumps(describe(algorithm), indent=2) if args.json else describe_text(algorithm))
    return 0


def _write_trace(result, path: str, quiet: bool) -> None:
    if not result.counterexample:
        if not quiet:
            print(f"no counterexample, so nothing was written to {path}")
        return
    try:
        warning = result.counterexample.trace.write(path)
    except OSError as error:
        raise AlgorithmError(f"--trace-out {path}: cannot write it ({error.strerror})") from None
    if warning:
        print(f"check: {warning}", file=sys.stderr)
    elif not quiet:
        print(f"trace written to {path}")


def _asynchronous_ring_only(algorithm, what: str) -> None:
    """Refuse, in one line, a mode built for the asynchronous model on rings."""
    from models import SYNCHRONOUS

    if algorithm.timing == SYNCHRONOUS:
        raise AlgorithmError(f"{what} are for the asynchronous model; {algorithm.name} runs in synchronous rounds")
    if algorithm.topology.numbered_ports:
        raise AlgorithmError(f"{what} are for rings; {algorithm.name} runs on a general network")


def _network_proof_only(algorithm, args) -> None:
    """Refuse, in one line, a --prove on a network that the network encoding does not model:
    synchronous rounds, or anything but one graph."""
    from models import SYNCHRONOUS

    if algorithm.timing == SYNCHRONOUS:
        raise AlgorithmError(f"--prove is for the asynchronous model; {algorithm.name} runs in synchronous rounds")
    if args.graphs or args.each_graph:
        raise AlgorithmError("--prove on a network proves one graph: give it with --graph NAME|FILE, "
                             "not --graphs or --each-graph")
    if not args.graph:
        raise AlgorithmError(f"{algorithm.name} runs on a general network: give the graph to prove it on with "
                             "--graph (a family such as complete, or a file of edges)")


def _measure(args) -> int:
    """The measuring modes (checker/cli_modes.py)."""
    algorithm = with_k(load_algorithm(args.algorithm), args.k)
    if algorithm.randomized and args.messages:
        raise AlgorithmError(f"{algorithm.name} draws random values, so no bound holds on its messages; "
                             "--expected messages gives their least and largest expectation")
    if args.open_schedules:
        _asynchronous_ring_only(algorithm, "open schedules (--open-schedules)")
    if args.sample is not None:
        _asynchronous_ring_only(algorithm, "random samples (--sample)")
        if args.crashes:
            raise AlgorithmError("--sample draws executions without failures; drop --crashes (or --sample)")
    if args.open_schedules:
        return cli_modes.open_schedules(args, algorithm)
    return cli_modes.messages(args, algorithm, _max_memory(args))


def _max_memory(args) -> int | None:
    if args.max_memory is None:
        return None
    try:
        return parse_size(args.max_memory)
    except ValueError:
        raise AlgorithmError(f"--max-memory {args.max_memory!r}: give a size such as 4G or 512M") from None


def run(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    status = _own_parser_mode(argv)
    if status is not None:
        return status
    if argv and argv[0] == "compare":
        return cli_modes.compare(argv[1:], _parser, _max_memory, refuse_unused_options)
    args = _parser().parse_args(argv)
    if args.list:
        if args.algorithm:
            raise AlgorithmError(f"--list lists the built-in algorithms; drop {args.algorithm} (or --list)")
        return _list(args.json)
    if not args.algorithm:
        raise AlgorithmError("name an algorithm, e.g. `check hs --n 4`, or run `check --list`")
    if args.describe:
        return _describe(args)
    refuse_unused_options(args, _mode(args))
    if args.trace_out:
        check_trace_out(args.trace_out)
    if args.n is not None and _mode(args) != "check":  # a check's planning refuses a size with its own advice
        refuse_too_many_processes(cli_modes.as_range(args.n)[-1])
    if args.explore:
        from . import exploring
        return exploring.run(args, _parse_ids(args.ids) if args.ids else None)
    if randomized_mode.wanted(args):
        return randomized_mode.run(args)
    if args.simulate is not None:
        from . import simulation
        return simulation.run(args, _parse_ids(args.ids) if args.ids else None, _write_trace)
    if args.messages or args.open_schedules:
        if args.n is None:
            raise AlgorithmError("give --n, a number or a range such as 3..8")
        if args.ids:
            raise AlgorithmError("--messages and --open-schedules cover every arrangement; drop --ids")
        return _measure(args)
    if isinstance(args.n, range):
        raise AlgorithmError("a range of n is for --messages, --open-schedules and `check compare`; give one n")
    ids = _parse_ids(args.ids) if args.ids else None
    n = args.n if args.n is not None else (len(ids) if ids else _graph_size(args.graph))
    if n is None:
        raise AlgorithmError("give the number of processes with --n, e.g. `check hs --n 4`")
    if n < 1:
        raise AlgorithmError(f"--n must be at least 1, got {n}")
    if ids is not None and len(ids) != n:
        raise AlgorithmError(f"--ids lists {len(ids)} ids but --n is {n}")
    max_memory = _max_memory(args)
    if args.jobs is not None and args.jobs < 1:
        raise AlgorithmError("--jobs must be at least 1")
    if args.max_states is not None and args.max_states < 1:
        raise AlgorithmError("--max-states must be at least 1")
    algorithm = with_k(load_algorithm(args.algorithm), args.k)
    if args.fairness and not algorithm.has_timeouts:
        raise AlgorithmError(f"--fairness: {algorithm.name} has no timeout, so its cycles are not a matter of "
                             "fairness (termination is checked on every execution); drop --fairness")
    if args.each_graph:
        from . import each_graph

        each_graph.refuse(args)
    if args.infer_out and not args.infer:
        raise AlgorithmError("--infer-out goes with --infer; drop it")
    if args.infer:
        return _infer(args, algorithm, n, ids)
    if (args.prove or args.invariant or args.check_invariant) and algorithm.has_timeouts:
        raise AlgorithmError(f"--prove, --invariant and --check-invariant do not read timeouts, which {algorithm.name} has")
    if args.prove or args.invariant or args.check_invariant:
        if algorithm.topology.numbered_ports and not args.check_invariant:
            _network_proof_only(algorithm, args)
        else:
            _asynchronous_ring_only(algorithm, "--prove, --invariant and --check-invariant")
        if args.property:
            raise AlgorithmError("--property adds to the specification of a check; --prove, --invariant and "
                                 "--check-invariant read their own obligations: drop --property")
        if args.without:
            raise AlgorithmError("--without leaves out properties of a check; --prove, --invariant and "
                                 "--check-invariant read their own obligations: drop --without")
    if args.prove or args.invariant and not args.check_invariant:
        return _prove(args, algorithm, n, ids)
    if args.check_invariant:
        from .proofs import check_invariant

        if args.cluster:
            raise AlgorithmError("--cluster checks the election specification only; drop --check-invariant "
                                 "(or --cluster)")
        if args.crashes:
            raise AlgorithmError("--check-invariant checks the algorithm without failures; drop --crashes")
        result = check_invariant(algorithm, n, ids, args.invariant, max_states=args.max_states,
                                 progress=args.progress, engine=args.engine, jobs=args.jobs,
                                 max_memory=max_memory, symmetry=args.symmetry, checkpoint=args.checkpoint)
    elif args.seed is not None and not args.each_graph:
        raise AlgorithmError("--seed goes with --simulate or --each-graph (its random runs), not with a check of "
                             "one n alone; drop it")
    elif args.each_graph:
        own = load_properties(args.property)
        faults = cli_modes.fault_options(args)
        options = dict(max_states=args.max_states, progress=args.progress, engine=args.engine, jobs=args.jobs,
                       por=args.por, max_memory=max_memory, symmetry=args.symmetry, chains=args.chains,
                       fingerprint=args.fingerprint, twins=args.twins, id_values=args.id_values,
                       cluster=_cluster(args), own_properties=own, keep_going=True, **faults)
        properties = specification(algorithm, faults["without"], faults["synchronizer"]) + list(own)
        return each_graph.run(args, algorithm, n, check, options, properties, args.seed or 0)
    else:
        result = check(algorithm, n, ids=ids, max_states=args.max_states, progress=args.progress,
                       engine=args.engine, jobs=args.jobs, por=args.por, max_memory=max_memory,
                       symmetry=args.symmetry, chains=args.chains, fingerprint=args.fingerprint, twins=args.twins,
                       graphs=args.graph or args.graphs, id_values=args.id_values, checkpoint=args.checkpoint,
                       cluster=_cluster(args), own_properties=load_properties(args.property),
                       keep_going=args.keep_going, **cli_modes.fault_options(args))
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result.summary())
        if result.counterexample:
            print()
            print(result.counterexample.trace.to_text(), end="")
    if args.trace_out:
        _write_trace(result, args.trace_out, quiet=args.json)
    return result.exit_status


def _infer(args, algorithm, n: int, ids) -> int:
    from .proofs import cap_z3_memory, run_infer

    clashing = [option for option, given in (("--prove", args.prove), ("--check-invariant", args.check_invariant), ("--ids", ids),
                                             ("--without", args.without), ("--json", args.json)) if given]
    if clashing:
        raise AlgorithmError(f"--infer finds an invariant for every arrangement at once; drop {', '.join(clashing)} "
                             "(then prove the file it writes with --prove --invariant FILE)")
    if algorithm.has_timeouts:
        raise AlgorithmError(f"--infer does not read timeouts, which {algorithm.name} has")
    _asynchronous_ring_only(algorithm, "--infer and --prove")
    if args.invariant and algorithm.topology.port_labellings:
        raise AlgorithmError(f"--infer --invariant (a partial invariant to start from) reads one ring; {algorithm.name} "
                             "has the adversary's port labellings: drop --invariant")
    cap_z3_memory(_max_memory(args))
    return run_infer(algorithm, n, args.algorithm, args.infer_out, args.timeout, args.symmetry, args.invariant)


def _prove(args, algorithm, n: int, ids) -> int:
    from .proofs import cap_z3_memory, run_prove

    if not args.prove:
        raise AlgorithmError("--invariant goes with --prove or --check-invariant")
    if args.check_invariant:
        raise AlgorithmError("choose one of --prove and --check-invariant")
    if ids is not None:
        raise AlgorithmError("--prove covers every arrangement at once (ids are symbolic); drop --ids")
    graph = None
    if algorithm.topology.numbered_ports:
        from ..explore.planning import graphs_for

        (graph,) = graphs_for(args.graph, n)
    elif args.graph:
        raise AlgorithmError(f"--graph is for algorithms on a general network; {algorithm.name} runs on a "
                             f"{algorithm.topology.kind}: drop it")
    cap_z3_memory(_max_memory(args))
    return run_prove(algorithm, n, args.invariant, args.timeout, args.json, args.progress, args.max_states,
                     args.symmetry, graph=graph)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    debug = DEBUG in argv
    stdout = sys.stdout
    sys.stdout = _OutputUntilTheReaderLeaves(stdout)
    try:
        return _run_to_a_status([a for a in argv if a != DEBUG], debug)
    finally:
        sys.stdout = stdout
        if "z3" in sys.modules:  # a proof's memory limit (cap_z3_memory) is z3's global: not the next run's
            sys.modules["z3"].set_param("memory_max_size", 0)


def _run_to_a_status(argv: list[str], debug: bool) -> int:
    try:
        return run(argv)
    except AlgorithmError as error:
        print(f"check: {error}", file=sys.stderr)
        return USAGE_ERROR
    except RunTooLarge as error:
        print(f"check: {error}", file=sys.stderr)
        return INCOMPLETE_EXIT
    except MemoryError:
        print("check: out of memory; use a smaller --n or --max-states to stop in time (verdict incomplete)", file=sys.stderr)
        return INCOMPLETE_EXIT
    except KeyboardInterrupt:
        return _interrupted(debug)
    except Exception as error:  # noqa: BLE001 -- not the user's mistake: ringleader's own
        if _is_interrupt(error):
            return _interrupted(debug)
        if _is_z3_out_of_memory(error):
            print(f"check: {Z3_OUT_OF_MEMORY}", file=sys.stderr)
            return INCOMPLETE_EXIT
        if debug:
            traceback.print_exc()
        print(f"check: {_bug_report(error, argv)}", file=sys.stderr)
        return INTERNAL_ERROR


def _interrupted(debug: bool) -> int:
    """The run was interrupted: one line, status 3. Objects the interrupt left half-built (z3's,
    in their __init__) fail in their __del__ when the interrupt's frames are freed, just after
    this; without --debug that is not worth a traceback."""
    if not debug:
        _finalizers.quiet = True
    print("check: interrupted; no verdict", file=sys.stderr)
    return INCOMPLETE_EXIT


Z3_OUT_OF_MEMORY = ("z3 ran out of memory before the proof was done, so there is no verdict: give it more with "
                    "--max-memory SIZE (by default it has three quarters of the machine), or prove a smaller --n")


def _is_z3_out_of_memory(error: Exception) -> bool:
    """z3 raised at its memory limit (checker/cli/proofs.py ``cap_z3_memory``); told by name, so
    that this handler imports nothing."""
    return type(error).__name__ == "Z3Exception" and "out of memory" in str(error)


def _is_interrupt(error: Exception) -> bool:
    """A Ctrl-C that came while ctypes converted a call's arguments (z3 is called through
    ctypes): ctypes turns it into ``ArgumentError("argument 1: KeyboardInterrupt: ")``."""
    import ctypes

    return isinstance(error, ctypes.ArgumentError) and "KeyboardInterrupt" in str(error)


def _bug_report(error: Exception, argv: list[str]) -> str:
    """One line for an exception ringleader did not expect: what, where in its code, and what to
    report (the traceback comes with --debug)."""
    # raised in a worker process (checker/explore/pool.py): the worker's frames are where it was
    frames = getattr(error.__cause__, "frames", None) or [(frame.filename, frame.lineno)
                                                           for frame in traceback.extract_tb(error.__traceback__)]
    ours = [frame for frame in frames if frame[0].startswith(PROJECT_ROOT + os.sep)]
    at = (ours or frames)[-1] if frames else None
    where = f" at {os.path.relpath(at[0], PROJECT_ROOT) if ours else at[0]}:{at[1]}" if at else ""
    return (f"internal error, a bug in ringleader: {type(error).__name__}: {error}{where}; please report it as an "
            f"issue of the project with the command (check {shlex.join(argv)}) and what --debug prints")


class _OutputUntilTheReaderLeaves:
    """sys.stdout during a run. A reader that goes away (`check bully --n 3 | head -1`) stops the
    output, not the run: the rest is dropped and the exit status is still the verdict's (it was
    0, whatever the verdict)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._drop_the_rest()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._drop_the_rest()

    def _drop_the_rest(self) -> None:
        # what is still buffered, and the flush at exit, go to /dev/null
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, self._stream.fileno())
        os.close(devnull)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _interrupt_again(unraisable) -> None:
    """A Ctrl-C that lands in a ctypes callback (z3 calls back into Python) or a finalizer
    (``__del__``) cannot be raised there; Python would print it with a traceback and carry on.
    It is sent again, so that it interrupts the run where it can: one line and status 3. It is
    sent a moment later from a thread, since a signal sent from here would be handled here, in
    the finalizer, again. It is sent to the main thread: sent to the process, the kernel may
    hand it to the timer's thread, and a main thread asleep in a system call would sleep on."""
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        import threading

        again = threading.Timer(0.05, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT))
        again.daemon = True
        again.start()
    elif not _finalizers.quiet:
        sys.__unraisablehook__(unraisable)


class _finalizers:
    quiet = False  # once the run is over or interrupted (see _interrupted and entry_point)


def entry_point() -> None:
    import gc

    gc.freeze()  # the modules loaded (checker/cli/__init__.py)
    sys.unraisablehook = _interrupt_again
    status = None
    try:
        try:
            status = main()
        finally:
            # the verdict is out (or the run ended without one): a Ctrl-C from now on is too late
            # to change it, and must not print a traceback while the interpreter shuts down
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except KeyboardInterrupt:  # in the moment between main's own handler and the line above
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        if status is None:
            status = _interrupted(DEBUG in sys.argv)
    if DEBUG not in sys.argv:
        # what an object left half-built by an interrupt raises when it is freed at exit (z3's
        # Context interrupted in its __init__ has no `owner` for its __del__) is no news once
        # the verdict is out; --debug shows it
        _finalizers.quiet = True
    sys.exit(status)
