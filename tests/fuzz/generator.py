"""Small random algorithms in the DSL, as files, for every system kind: the fuzzer's cases.

A case (``Case``) is an algorithm file (and perhaps a helper module or a synchronizer file it
needs), the n to check it at and the options of its system kind (a graph, crashes, a
synchronizer). tests/fuzz/differential.py checks each case in the default mode and in the most
concrete one and reports where they disagree.

Two families of algorithms:

* variants of the built-ins (tests/fuzz/mutate.py), one or two commands changed so that only
  some processes misbehave, chosen by a hazard (tests/fuzz/hazards.py) that reads what a
  shortcut rests on: an id in arithmetic, ``str``, ``hash`` or ``isinstance``; a port by its
  number, by ``Port(k)`` or by its name; a helper outside the class; a bound that takes the
  arrangement; a declared ``mirror_symmetric``;
* algorithms written here from scratch where the built-ins leave a system kind thin: a
  synchronous bidirectional ring whose rounds read CW before CCW, a ring whose processes settle
  by timeout, a small election on the unoriented ring, and synchronizers of the user's own
  (subclasses of beta, alpha and gamma reading port numbers or building their own structure).

Every case is small (n = 2 or 3, a few states) so that it is checked in about a second.
Why under tests/ and not checker/: it generates algorithms to test the checker with, which is
no use to someone checking their own algorithm; bench/fuzz.py runs it for campaigns.
"""
from __future__ import annotations

import ast
import importlib
import itertools
import os
import re
import sys
from dataclasses import dataclass, field

from algorithms import builtin

from .choices import Choices, RandomChoices
from .hazards import HELPER_MODULE, Scope, hazard
from .mutate import (
    BodyMutation,
    CommandText,
    bound_function,
    call,
    conjoined,
    parsed,
    ports_of,
)

KINDS = ("unidirectional", "bidirectional", "unoriented", "network", "synchronous", "faults", "synchronizer",
         "randomized", "anonymous")

# Features (Case.features) beside the hazards' own: what a case leans on.
BOUND_BY_SETTING = "bound-by-setting"
BOUND_EXACT = "bound-exact"
MIRROR_DECLARED = "mirror-declared"
TIMEOUTS = "timeouts"
CRASHES = "crashes"
SYNCHRONIZER_PORTS = "synchronizer-port-numbers"
SYNCHRONIZER_OWN_PLACES = "synchronizer-own-places"
SYNCHRONIZER_SUBCLASS = "synchronizer-subclass"
PORT_IN_TUPLE = "port-in-tuple"  # a message carries a Port inside a tuple field
ROUND_ORDER = "round-order"  # a synchronous round whose outcome depends on the order ports are read
ANONYMOUS = "anonymous"
RANDOMIZED = "randomized"

# Built-ins that never read an id: a variant may declare them anonymous.
ID_FREE = ("itai-rodeh", "itai-rodeh-sync", "random-one-bit", "anonymous-tokens")


@dataclass
class Case:
    """One generated algorithm and how to check it (see the module)."""

    kind: str
    tag: str  # names the case's files and classes apart
    files: dict[str, str]  # file name -> source; the algorithm's file is ``algorithm_file``
    algorithm_file: str
    n: int
    options: list[str] = field(default_factory=list)  # of both modes: --graph, --crashes, --synchronizer ...
    features: frozenset[str] = frozenset()
    description: str = ""
    randomized: bool = False
    on_ring: bool = True  # else on a general network
    expectations: bool = False  # compare --expected too
    exact: tuple[str, ...] = ()  # "messages", "rounds": bounds declared exact (their text says "exactly")
    edit: tuple[str, str] | None = None  # (file, new source): an edit that should change the result (checkpoints)
    seed: int | None = None  # a campaign's case: RandomChoices(seed) made it
    trace_format: str | None = None  # a violation's trace is written in it (None: chosen by the tag)
    stratum: str = ""  # a budget's case: the stratum it was drawn in (tests/fuzz/budget.py)

    def write(self, directory: str) -> str:
        """Write the files into ``directory``; the path of the algorithm's file."""
        os.makedirs(directory, exist_ok=True)
        for name, source in self.files.items():
            with open(os.path.join(directory, name), "w") as f:
                f.write(source)
        return os.path.join(directory, self.algorithm_file)

    def arguments(self, path: str) -> list[str]:
        """The command line of the default mode, for the algorithm file at ``path`` (a synchronizer
        file named in the options is taken beside it)."""
        directory = os.path.dirname(path)
        options = [os.path.join(directory, o) if o.endswith(".py") else o for o in self.options]
        return [path, "--n", str(self.n), *options]


def _tagged(prefix: str, tag: str) -> str:
    return f"{prefix}_{tag}"


def _docstring(kind: str, description: str) -> str:
    """The file's opening comment: what the generator made (comments, since a description may
    hold any quote)."""
    import textwrap

    lines = textwrap.wrap(f"Generated by tests/fuzz/generator.py ({kind}): {description}", 96)
    return "".join(f"# {line}\n" for line in lines)


def with_imports(header: str, body: str, *modules: tuple[str, dict]) -> str:
    """``body`` (module-level code) with the imports of exactly the names it uses, each from the
    first of ``modules`` (module name, its namespace) that has it, after the ``header`` comment;
    a comparison with True or False, or of types, keeps its noqa as the built-ins' text has it."""
    tree = ast.parse(body)
    defined = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    defined |= {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
                if isinstance(t, ast.Name)}
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    wanted: dict[str, list[str]] = {}
    for name in sorted(used - defined):
        for module, namespace in modules:
            if name in namespace:
                wanted.setdefault(module, []).append(name)
                break
    imports = [_import(module, sorted(names, key=str.lower)) for module, names in wanted.items()]
    imports += [f"import {name}" for name in sorted(used - defined) if name.startswith("fz_helpers_")]
    lines = [_noqa(line) for line in body.strip("\n").split("\n")]
    return header + "\n".join(imports) + "\n\n\n" + "\n".join(lines) + "\n"


def _import(module: str, names: list[str]) -> str:
    import textwrap

    line = f"from {module} import {', '.join(names)}"
    if len(line) <= 100:
        return line
    return f"from {module} import (\n" + textwrap.fill(", ".join(names), 96, initial_indent="    ",
                                                       subsequent_indent="    ") + ",\n)"


def _noqa(line: str) -> str:
    codes = [code for pattern, code in ((r"[=!]= (True|False)\b", "E712"), (r"type\(.*\) [=!]= ", "E721"))
             if re.search(pattern, line)]
    return f"{line}  # noqa: {', '.join(codes)}" if codes and "# noqa" not in line else line


MODELS = vars(importlib.import_module("models"))


# --- variants of the built-ins -------------------------------------------------------------------

@dataclass
class _Variant:
    """What a built-in's variant is made of, gathered before it is written out."""

    algorithm: type
    base: str
    tag: str
    defs: list[ast.FunctionDef] = field(default_factory=list)
    class_lines: list[str] = field(default_factory=list)
    support: list[str] = field(default_factory=list)
    helper_modules: dict[str, str] = field(default_factory=dict)
    needed: set[str] = field(default_factory=set)
    features: set[str] = field(default_factory=set)
    said: list[str] = field(default_factory=list)
    exact: list[str] = field(default_factory=list)
    knows_n: bool = False
    anonymous: bool = False  # declared anonymous (no hazard may read an id)
    reads_id: bool = False  # some hazard reads an id

    def use(self, h) -> ast.expr:
        """The hazard's expression, its support code and helper module taken into the variant."""
        self.features.add(h.feature)
        if h.support and h.support not in self.support:
            self.support.append(h.support)
        if h.helper_module is not None:
            self.helper_modules[f"fz_helpers_{self.tag}.py"] = h.helper_module
        self.knows_n |= h.uses_n
        self.reads_id |= h.reads_id
        return parsed(h.expression)


def _edit_command(choices: Choices, variant: _Variant, command, blind_search: bool) -> None:
    algorithm, tag = variant.algorithm, variant.tag
    text = CommandText(algorithm, command)
    operation = choices.pick(("split", "split", "split", "restrict", "mutate", "remove"), "operation")
    if operation == "remove" and command.name in algorithm.round_commands:
        operation = "mutate"  # round_commands must name commands
    if operation == "remove":
        variant.class_lines.append(f"{command.name} = None")
        variant.said.append(f"removes {command.name}")
        return
    reads = not (algorithm.anonymous or variant.anonymous)
    scope = text.scope(reads, algorithm.knows_n or variant.knows_n, blind_search)
    h = hazard(choices, scope, tag)
    condition = variant.use(h)
    guard = text.guard()
    mutation = BodyMutation(choices, text, reads, variant.needed)
    if operation == "restrict":
        flip = choices.chance(50)
        holds = call("Not", condition) if flip else condition
        variant.defs.append(text.with_guard(command.name, conjoined(guard, holds)))
        variant.said.append(f"takes {command.name} only where {'not ' if flip else ''}{h.expression}")
    elif operation == "mutate":
        body, what = mutation.apply(text.function.body)
        variant.defs.append(text.with_guard(command.name, guard, body))
        variant.said.append(f"{command.name} {what}")
    else:  # split: the hazard's processes do something else
        body, what = mutation.apply(text.function.body)
        variant.defs.append(text.with_guard(command.name, conjoined(guard, call("Not", condition))))
        variant.defs.append(text.with_guard(f"{command.name}_fz", conjoined(guard, condition), body))
        variant.said.append(f"where {h.expression}, {command.name} {what}")


def _declare_bounds(choices: Choices, variant: _Variant, n: int) -> None:
    algorithm, tag = variant.algorithm, variant.tag
    which = ["message_bound"]
    if algorithm.timing == "synchronous":
        which = choices.pick((["message_bound"], ["round_bound"], ["message_bound", "round_bound"]))
    for bound in which:
        code, name, what = bound_function(choices, algorithm, algorithm.__name__, bound, n, tag)
        variant.support.append(code)
        variant.class_lines.append(f"{bound} = staticmethod({name})")
        if "setting" in code.split("\n")[0]:
            variant.features.add(BOUND_BY_SETTING)
        exact = choices.chance(15, "exact")
        variant.class_lines.append(f'{bound}_text = "{what.split(" = ", 1)[1]}{" (exactly)" if exact else ""}"')
        variant.class_lines.append(f"{bound}_exact = {exact}")  # the declaration; the text says it to a reader
        if exact:
            variant.features.add(BOUND_EXACT)
            variant.exact.append("messages" if bound == "message_bound" else "rounds")
        variant.said.append(f"declares {what}{' exactly' if exact else ''}")


def builtin_variant(choices: Choices, kind: str, base: str, n: int, options: list[str], tag: str, *,
                    blind_search: bool = False, anonymous: bool = False) -> Case:
    """A variant of the built-in ``base``: one or two commands changed, perhaps a declaration."""
    algorithm = builtin(base)
    module = sys.modules[algorithm.__module__]
    variant = _Variant(algorithm, base, tag)
    variant.anonymous = anonymous or (base in ID_FREE and choices.chance(15, "declared anonymous"))
    commands = list(algorithm.commands)
    # a quarter of the variants keep every command and change declarations only: the built-in is
    # right, so what a shortcut gets wrong about the declaration shows as a false verdict
    declarations_only = choices.chance(25, "declarations only")
    if not declarations_only:
        for command in choices.some(commands, 2, "commands") or [choices.pick(commands)]:
            _edit_command(choices, variant, command, blind_search)
    # an algorithm that draws may declare no bound (refused at load: its coins may repeat a
    # round any number of times); the generator does not write what is refused for that reason
    if not algorithm.randomized and choices.chance(70 if declarations_only else 35, "bounds"):
        _declare_bounds(choices, variant, n)
    ports = ports_of(algorithm)
    if ports in ("bidirectional", "unoriented") and not algorithm.mirror_symmetric and \
            choices.chance(70 if declarations_only else 40, "mirror"):
        variant.class_lines.append("mirror_symmetric = True")
        variant.features.add(MIRROR_DECLARED)
        variant.said.append("declares mirror_symmetric")
    if algorithm.mirror_symmetric:
        variant.features.add(MIRROR_DECLARED)
    if variant.anonymous and not algorithm.anonymous:
        variant.class_lines += ["anonymous = True", "winner = None"]
        variant.said.append("declares anonymous")
    if algorithm.anonymous or variant.anonymous:
        variant.features.add(ANONYMOUS)
    elif choices.chance(8):
        winner = choices.pick(("LARGEST", "SMALLEST", "None"))
        variant.class_lines.append(f"winner = {winner}")
        variant.said.append(f"promises winner {winner}")
    if variant.knows_n and not algorithm.knows_n:
        variant.class_lines.append("knows_n = True")
    if algorithm.randomized:
        variant.features.add(RANDOMIZED)
    description = f"{base} variant: " + "; ".join(variant.said)
    source = _variant_source(variant, module, kind, description)
    name = f"fz_{kind}_{tag}.py"
    files = {name: source, **variant.helper_modules}
    edit = None
    if variant.helper_modules:
        [(helper, text)] = variant.helper_modules.items()
        edit = (helper, text.replace("LIMIT = ", "LIMIT = 1 + "))
    return Case(kind, tag, files, name, n, options, frozenset(variant.features), description,
                randomized=algorithm.randomized, on_ring=ports != "network", exact=tuple(variant.exact), edit=edit)


def _variant_source(variant: _Variant, module, kind: str, description: str) -> str:
    algorithm, tag = variant.algorithm, variant.tag
    lines = []
    for code in variant.support:
        lines += [code.rstrip(), "", ""]
    lines.append(f'class Fz{tag.capitalize()}({algorithm.__name__}, name="fz-{kind}-{tag}"):')
    body = [f"    {line}" for line in variant.class_lines]
    for definition in variant.defs:
        body += ["", *("    " + line for line in ast.unparse(definition).splitlines())]
    lines += body or ["    pass"]
    # a name the variant uses may live in the module of a base class only (cr-all's commands send
    # cr's Leader): every module of the class's lineage is searched, the algorithm's own first
    lineage = [module.__name__] + [c.__module__ for c in algorithm.__mro__]
    modules = [(name, vars(sys.modules[name])) for name in dict.fromkeys(lineage)
               if name in sys.modules and name != "builtins"]
    return with_imports(_docstring(kind, description) + "\n", "\n".join(lines), *modules, ("models", MODELS))


# --- algorithms written from scratch --------------------------------------------------------------

def _fresh_hazard(choices: Choices, tag: str, command: str, ports: str, *, m: str | None = None,
                  port: str | None = None, fields=(), knows_n: bool = True) -> tuple[str, set[str], str]:
    """(expression, features, support code) of a hazard for a fresh algorithm's command."""
    h = hazard(choices, Scope(command, ports, "p", m, port, tuple(fields), True, knows_n, ()), tag)
    support = h.support
    if h.feature == HELPER_MODULE:  # fresh algorithms keep to one file
        return "p.id % 2 == 0", {"id-arithmetic"}, ""
    return h.expression, {h.feature}, support


def synchronous_ring(choices: Choices, tag: str) -> Case:
    """A synchronous ring on which every process sends its id to its neighbours and decides by
    what it heard: reading the last arrival (the round reads CW before CCW) breaks the mirror
    image that the commands alone would show."""
    bidirectional = choices.chance(80, "bidirectional")
    n = 3
    features = {ROUND_ORDER}
    if bidirectional:
        sends = choices.pick(("p.send_all(Tok(p.id))", "p.send(CW, Tok(p.id))\n        p.send(CCW, Tok(p.id))",
                              "p.send(CCW, Tok(p.id))\n        p.send(CW, Tok(p.id))"))
        expect, topology = 2, "BidirectionalRing"
    else:
        sends, expect, topology = "p.send(NEXT, Tok(p.id))", 1, "UnidirectionalRing"
    record = choices.pick(("m.id", "m.id", "ite(m.id > p.seen, m.id, p.seen)",
                           "ite(Or(p.seen == NIL, m.id < p.seen), m.id, p.seen)"), "record")
    win = choices.pick(("p.seen < p.id", "p.seen > p.id", "p.id > p.seen + 1", "p.seen != p.id + 1"), "win")
    extra, extra_features, support = ("", set(), "")
    if choices.chance(40, "guard hazard"):
        extra, extra_features, support = _fresh_hazard(choices, tag, "spontaneous",
                                                       "bidirectional" if bidirectional else "unidirectional")
        win = f"And({win}, {extra})"
    features |= extra_features
    mirror = bidirectional and choices.chance(75, "mirror")
    if mirror:
        features.add(MIRROR_DECLARED)
    winner = choices.pick(("None", "LARGEST", "SMALLEST"))
    rounds = choices.integer(2, 4)
    exact = choices.chance(40, "exact")
    description = (f"synchronous {'bidirectional' if bidirectional else 'unidirectional'} ring: send the id, "
                   f"record {record}, lead if {win}")
    source = f'''
{support}

class Tok(Message):
    id: int


class FzRing{tag.capitalize()}(Algorithm, name="fz-synchronous-{tag}"):
    topology = {topology}
    timing = SYNCHRONOUS
    knows_n = True
    mirror_symmetric = {mirror}
    winner = {winner}

    started = Local(bool, False)
    seen = Local(Id, NIL)
    heard = Local(int, 0)
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    @staticmethod
    def message_bound(n):
        return {expect} * n

    @staticmethod
    def round_bound(n):
        return {rounds}

    round_bound_text = "{rounds}{' (exactly)' if exact else ''}"
    round_bound_exact = {exact}

    @spontaneous(when=lambda p: Not(p.started))
    def start(p):
        p.started = True
        {sends}

    @receive(Tok)
    def hear(p, m, port):
        p.seen = {record}
        p.heard = p.heard + 1

    @spontaneous(when=lambda p: And(p.started, p.heard == {expect}, p.leader == NIL, {win}))
    def win(p):
        p.leader = TRUE

    @spontaneous(when=lambda p: And(p.started, p.heard == {expect}, p.leader == NIL, Not({win})))
    def lose(p):
        p.leader = FALSE
'''
    source = with_imports(_docstring("synchronous", description) + "\n", source, ("models", MODELS))
    name = f"fz_synchronous_{tag}.py"
    return Case("synchronous", tag, {name: source}, name, n, [], frozenset(features), description,
                exact=("rounds",) if exact else ())


def timeout_ring(choices: Choices, tag: str) -> Case:
    """A ring where every process floods its id and settles by a timeout once nothing else can
    happen (the largest id it saw wins); with crashes, premature timeouts or strong fairness."""
    bidirectional = choices.chance(70, "bidirectional")
    features = {TIMEOUTS}
    if bidirectional:
        topology, start_send, forward = "BidirectionalRing", "p.send_all(Tok(p.id))", "p.send(opposite(port), m)"
        ports = "bidirectional"
        if choices.chance(30, "one way"):
            start_send = choices.pick(("p.send(CW, Tok(p.id))", "p.send(CCW, Tok(p.id))"))
    else:
        topology, start_send, forward, ports = "UnidirectionalRing", "p.send(NEXT, Tok(p.id))", "p.send(NEXT, m)", \
            "unidirectional"
    mirror = bidirectional and choices.chance(60, "mirror")
    if mirror:
        features.add(MIRROR_DECLARED)
    guard = "m.id > p.best"
    condition, extra, support = _fresh_hazard(choices, tag, "receive", ports, m="m", port="port", fields=("id",),
                                              knows_n=False)
    if choices.chance(60, "guard hazard"):
        guard = f"And({guard}, Not({condition}))"
        features |= extra
    rank = choices.pick(("", ", rank=2"))
    waits = ""
    options = []
    n = choices.pick((2, 3), "n")
    if choices.chance(40, "crashes"):  # at n = 2: crashes and recoveries at n = 3 take a minute concretely
        n = 2
        options += ["--crashes", "1"]
        features.add(CRASHES)
        if choices.chance(30):
            options += ["--recoveries", "1"]
        if choices.chance(40):
            waits = ", waits_for=lambda p: p.best"
    if choices.chance(20):
        options.append("--premature-timeouts")
    if choices.chance(20):
        options += ["--fairness", "strong"]
    description = f"{'bidirectional' if bidirectional else 'unidirectional'} ring settling by timeout; adopts when {guard}"
    source = f'''
{support}

class Tok(Message):
    id: int


class FzSettle{tag.capitalize()}(Algorithm, name="fz-faults-{tag}"):
    topology = {topology}
    mirror_symmetric = {mirror}
    winner = LARGEST

    started = Local(bool, False)
    best = Local(Id, NIL)
    leader = Local(Decision, NIL)
    lid = Local(Id, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    def leader_id(p):
        return p.lid

    @spontaneous(when=lambda p: Not(p.started))
    def start(p):
        p.started = True
        p.best = ite(p.id > p.best, p.id, p.best)
        {start_send}

    @receive(Tok, when=lambda p, m, port: {guard})
    def adopt(p, m, port):
        p.best = m.id
        {forward}

    @receive(Tok, when=lambda p, m, port: Not({guard}))
    def drop(p, m, port):
        pass

    @timeout(when=lambda p: And(p.started, p.leader == NIL){rank}{waits})
    def settle(p):
        p.leader = ite(p.best == p.id, TRUE, FALSE)
        p.lid = p.best
'''
    source = with_imports(_docstring("faults", description) + "\n", source, ("models", MODELS))
    name = f"fz_faults_{tag}.py"
    return Case("faults", tag, {name: source}, name, n, options, frozenset(features), description)


def unoriented_ring(choices: Choices, tag: str) -> Case:
    """A small election on the unoriented ring: tokens go round for n hops, each process counts
    the others' tokens and leads if it saw no larger id."""
    start = choices.pick(("p.send_all(Tok(p.id, 1))", "p.send(LEFT, Tok(p.id, 1))", "p.send(RIGHT, Tok(p.id, 1))"))
    expect = "2 * (p.n - 1)" if "send_all" in start else "p.n - 1"
    forward = choices.pick(("opposite(port)", "opposite(port)", "opposite(port)", "port", "LEFT"))
    features = set()
    relay_guard = "And(m.id != p.id, m.hops < p.n)"
    support = ""
    if choices.chance(60, "guard hazard"):
        condition, extra, support = _fresh_hazard(choices, tag, "receive", "unoriented", m="m", port="port",
                                                  fields=("id", "hops"))
        relay_guard = f"And({relay_guard}, Not({condition}))"
        features |= extra
    mirror = choices.chance(70, "mirror")
    if mirror:
        features.add(MIRROR_DECLARED)
    description = f"unoriented ring: {start}, relay on {forward} while {relay_guard}"
    source = f'''
{support}

class Tok(Message):
    id: int
    hops: int


class FzUnoriented{tag.capitalize()}(Algorithm, name="fz-unoriented-{tag}"):
    topology = UnorientedRing
    knows_n = True
    mirror_symmetric = {mirror}
    winner = LARGEST

    asleep = Local(bool, True)
    best = Local(Id, NIL)
    count = Local(int, 0)
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    @staticmethod
    def message_bound(n):
        return {2 if "send_all" in start else 1} * n * n

    @spontaneous(when=lambda p: p.asleep)
    def start(p):
        p.asleep = False
        {start}

    @receive(Tok, when=lambda p, m, port: {relay_guard})
    def relay(p, m, port):
        p.best = ite(m.id > p.best, m.id, p.best)
        p.count = p.count + 1
        p.send({forward}, Tok(m.id, m.hops + 1))

    @receive(Tok, when=lambda p, m, port: Not({relay_guard}))
    def home(p, m, port):
        pass

    @spontaneous(when=lambda p: And(Not(p.asleep), p.leader == NIL, p.count == {expect}, p.best < p.id))
    def lead(p):
        p.leader = TRUE

    @spontaneous(when=lambda p: And(Not(p.asleep), p.leader == NIL, p.count == {expect}, p.best > p.id))
    def follow(p):
        p.leader = FALSE
'''
    source = with_imports(_docstring("unoriented", description) + "\n", source, ("models", MODELS))
    name = f"fz_unoriented_{tag}.py"
    return Case("unoriented", tag, {name: source}, name, choices.pick((2, 3)), [], frozenset(features), description)


def synchronous_network(choices: Choices, tag: str, n: int, options: list[str], kind: str = "synchronous") -> Case:
    """Flooding written another way: the best id so far (the first local, an Id), the port it came
    from, D rounds; perhaps a port treated as special (``Port(0)`` as the uplink) and an echo that
    carries the arrival port inside a tuple back to its sender. Deterministic, so synchronizers
    can run it."""
    features = set()
    better = "m.id > p.best"
    support = ""
    if choices.chance(70, "guard hazard"):
        condition, extra, support = _fresh_hazard(choices, tag, "receive", "network", m="m", port="port",
                                                  fields=("id",), knows_n=False)
        better = f"And({better}, Not({condition}))"
        features |= extra
    echo = choices.chance(35, "echo")
    if echo:
        features.add(PORT_IN_TUPLE)
    send_echo = "\n        p.send(port, Trail((port,)))" if echo else ""
    echo_commands = '''

    @receive(Trail, when=lambda p, m, port: m.via[0] == port)
    def same_number(p, m, port):  # the sender's port and this one have the same number
        p.r = p.r + 1

    @receive(Trail, when=lambda p, m, port: m.via[0] != port)
    def other_number(p, m, port):
        pass''' if echo else ""
    decide_guard = choices.pick(("p.r == p.diameter", "p.r >= p.diameter"), "decide")
    description = f"synchronous flooding: adopt when {better}{', echo the arrival port in a tuple' if echo else ''}"
    source = f'''
{support}

class Val(Message):
    id: int


class Trail(Message):
    via: tuple


class FzFlood{tag.capitalize()}(Algorithm, name="fz-{kind}-{tag}"):
    topology = Network
    timing = SYNCHRONOUS
    knows_diameter = True
    winner = LARGEST

    best = Local(Id, NIL)
    r = Local(int, 0)
    up = Local(Port, NO_PORT)
    done = Local(bool, False)

    def is_leader(p):
        return And(p.done, p.best == p.id)

    def decided(p):
        return p.done

    def leader_id(p):
        return p.best

    @receive(Val, when=lambda p, m, port: {better})
    def better(p, m, port):
        p.best = m.id
        p.up = port{send_echo}

    @receive(Val, when=lambda p, m, port: Not({better}))
    def worse(p, m, port):
        pass{echo_commands}

    @spontaneous(when=lambda p: p.r < p.diameter)
    def flood(p):
        p.best = ite(p.id > p.best, p.id, p.best)
        p.send_all(Val(p.best))
        p.r = p.r + 1

    @spontaneous(when=lambda p: And({decide_guard}, Not(p.done)))
    def decide(p):
        p.best = ite(p.id > p.best, p.id, p.best)
        p.done = True
'''
    source = with_imports(_docstring(kind, description) + "\n", source, ("models", MODELS))
    name = f"fz_{kind}_{tag}.py"
    return Case(kind, tag, {name: source}, name, n, list(options), frozenset(features), description, on_ring=False)


# --- synchronizers of the user's own ------------------------------------------------------------

def synchronizer_subclass(choices: Choices, tag: str) -> tuple[str, str, set[str], str]:
    """(file name, source, features, description) of a synchronizer that subclasses a built-in."""
    form = choices.pick(("beta-up", "beta-up", "beta-places", "beta-places", "alpha-ready", "gamma-radius"),
                        "own synchronizer")
    features = {SYNCHRONIZER_SUBCLASS}
    header = '"""Generated by tests/fuzz/generator.py: a synchronizer of its own."""\n'
    if form == "beta-up":
        up = choices.pick(("(place.parent,)", "place.ports[-1:]", "place.ports[:1]",
                           "tuple(q for q in place.ports if q not in place.children)[:1]"), "up")
        if up != "(place.parent,)":
            features.add(SYNCHRONIZER_PORTS)
        body = f'''from models.systems.synchronizers import Beta, signals


class FzBeta{tag.capitalize()}(Beta):
    name = "fz-beta-{tag}"

    def actions(self, place, sync, tick):
        awaited, safe_sent, safes, go = sync
        if place.parent is not None and awaited == 0 and safes[0] == len(place.children) and not safe_sent:
            return [("safe", (awaited, True, safes, go), signals({up}, "safe", tick))]
        return []
'''
        description = f"beta whose safe goes up on {up}"
    elif form == "beta-places":
        roots = choices.pick(("[0]", "[topology.n - 1]", "[max(range(topology.n), key=lambda v: ids[v])]",
                              "sorted({0, max(range(topology.n), key=lambda v: ids[v])})",
                              "sorted({0, min(range(topology.n), key=lambda v: ids[v])})",  # one root where 0 has id 1
                              "[min(range(topology.n), key=lambda v: ids[v])]"), "roots")
        instance = choices.chance(70, "instance")
        features.add(SYNCHRONIZER_OWN_PLACES)
        if instance:
            body = f'''from models.systems.synchronizers import Beta, _tree_places


class FzBeta{tag.capitalize()}(Beta):
    name = "fz-beta-{tag}"

    def __init__(self):
        self.places = self.rooted

    def rooted(self, topology, ids):
        return _tree_places(topology, ids, {roots}, set(range(topology.n)))
'''
        else:
            body = f'''from models.systems.synchronizers import Beta, _tree_places


class FzBeta{tag.capitalize()}(Beta):
    name = "fz-beta-{tag}"

    def places(self, topology, ids):
        return _tree_places(topology, ids, {roots}, set(range(topology.n)))
'''
        description = f"beta rooted at {roots} ({'an instance attribute' if instance else 'its own places'})"
    elif form == "alpha-ready":
        need = choices.pick(("len(place.ports)", "len(place.ports) - 1", "max(len(place.ports) - 1, 1)",
                             "len(place.ports[1:]) + 1"), "need")
        if need != "len(place.ports)":
            features.add(SYNCHRONIZER_PORTS)
        body = f'''from models.systems.synchronizers import Alpha


class FzAlpha{tag.capitalize()}(Alpha):
    name = "fz-alpha-{tag}"

    def ready(self, place, sync, tick):
        awaited, safe_sent, safes = sync
        return tick == 0 or (safe_sent and safes[0] >= {need})
'''
        description = f"alpha that moves on with {need} safes"
    else:
        radius = choices.integer(0, 2)
        body = f'''from models.systems.synchronizers import Gamma


class FzGamma{tag.capitalize()}(Gamma):
    name = "fz-gamma-{tag}"

    def __init__(self):
        self.radius = {radius}
'''
        description = f"gamma with clusters of radius {radius}, set on the instance"
    return f"fz_synchronizer_of_{tag}.py", header + body, features, description


# An edit of a synchronizer file that breaks it: its roots (every process, for alpha) start a tick
# once their own messages are acknowledged (tests/mutants/synchronizers/beta_root_skips_subtrees.py).
_EARLY_TICKS = """
    def ready(self, place, sync, tick):
        if tick > 0 and place.parent is None:
            return sync[0] == 0
        return super().ready(place, sync, tick)
"""


# --- the system kinds ------------------------------------------------------------------------------

def _unidirectional(choices: Choices, tag: str) -> Case:
    base = choices.pick(("lcr", "cr", "peterson", "lelann", "cr-all"), "base")
    return builtin_variant(choices, "unidirectional", base, 3, [], tag)


def _bidirectional(choices: Choices, tag: str) -> Case:
    base, n = choices.pick((("hs", 2), ("hs-lecture", 2), ("franklin", 3), ("franklin", 2)), "base")
    return builtin_variant(choices, "bidirectional", base, n, [], tag)


def _unoriented(choices: Choices, tag: str) -> Case:
    if choices.chance(50, "variant"):
        return builtin_variant(choices, "unoriented", "hs-unoriented", 2, [], tag)
    return unoriented_ring(choices, tag)


def _network(choices: Choices, tag: str) -> Case:
    base = choices.pick(("dfs-election", "dfs-election-literal"), "base")
    n, options = choices.pick(((2, []), (3, ["--graph", "path"]), (3, ["--graph", "star"])), "graph")
    return builtin_variant(choices, "network", base, n, options, tag)


def _synchronous(choices: Choices, tag: str) -> Case:
    form = choices.pick(("ring", "ring", "timeslice", "variable-speeds", "flooding", "flooding", "network",
                         "anonymous-tokens"), "form")
    if form == "ring":
        return synchronous_ring(choices, tag)
    if form == "network":
        n, options = choices.pick(((3, []), (3, ["--graph", "path"]), (3, ["--graph", "star"]), (2, [])), "graph")
        return synchronous_network(choices, tag, n, options)
    if form == "flooding":
        n, options = choices.pick(((3, []), (3, ["--graph", "path"]), (3, ["--graph", "complete"]), (2, [])),
                                  "graph")
        return builtin_variant(choices, "synchronous", "flooding", n, options, tag)
    options = ["--id-values", "1..4"] if form != "anonymous-tokens" and choices.chance(25) else []
    return builtin_variant(choices, "synchronous", form, choices.pick((2, 3)), options, tag)


def _faults(choices: Choices, tag: str) -> Case:
    form = choices.pick(("timeout-ring", "timeout-ring", "bully", "ring-crash"), "form")
    if form == "timeout-ring":
        return timeout_ring(choices, tag)
    if form == "bully":
        base = choices.pick(("bully", "bully-always-replies"))
        n, options = choices.pick(((2, ["--crashes", "1"]), (3, ["--graph", "path"]), (2, []),
                                   (2, ["--crashes", "1", "--recoveries", "1"]), (2, ["--premature-timeouts"])))
        if choices.chance(20):
            options = options + ["--fairness", "strong"]
        case = builtin_variant(choices, "faults", base, n, options, tag)
    else:
        base = choices.pick(("lcr", "cr", "peterson"), "base")
        options = ["--crashes", "1"] + (["--recoveries", "1"] if choices.chance(30) else [])
        case = builtin_variant(choices, "faults", base, 3, options, tag)
    case.features = case.features | ({CRASHES} if "--crashes" in case.options else set()) | \
        ({TIMEOUTS} if base.startswith("bully") else set())
    return case


def _synchronizer(choices: Choices, tag: str) -> Case:
    n, graph = choices.pick(((2, []), (3, ["--graph", "path"]), (3, ["--graph", "star"])), "graph")
    form = choices.pick(("variant", "variant", "fresh", "flooding"), "form")
    if form == "variant":
        case = builtin_variant(choices, "synchronizer", "flooding", n, list(graph), tag)
    elif form == "fresh":
        case = synchronous_network(choices, tag, n, graph, kind="synchronizer")
    else:
        source = ('"""Generated by tests/fuzz/generator.py (synchronizer): flooding as it is."""\n'
                  "from algorithms.flooding import Flooding\n\n\n"
                  f'class FzFlooding{tag.capitalize()}(Flooding, name="fz-synchronizer-{tag}"):\n    pass\n')
        name = f"fz_synchronizer_algorithm_{tag}.py"
        case = Case("synchronizer", tag, {name: source}, name, n, list(graph), frozenset(), "flooding", on_ring=False)
    features = set(case.features)
    kind = choices.pick(("alpha", "beta", "gamma", "own", "own", "own") + (("abd",) if n == 2 else ()), "synchronizer")
    if kind == "own":
        filename, source, own, description = synchronizer_subclass(choices, tag)
        case.files[filename] = source
        case.options += ["--synchronizer", filename]
        case.edit = case.edit or (filename, source + _EARLY_TICKS)
        features |= own
        case.description += f"; through {description}"
    else:
        case.options += ["--synchronizer", kind]
        case.description += f"; through {kind}"
        if kind == "gamma" and choices.chance(40):
            case.options += ["--cluster-radius", str(choices.integer(0, 2))]
    if kind != "abd" and choices.chance(30):
        case.options.append("--fifo")
    case.features = frozenset(features)
    case.exact = ()  # a synchronizer checks no bound of the algorithm
    return case


def _randomized(choices: Choices, tag: str) -> Case:
    base, n, options = choices.pick((("itai-rodeh", 2, []), ("itai-rodeh", 3, []), ("itai-rodeh-sync", 2, ["--k", "2"]),
                                     ("itai-rodeh-sync", 3, ["--k", "2"]), ("random-one-bit", 2, []),
                                     ("random-one-bit", 3, [])), "base")
    ring = base != "random-one-bit"
    case = builtin_variant(choices, "randomized", base, n, options, tag, blind_search=ring)
    case.expectations = choices.chance(40, "expectations")
    return case


def _anonymous(choices: Choices, tag: str) -> Case:
    base, n, options = choices.pick((("anonymous-tokens", 3, []), ("anonymous-tokens", 2, []), ("itai-rodeh", 3, []),
                                     ("random-one-bit", 2, []), ("itai-rodeh-sync", 2, ["--k", "2"])))
    case = builtin_variant(choices, "anonymous", base, n, options, tag, anonymous=True)
    case.expectations = case.randomized and choices.chance(40)
    return case


_MAKERS = {"unidirectional": _unidirectional, "bidirectional": _bidirectional, "unoriented": _unoriented,
           "network": _network, "synchronous": _synchronous, "faults": _faults, "synchronizer": _synchronizer,
           "randomized": _randomized, "anonymous": _anonymous}

_serial = itertools.count()


def generate(choices: Choices, kind: str | None = None, tag: str | None = None) -> Case:
    """One case of ``kind`` (any kind, chosen too, if None)."""
    kind = kind or choices.pick(KINDS)
    tag = tag or f"{os.getpid() % 1000:03d}{next(_serial):05d}"
    return _MAKERS[kind](choices, tag)


def case_of_seed(seed: int, kind: str | None = None) -> Case:
    """The campaign case of ``seed`` (bench/fuzz.py): the same seed makes the same case."""
    case = generate(RandomChoices(seed), kind, tag=f"s{seed}")
    case.seed = seed
    return case

