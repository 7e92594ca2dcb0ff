"""The command line's quantitative mode for algorithms that draw: ``--expected``, ``--within``,
``--distribution`` and ``--export`` (checker/quantify, docs/randomized.md)."""
from __future__ import annotations

import json
import sys

from models import AlgorithmError

from .loader import load_algorithm, with_k
from .modes import PLOT_FORMATS, as_range

EXPORT_FORMATS = (".drn", ".nm", ".prism")


def wanted(args) -> bool:
    return any(x is not None for x in (args.expected, args.within, args.distribution, args.export))


def _expected(args, algorithm) -> tuple[str, ...]:
    if args.expected is None:
        return ()
    if args.expected == "":  # --expected alone: everything the algorithm can answer
        counts_rounds = algorithm.round_message is not None or bool(algorithm.round_commands)
        return ("steps", "messages") + (("rounds",) if counts_rounds else ())
    return tuple(part.strip() for part in args.expected.split(",") if part.strip())


def _validate(args) -> None:
    if args.n is None:
        raise AlgorithmError("give --n, a number or a range such as 3..6")
    if args.messages or args.open_schedules or args.prove or args.check_invariant:
        raise AlgorithmError("--expected, --within, --distribution and --export go alone, without "
                             "--messages, --open-schedules, --prove or --check-invariant")
    if args.within is not None and args.within < 0:
        raise AlgorithmError(f"--within must be at least 0, got {args.within}")
    if args.distribution is not None and args.distribution < 1:  # the table of k = 1..0 was empty
        raise AlgorithmError(f"--distribution K tabulates k = 1..K: K must be at least 1, got {args.distribution}")
    if args.export is not None:
        if not args.export.endswith(EXPORT_FORMATS):
            raise AlgorithmError(f"--export {args.export}: use a file ending in {', '.join(EXPORT_FORMATS)}")
        if isinstance(args.n, range) and len(args.n) > 1:
            raise AlgorithmError("--export writes one model: give one n")
    if args.plot is not None:  # main.py has refused it without --distribution
        if not args.plot.endswith(PLOT_FORMATS):
            raise AlgorithmError(f"--plot {args.plot}: use a file ending in {' or '.join(PLOT_FORMATS)}")
    if args.ids:
        raise AlgorithmError("the quantitative questions cover every arrangement; drop --ids")
    if args.id_values:  # their arrangements are those of the ids 1..n
        raise AlgorithmError("the quantitative questions take the ids 1..n; drop --id-values")


def run(args) -> int:
    from ..quantify.mdp import MdpTooLarge
    from ..quantify.questions import check_question, models_of, quantify
    from ..quantify.report import plot_distribution, render, render_range, to_json

    _validate(args)
    algorithm = with_k(load_algorithm(args.algorithm), args.k)
    expected = _expected(args, algorithm)
    unit = args.unit or "steps"
    check_question(algorithm, expected, unit)
    results = []
    try:
        if args.export is not None:
            from ..quantify.export import export

            [model, *others] = models_of(algorithm, as_range(args.n)[0], args.max_states)
            if others:
                raise AlgorithmError(f"--export writes one model, but {algorithm.name} reads ids: its "
                                     f"{1 + len(others)} arrangements are models of their own")
            kind = export(model, args.export)
            if not args.json and not (expected or args.within is not None or args.distribution):
                print(f"{algorithm.name}, n = {model.n}: {model.states:,} states, {model.choices:,} choices, "
                      f"{model.transitions:,} transitions written to {args.export} ({kind})")
                return 0
        for n in as_range(args.n):
            results.append(quantify(algorithm, n, args.within, expected, args.distribution, args.max_states, unit))
    except MdpTooLarge as stop:
        print(f"check: stopped at --max-states {args.max_states:,}: the model has more states ({stop.args[0]:,} "
              "found); no figures", file=sys.stderr)
        return 3
    if args.json:
        print(json.dumps(to_json(results), indent=2))
    elif len(results) == 1 or args.distribution:  # a distribution table per n does not fit in one row
        print("\n".join(render(q) for q in results), end="")
    else:
        print(render_range(results), end="")
    if args.export is not None and not args.json:
        print(f"model written to {args.export}")
    failed = next((q for q in results if q.counterexample is not None), None)
    if failed is not None and not args.json:
        print()
        print(failed.counterexample.to_text(), end="")
    if args.plot:
        plot_distribution(results, args.plot)
        if not args.json:
            print(f"plot written to {args.plot}")
    return max(q.exit_status for q in results)
