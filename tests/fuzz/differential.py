"""Check a generated case in the default mode and in the most concrete one, and compare.

The most concrete mode is the reference semantics with every shortcut off:
``--engine reference --no-por --symmetry none --no-twins`` (every arrangement, every port
labelling, no reduction, no derived arrangement). An algorithm that draws, on a ring, is first
searched with hidden ids even then (checker/explore/anonymous.py), so there each arrangement
is checked on its own with ``--ids``: real ids only. Both modes run as ``check`` does
(``checker.cli.main`` with the file's path, in this process), and must agree on:

* the exit status's meaning: verified, violated, refused (exit 2, one line on stderr), never a
  traceback;
* the set of violated properties: the first violation a run reports depends on its search
  order, so each mode is run again with ``--without`` the properties it found violated until
  it verifies the rest; the sets must be equal;
* the message and round minimum and maximum of the runs that verify (with the same
  ``--without``);
* for an algorithm that draws, the probability of election and the expectations of
  ``--expected``, against the same questions asked of every arrangement with real ids (and
  every port labelling) through the Python API;
* a bound declared exact (``*_bound_exact``, or a text saying "exactly") is met exactly by every
  arrangement of a verified run;
* a trace of a violation is written in every format without a traceback (the run with
  ``--trace-out``);
* a run resumed from a checkpoint after the case's helper module or synchronizer file was edited
  gives the result of a fresh run.

Each disagreement is a ``Finding``; ``classify`` names the class of issue 31 it belongs to,
where the case's features and the finding say which.
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import stat
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from types import SimpleNamespace

from .generator import (
    BOUND_BY_SETTING,
    MIRROR_DECLARED,
    PORT_IN_TUPLE,
    ROUND_ORDER,
    SYNCHRONIZER_OWN_PLACES,
    SYNCHRONIZER_PORTS,
    TIMEOUTS,
    Case,
)
from .hazards import ID_TEXT, ID_TYPE, PORT_BUILT
from .runner import Server

CONCRETE = ("--engine", "reference", "--no-por", "--symmetry", "none", "--no-twins")
# A case is small; one that is not (a variant that sends for ever) ends incomplete (exit 3) and
# is not compared. The memory is the whole process's (the runs are in this one).
# The default mode runs first; only a case it finishes is run concretely, with room for what its
# reductions saved.
LIMITS = ("--max-states", "40000", "--max-memory", "2G")
CONCRETE_LIMITS = ("--max-states", "200000", "--max-memory", "2G")
# The violated properties are compared by running both modes again with --without (see the
# module); a case whose concrete run took longer than this is compared on its first answers only.
ITERATE_SECONDS = 4.0
TRACE_FORMATS = (".txt", ".md", ".json", ".html")


@dataclass
class Run:
    """One ``check`` command run in this process."""

    argv: list[str]
    status: int | None  # None: it raised
    stdout: str
    stderr: str
    raised: str | None = None  # the traceback, if it raised
    seconds: float = 0.0

    @property
    def report(self) -> dict | None:
        try:
            return json.loads(self.stdout)
        except ValueError:
            return None

    def violated(self) -> set[str]:
        report = self.report or {}
        return {p["name"] for p in report.get("properties", ()) if p.get("holds") is False}

    def shown(self) -> str:
        """The command and what it printed, for a finding."""
        report = self.report
        if report is not None and "verdict" in report:
            brief = {k: report.get(k) for k in ("verdict", "arrangements", "symmetry", "engine", "messages", "rounds")}
            brief["violated"] = sorted(self.violated())
            if report.get("counterexample"):
                brief["counterexample"] = {k: report["counterexample"].get(k) for k in ("property", "reason", "ids")}
            brief["notes"] = report.get("notes")
            out = json.dumps(brief)
        else:
            out = self.stdout[-1500:]
        command = "check " + " ".join(self.argv)
        return f"$ {command}\n  exit {self.status}\n  stdout: {out}\n  stderr: {self.stderr.strip()[-1500:]}" + (
            f"\n  raised: {self.raised[-2500:]}" if self.raised else "")


@dataclass
class Finding:
    what: str  # hang, traceback, refusal, refusal-lines, verdict, properties, figures, expectations, exact, trace,
    # checkpoint
    detail: str
    issue_class: int | None = None  # issue 31's class, where ``classify`` knows it

    def __str__(self):
        named = "" if not self.issue_class else f" (issue 31, class {self.issue_class})" if self.issue_class <= 8 \
            else f" (class {self.issue_class}, beyond issue 31's list)"
        return f"{self.what}{named}: {self.detail}"


@dataclass
class Comparison:
    """What checking one case found, and what it cost."""

    case: Case
    path: str
    findings: list[Finding] = field(default_factory=list)
    verdict: str = ""  # the default mode's: verified, violated, refused, incomplete
    refusal: str = ""  # the default mode's stderr, when it refused
    concrete_verdict: str = ""  # the concrete mode's first answer (what is true)
    shallow: bool = False  # compared on the first answers only (ITERATE_SECONDS)
    runs: int = 0
    seconds: float = 0.0

    def command(self, concrete: bool = False) -> str:
        return "check " + " ".join(self.case.arguments(self.path) + (list(CONCRETE) if concrete else []))


RUN_SECONDS = 90  # a run of a small case takes seconds; one still running then is hung
_server = Server()


class Workspace:
    """The environment the runs need, for the duration of a ``with``: one worker, nothing derived
    kept between runs, and the C engine compiled at -O0 into a cache of its own (a case is a new
    algorithm each time: at -O3 the compiler would take most of a case's second; the C code means
    the same at any level)."""

    def __init__(self, optimised: bool = False, run_seconds: float | None = None):
        self.optimised = optimised
        self.run_seconds = run_seconds  # how long a run may take before it is called hung

    def __enter__(self):
        global RUN_SECONDS
        self._run_seconds, RUN_SECONDS = RUN_SECONDS, self.run_seconds or RUN_SECONDS
        self.directory = tempfile.mkdtemp(prefix="ringleader-fuzz-")
        self._saved = {k: os.environ.get(k) for k in ("CC", "XDG_CACHE_HOME", "RINGLEADER_JOBS", "RINGLEADER_NO_CACHE")}
        os.environ.update(RINGLEADER_JOBS="1", RINGLEADER_NO_CACHE="1",
                          XDG_CACHE_HOME=os.path.join(self.directory, "cache"))
        if not self.optimised:
            from models.native.engine import compiler

            cc = compiler()
            if cc is not None:
                wrapper = os.path.join(self.directory, "cc-O0")
                with open(wrapper, "w") as f:
                    f.write(f'#!/bin/sh\nexec "{cc}" "$@" -O0\n')
                os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IEXEC)
                os.environ["CC"] = wrapper
        return self

    def __exit__(self, *exc):
        global RUN_SECONDS
        RUN_SECONDS = self._run_seconds
        _server.close()
        for key, value in self._saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(self.directory, ignore_errors=True)

    def case_directory(self, case: Case) -> str:
        return os.path.join(self.directory, "cases", case.tag)


def run_check(argv: list[str], directory: str) -> Run:
    """``check ARGV`` in a process of its own (tests/fuzz/runner.py: a run that hangs or eats the
    memory is killed, not waited for), with the case's directory importable (its helper module)
    and the environment of the moment (``Workspace``)."""
    started = time.perf_counter()
    answer = _server.run(list(argv), directory, RUN_SECONDS)
    return Run(list(argv), answer["status"], answer["stdout"], answer["stderr"], answer["raised"],
               time.perf_counter() - started)


# --- the two modes ------------------------------------------------------------------------------

def _per_arrangement(case: Case) -> bool:
    """The concrete mode checks each arrangement with --ids: an algorithm that draws, on a ring,
    is searched id-blind first otherwise."""
    return case.randomized and case.on_ring


@dataclass
class Mode:
    """A way of running check on a case: default, or concrete (perhaps arrangement by arrangement)."""

    name: str
    flags: tuple[str, ...]
    arrangements: list[tuple[int, ...]] | None = None  # check each with --ids, and merge

    def run(self, comparison: Comparison, extra: list[str]) -> Run:
        limits = CONCRETE_LIMITS if self.flags else LIMITS
        base = comparison.case.arguments(comparison.path) + list(self.flags) + extra + [*limits, "--json"]
        directory = os.path.dirname(comparison.path)
        if self.arrangements is None:
            comparison.runs += 1
            return run_check(base, directory)
        runs = []
        for ids in self.arrangements:
            comparison.runs += 1
            run = run_check(base + ["--ids", ",".join(map(str, ids))], directory)
            runs.append(run)
            if run.status not in (0, 1):
                return run
        return _merged(base, runs)


def _merged(argv: list[str], runs: list[Run]) -> Run:
    """One run standing for runs of each arrangement: violated if one is, the figures over all."""
    reports = [r.report for r in runs]
    status = 1 if any(r.status == 1 for r in runs) else 0
    properties = {}
    for report in reports:
        for p in report["properties"]:
            before = properties.get(p["name"], True)
            properties[p["name"]] = False if p["holds"] is False or before is False else (
                None if p["holds"] is None or before is None else True)
    merged = {"verdict": "violated" if status else "verified",
              "properties": [{"name": k, "holds": v} for k, v in properties.items()],
              "arrangements": {"checked": sum(r["arrangements"]["checked"] for r in reports)},
              "per_arrangement": [a for r in reports for a in r.get("per_arrangement", [])],
              "counterexample": next((r["counterexample"] for r in reports if r.get("counterexample")), None),
              "notes": sorted({note for r in reports for note in r.get("notes", [])})}
    for figure in ("messages", "rounds"):
        values = [r.get(figure) for r in reports]
        if values and all(v and v.get("min") is not None for v in values):
            merged[figure] = {"min": min(v["min"] for v in values), "max": max(v["max"] for v in values)}
        else:
            merged[figure] = None
    shown = argv + ["--ids", "(each arrangement)"]
    return Run(shown, status, json.dumps(merged), "".join(r.stderr for r in runs), None, sum(r.seconds for r in runs))


def modes(case: Case) -> tuple[Mode, Mode]:
    default = Mode("default", ())
    if _per_arrangement(case):
        return default, Mode("concrete", CONCRETE, list(itertools.permutations(range(1, case.n + 1))))
    return default, Mode("concrete", CONCRETE)


# --- comparing -----------------------------------------------------------------------------------

VERDICTS = {0: "verified", 1: "violated", 2: "refused", 3: "incomplete"}


def _meaning(run: Run) -> str:
    if run.raised is not None:
        return "raised"
    return VERDICTS.get(run.status, f"exit {run.status}")


def _well_formed(run: Run, mode: str, json_out: bool = True) -> list[Finding]:
    """No hang, no traceback, a known exit status, one line on stderr for a refusal, JSON for a verdict."""
    if run.raised is not None and run.raised.startswith("HANG"):
        return [Finding("hang", f"{mode} mode:\n{run.shown()}")]
    if run.raised is not None or "Traceback (most recent call last)" in run.stderr:
        return [Finding("traceback", f"{mode} mode:\n{run.shown()}")]
    if run.status not in VERDICTS:
        return [Finding("traceback", f"{mode} mode ended with exit {run.status}:\n{run.shown()}")]
    if run.status == 2:
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        if len(lines) != 1 or not lines[0].startswith("check: "):
            return [Finding("refusal-lines", f"{mode} mode refused in {len(lines)} lines:\n{run.shown()}")]
    if json_out and run.status in (0, 1) and run.report is None:
        return [Finding("traceback", f"{mode} mode printed no JSON:\n{run.shown()}")]
    if run.status == 0 and run.report is not None:  # VERIFIED says every property holds: both modes may miss that
        short = [p["name"] for p in run.report.get("properties", ()) if p.get("holds") is not True]
        if short:
            return [Finding("verdict", f"{mode} mode VERIFIED with {', '.join(short)} not holding:\n{run.shown()}")]
    return []


def _violated_properties(mode: Mode, comparison: Comparison, first: Run, most: int = 5) -> tuple[set[str], Run]:
    """Every property ``mode`` finds violated: run again with --without what it found, until the
    rest verifies (or another answer comes); and that last run."""
    found, run = set(), first
    for _ in range(most):
        if run.status != 1:
            break
        new = run.violated() - found
        if not new:
            break
        found |= new
        names = {p["name"] for p in run.report["properties"]} | found
        if found >= names:
            break
        run = mode.run(comparison, ["--without", ",".join(sorted(found))])
    return found, run


def _figures(run: Run) -> dict:
    """The message and round minimum and maximum, None where they were not computed."""
    report = run.report or {}
    return {k: report[k] if report.get(k) and report[k].get("min") is not None else None
            for k in ("messages", "rounds")}


def compare(case: Case, directory: str, expectations: bool = True, traces: bool = True,
            checkpoints: bool = True, concrete_always: bool = False) -> Comparison:
    """Check ``case`` (written into ``directory``) both ways; the findings (see the module).
    A default run that stops at a limit has nothing to compare: the concrete mode then runs only
    with ``concrete_always`` (for its verdict, as the catalogue records it)."""
    started = time.perf_counter()
    path = case.write(directory)
    comparison = Comparison(case, path)
    default, concrete = modes(case)
    first = default.run(comparison, [])
    comparison.verdict = _meaning(first)
    comparison.refusal = first.stderr.strip() if first.status == 2 else ""
    if comparison.verdict == "incomplete":
        if concrete_always:
            comparison.concrete_verdict = _meaning(concrete.run(comparison, []))
        comparison.seconds = time.perf_counter() - started
        return comparison
    other = concrete.run(comparison, [])
    comparison.concrete_verdict = _meaning(other)
    findings = _well_formed(first, "default") + _well_formed(other, "concrete")
    a, b = _meaning(first), _meaning(other)
    if not findings and "incomplete" not in (a, b):
        if a != b:
            findings.append(Finding("refusal" if "refused" in (a, b) else "verdict",
                                    f"default {a}, concrete {b}:\n{first.shown()}\n{other.shown()}"))
        elif a == "violated" and other.seconds > ITERATE_SECONDS:
            comparison.shallow = True
        elif a in ("verified", "violated"):
            findings += _same_properties(default, concrete, comparison, first, other)
            if not findings and a == "verified":
                findings += _exact_bounds(case, path, first, other)
    if not findings and expectations and case.expectations and a in ("verified", "violated"):
        findings += _same_expectations(case, comparison)
    if not findings and traces and a == "violated":
        findings += _traces(case, comparison, first)
    if not findings and checkpoints and case.edit is not None and a == "verified":
        findings += _resumed_after_edit(case, comparison)
    for finding in findings:
        finding.issue_class = classify(case, finding)
    comparison.findings = findings
    comparison.seconds = time.perf_counter() - started
    return comparison


def _same_properties(default: Mode, concrete: Mode, comparison: Comparison, first: Run, other: Run) -> list[Finding]:
    mine, mine_last = _violated_properties(default, comparison, first)
    theirs, theirs_last = _violated_properties(concrete, comparison, other)
    findings = _well_formed(mine_last, "default") + _well_formed(theirs_last, "concrete")
    if findings:
        return findings
    if "incomplete" in (_meaning(mine_last), _meaning(theirs_last)):
        return []  # a --without run that did not finish: nothing to compare
    if mine != theirs:
        return [Finding("properties", f"violated: default {sorted(mine)}, concrete {sorted(theirs)}:\n"
                                      f"{first.shown()}\n{other.shown()}\n{mine_last.shown()}\n{theirs_last.shown()}")]
    if _meaning(mine_last) != _meaning(theirs_last):
        return [Finding("verdict", f"with --without {sorted(mine)}: default {_meaning(mine_last)}, concrete "
                                   f"{_meaning(theirs_last)}:\n{mine_last.shown()}\n{theirs_last.shown()}")]
    if _meaning(mine_last) == "verified" and _figures(mine_last) != _figures(theirs_last):
        return [Finding("figures", f"default {_figures(mine_last)}, concrete {_figures(theirs_last)}:\n"
                                   f"{mine_last.shown()}\n{theirs_last.shown()}")]
    return []


# --- what only some cases are asked -----------------------------------------------------------------

def _load(case: Case, path: str):
    from checker.cli.loader import load_algorithm, with_k

    directory = os.path.dirname(path)
    for name, module in list(sys.modules.items()):  # its helper module as the file says it now
        if os.path.dirname(getattr(module, "__file__", None) or "") == directory:
            del sys.modules[name]
    sys.path.insert(0, directory)
    try:
        algorithm = load_algorithm(path)
    finally:
        sys.path.remove(directory)
    k = case.options[case.options.index("--k") + 1] if "--k" in case.options else None
    return with_k(algorithm, int(k) if k else None)


def _exact_bounds(case: Case, path: str, first: Run, other: Run) -> list[Finding]:
    """A verified run of an algorithm that declares a bound exact: every arrangement meets it."""
    from models import Network
    from specs.bounds import bound_of

    algorithm = _load(case, path)
    exact = [name for name, figure in (("message_bound", "messages"), ("round_bound", "rounds"))
             if getattr(algorithm, f"{name}_exact", False) or "exact" in (getattr(algorithm, f"{name}_text") or "")]
    if not exact or "--synchronizer" in case.options:
        return []
    report = other.report
    graphs = {g["name"]: g for g in report.get("graphs") or ()}
    for arrangement in report.get("per_arrangement", ()):
        ids = tuple(arrangement["ids"])
        graph = graphs.get(arrangement.get("graph"))
        topology = Network(case.n, [tuple(e) for e in graph["edges"]]) if graph else algorithm.topology(case.n)
        system = SimpleNamespace(algorithm=algorithm, topology=topology, n=case.n, ids=ids)
        for name in exact:
            figure = "messages" if name == "message_bound" else "rounds"
            bound = bound_of(system, name)
            measured = arrangement.get(figure) or {}
            if measured.get("min") is None:
                continue  # not measured (an algorithm that draws has no bound to check)
            if bound is not None and (measured.get("min"), measured.get("max")) != (bound, bound):
                return [Finding("exact", f"{name} is declared exact ({bound} at ids {ids}"
                                         f"{', graph ' + graph['name'] if graph else ''}) but the executions "
                                         f"take {measured.get('min')} to {measured.get('max')}, and both modes "
                                         f"verify:\n{first.shown()}\n{other.shown()}")]
    return []


def _same_expectations(case: Case, comparison: Comparison) -> list[Finding]:
    """--expected (default mode) against the same questions asked of every arrangement with real
    ids and, on a network, every port labelling."""
    argv = comparison.case.arguments(comparison.path) + ["--expected", "--json", *LIMITS[:2]]
    comparison.runs += 1
    run = run_check(argv, os.path.dirname(comparison.path))
    found = _well_formed(run, "--expected")
    if found or run.status not in (0, 1):
        return found
    got = run.report["results"][0]
    try:
        wanted = reference_expectations(case, comparison.path, tuple(got["expected"]))
    except Exception:  # noqa: BLE001 -- the reference could not be built: say so, do not hide it
        return [Finding("expectations", f"the reference could not be computed:\n{traceback.format_exc()[-1500:]}"
                                        f"\n{run.shown()}")]
    mine = {"elected_eventually": got["elected_eventually"], **got["expected"]}
    mine = {k: (v["min"], v["max"]) for k, v in mine.items()}
    if mine != wanted:
        differ = sorted(k for k in wanted if mine.get(k) != wanted[k])
        return [Finding("expectations", f"--expected differs in {', '.join(differ)}: it gives {mine}, every "
                                        f"arrangement with real ids {wanted}:\n"
                                        f"{run.shown()}")]
    return []


def reference_expectations(case: Case, path: str, expected: tuple[str, ...]) -> dict:
    """Election's probability and the expectations, min and max over schedulers and over every
    arrangement with real ids (on a network: every graph of the run and every port labelling)."""
    from checker.explore.networks import labellings
    from checker.explore.planning import graphs_for
    from checker.quantify import mdp as mdp_module
    from checker.quantify.questions import Bounds, _ask, exact
    from models.systems.network_semantics import NetworkSystem

    algorithm = _load(case, path)
    n = case.n
    systems = []
    network = getattr(algorithm.topology, "numbered_ports", False)
    for ids in itertools.permutations(range(1, n + 1)):
        if not network:
            systems.append((ids, None))
            continue
        for graph in graphs_for(algorithm.default_graphs, n):
            for labelling in labellings(graph):
                systems.append((ids, graph.relabelled(labelling)))
    answers = []
    original = mdp_module.local_system
    try:
        for ids, topology in systems:
            if topology is not None:
                mdp_module.local_system = lambda a, k, i, t=topology: NetworkSystem(a, i, t, numbered=True)
            model = mdp_module.build_mdp(algorithm, n, ids, max_states=int(CONCRETE_LIMITS[1]))
            answers.append(_ask(model, None, expected, None, "steps"))
    finally:
        mdp_module.local_system = original
    result = {}
    for name in ("eventually", *expected):
        bounds = Bounds.combine([a[name] for a in answers])
        result["elected_eventually" if name == "eventually" else name] = (exact(bounds.minimum), exact(bounds.maximum))
    return result


def _traces(case: Case, comparison: Comparison, first: Run) -> list[Finding]:
    """The violation's trace, printed and written in one of the formats, without a traceback."""
    fmt = case.trace_format or TRACE_FORMATS[sum(map(ord, case.tag)) % len(TRACE_FORMATS)]
    out = os.path.join(os.path.dirname(comparison.path), "trace" + fmt)
    argv = comparison.case.arguments(comparison.path) + ["--trace-out", out, *LIMITS]
    comparison.runs += 1
    run = run_check(argv, os.path.dirname(comparison.path))
    found = _well_formed(run, f"the trace ({fmt})", json_out=False)
    if found:
        return [Finding("trace", f.detail) for f in found]
    if run.status != first.status:
        return [Finding("trace", f"with --trace-out the verdict is {_meaning(run)}, {_meaning(first)} without:\n"
                                 f"{run.shown()}")]
    return []


def _resumed_after_edit(case: Case, comparison: Comparison) -> list[Finding]:
    """A verified run recorded in a checkpoint, an edit of the case's helper module or
    synchronizer, and the run again from the checkpoint: it must be what a fresh run says, or
    refuse the checkpoint in one line as recording another run (its key covers the edited file)."""
    directory = os.path.dirname(comparison.path)
    checkpoint = os.path.join(directory, "run.checkpoint")
    argv = comparison.case.arguments(comparison.path) + ["--json", *LIMITS]
    comparison.runs += 3
    before = run_check(argv + ["--checkpoint", checkpoint], directory)
    filename, source = case.edit
    original = case.files[filename]
    with open(os.path.join(directory, filename), "w") as f:
        f.write(source)
    try:
        resumed = run_check(argv + ["--checkpoint", checkpoint], directory)
        fresh = run_check(argv, directory)
    finally:
        with open(os.path.join(directory, filename), "w") as f:
            f.write(original)
        os.remove(checkpoint) if os.path.exists(checkpoint) else None
    found = _well_formed(before, "checkpointed") + _well_formed(resumed, "resumed") + _well_formed(fresh, "fresh")
    if found:
        return found
    if resumed.status == 2 and "--checkpoint" in resumed.stderr and "records another run" in resumed.stderr:
        return []
    if _meaning(resumed) != _meaning(fresh) or (resumed.violated(), _figures(resumed)) != (fresh.violated(),
                                                                                           _figures(fresh)):
        return [Finding("checkpoint", f"after {filename} was edited, the run resumed from the checkpoint says "
                                      f"{_meaning(resumed)}, a fresh run {_meaning(fresh)}:\n{before.shown()}\n"
                                      f"{resumed.shown()}\n{fresh.shown()}")]
    return []


# --- issue 31's classes ---------------------------------------------------------------------------

# Beyond issue 31's eight classes, what the fuzzer found on its own: a search that never ends
# (partial-order reduction with one-transition chains follows a chain whose channels grow for
# ever: states on a chain are not stored, so --max-states never stops it).
HANGING_CHAIN = 9
# And --expected, for an algorithm that draws and reads ids, takes the arrangements up to rotation
# while its rounds are counted where process 0 sends: each rotation counts another process's.
ROUNDS_BY_ROTATION = 10
# And a counterexample whose messages carry a Port inside a tuple cannot be written as ITF
# (--trace-out .json): the exporter meets a value it does not know.
TRACE_OF_A_PORT = 11


def classify(case: Case, finding: Finding) -> int | None:
    """Issue 31's class of a finding, where the case's features and the finding name it (9: see
    HANGING_CHAIN)."""
    features, detail = case.features, finding.detail
    if finding.what == "exact":
        return 6
    if finding.what == "checkpoint":
        return 8
    if finding.what == "hang":
        return HANGING_CHAIN
    if finding.what == "expectations" and case.randomized and features & {ID_TEXT, ID_TYPE}:
        return 2
    if finding.what == "expectations" and detail.startswith("--expected differs in rounds:"):
        return ROUNDS_BY_ROTATION
    if finding.what in ("traceback", "trace") and "checker/render" in detail:
        return 7 if "--synchronizer" in case.options else TRACE_OF_A_PORT
    if finding.what in ("traceback", "trace") and "ITFUnserializable" in detail:
        return TRACE_OF_A_PORT
    if finding.what == "traceback" and "mirror_proof" in detail and TIMEOUTS in features:
        return 4
    if finding.what in ("verdict", "properties", "figures", "refusal"):
        if BOUND_BY_SETTING in features and "message-bound" in detail and "native" in detail:
            return 1
        if case.randomized and features & {ID_TEXT, ID_TYPE}:
            return 2
        if features & {SYNCHRONIZER_PORTS, SYNCHRONIZER_OWN_PLACES}:
            return 3
        if MIRROR_DECLARED in features and ROUND_ORDER in features:
            return 4
        if features & {PORT_BUILT, PORT_IN_TUPLE}:
            return 5
    return None
