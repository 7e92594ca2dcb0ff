"""The built-in algorithms, by the name ``check`` knows them by.

Modules are imported only when their algorithm is asked for, so a broken module cannot
break the others and ``check --list`` stays fast.
"""
from __future__ import annotations

import importlib

BUILTIN = {
    "lcr": "algorithms.lcr:LCR",
    "cr": "algorithms.cr:ChangRoberts",
    "hs": "algorithms.hs:HirschbergSinclair",
    "franklin": "algorithms.franklin:Franklin",
    "peterson": "algorithms.peterson:Peterson",
    "lelann": "algorithms.lelann:LeLann",
    "hs-lecture": "algorithms.hs_lecture:HirschbergSinclairLecture",
    "hs-unoriented": "algorithms.hs_unoriented:HirschbergSinclairUnoriented",
    "cr-all": "algorithms.cr_all:ChangRobertsAllInitiators",
    "itai-rodeh": "algorithms.itai_rodeh:ItaiRodeh",
    "flooding": "algorithms.flooding:Flooding",
    "timeslice": "algorithms.timeslice:TimeSlice",
    "variable-speeds": "algorithms.variable_speeds:VariableSpeeds",
    "variable-speeds-half": "algorithms.variable_speeds:VariableSpeedsHalf",
    "variable-speeds-literal": "algorithms.variable_speeds:VariableSpeedsLiteral",
    "dfs-election": "algorithms.dfs_election:DfsElection",
    "dfs-election-literal": "algorithms.dfs_election:DfsElectionLiteral",
    "anonymous-tokens": "algorithms.anonymous_tokens:AnonymousTokens",
    "random-one-bit": "algorithms.random_one_bit:RandomOneBit",
    "random-one-bit-literal": "algorithms.random_one_bit:RandomOneBitLiteral",
    "itai-rodeh-sync": "algorithms.itai_rodeh_sync:ItaiRodehSync",
    "bully": "algorithms.bully:Bully",
    "bully-always-replies": "algorithms.bully:BullyAlwaysReplies",
}


# The deterministic asynchronous algorithms on rings, which every engine and reduction runs (the
# synchronous ones and those on general networks run in the Python engine only: docs/networks.md;
# so does itai-rodeh, which draws: docs/complexity.md).
ASYNCHRONOUS_RINGS = ("lcr", "cr", "hs", "franklin", "peterson", "lelann", "hs-lecture", "hs-unoriented", "cr-all")


# The algorithms on rings (either timing), whose symbolic readings checker/trust/readings.py checks
# (variable-speeds-literal has none: its sends are conditional, which only the Python engine reads)
RINGS = ASYNCHRONOUS_RINGS + ("timeslice", "variable-speeds", "variable-speeds-half", "anonymous-tokens")


def builtin(name: str):
    module_name, class_name = BUILTIN[name].split(":")
    return getattr(importlib.import_module(module_name), class_name)


def catalogue():
    """(name, one-line description, seed file, topology) for every built-in algorithm."""
    for name in BUILTIN:
        algorithm = builtin(name)
        timing = "synchronous " if algorithm.timing == "synchronous" else ""
        yield name, algorithm.summary(), algorithm.seed, timing + algorithm.topology.kind
