"""The command line's measuring modes: ``--messages``, ``--open-schedules`` and ``check compare``.

cli.py parses the options and hands over here; each mode calls its module (complexity,
open_schedules, compare) and prints the result as a table, JSON or CSV.
"""
from __future__ import annotations

import json

from models import AlgorithmError

from .loader import load_algorithm

PLOT_FORMATS = (".png", ".svg", ".pdf")


def parse_n(text: str) -> int | range:
    """``--n 5`` or, for the measuring modes, ``--n 3..8`` (both ends included)."""
    low, dots, high = text.partition("..")
    try:
        first, last = int(low), int(high if dots else low)
    except ValueError:
        raise AlgorithmError(f"--n {text!r}: invalid int value; give a number such as 5 or a range such as 3..8") from None
    if not dots:
        if first < 1:  # every mode needs a process (--expected built an empty ring and failed in it)
            raise AlgorithmError(f"--n must be at least 1, got {first}")
        return first
    if first < 1 or last < first:
        raise AlgorithmError(f"--n {text}: a range LOW..HIGH needs 1 <= LOW <= HIGH")
    return range(first, last + 1)


def parse_id_values(text: str) -> range:
    """``--id-values 1..7``: the values the ids are chosen from, both ends included."""
    low, dots, high = text.partition("..")
    try:
        first, last = int(low), int(high)
    except ValueError:
        raise AlgorithmError(f"--id-values {text!r}: give a range such as 1..7") from None
    if not dots or first < 1 or last < first:
        raise AlgorithmError(f"--id-values {text}: a range A..B needs 1 <= A <= B")
    return range(first, last + 1)


def as_range(n: int | range) -> range:
    return n if isinstance(n, range) else range(n, n + 1)


def check_options(args, max_memory) -> dict:
    return dict(max_states=args.max_states, progress=args.progress, engine=args.engine, jobs=args.jobs,
                por=args.por, max_memory=max_memory, symmetry=args.symmetry, chains=args.chains,
                graphs=args.graph or args.graphs, id_values=args.id_values)


def without_names(args) -> tuple[str, ...]:
    """``--without a,b``: the names of the properties to leave unchecked."""
    return tuple(name.strip() for name in (args.without or "").split(",") if name.strip())


def fault_options(args) -> dict:
    """The fault model and fairness of a check (--crashes, --recoveries, --premature-timeouts,
    --fairness), the properties left out (--without) and the synchronizer (--synchronizer)."""
    from .loader import load_synchronizer

    if args.cluster_radius is not None and args.synchronizer is None:
        raise AlgorithmError("--cluster-radius sizes the clusters of --synchronizer gamma; give that too")
    return dict(crashes=args.crashes or 0, recoveries=args.recoveries or 0,
                premature_timeouts=args.premature_timeouts, fairness=args.fairness or "weak",
                without=without_names(args), fifo=args.fifo,
                synchronizer=None if args.synchronizer is None else load_synchronizer(args.synchronizer,
                                                                                      args.cluster_radius))


def messages(args, algorithm, max_memory) -> int:
    from ..measure.complexity import message_table

    if args.plot and not args.plot.endswith(PLOT_FORMATS):
        raise AlgorithmError(f"--plot {args.plot}: use a file ending in {' or '.join(PLOT_FORMATS)}")
    if args.sample is not None and args.sample < 1:
        raise AlgorithmError("--sample must be at least 1")
    ns = as_range(args.n)
    if args.crashes and args.crashes >= ns[0]:
        raise AlgorithmError(f"--crashes {args.crashes} needs every n of the table above it (someone must be left "
                             f"to elect): start the range at n = {args.crashes + 1}")
    table = message_table(algorithm, ns, sample=args.sample, time_limit=args.time_limit,
                          **check_options(args, max_memory), **fault_options(args))
    if args.json:
        print(json.dumps(table.to_json(), indent=2))
    elif args.csv:
        print(table.to_csv(), end="")
    else:
        print(table.render(), end="")
    if args.plot:
        from ..measure.plot import plot_table

        plot_table(table, args.plot)
        if not (args.json or args.csv):
            print(f"plot written to {args.plot}")
    return table.exit_status


def open_schedules(args, algorithm) -> int:
    from ..measure.open_schedules import open_schedules as explore

    reports = [explore(algorithm, n, max_states=args.max_states, symmetry=args.symmetry, por=args.por,
                       time_limit=args.time_limit) for n in as_range(args.n)]
    if args.json:
        print(json.dumps([r.to_json() for r in reports] if len(reports) > 1 else reports[0].to_json(), indent=2))
    else:
        print("\n\n".join(r.summary() for r in reports))
    if args.trace_out:
        last, written = reports[-1], []
        if last.witness is not None:
            last.witness.write(args.trace_out)
            written.append(args.trace_out)
        if last.pasting is not None:
            stem, dot, extension = args.trace_out.rpartition(".")
            written.append(f"{stem}-pasted.{extension}")
            last.pasting.trace.write(written[-1])
        if not args.json and written:
            print(f"open schedule of n = {last.n} written to {' and the pasted one to '.join(written)}")
    below = any(r.bound is not None and r.messages_max is not None and r.messages_max < r.bound for r in reports)
    failed = any(r.pasting is not None and not r.pasting.holds for r in reports)
    return 1 if below or failed else 3 if any(r.stopped for r in reports) else 0


def compare(argv: list[str], parser_factory, max_memory_of, refuse_unused) -> int:
    """``check compare A B --n 3..5 [options]``."""
    from ..measure.compare import compare as side_by_side

    parser = parser_factory()
    parser.prog = "check compare"
    parser.add_argument("other", help="the algorithm to compare with (name or path.py)")
    args = parser.parse_args(argv)
    refuse_unused(args, "compare")
    if not args.algorithm or args.n is None:
        raise AlgorithmError("usage: check compare ALGO OTHER --n 3..5 (two algorithms and a number or range of n)")
    left, right = load_algorithm(args.algorithm), load_algorithm(args.other)
    comparison = side_by_side(left, right, as_range(args.n), **check_options(args, max_memory_of(args)))
    if args.json:
        print(json.dumps(comparison.to_json(), indent=2))
    else:
        print(comparison.render(), end="")
    return comparison.exit_status
