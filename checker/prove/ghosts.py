"""History (ghost) variables of an all-n invariant: their update at a step, checked to be harmless.

An invariant (specs/all_n, ``Ghosts``) may keep Int ghost locals per process and Int ghost
stamps on messages, which the algorithm never reads: a round counter, say, that a process
increments where it finishes a round and stamps on what it sends. Such variables are sound
(Owicki and Gries's auxiliary variables) when (1) nothing the algorithm does reads them and
(2) their update never blocks a step, so that every execution of the ghost-augmented system
is an execution of the algorithm with ghosts beside it, and every execution of the algorithm
one of the augmented system with ghosts dropped. Both hold here by construction, and are checked:

1. the algorithm's guards, new locals and sent fields come from its commands' readings
   (checker/prove/ring_steps.py), made before any ghost exists, on symbols that are not the
   ghosts': they cannot name one;
2. an update is a term, never a hypothesis, and ``ghost_step`` refuses (one line, exit 2)
   one that is not an Int term over the step's pre-state at the stepping process (its locals,
   its id, its ghost locals) and the received message's fields and stamps: so it is a total
   function of what the step sees, never a constraint on it.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from models import AlgorithmError


class GhostError(AlgorithmError):
    """A ghost update that is not a total Int function of the step's pre-state (exit status 2)."""


@dataclass
class GhostStep:
    """What a ghost update may read: the step's command, the stepping process before it (its
    algorithm view and ghost locals) and the received message (fields and ghost stamps)."""

    command: str  # the command's name; "unmatched One" for a message no command accepts, consumed
    process: object  # the algorithm's view of p before the step: .id and every local
    ghost: dict  # p's ghost locals before the step
    received: type | None = None  # the received message's type (None: a spontaneous step)
    message: dict | None = None  # its fields, by name
    stamp: dict | None = None  # its ghost stamps, by name


def ghost_step(ghosts, step: GhostStep, allowed: list, sent_types: list) -> tuple[dict, list[dict]]:
    """p's ghost locals after the step (every name), and each sent message's stamps (every name).

    ``allowed`` are the terms an update may read (the pre-state at p, the received message).
    """
    where = f"ghost update at {step.command}"
    updated = ghosts.update(step) or {}
    if not isinstance(updated, dict):
        raise GhostError(f"{where}: update must return a dict of ghost locals, not {type(updated).__name__}")
    unknown = sorted(set(updated) - set(ghosts.locals))
    if unknown:
        raise GhostError(f"{where}: no ghost local {unknown[0]!r} (declared: {', '.join(ghosts.locals) or 'none'})")
    new_locals = {name: _checked(updated.get(name, step.ghost[name]), f"{where}, ghost {name}", allowed)
                  for name in ghosts.locals}
    stamps = []
    for message_type in sent_types:
        names = ghosts.stamps.get(message_type, ())
        given = (ghosts.stamp(step, message_type) or {}) if names else {}
        if not isinstance(given, dict) or set(given) != set(names):
            raise GhostError(f"{where}: stamp for a sent {message_type.__name__} must give exactly "
                             f"{', '.join(names) or 'nothing'}; it gave {given!r}")
        stamps.append({name: _checked(given[name], f"{where}, {message_type.__name__} stamp {name}", allowed)
                       for name in names})
    return new_locals, stamps


def _checked(value, where: str, allowed: list) -> z3.ArithRef:
    """``value`` as an Int term, refused if it reads anything but ``allowed`` or is not a term."""
    if isinstance(value, bool) or not (isinstance(value, int) or z3.is_expr(value)):
        raise GhostError(f"{where}: must be an Int term or an int, not {value!r}")
    term = z3.IntVal(value) if isinstance(value, int) else value
    if not z3.is_int(term):
        raise GhostError(f"{where}: must be an Int term, not of sort {term.sort()}")
    stand_ins = [z3.FreshConst(a.sort(), "allowed") for a in allowed]
    stripped = z3.substitute(term, *zip(allowed, stand_ins)) if allowed else term
    known = {c.get_id() for c in stand_ins}
    pending = [stripped]
    while pending:
        t = pending.pop()
        if z3.is_quantifier(t) or z3.is_var(t):
            raise GhostError(f"{where}: must not quantify ({term})")
        if t.decl().kind() == z3.Z3_OP_UNINTERPRETED and t.get_id() not in known:
            raise GhostError(f"{where}: reads {t}, which is not the step's pre-state at the stepping process "
                             "nor the received message")
        pending.extend(t.children())
    return term
