"""The test loop's budget of generated cases: a stratified draw, the same for a given seed.

Thirty cases drawn at random from every system kind leave out, most of the time, the few
recipes a class of false verdict needs (a synchronizer of the user's own that reads its port
order, a synchronous ring that declares itself mirror-symmetric, flooding that sends its arrival
port back in a tuple ...): a campaign meets each every few hundred cases, a budget of thirty
rarely. So the budget is a list of strata, each a system kind with some of the generator's named
choices pinned (tests/fuzz/choices.py's ``Pinned``) to the options a class of issue 31 depends
on, and everything else drawn at random within the stratum. Case k of a budget of seed s is
``STRATA[k % len(STRATA)]``'s, drawn from ``random.Random`` seeded by (s, k): the same seed makes
the same cases, whatever ran before. The fast loop takes the first six strata, the slow tests
all thirty; bench/fuzz_reverts.py shows, with each class's fix reverted, which case finds it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .choices import Pinned, RandomChoices
from .differential import TRACE_FORMATS
from .generator import KINDS, Case, generate
from .hazards import HELPER_MODULE, ID_ARITHMETIC, ID_TEXT, ID_TYPE, PORT_BUILT

FAST = 6  # cases of the fast loop: the first strata
SLOW = 30  # cases of the slow tests: every stratum once
HUNG_SECONDS = 30  # the cases are small: a run still going after this long is hung


@dataclass(frozen=True)
class Stratum:
    """A system kind with some choices pinned; ``aims`` are the classes of issue 31 (and
    beyond, tests/fuzz/differential.py) whose recipe it draws from."""

    name: str
    kind: str
    pins: dict = field(default_factory=dict)
    aims: tuple[int, ...] = ()


# Pins that several strata share.
# a bound that takes the arrangement, the built-in's less 1 or 2
BOUND_BY_SETTING = {"bounds": True, "bound by setting": True, "less": (1, 2)}
# a variant whose changed commands take a hazard into their guards (a plain mutant draws one it does not use)
HAZARD_IN_A_GUARD = {"declarations only": False, "operation": ("split", "restrict")}
# an algorithm that draws, variants of which may declare themselves anonymous: one that reads its id
READS_ITS_ID = {"declared anonymous": False, **HAZARD_IN_A_GUARD, "operation": ("split",)}
N3_GRAPHS = ((3, []), (3, ["--graph", "path"]), (3, ["--graph", "star"]))  # ports to label (n = 2 has one each)
# the synchronizer's code is what the class is about: the algorithm through it is flooding as it is
FLOODING_THROUGH_OWN = {"form": ("flooding",), "synchronizer": ("own",)}
ITAI_RODEH_SYNC = (("itai-rodeh-sync", 2, ["--k", "2"]), ("itai-rodeh-sync", 3, ["--k", "2"]))
COUNTER_SENDERS = ("stay_active", "decide_active", "counter_before_deciding_active", "counter_before_deciding_inactive",
                   "relay_counter")  # itai-rodeh's commands that send its round message

STRATA = (
    # the fast loop's six
    Stratum("a built-in whose bound, too small, takes the arrangement", "unidirectional",
            {**BOUND_BY_SETTING, "declarations only": True}, (1,)),
    Stratum("a synchronizer of its own that takes its last port for its parent's", "synchronizer",
            {**FLOODING_THROUGH_OWN, "graph": N3_GRAPHS[1:], "own synchronizer": ("beta-up",),
             "up": ("place.ports[-1:]",)}, (3,)),
    # under the other winning conditions one mirror image of the ring elects right and the other
    # wrong, and the default mode's representative is the wrong one: the violations then agree
    Stratum("a synchronous ring that reads CW first and declares its mirror image", "synchronous",
            {"form": ("ring",), "bidirectional": True, "mirror": True, "guard hazard": False, "record": ("m.id",),
             "win": ("p.seen > p.id",)}, (4,)),
    # deciding at r == D, a process whose echoes took r past D never decides: a counterexample to trace
    Stratum("flooding that echoes its arrival port in a tuple, traced as ITF", "synchronous",
            {"form": ("network",), "graph": N3_GRAPHS, "echo": True, "guard hazard": False,
             "decide": ("p.r == p.diameter",), "trace format": (".json",)}, (11, 5)),
    Stratum("an id-blind ring that reads its id's type", "randomized",
            {"base": ITAI_RODEH_SYNC, **READS_ITS_ID, "hazard": (ID_TYPE,), "mutation": ("change value",),
             "expectations": True}, (2,)),
    Stratum("a bound declared exact that is the built-in's", "unidirectional",
            {"declarations only": True, "bounds": True, "exact": True, "less": (0,)}, (6,)),
    # and the slow tests' others
    # at n = 2 a ring has one arrangement up to rotation, and no reflection is asked for
    Stratum("timeouts on a ring that declares its mirror image", "faults",
            {"form": ("timeout-ring",), "bidirectional": True, "one way": False, "mirror": True, "guard hazard": False,
             "n": (3,), "crashes": False}, (4,)),
    Stratum("synchronous flooding that tells a port by Port(k)", "synchronous",
            {"form": ("network",), "graph": ((3, []),), "echo": False, "guard hazard": True,
             "hazard": (PORT_BUILT,)}, (5,)),
    # at n = 2 the representative arrangement gives vertex 0 the smallest id: one root, two elsewhere
    Stratum("a synchronizer whose instance roots its tree at vertex 0 and the smallest id", "synchronizer",
            {**FLOODING_THROUGH_OWN, "graph": ((2, []),), "own synchronizer": ("beta-places",), "instance": True,
             "roots": ("sorted({0, min(range(topology.n), key=lambda v: ids[v])})",)}, (3,)),
    Stratum("an initiator that may never stop initiating", "unidirectional",
            {"base": ("cr-all",), "declarations only": False, "commands": ("initiate",),
             "operation": ("split", "mutate"), "mutation": ("change value",)}, (9,)),
    Stratum("a process, by its id, sends more round messages", "randomized",
            {"base": (("itai-rodeh", 3, []),), **READS_ITS_ID, "commands": COUNTER_SENDERS,
             "hazard": (ID_ARITHMETIC,), "mutation": ("repeat send",), "expectations": True}, (10,)),
    Stratum("a synchronizer of its own, edited after a checkpoint", "synchronizer",
            {**FLOODING_THROUGH_OWN, "own synchronizer": ("gamma-radius", "beta-up"), "up": ("(place.parent,)",)},
            (8,)),
    Stratum("a synchronizer's algorithm that fails", "synchronizer",
            {"form": ("fresh",), "graph": ((2, []),), "guard hazard": True, "echo": False}, (7,)),
    Stratum("an id-blind ring that reads its id as text", "randomized",
            {"base": ITAI_RODEH_SYNC, **READS_ITS_ID, "hazard": (ID_TEXT,), "mutation": ("change value",)}, (2,)),
    Stratum("flooding that echoes its arrival port in a tuple, read by its guard", "synchronous",
            {"form": ("network",), "graph": N3_GRAPHS, "echo": True, "guard hazard": True}, (5,)),
    Stratum("a bound that takes the arrangement, on a network", "network", BOUND_BY_SETTING, (1,)),
    Stratum("a bound that takes the arrangement, both ways round", "bidirectional", BOUND_BY_SETTING, (1,)),
    Stratum("synchronous flooding that tells a port by Port(k), through a synchronizer", "synchronizer",
            {"form": ("fresh",), "graph": N3_GRAPHS[1:], "synchronizer": ("alpha", "beta", "gamma"), "echo": False,
             "guard hazard": True, "hazard": (PORT_BUILT,)}, (5,)),
    Stratum("a helper module an algorithm imports", "unidirectional", {**HAZARD_IN_A_GUARD, "hazard": (HELPER_MODULE,)},
            (8,)),
    Stratum("an asynchronous id-blind ring that reads its id's type", "randomized",
            {"base": (("itai-rodeh", 2, []), ("itai-rodeh", 3, [])), **READS_ITS_ID, "hazard": (ID_TYPE,),
             "mutation": ("change value",), "expectations": True}, (2,)),
    Stratum("an unoriented ring that declares its mirror image", "unoriented", {"mirror": True}, (4,)),
    # every kind as the campaigns draw it: what no class above names
    *(Stratum(f"any {kind}", kind) for kind in KINDS),
)
assert len(STRATA) == SLOW


def budget(size: int, seed: int) -> list[Case]:
    """The first ``size`` cases of the budget of ``seed`` (see the module)."""
    return [budget_case(k, seed) for k in range(size)]


def budget_case(k: int, seed: int) -> Case:
    """Case k of the budget of ``seed``."""
    stratum = STRATA[k % len(STRATA)]
    choices = Pinned(RandomChoices(f"budget {seed}: case {k}"), stratum.pins)
    case = generate(choices, stratum.kind, tag=f"b{seed}c{k}")
    case.trace_format = choices.pick(TRACE_FORMATS, "trace format")
    case.stratum = stratum.name
    return case
