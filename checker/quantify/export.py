"""The explored MDP as text other tools read: Storm's explicit DRN format and the PRISM language.

Both keep the probabilities and rewards exact (rationals written as p/q). DRN is what
ringleader hands to Storm; the PRISM file is a one-variable model (``s`` is the state's
number in ringleader's breadth-first order) for users of PRISM or Storm who want to go on
with their own properties. Labels: ``elected`` (some process is the leader), ``terminal``
(ringleader's terminal states; each gets a self-loop, since both tools want a choice in
every state). Rewards: ``steps`` (1 per choice), ``messages`` and, if the algorithm names a
round message, ``rounds`` (expected per choice).
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import TextIO

from .mdp import Mdp

FORMATS = {".drn": "drn", ".nm": "prism", ".prism": "prism"}
# the PRISM language's keywords: no module may be named so
_PRISM_RESERVED = frozenset(
    "A bool clock const ctmc C double dtmc E endinit endinvariant endmodule endobservables endrewards "
    "endsystem false formula filter func F global G init invariant I int label max mdp min module X "
    "nondeterministic observable observables of Pmax Pmin P pomdp popta probabilistic prob pta rate "
    "rewards Rmax Rmin R S stochastic system true U W".split())


def reward_names(mdp: Mdp) -> tuple[str, ...]:
    return ("steps", "messages", "rounds") if mdp.has_rounds else ("steps", "messages")


def _exact(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def write_drn(mdp: Mdp, out: TextIO) -> None:
    names = reward_names(mdp)
    zeros = "[" + ", ".join("0" for _ in names) + "]"
    out.write(f"// {mdp.algorithm}, n = {mdp.n}: the MDP explored by ringleader\n")
    out.write("@type: MDP\n@value_type: rational\n@parameters\n\n")
    out.write(f"@reward_models\n{' '.join(names)}\n")
    out.write(f"@nr_states\n{mdp.states}\n@nr_choices\n{mdp.choices + _terminals(mdp)}\n@model\n")
    values = mdp.values
    for state in range(mdp.states):
        labels = ("init " if state == 0 else "") + ("elected " if mdp.elected[state] else "")
        if mdp.terminal(state):
            out.write(f"state {state} {zeros} {labels}terminal\n\taction 0 {zeros}\n\t\t{state} : 1\n")
            continue
        out.write(f"state {state} {zeros} {labels}".rstrip() + "\n")
        for k, c in enumerate(mdp.choices_of(state)):
            rewards = ", ".join(_exact(mdp.reward(name, c)) for name in names)
            out.write(f"\taction {k} [{rewards}]\n")
            out.writelines(f"\t\t{mdp.outcome_target[o]} : {_exact(values[mdp.outcome_probability[o]])}\n"
                           for o in range(mdp.outcome_start[c], mdp.outcome_start[c + 1]))


def write_prism(mdp: Mdp, out: TextIO) -> None:
    names = reward_names(mdp)
    values = mdp.values
    reward_class: dict[tuple, str] = {}  # (messages, rounds) of a choice -> its action label
    out.write(f"// {mdp.algorithm}, n = {mdp.n}: the MDP explored by ringleader, one state per value of s\n")
    out.write("// (ringleader's breadth-first order); action labels group the choices by reward\nmdp\n\n")
    out.write(f"module {prism_identifier(mdp.algorithm)}\n\ts : [0..{max(mdp.states - 1, 0)}] init 0;\n")
    for state in range(mdp.states):
        if mdp.terminal(state):
            out.write(f"\t[terminal] s={state} -> (s'={state});\n")
            continue
        for c in mdp.choices_of(state):
            key = (mdp.reward("messages", c), mdp.reward("rounds", c))
            label = reward_class.setdefault(key, f"r{len(reward_class)}")
            branches = " + ".join(f"{_exact(values[mdp.outcome_probability[o]])} : (s'={mdp.outcome_target[o]})"
                                  for o in range(mdp.outcome_start[c], mdp.outcome_start[c + 1]))
            out.write(f"\t[{label}] s={state} -> {branches};\n")
    out.write("endmodule\n\n")
    for name in names:
        out.write(f'rewards "{name}"\n')
        for (messages, rounds), label in reward_class.items():
            value = {"steps": Fraction(1), "messages": messages, "rounds": rounds}[name]
            if value:
                out.write(f"\t[{label}] true : {_exact(value)};\n")
        out.write("endrewards\n\n")
    out.write(f'label "elected" = {_states_formula(mdp, lambda s: mdp.elected[s])};\n')
    out.write(f'label "terminal" = {_states_formula(mdp, mdp.terminal)};\n')


def prism_identifier(name: str) -> str:
    """``name`` as a PRISM identifier, for the module: letters, digits and underscores, not
    starting with a digit, no keyword ("itai-rodeh-sync (K = 3)" is itai_rodeh_sync_K_3)."""
    identifier = re.sub(r"[^A-Za-z0-9_]+", "_", name).strip("_")
    if not identifier or identifier[0].isdigit() or identifier in _PRISM_RESERVED:
        identifier = f"algorithm_{identifier}".rstrip("_")
    return identifier


def _terminals(mdp: Mdp) -> int:
    return sum(1 for state in range(mdp.states) if mdp.terminal(state))


def _states_formula(mdp: Mdp, holds) -> str:
    states = [state for state in range(mdp.states) if holds(state)]
    return " | ".join(f"s={state}" for state in states) if states else "false"


def export(mdp: Mdp, path: str) -> str:
    """Write the MDP to ``path`` in the format its extension names; return the format's name."""
    extension = next((e for e in FORMATS if path.endswith(e)), None)
    writer = write_drn if FORMATS.get(extension) == "drn" else write_prism
    with open(path, "w") as out:
        writer(mdp, out)
    return FORMATS[extension]
