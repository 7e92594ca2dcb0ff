"""A message table as a picture: messages against n, with the algorithm's claimed bound drawn in
(and, for a synchronous algorithm, rounds against n beside it)."""
from __future__ import annotations

from .complexity import SAMPLE, MessageTable


def plot_table(table: MessageTable, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only, no display needed
    import matplotlib.pyplot as plt

    rows = [r for r in table.rows if r.max is not None]
    if table.synchronous:  # rounds beside messages, on their own axes
        figure, (axes, rounds_axes) = plt.subplots(1, 2, figsize=(11, 4.2))
        _plot_rounds(rounds_axes, table)
    else:
        figure, axes = plt.subplots(figsize=(6.4, 4.2))
    exact = [r for r in rows if r.kind != SAMPLE]
    sampled = [r for r in rows if r.kind == SAMPLE]
    if exact:
        ns = [r.n for r in exact]
        axes.plot(ns, [r.max for r in exact], "o-", label="max (exact)")
        axes.plot(ns, [r.min for r in exact], "s-", label="min (exact)")
        means = [(r.n, float(r.mean_worst)) for r in exact if r.mean_worst is not None]
        if means:
            axes.plot(*zip(*means), "^--", label="mean over arrangements of the worst case")
    if sampled:
        axes.plot([r.n for r in sampled], [r.max for r in sampled], "x:", label="max of a random sample")
    claimed = [(r.n, r.claimed) for r in table.rows if r.claimed is not None]
    if claimed:
        axes.plot(*zip(*claimed), "k-", linewidth=1, label=f"claimed bound {table.bound_text or ''}".strip())
    axes.set_xlabel("n (processes)")
    axes.set_ylabel("messages per complete execution")
    axes.set_title(f"{table.algorithm}: messages against n")
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _plot_rounds(axes, table: MessageTable) -> None:
    rows = [r for r in table.rows if r.rounds_max is not None]
    ns = [r.n for r in rows]
    axes.plot(ns, [r.rounds_max for r in rows], "o-", label="max rounds (exact)")
    axes.plot(ns, [r.rounds_min for r in rows], "s-", label="min rounds (exact)")
    means = [(r.n, float(r.rounds_mean_worst)) for r in rows if r.rounds_mean_worst is not None]
    if means:
        axes.plot(*zip(*means), "^--", label="mean over arrangements of the most rounds")
    claimed = [(r.n, r.rounds_claimed) for r in rows if r.rounds_claimed is not None]
    if claimed:
        axes.plot(*zip(*claimed), "k-", linewidth=1, label=f"claimed {table.round_bound_text or ''}".strip())
    axes.set_xlabel("n (processes)")
    axes.set_ylabel("rounds per complete execution")
    axes.set_title(f"{table.algorithm}: rounds against n")
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.legend(fontsize="small")
