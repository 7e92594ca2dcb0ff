"""A Promela model of dfs-election (algorithms/dfs_election.py) on one network, for SPIN.

The same translation rules as bench/promela.py's ring models, so that SPIN's state with its
reductions off is ringleader's state and nothing else: one ``d_step`` per command instance
(one SPIN transition is one ringleader transition), message fields read into scratch
variables that every ``d_step`` resets, processes that never end, and an ``assert(nfull(c))``
before every send, so that a run with no assertion violated never filled a channel and its
state graph is the unbounded one.

The network is docs/networks.md's: vertices 0..n-1, each edge two FIFO channels, a process
of degree d with ports 0..d-1 numbering its neighbours in increasing order (the default
labelling; dfs-election reads no port number, so one labelling stands for all). The per-port
``tried`` is an array of the process's degree: its ports from the degree up to n - 2, which
ringleader's layout also has, are always NIL and left out. ``NO_PORT`` is 255, NIL 0, ids 1..n.

Every process is an ``active`` proctype of its own, written out for its degree and
neighbours, with its locals as the proctype's and its channels declared exclusive (``xr`` for
the ones it receives on, ``xs`` for the ones it sends on), so that SPIN's partial-order
reduction may count its steps as safe. Its body is a ``do`` loop with the alternatives

  * ``start``, ``accept`` and ``elected``, the spontaneous commands;
  * ``send_to_child`` once per port (``any_port``: the scheduler picks the port);
  * one receive per in-port: take the head, run the command whose guard holds
    (``child_accepted``, ``child_rejected``, ``join``, ``reject``, ``stall``,
    ``learn_leader``), or consume it with no effect (``else``: the unmatched reception).
"""
from __future__ import annotations

NIL, NO_PORT = 0, 255
_TYPES = "mtype = { Search, Accept, Reject, Leader };"


def _channel(u: int, v: int) -> str:
    return f"c{u}_{v}"


def _send(channel: str, kind: str, uid: str) -> str:
    return f"assert(nfull({channel})); {channel}!{kind},{uid}"


def _on_port(port_variable: str, ports: list[str], statement) -> str:
    """``statement(out channel)`` on the port held in a variable, one alternative per port."""
    return "if " + " ".join(f":: {port_variable} == {k} -> {statement(c)}" for k, c in enumerate(ports)) + " fi"


def _process(i: int, uid: int, neighbours: list[int]) -> str:
    degree = len(neighbours)
    out = [_channel(i, v) for v in neighbours]
    inbound = [_channel(v, i) for v in neighbours]
    search_of = f"(L == {NIL} -> {uid} : L)"
    in_search = f"(started || L != {NIL})"
    idle = f"waiting == {NO_PORT} && !finished"
    lines = [f"active proctype P{i}() {{",
             f"  bool started; byte L; byte parent = {NO_PORT}; byte tried[{degree}]; byte answered;",
             f"  byte waiting = {NO_PORT}; bool finished; byte leader;",
             "  byte kind_read, uid_read;",
             *(f"  xr {c};" for c in inbound), *(f"  xs {c};" for c in out),
             "end:", "  do"]
    lines.append(f"  :: d_step {{ !started && L == {NIL} -> started = 1 }}")
    for k, channel in enumerate(out):
        lines.append(
            f"  :: d_step {{ {in_search} && {idle} && parent != {k} && tried[{k}] != {search_of} -> "
            f"{_send(channel, 'Search', search_of)}; tried[{k}] = {search_of}; waiting = {k} }}")
    lines.append(
        f"  :: d_step {{ {in_search} && {idle} && parent != {NO_PORT} && answered + 1 == {degree} -> "
        f"finished = 1; {_on_port('parent', out, lambda c: _send(c, 'Accept', search_of))} }}")
    send_all = "; ".join(_send(c, "Leader", str(uid)) for c in out)
    lines.append(
        f"  :: d_step {{ started && L == {NIL} && {idle} && answered == {degree} -> "
        f"finished = 1; leader = {uid}; {send_all} }}")
    forward_leader = "; ".join(_send(c, "Leader", "uid_read") for c in out)
    for k, channel in enumerate(inbound):
        lines += [
            f"  :: d_step {{ {channel}?kind_read,uid_read ->",
            "       if",
            f"       :: kind_read == Accept && uid_read == {search_of} && waiting == {k} -> "
            f"waiting = {NO_PORT}; answered++",
            f"       :: kind_read == Reject && uid_read == {search_of} && waiting == {k} -> "
            f"waiting = {NO_PORT}; answered++",
            f"       :: kind_read == Search && uid_read < {search_of} -> L = uid_read; parent = {k}; "
            f"answered = 0; waiting = {NO_PORT}; finished = 0",
            f"       :: kind_read == Search && uid_read == {search_of} -> {_send(out[k], 'Reject', 'uid_read')}",
            f"       :: kind_read == Search && uid_read > {search_of} -> skip",
            f"       :: kind_read == Leader && leader == {NIL} -> leader = uid_read; {forward_leader}",
            "       :: else -> skip",
            "       fi;",
            "       kind_read = 0; uid_read = 0 }",
        ]
    lines += ["  od", "}"]
    return "\n".join(lines)


def generate(n: int, edges: list[tuple[int, int]], ids: tuple[int, ...], capacity: int) -> str:
    """The model of dfs-election with id ``ids[v]`` at vertex v of the graph ``edges``."""
    neighbours = [sorted({v for a, b in edges for u2, v in ((a, b), (b, a)) if u2 == u}) for u in range(n)]
    parts = [_TYPES]
    parts += [f"chan {_channel(u, v)} = [{capacity}] of {{ mtype, byte }};" for u in range(n) for v in neighbours[u]]
    parts += [_process(u, ids[u], neighbours[u]) for u in range(n)]
    return "\n".join(parts) + "\n"
