"""Murphi models of ringleader's built-in rings (lcr, cr, hs), for Rumur, under docs/design.md's semantics.

Each model is a hand translation of one algorithm module (algorithms/lcr.py, cr.py, hs.py),
alternative for alternative the same as bench/promela.py's, so the three tools check the
same thing. A Murphi rule firing is one transition, and the models keep Rumur's state equal
to ringleader's, so that the state and transition counts are equal:

  * per process one rule for its spontaneous command, and one per in-port that takes the
    channel's head and runs the first alternative whose kind and condition hold (``if ...
    elsif``), or none (``else``: the unmatched reception of the semantics). ringleader has a
    transition for each alternative that holds, so the two agree only where the alternatives
    exclude each other; bench/rumur_vs_ringleader.py's equal transition counts say that they
    do (one rule per alternative, each guarded, gave the same counts 2.5 times slower);
  * a channel is a count and its messages from the head on; taking the head shifts the others
    forward and clears the freed slot, so equal channel contents are one stored value;
  * docs/design.md's channels are unbounded. A Murphi channel holds ``capacity`` messages, and
    every send first asserts that there is room, so a run with no assertion failure never
    filled a channel: its state graph is the unbounded one;
  * a state's locals are those of the algorithm module; the ids are a constant array, set by
    the start state. One start state per arrangement: the count is the sum over them, as in
    ringleader (whose arrangements share no state, nor do these: their ids differ).

Rumur runs without symmetry reduction (the ids are a subrange, not a scalarset) and without
deadlock detection (a terminal state is not an error).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

NIL, YES, NO = 0, 1, 2  # Decision values; ids are 1..n, so 0 is also the NIL of an Id local


@dataclass(frozen=True)
class Alternative:
    """One command instance for a head that arrived: its name, the head's kind, its condition
    (Murphi, on the head h's fields h.a, h.b, h.d and the process's locals) and its body."""

    name: str
    kind: str
    condition: str
    body: str


@dataclass(frozen=True)
class Model:
    kinds: tuple[str, ...]
    fields: tuple[str, ...]  # the message fields besides its kind
    locals: tuple[tuple[str, str, str], ...]  # (name, Murphi type, initial value), per process
    spontaneous: tuple[tuple[str, str, str], ...]  # (name, guard, body)
    alternatives: tuple[Alternative, ...]  # for a head arriving on port IN (unidirectional) or on each port
    bidirectional: bool


# Seed 000 as modelled by algorithms/lcr.py: smallest id wins.
LCR = Model(
    kinds=("token", "terminate"), fields=("a",),
    locals=(("asleep", "boolean", "true"), ("leader", "0..255", "NIL")),
    spontaneous=(("send_my_id", "asleep[p] & leader[p] = NIL", "asleep[p] := false; send(OUT, token, me[p], 0, 0);"),),
    alternatives=(
        Alternative("pass_on", "token", "h.a < me[p]", "send(OUT, token, h.a, 0, 0);"),
        Alternative("discard", "token", "h.a > me[p]", ""),
        Alternative("elected", "token", "h.a = me[p]", "leader[p] := me[p]; send(OUT, terminate, me[p], 0, 0);"),
        Alternative("terminate", "terminate", "leader[p] = NIL", "leader[p] := h.a; send(OUT, terminate, h.a, 0, 0);"),
    ),
    bidirectional=False,
)

# Seed 002 as modelled by algorithms/cr.py: adversary-chosen initiators, announcement round.
CR = Model(
    kinds=("token", "leader"), fields=("a",),
    locals=(("black", "boolean", "false"), ("initiated", "boolean", "false"), ("L", "0..255", "NIL")),
    spontaneous=(("initiate", "!black[p] & !initiated[p]", "initiated[p] := true; send(OUT, token, me[p], 0, 0);"),),
    alternatives=(
        Alternative("remove", "token", "initiated[p] & h.a < me[p]", ""),
        Alternative("resign", "token", "initiated[p] & h.a > me[p]", "send(OUT, token, h.a, 0, 0); black[p] := true;"),
        Alternative("become_leader", "token", "initiated[p] & h.a = me[p]", "L[p] := me[p]; send(OUT, leader, me[p], 0, 0);"),
        Alternative("relay", "token", "!initiated[p]", "black[p] := true; send(OUT, token, h.a, 0, 0);"),
        Alternative("learn_leader", "leader", "h.a != me[p]", "L[p] := h.a; send(OUT, leader, h.a, 0, 0);"),
    ),
    bidirectional=False,
)

# Seed 001 as modelled by algorithms/hs.py. A head arrived on port IN; FWD is the opposite
# port's out-channel (where the message keeps going), BACK the same port's, MINE and OTHER
# replied[port] and replied[opposite].
HS = Model(
    kinds=("probe", "reply", "terminate"), fields=("a", "b", "d"),
    locals=(("asleep", "boolean", "true"), ("repCW", "boolean", "false"), ("repCCW", "boolean", "false"),
            ("leader", "0..2", "NIL")),
    spontaneous=(("wake", "asleep[p]",
                  "asleep[p] := false; send(OUT_CW, probe, me[p], 0, 0); send(OUT_CCW, probe, me[p], 0, 0);"),),
    alternatives=(
        Alternative("win", "probe", "h.a = me[p] & leader[p] = NIL",
                    "send(FWD, terminate, 0, 0, 0); leader[p] := YES;"),
        Alternative("swallow", "probe", "h.a < me[p]", ""),
        Alternative("relay_probe", "probe", "h.a > me[p] & h.d > 0", "send(FWD, probe, h.a, h.b, h.d - 1);"),
        Alternative("bounce", "probe", "h.a > me[p] & h.d = 0", "send(BACK, reply, h.a, h.b, 0);"),
        Alternative("relay_reply", "reply", "h.a != me[p]", "send(FWD, reply, h.a, h.b, 0);"),
        Alternative("first_reply", "reply", "h.a = me[p] & !OTHER", "MINE := true;"),
        Alternative("second_reply", "reply", "h.a = me[p] & OTHER",
                    "repCW[p] := false; repCCW[p] := false; "
                    "send(OUT_CW, probe, me[p], h.b + 1, hops(h.b + 1)); "
                    "send(OUT_CCW, probe, me[p], h.b + 1, hops(h.b + 1));"),
        Alternative("resign", "terminate", "leader[p] = NIL", "send(FWD, terminate, 0, 0, 0); leader[p] := NO;"),
    ),
    bidirectional=True,
)

MODELS = {"lcr": LCR, "cr": CR, "hs": HS}


def _ports(model: Model, n: int) -> list[dict[str, str]]:
    """Per in-port, the names its alternatives use, as Murphi expressions of process p (channel
    numbering of models/topology/ring.py, as in bench/promela.py)."""
    if not model.bidirectional:
        return [{"IN": f"(p + {n} - 1) % {n}", "OUT": "p"}]
    cw, ccw = "2 * p", "2 * p + 1"  # p's sends clockwise and counter-clockwise
    ports = {"OUT_CW": cw, "OUT_CCW": ccw}
    return [
        # arrived on the CCW port: sent clockwise by p - 1; it keeps going clockwise
        {**ports, "IN": f"2 * ((p + {n} - 1) % {n})", "FWD": cw, "BACK": ccw, "MINE": "repCCW[p]", "OTHER": "repCW[p]",
         "PORT": "ccw"},
        # arrived on the CW port: sent counter-clockwise by p + 1
        {**ports, "IN": f"2 * ((p + 1) % {n}) + 1", "FWD": ccw, "BACK": cw, "MINE": "repCW[p]", "OTHER": "repCCW[p]",
         "PORT": "cw"},
    ]


_CHANNEL_NAMES = ("IN", "OUT", "OUT_CW", "OUT_CCW", "FWD", "BACK")


def _substitute(text: str, names: dict[str, str]) -> str:
    """The port names in ``text`` by what they stand for; a channel's becomes c[its number]."""
    def named(match: re.Match) -> str:
        name = match.group(1)
        return f"c[{names[name]}]" if name in _CHANNEL_NAMES else names[name]
    return re.sub(r"\b(" + "|".join(names) + r")\b", named, text)


def generate(algorithm: str, arrangements: list[tuple[int, ...]], capacity: int) -> str:
    """The Murphi text for ``algorithm`` on the given id arrangements (all of one size n)."""
    model = MODELS[algorithm]
    n = len(arrangements[0])
    if any(len(ids) != n for ids in arrangements):
        raise ValueError("arrangements of different sizes")
    if capacity < 2:  # take_head's shift loop (0..CAP - 2) would be an empty range, which Murphi refuses
        raise ValueError("a channel capacity of at least 2")
    channels = 2 * n if model.bidirectional else n
    fields = "".join(f" {f}: 0..255;" for f in model.fields)
    out = [
        f"-- {algorithm}, n = {n}, {len(arrangements)} arrangement(s), channel capacity {capacity}",
        f"const N: {n}; CHANNELS: {channels}; CAP: {capacity}; NIL: {NIL}; YES: {YES}; NO: {NO};",
        "type",
        "  Pid: 0..N - 1;",
        f"  Kind: enum {{ EMPTY, {', '.join(model.kinds)} }};",
        f"  Message: record kind: Kind;{fields} end;",
        "  Channel: record count: 0..CAP; slot: array [0..CAP - 1] of Message; end;",
        "var",
        "  me: array [Pid] of 0..255;",
        "  c: array [0..CHANNELS - 1] of Channel;",
        *(f"  {name}: array [Pid] of {kind};" for name, kind, _ in model.locals),
        _procedures(model),
    ]
    for ids in arrangements:
        body = [f"  me[{i}] := {me};" for i, me in enumerate(ids)]
        body += [f"  for p: Pid do {name}[p] := {value}; endfor;" for name, _, value in model.locals]
        body.append("  for k: 0..CHANNELS - 1 do clear_channel(c[k]); endfor;")
        out.append(f'startstate "ids {",".join(map(str, ids))}"\nbegin\n' + "\n".join(body) + "\nend;")
    out.append("ruleset p: Pid do")
    for name, guard, body in model.spontaneous:
        out.append(f'  rule "{name}" {guard} ==> begin {_substitute(body, _ports(model, n)[0])} end;')
    for names in _ports(model, n):
        port = f" on {names['PORT']}" if "PORT" in names else ""
        inbox = _substitute("IN", names)
        branches = []
        for alternative in model.alternatives:
            condition = _substitute(alternative.condition, names)
            branches.append(f"if h.kind = {alternative.kind} & ({condition}) then  -- {alternative.name}\n"
                            f"        {_substitute(alternative.body, names) or '-- nothing'}")
        # the alternatives exclude each other (else ringleader would count one transition more
        # where two hold, and bench/rumur_vs_ringleader.py's equal counts would fail)
        out.append(f'  rule "receive{port}" {inbox}.count > 0 ==>\n'
                   f"    var h: Message;\n    begin\n      h := {inbox}.slot[0]; take_head({inbox});\n      "
                   + "\n      els".join(branches)
                   + "\n      else  -- unmatched: consumed without effect\n      endif;\n    end;")
    out.append("endruleset;")
    return "\n".join(out) + "\n"


def _procedures(model: Model) -> str:
    """Clearing a channel, sending (fields x, y, z, as many as the model's messages have), taking the head."""
    sets = " ".join(f"ch.slot[ch.count].{f} := {v};" for f, v in zip(model.fields, "xyz"))
    clears = " ".join(f"ch.slot[k].{f} := 0;" for f in model.fields)
    return f"""
procedure clear_channel(var ch: Channel);
begin
  ch.count := 0;
  for k: 0..CAP - 1 do ch.slot[k].kind := EMPTY; {clears} endfor;
end;

procedure send(var ch: Channel; t: Kind; x: 0..255; y: 0..255; z: 0..255);
begin
  assert ch.count < CAP "channel full";  -- an unbounded channel never refuses a message
  ch.slot[ch.count].kind := t; {sets}
  ch.count := ch.count + 1;
end;

procedure take_head(var ch: Channel);
begin
  for k: 0..CAP - 2 do ch.slot[k] := ch.slot[k + 1]; endfor;
  ch.slot[CAP - 1].kind := EMPTY; {clears.replace("[k]", "[CAP - 1]")}
  ch.count := ch.count - 1;
end;

function hops(phase: 0..255): 0..255;  -- a probe of phase k travels 2^k processes
var h: 0..255;
begin
  h := 1;
  for k: 1..8 do if k <= phase then h := h * 2; endif; endfor;
  return h - 1;
end;
"""
