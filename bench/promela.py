"""Promela models of ringleader's built-in algorithms, for SPIN, under docs/design.md's semantics exactly.

Each model is a hand translation of one algorithm module (algorithms/hs.py, cr.py, lcr.py):
one proctype per process whose body is a ``do`` loop with one ``d_step`` per command instance:
the spontaneous command(s), and one receive per in-port that takes the head of the channel and
runs the alternative whose guard holds, or consumes it without effect (``else -> skip``: the
unmatched reception of the semantics). A d_step is one transition and stores no intermediate
state, so one SPIN transition is one ringleader transition. The rest is chosen so that SPIN's
state, with its reductions off, is ringleader's state and nothing else:

  * the message fields are read into process-local scratch variables that every d_step resets
    to 0 before it ends, so they are constant in every stored state;
  * processes never end (the loop head is an ``end`` label: terminal states are not errors),
    so program counters are constant too;
  * docs/design.md's channels are unbounded. SPIN's hold ``capacity`` messages, and every send
    first asserts ``nfull``, so a run with no assertion violation never filled a channel: its
    state graph is the unbounded one. (bench/spin_vs_ringleader.py retries with a doubled
    capacity if the assertion fires.)

One arrangement is written with ``active`` proctypes and the ids as constants: SPIN's initial
state is ringleader's, and the state counts are equal. Several arrangements are chosen by
``init`` in one atomic step (it runs the n processes of one of them): the count is the sum
over the arrangements plus one, the state before ``init`` has chosen.

In the process templates below ME is the process's id and IN, OUT (unidirectional ring) or
IN_CW, IN_CCW, OUT_CW, OUT_CCW (bidirectional) its channels: constants in an ``active``
proctype, parameters of ``P`` when ``init`` runs the processes. Channel numbering follows
models/topology/ring.py: on the bidirectional ring channel 2i carries
process i's CW sends to i+1 (arriving on its CCW port) and 2i+1 its CCW sends to i-1 (arriving
on its CW port); on the unidirectional ring channel i goes from i to i+1.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

NIL, YES, NO = 0, 1, 2  # Decision values; ids are 1..n, so 0 is also the NIL of an Id local

_PRELUDE = f"""\
#define NIL {NIL}
#define YES {YES}
#define NO {NO}
"""

# Seed 001 as modelled by algorithms/hs.py. ``receive(in, fwd, back, mine, other)`` handles a
# head that arrived on one port: ``fwd`` is the opposite port's out-channel (the direction the
# message keeps going), ``back`` the same port's, ``mine``/``other`` replied[port]/[opposite].
_HS = """\
mtype = { probe, reply, terminate };
inline receive(me, in, fwd, back, mine, other, outCW, outCCW) {
  d_step { in?mt,a,b,d ->
    if
    :: mt == probe && a == me && leader == NIL -> send(fwd, terminate, 0, 0, 0); leader = YES  /* win */
    :: mt == probe && a < me -> skip                                                   /* swallow */
    :: mt == probe && a > me && d > 0 -> send(fwd, probe, a, b, d - 1)                  /* relay_probe */
    :: mt == probe && a > me && d == 0 -> send(back, reply, a, b, 0)                    /* bounce */
    :: mt == reply && a != me -> send(fwd, reply, a, b, 0)                              /* relay_reply */
    :: mt == reply && a == me && !other -> mine = 1                                     /* first_reply */
    :: mt == reply && a == me && other ->                                               /* second_reply */
         repCW = 0; repCCW = 0;
         send(outCW, probe, me, b + 1, (1 << (b + 1)) - 1);
         send(outCCW, probe, me, b + 1, (1 << (b + 1)) - 1)
    :: mt == terminate && leader == NIL -> send(fwd, terminate, 0, 0, 0); leader = NO   /* resign */
    :: else -> skip                                                                     /* unmatched */
    fi;
    mt = 0; a = 0; b = 0; d = 0
  }
}
"""
_HS_PROCESS = """\
  xr IN_CW; xr IN_CCW; xs OUT_CW; xs OUT_CCW;
  bit asleep = 1; bit repCW = 0; bit repCCW = 0; byte leader = NIL;
  mtype mt; byte a, b, d;
end:
  do
  :: d_step { asleep -> asleep = 0; send(OUT_CW, probe, ME, 0, 0); send(OUT_CCW, probe, ME, 0, 0) }  /* wake */
  :: receive(ME, IN_CW, OUT_CCW, OUT_CW, repCW, repCCW, OUT_CW, OUT_CCW)
  :: receive(ME, IN_CCW, OUT_CW, OUT_CCW, repCCW, repCW, OUT_CW, OUT_CCW)
  od
"""

# Seed 002 as modelled by algorithms/cr.py: adversary-chosen initiators, announcement round.
_CR = """\
mtype = { token, leader };
#define RED 0
#define BLACK 1
"""
_CR_PROCESS = """\
  xr IN; xs OUT;
  bit color = RED; bit initiated = 0; byte L = NIL;
  mtype mt; byte a;
end:
  do
  :: d_step { color == RED && !initiated -> initiated = 1; send(OUT, token, ME, 0, 0) }  /* initiate */
  :: d_step { IN?mt,a ->
       if
       :: mt == token && initiated && a < ME -> skip                                   /* remove */
       :: mt == token && initiated && a > ME -> send(OUT, token, a, 0, 0); color = BLACK /* resign */
       :: mt == token && initiated && a == ME -> L = ME; send(OUT, leader, ME, 0, 0)   /* become_leader */
       :: mt == token && !initiated -> color = BLACK; send(OUT, token, a, 0, 0)        /* relay */
       :: mt == leader && a != ME -> L = a; send(OUT, leader, a, 0, 0)                 /* learn_leader */
       :: else -> skip                                                                 /* unmatched */
       fi;
       mt = 0; a = 0 }
  od
"""

# Seed 000 as modelled by algorithms/lcr.py.
_LCR = """\
mtype = { token, terminate };
"""
_LCR_PROCESS = """\
  xr IN; xs OUT;
  bit asleep = 1; byte leader = NIL;
  mtype mt; byte a;
end:
  do
  :: d_step { asleep && leader == NIL -> asleep = 0; send(OUT, token, ME, 0, 0) }  /* send_my_id */
  :: d_step { IN?mt,a ->
       if
       :: mt == token && a < ME -> send(OUT, token, a, 0, 0)                          /* pass_on */
       :: mt == token && a > ME -> skip                                               /* discard */
       :: mt == token && a == ME -> leader = ME; send(OUT, terminate, ME, 0, 0)       /* elected */
       :: mt == terminate && leader == NIL -> leader = a; send(OUT, terminate, a, 0, 0) /* terminate */
       :: else -> skip                                                                /* unmatched */
       fi;
       mt = 0; a = 0 }
  od
"""


@dataclass(frozen=True)
class Model:
    """What the generator needs to know of one algorithm."""

    declarations: str
    process: str
    fields: str  # the message layout of every channel
    bidirectional: bool


MODELS = {
    "hs": Model(_HS, _HS_PROCESS, "mtype, byte, byte, byte", True),
    "cr": Model(_CR, _CR_PROCESS, "mtype, byte", False),
    "lcr": Model(_LCR, _LCR_PROCESS, "mtype, byte", False),
}


def _ports(model: Model, n: int, i: int) -> dict[str, str]:
    """Process i's channels by port name, in models/topology/ring.py's numbering."""
    if model.bidirectional:
        return {
            "OUT_CW": f"c{2 * i}", "OUT_CCW": f"c{2 * i + 1}",
            "IN_CCW": f"c{2 * ((i - 1) % n)}", "IN_CW": f"c{2 * ((i + 1) % n) + 1}",
        }
    return {"OUT": f"c{i}", "IN": f"c{(i - 1) % n}"}


def _substitute(text: str, names: dict[str, str]) -> str:
    return re.sub(r"\b(" + "|".join(names) + r")\b", lambda match: names[match.group(1)], text)


def _send(fields: str) -> str:
    """Every send first asserts that the channel has room: an unbounded channel never refuses one."""
    values = ",".join("txyz"[: fields.count(",") + 1])
    return f"inline send(ch, t, x, y, z) {{ assert(nfull(ch)); ch!{values} }}\n"


def generate(algorithm: str, arrangements: list[tuple[int, ...]], capacity: int) -> str:
    """The Promela text for ``algorithm`` on the given id arrangements (all of one size n).

    One arrangement: ``active`` proctypes, the state counts equal ringleader's. Several: an
    ``init`` that picks one of them in one atomic step (one more state than their sum).
    """
    model = MODELS[algorithm]
    n = len(arrangements[0])
    if any(len(ids) != n for ids in arrangements):
        raise ValueError("arrangements of different sizes")
    channels = 2 * n if model.bidirectional else n
    lines = [f"/* {algorithm}, n = {n}, {len(arrangements)} arrangement(s), channel capacity {capacity} */",
             _PRELUDE + _send(model.fields), model.declarations]
    lines += [f"chan c{k} = [{capacity}] of {{ {model.fields} }};" for k in range(channels)]
    if len(arrangements) == 1:
        for i, me in enumerate(arrangements[0]):
            names = {"ME": str(me), **_ports(model, n, i)}
            lines.append(f"active proctype p{i}() {{\n{_substitute(model.process, names)}}}")
        return "\n".join(lines) + "\n"
    params = ["byte ME"] + [f"chan {port}" for port in _ports(model, n, 0)]
    lines.append(f"proctype P({'; '.join(params)}) {{\n{model.process}}}")
    options = []
    for ids in arrangements:
        runs = "; ".join(
            f"run P({', '.join([str(me), *_ports(model, n, i).values()])})" for i, me in enumerate(ids)
        )
        options.append(f"  :: {runs}  /* {','.join(map(str, ids))} */")
    lines.append("init {\n  atomic {\n  if\n" + "\n".join(options) + "\n  fi\n  }\n}")
    return "\n".join(lines) + "\n"
