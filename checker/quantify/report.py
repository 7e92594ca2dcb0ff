"""Quantities as the command line shows them: text with exact fractions and decimals, JSON, a plot."""
from __future__ import annotations

from .questions import Bounds, Quantities, decimal, exact


def show(value) -> str:
    """3/8 = 0.375; integers and infinity as they are."""
    if isinstance(value, str) or value.denominator == 1:
        return exact(value)
    return f"{exact(value)} = {decimal(value):.6g}"


def _cells(bounds: Bounds) -> tuple[str, str]:
    if bounds.minimum == bounds.maximum:
        return show(bounds.minimum), "(the same)"
    return show(bounds.minimum), show(bounds.maximum)


def _rows(q: Quantities) -> list[tuple[str, Bounds]]:
    rows = [("elected eventually", q.eventually)]
    if q.within is not None:
        rows.append((f"elected within {q.within[0]} {q.unit}", q.within[1]))
    rows += [(f"expected {name}", bounds) for name, bounds in q.expected.items()]
    return rows


def headline(q: Quantities) -> str:
    if q.eventually.minimum == 1:
        verdict = "a leader is elected with probability 1 under every scheduler"
    else:
        verdict = f"NOT ALMOST SURE: some scheduler elects with probability {show(q.eventually.minimum)} only"
    return f"{q.algorithm} on {_article(q.topology)}, n = {q.n}: {verdict}"


def _model_line(q: Quantities) -> str:
    if q.anonymous:
        scope = f"one model with hidden ids stands for all {q.represented:,} arrangements: no id is read"
    else:
        scope = f"{q.arrangements} arrangement(s) standing for {q.represented:,}, summed"
    return f"  model       {q.states:,} states, {q.choices:,} choices, {q.transitions:,} transitions ({scope})"


def render(q: Quantities) -> str:
    lines = [headline(q), _model_line(q)]
    rows = [(label, *_cells(bounds)) for label, bounds in _rows(q)]
    width = max(len(r[0]) for r in rows)
    low = max(len(r[1]) for r in rows + [("", "min")])
    lines.append(f"  {'':<{width}}  {'min (over schedulers)':<{max(low, 21)}}  max")
    for label, minimum, maximum in rows:
        lines.append(f"  {label:<{width}}  {minimum:<{max(low, 21)}}  {maximum}")
    if q.distribution:
        lines.append(f"  probability of an election within k {q.unit}")
        lines.append(f"    {'k':>4}  {'min':<28}  max")
        for k, bounds in enumerate(q.distribution, start=1):
            minimum, maximum = _cells(bounds)
            lines.append(f"    {k:>4}  {minimum:<28}  {maximum}")
    if q.trap:
        lines.append(f"  why         {q.trap}")
    lines.append(f"  time        model built in {q.seconds_build:.2f} s; solved exactly by {q.solver} in "
                 f"{q.seconds_solve:.2f} s")
    return "\n".join(lines) + "\n"


def render_range(results: list[Quantities]) -> str:
    """One row per n: the states and every quantity asked, min and max."""
    first = results[0]
    header = ["n", "states"] + [label for label, _ in _rows(first)]
    table = [header]
    for q in results:
        cells = [str(q.n), f"{q.states:,}"]
        for _, bounds in _rows(q):
            cells.append(show(bounds.minimum) if bounds.minimum == bounds.maximum
                         else f"{show(bounds.minimum)} .. {show(bounds.maximum)}")
        table.append(cells)
    widths = [max(len(row[k]) for row in table) for k in range(len(header))]
    lines = [f"{first.algorithm} on {_article(first.topology)}: exact, over every scheduler (one value: min = max; "
             + "else min .. max)"]
    for row in table:
        lines.append("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    failed = [q for q in results if q.eventually.minimum != 1]
    for q in failed:
        lines.append(f"  n = {q.n}: {q.trap}")
    lines.append(f"  solved exactly by {first.solver}; {sum(q.seconds_build + q.seconds_solve for q in results):.2f} s")
    return "\n".join(lines) + "\n"


def to_json(results: list[Quantities]) -> dict:
    return {
        "schema": "quantities-1",
        "algorithm": results[0].algorithm,
        "topology": results[0].topology,
        "unit": results[0].unit,
        "results": [
            {
                "n": q.n,
                "states": q.states, "choices": q.choices, "transitions": q.transitions,
                "arrangements": {"analysed": q.arrangements, "represented": q.represented, "anonymous": q.anonymous},
                "elected_eventually": q.eventually.to_json(),
                **({"elected_within": {"k": q.within[0], **q.within[1].to_json()}} if q.within else {}),
                "expected": {name: bounds.to_json() for name, bounds in q.expected.items()},
                "distribution": [{"k": k, **b.to_json()} for k, b in enumerate(q.distribution, start=1)],
                "trap": q.trap,
                "counterexample": q.counterexample.to_json() if q.counterexample else None,
                "seconds": {"build": round(q.seconds_build, 3), "solve": round(q.seconds_solve, 3)},
                "solver": q.solver,
            }
            for q in results
        ],
    }


def plot_distribution(results: list[Quantities], path: str) -> None:
    """P(elected within k) against k, min and max, one pair of curves per n."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 4.2))
    for q in results:
        ks = range(1, len(q.distribution) + 1)
        minima = [decimal(b.minimum) for b in q.distribution]
        maxima = [decimal(b.maximum) for b in q.distribution]
        line, = axes.plot(ks, minima, "o-", markersize=3, label=f"n = {q.n}" + ("" if minima == maxima else ", min"))
        if minima != maxima:
            axes.plot(ks, maxima, "s--", markersize=3, color=line.get_color(), label=f"n = {q.n}, max")
    unit = results[0].unit
    axes.set_xlabel(f"k ({unit})")
    axes.set_ylabel("probability that a leader is elected within k")
    axes.set_title(f"{results[0].algorithm}: election within k {unit}, over every scheduler")
    axes.set_ylim(0, 1.02)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _article(topology: str) -> str:
    """With its article: a unidirectional ring, the complete graph."""
    return topology if topology.startswith("the ") else f"a {topology}"
