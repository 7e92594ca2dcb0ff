"""``check ALGO --n N --explore [--port P]``: serve the explorer (checker/web/) until Ctrl-C."""
from __future__ import annotations

import os
import sys

from models import AlgorithmError

from ..explore.planning import check_ids
from ..explore.run import specification
from .loader import load_algorithm, with_k
from .modes import fault_options
from .own_properties import load_properties
from .simulation import network_of

DEFAULT_PORT = 8765


def run(args, ids: tuple[int, ...] | None) -> int:
    from ..web.app import listening_socket, serve, url_of

    explorer = explorer_for(args, ids)
    sock = listening_socket("127.0.0.1", DEFAULT_PORT if args.port is None else args.port)
    url = url_of(sock)
    print(f"exploring {explorer.algorithm.name} at n = {explorer.n} on {url} (Ctrl-C stops it)", flush=True)
    if args.browser or (args.browser is None and _has_a_display()):
        import webbrowser

        webbrowser.open(url)
    try:
        serve(explorer, sock)
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: the way to stop, not an error
        pass
    return 0


def explorer_for(args, ids: tuple[int, ...] | None):
    """The Explorer (checker/web/session.py) the options ask for; a wrong option is one line."""
    from ..web.session import Explorer

    if args.n is None and ids is None:
        raise AlgorithmError("give the number of processes with --n, e.g. `check lcr --n 3 --explore`")
    if isinstance(args.n, range):
        raise AlgorithmError("--explore walks one n; give one number")
    n = args.n if args.n is not None else len(ids)
    if not 1 <= n <= 12:
        raise AlgorithmError(f"--explore walks a system by hand: give --n between 1 and 12, not {n}")
    if ids is not None:
        check_ids(ids, n)
    _refuse_what_the_explorer_does_not_do(args)
    algorithm = with_k(load_algorithm(args.algorithm), args.k)
    options = fault_options(args)
    network, topology_name = network_of(algorithm, n, args.graph)
    properties = specification(algorithm, options["without"], options["synchronizer"])
    explorer = Explorer(algorithm, n, properties, ids=ids, network=network, options=options,
                        own_properties=load_properties(args.property), topology_name=topology_name)
    explorer.view(explorer.default_setting(), [])  # a system that cannot be built fails here, in one line
    return explorer


def _has_a_display() -> bool:
    """Whether a graphical browser can open: without a display, Python's webbrowser would start a
    text browser in the terminal the server prints to."""
    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _refuse_what_the_explorer_does_not_do(args) -> None:
    given = [option for option, value in (
        ("--messages", args.messages), ("--open-schedules", args.open_schedules), ("--max-states", args.max_states),
        ("--graphs", args.graphs), ("--id-values", args.id_values), ("--fingerprint", args.fingerprint),
        ("--jobs", args.jobs), ("--prove", args.prove), ("--check-invariant", args.check_invariant),
        ("--invariant", args.invariant), ("--infer", args.infer), ("--all-n", args.all_n),
        ("--max-memory", args.max_memory), ("--engine", args.engine != "auto" or None),
        ("--symmetry", args.symmetry != "reflection" or None), ("--no-por", not args.por or None),
        ("--json", args.json), ("--trace-out", args.trace_out), ("--checkpoint", args.checkpoint),
        ("--expected", args.expected is not None or None), ("--within", args.within),
        ("--distribution", args.distribution), ("--export", args.export),
    ) if value]
    if given:
        raise AlgorithmError(f"{given[0]} does not go with --explore, which serves a page to step through the "
                             f"system by hand: drop {given[0]}")
