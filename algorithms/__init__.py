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
}


def builtin(name: str):
    module_name, class_name = BUILTIN[name].split(":")
    return getattr(importlib.import_module(module_name), class_name)


def catalogue():
    """(name, one-line description, seed file, topology) for every built-in algorithm."""
    for name in BUILTIN:
        algorithm = builtin(name)
        yield name, algorithm.summary(), algorithm.seed, algorithm.topology.kind
