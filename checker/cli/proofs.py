"""The CLI's invariant modes: ``--prove`` (z3, checker/prove.py) and ``--check-invariant`` (explorer).

Exit status of ``--prove``: 0 every obligation proved, 1 one failed (a counterexample to
induction is printed), 3 none failed but one is unknown (z3 timed out or gave up).
``--check-invariant`` is an ordinary run of the explorer with one more state property per
conjunct, printed (and exiting) like any run.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections import defaultdict

from models import AlgorithmError
from specs import election_spec
from specs.invariants import (
    Invariant,
    invariant_properties,
    require_invariant,
    symmetry_for,
)

from ..explore.result import VERIFIED, VIOLATED, Result
from ..explore.run import check
from ..prove.all_n_weakening import prove_all_n_or_weakened
from ..prove.termination import prove_termination
from ..prove.fixed_n import (
    BY_ROTATION,
    CONSECUTION,
    ROTATION,
    STABILITY,
    VACUITY,
    FAILED,
    INITIATION,
    PROVED,
    UNKNOWN,
    Proof,
    prove,
)
from ..prove.labelling_symmetry import Derived
from ..prove.theorems import THEOREMS
from .loader import load_algorithm, load_class

EXIT = {PROVED: 0, FAILED: 1, UNKNOWN: 3}


def choose_invariant(algorithm, path: str | None) -> type[Invariant]:
    """``--invariant FILE.py[:Class]`` if given, else the algorithm's own; one line if none fits."""
    if path is None:
        return require_invariant(algorithm)
    invariant = load_class(path, Invariant, "invariant")
    if invariant.algorithm is None or invariant.algorithm not in algorithm.__mro__:
        written_for = invariant.algorithm.name if invariant.algorithm else "no algorithm"
        raise AlgorithmError(f"{path}: {invariant.__name__} is written for {written_for}, not for {algorithm.name}")
    return invariant


def _proved(algorithm, n: int, invariant, timeout: float, progress: bool | None, graph=None,
            rotation: bool = True):
    """``prove`` with the progress meter the terminal asks for, closed whatever happens."""
    meter = _meter(progress)
    try:
        return prove(algorithm, n, invariant, timeout=timeout, progress=meter, graph=graph, rotation=rotation)
    finally:
        if meter is not None:
            meter.close()


def cap_z3_memory(max_bytes: int | None) -> None:
    """Make z3 stop with "out of memory" (one line, exit 3: checker/cli/main.py) at ``max_bytes``
    (``--max-memory``), or three quarters of the machine, rather than take the machine: one
    query of lelann's proof at n = 6 grew past 20 GB."""
    import z3

    from ..explore.memory import default_limit

    limit = max_bytes or default_limit(1)
    if limit:
        z3.set_param("memory_max_size", max(1, limit // 2**20))


def run_prove(algorithm, n: int, invariant_path: str | None, timeout: float, as_json: bool,
              progress: bool | None, max_states: int | None = None, symmetry: str = "reflection",
              graph=None) -> int:
    """``--prove``; ``max_states`` bounds the explorer's searches behind a counterexample;
    ``symmetry`` other than "reflection" proves every port labelling as a ring of its own."""
    from ..prove.cti import counterexample

    if timeout <= 0:
        raise AlgorithmError("--timeout must be a positive number of seconds")
    invariant = choose_invariant(algorithm, invariant_path)
    if algorithm.topology.port_labellings and not algorithm.topology.numbered_ports:
        return _prove_every_labelling(algorithm, n, invariant, timeout, as_json, progress, max_states, symmetry)
    proof = _proved(algorithm, n, invariant, timeout, progress, graph, rotation=symmetry != "none")
    cti = counterexample(proof, max_states or 200_000) if proof.failure else None
    if as_json:
        report = proof_json(proof)
        report["counterexample"] = cti.to_json() if cti else None
        print(json.dumps(report, indent=2))
    else:
        print(proof_text(proof))
        if cti is not None:
            print()
            print(cti.to_text(), end="")
    return EXIT[proof.verdict]


def _prove_every_labelling(algorithm, n: int, invariant, timeout: float, as_json: bool, progress: bool | None,
                           max_states: int | None, symmetry: str) -> int:
    """``--prove`` on a ring whose port labelling is the adversary's: each of the 2^n labellings
    proved as a ring of its own (checker/prove/labellings.py), or derived from the unswapped
    one's proof by a proved symmetry (checker/prove/labelling_symmetry.py), up to the first that fails."""
    from ..prove.cti import counterexample
    from ..prove.labellings import tag

    proofs, verdict, shown, how = _labelling_proofs(algorithm, n, invariant, timeout, progress, symmetry)
    cti = counterexample(shown, max_states or 200_000) if shown.failure else None
    if as_json:
        print(json.dumps({"schema": 1, "mode": "prove", "algorithm": algorithm.name, "n": n, "verdict": verdict,
                          "proves": shown.properties, "not_proved": shown.not_covered,
                          "labellings": [proof.to_json() if isinstance(proof, Derived) else
                                         dict(proof_json(proof), labelling=tag(swapped)) for swapped, proof in proofs],
                          "counterexample": cti.to_json() if cti else None}, indent=2))
        return EXIT[verdict]
    headline = {PROVED: f"PROVED {', '.join(shown.properties)}", FAILED: "NOT PROVED (an obligation failed)",
                UNKNOWN: "NOT PROVED (z3 did not decide every obligation)"}[verdict]
    lines = [f"{algorithm.name} on a {algorithm.topology.kind}, n = {n}, every port labelling: {headline}",
             f"  labellings    {len(proofs)} of {2 ** n}, {how} (a digit per process, 1 where "
             "its RIGHT leads anticlockwise)" + ("; stopped at the first that failed" if verdict == FAILED else "")]
    for swapped, proof in proofs:
        if isinstance(proof, Derived):
            lines.append(f"    {tag(swapped)}  {proof.verdict:8} derived from {proof.source}'s proof: its "
                         f"{proof.statements} conjuncts and safety properties read alike  {proof.seconds:.2f} s")
            continue
        counts = ", ".join(f"{sum(o.status == s for o in proof.obligations)} {s}" for s in (PROVED, FAILED, UNKNOWN)
                           if any(o.status == s for o in proof.obligations))
        lines.append(f"    {tag(swapped)}  {proof.verdict:8} {len(proof.obligations)} obligations ({counts})  "
                     f"{proof.seconds:.2f} s")
    lines.append(f"  time          {sum(proof.seconds for _, proof in proofs):.2f} s")
    print("\n".join(lines))
    print()
    print(proof_text(shown))  # the one that failed or was undecided; else the first, which all are like
    if cti is not None:
        print()
        print(cti.to_text(), end="")
    return EXIT[verdict]


def _labelling_proofs(algorithm, n: int, invariant, timeout: float, progress: bool | None,
                      symmetry: str = "reflection"):
    """Each of the 2^n labellings proved, up to the first that fails: as a ring of its own, or,
    once the unswapped labelling is proved, derived from its proof where the algorithm's mirror
    symmetry is proved and the invariant reads alike (checker/prove/labelling_symmetry.py; not
    with ``symmetry`` "rotation" or "none"). ([(labelling, Proof or Derived)], the verdict over
    all of them, the proof to show: the one that failed or was undecided, else the first, and
    one line saying how the labellings were proved)."""
    from ..prove.labelling_symmetry import derived, mirror_symmetry
    from ..prove.labellings import at_labelling, labellings, tag

    symmetric, why_not = mirror_symmetry(algorithm, n) if symmetry == "reflection" else (False, "")
    proofs, derived_count = [], 0
    for swapped in labellings(n):
        labelled = at_labelling(algorithm, swapped)
        first = proofs[0][1] if proofs else None
        if symmetric and first is not None and first.verdict == PROVED:
            derivation = derived(first.prover, labelled, swapped)
            if derivation is not None:
                proofs.append((swapped, derivation))
                derived_count += 1
                continue
        proof = _proved(labelled, n, invariant, timeout, progress)
        proofs.append((swapped, proof))
        if proof.verdict == FAILED:
            break
    verdicts = {proof.verdict for _, proof in proofs}
    verdict = FAILED if FAILED in verdicts else UNKNOWN if UNKNOWN in verdicts else PROVED
    shown = next((proof for _, proof in proofs if proof.verdict == verdict and isinstance(proof, Proof)), proofs[0][1])
    if derived_count:
        how = (f"{len(proofs) - derived_count} proved as a ring of its own, {derived_count} derived from "
               f"{tag(labellings(n)[0])}'s proof by the mirror symmetry proved for {algorithm.__name__} at n = {n}, "
               "the invariant read alike (--symmetry none proves each)")
    else:
        how = "each proved as a ring of its own" + (f" ({why_not})" if why_not else "")
    return proofs, verdict, shown, how


def run_infer(algorithm, n: int, name: str, out: str | None, timeout: float, symmetry: str = "reflection",
              partial_path: str | None = None) -> int:
    """``--infer``: write the invariant found, then prove it (exit 0 proved, 1 not found); on the
    unoriented ring, ``symmetry`` as ``--prove``'s; ``partial_path`` a partial invariant to start
    from (checker/prove/infer_seed.py)."""
    from ..prove.infer_seed import Seed

    from ..prove.faithfulness import require_faithful_readings
    from ..prove.infer import InferenceFailed, infer, invariant_source
    from ..prove.infer_labellings import infer_every_labelling, labelled_invariant_source, read_labellings
    from ..prove.labellings import at_labelling

    if timeout <= 0:
        raise AlgorithmError("--timeout must be a positive number of seconds")
    if n < 2:
        raise AlgorithmError("--infer needs a ring of at least 2 processes")
    # on a ring whose port labelling is the adversary's, the symbolic ring reads one labelling:
    # the inference and the proof of its file take every one (checker/prove/infer_labellings.py)
    every_labelling = algorithm.topology.port_labellings
    out = out or f"{algorithm.name.replace('-', '_')}_inferred_invariant.py"
    if not out.endswith(".py"):
        raise AlgorithmError(f"--infer-out {out}: give a file ending in .py (it is Python, read by --invariant)")
    read = read_labellings(algorithm, n, symmetry)[0] if every_labelling else None
    for ring in [at_labelling(algorithm, swapped) for swapped in read] if every_labelling else [algorithm]:
        require_faithful_readings(ring, (n,), "--infer")
    try:
        if every_labelling:
            inference = infer_every_labelling(algorithm, n, timeout=min(timeout, 10.0), symmetry=symmetry)
        else:
            seed = Seed(partial_invariant(algorithm, partial_path)) if partial_path else None
            inference = infer(algorithm, n, timeout=min(timeout, 10.0), seed=seed)
    except InferenceFailed as failure:
        print(f"NOT FOUND: {failure}")
        verdict, says = _explorer_says(algorithm, n, name, failure.missing)
        print(says)
        if verdict == VERIFIED and failure.failure is not None:  # what the templates miss, shown on a state
            print()
            print(_refutation_text(getattr(failure, "ring", algorithm), failure), end="")
        return 1
    command = f"check {name} --n {n} --infer" + (f" --invariant {partial_path}" if partial_path else "")
    # a file's algorithm (or partial invariant) lives in a module nothing can import by name: its
    # invariant is proved here, not written
    partial = getattr(inference, "partial", None)
    importable = not any(module.startswith("ringleader_user_") for module in
                         (algorithm.__module__, partial.__module__ if partial else ""))
    if importable:
        try:
            with open(out, "w") as file:
                file.write((labelled_invariant_source if every_labelling else invariant_source)(inference, command))
        except OSError as error:
            raise AlgorithmError(f"--infer-out {out}: cannot write it ({error.strerror})") from None
        invariant = choose_invariant(algorithm, out)
    else:
        invariant = inference.invariant_class()
    if every_labelling:  # proved in every labelling, as --prove does
        proofs, verdict, proof, how = _labelling_proofs(algorithm, n, invariant, timeout, False, symmetry)
    else:
        proof = prove(algorithm, n, invariant, timeout=timeout, rotation=symmetry != "none")
        verdict = proof.verdict
    where = (f"written to {out}" if importable else
             f"not written: {name} is a file, whose module the invariant could not import"
             if algorithm.__module__.startswith("ringleader_user_") else
             f"not written: {partial_path} is not a module the invariant could import (give it as a file inside "
             "a package on the Python path, such as specs/)")
    if partial is not None:
        seeded = [c.name for c in inference.conjuncts if c.source.startswith(f"{partial.__name__}.conjunct(")]
        false = (f"; false on a reachable state, so dropped: {', '.join(inference.seeds_false)}"
                 if inference.seeds_false else "")
        print(f"from {partial_path}: {len(seeded)} of its {len(partial.conjuncts) - 1} conjuncts kept"
              f"{' (' + ', '.join(seeded) + ')' if seeded else ''}{false}")
    print(f"{algorithm.name}, n = {n}: inferred {len(inference.conjuncts)} conjuncts (and well_typed) in "
          f"{inference.seconds:.1f} s from {inference.candidates} candidates ({inference.after_filter} true on "
          f"{inference.states} reachable states, {inference.asked} of them given to z3, {inference.inductive} in an "
          f"inductive core); {where}")
    for c in inference.conjuncts:
        print(f"  {c.name}: {c.doc}")
    if every_labelling:
        headline = {PROVED: f"PROVED {', '.join(proof.properties)}", FAILED: "NOT PROVED (an obligation failed)",
                    UNKNOWN: "NOT PROVED (z3 did not decide every obligation)"}[verdict]
        print(f"{algorithm.name} on a {algorithm.topology.kind}, n = {n}, every port labelling: {headline} "
              f"({len(proofs)} of {2 ** n} labellings, {how}; {sum(p.seconds for _, p in proofs):.1f} s)")
    else:
        print(proof_text(proof).splitlines()[0])
    if verdict != PROVED:
        print(f"the file is not proved as written: run `check {name} --n {n} --prove --invariant {out}`")
    return EXIT[verdict]


def partial_invariant(algorithm, path: str) -> type[Invariant]:
    """``--infer --invariant PATH.py[:Class]``: the partial invariant, imported by its module name
    (specs/x.py as specs.x, from a folder on the Python path) where it has one, so that the
    written file can import it (and its relative imports work); else loaded from the file."""
    invariant = _imported_by_module_name(path)
    if invariant is None:
        return choose_invariant(algorithm, path)
    if invariant.algorithm is None or invariant.algorithm not in algorithm.__mro__:
        written_for = invariant.algorithm.name if invariant.algorithm else "no algorithm"
        raise AlgorithmError(f"{path}: {invariant.__name__} is written for {written_for}, not for {algorithm.name}")
    return invariant


def _imported_by_module_name(path: str) -> type[Invariant] | None:
    """The one Invariant subclass (or the one named) defined in the module ``path`` is, imported by
    its dotted name from a folder on the Python path; None if it has no such name."""
    file, _, class_name = path.partition(".py:")
    file = os.path.abspath(file + ".py" if class_name else file)
    for folder in sys.path:
        relative = os.path.relpath(file, os.path.abspath(folder or os.curdir))
        dotted = relative[:-3].replace(os.sep, ".")
        if relative.startswith(os.pardir) or not relative.endswith(".py") or not all(
                part.isidentifier() for part in dotted.split(".")):
            continue
        try:
            module = importlib.import_module(dotted)
        except Exception:  # noqa: BLE001 -- not importable by that name: the file is loaded instead
            continue
        found = [value for name, value in vars(module).items() if isinstance(value, type)
                 and issubclass(value, Invariant) and value.__module__ == dotted and name == (class_name or name)]
        if len(found) == 1:
            return found[0]
        if class_name:
            raise AlgorithmError(f"{path}: {dotted} has no Invariant subclass named {class_name}")
        if not found:
            raise AlgorithmError(f"{path}: {dotted} defines no Invariant subclass")
        raise AlgorithmError(f"{path}: {dotted} defines {len(found)} Invariant subclasses; name one, "
                             f"{path}:ClassName")
    return None


def _refutation_text(algorithm, failure) -> str:
    """The candidates' counterexample as --prove shows one: the state closest to a real execution
    (fewest messages in flight, locals nearest their initial values) that satisfies every
    candidate left and breaks the property, and whether the explorer reaches it."""
    from ..prove.cti import reachable, replayed

    ids, before, _after = failure.failure.example()
    cti = replayed(algorithm, failure.candidates, failure.failure.obligation, ids, before, None)
    cti.reachability = reachable(algorithm, ids, before, 200_000)
    count = sum(1 for c in failure.candidates.conjuncts if c.name != "well_typed")
    return (f"What the templates miss: a state that satisfies the {count} candidates left (below, \"the "
            f"invariant\") and breaks {failure.missing}, the one z3 finds closest to a real execution.\n"
            + cti.to_text())


def _explorer_says(algorithm, n: int, name: str, missing: str | None) -> tuple[str | None, str]:
    """(the explorer's verdict, a line): whether the safety property no inferred invariant
    implies is violated at this n: a real bug (the explorer's trace shows it), or a property
    that holds, which the templates cannot explain (an invariant to write by hand)."""
    if missing is None or missing == "well_typed":
        return None, "(no safety property to look for with the explorer)"
    others = tuple(p.name for p in election_spec(algorithm) if p.name != missing)
    result = check(algorithm, n, without=others, progress=False)
    if result.verdict == VIOLATED:
        return VIOLATED, (f"the explorer at n = {n} finds a real violation of {missing}: no invariant can imply it; "
                          f"`check {name} --n {n}` shows the trace")
    if result.verdict == VERIFIED:
        return VERIFIED, (f"the explorer at n = {n} finds no violation of {missing}: it holds at this n, and the "
                          "templates cannot say why; write the invariant by hand, or the part they miss for "
                          "--infer --invariant PARTIAL.py (docs/proofs.md)")
    return result.verdict, f"the explorer at n = {n} could not decide {missing} ({result.verdict})"


def check_invariant(algorithm, n: int, ids, invariant_path: str | None, **options) -> Result:
    """``check`` with one more state property per conjunct of the invariant, unreduced."""
    invariant = choose_invariant(algorithm, invariant_path)
    symmetry = symmetry_for(invariant, options.pop("symmetry", "reflection"), algorithm)
    # a symmetric invariant is checked on every rotation of each state, not taken at its word
    properties = election_spec(algorithm) + invariant_properties(invariant, algorithm, rotated=symmetry != "none")
    result = check(algorithm, n, ids=ids, properties=properties, por=False, symmetry=symmetry, **options)
    result.notes.append(
        f"the {len(invariant.conjuncts)} conjuncts of {_name(invariant)} were evaluated on every reachable state; "
        "partial-order reduction is off, since they read channels and locals, not only decisions"
        + ("; one arrangement per rotation class is checked, each state with every rotation of it, since the "
           "invariant declares itself symmetric" if symmetry != "none" else
           "; every arrangement is checked" + ("" if invariant.symmetric else
                                                ", since the invariant does not declare itself symmetric"))
    )
    return result


def _name(invariant) -> str:
    """``module:Class`` for an invariant in a package, ``path.py:Class`` for one loaded from a file."""
    module = sys.modules.get(invariant.__module__)
    if invariant.__module__.startswith("ringleader_user_") and getattr(module, "__file__", None):
        return f"{module.__file__}:{invariant.__qualname__}"
    return f"{invariant.__module__}:{invariant.__qualname__}"


class _Meter:
    """Obligations done, on stderr, for proofs that take more than a moment."""

    def __init__(self):
        from rich.console import Console

        self.console = Console(stderr=True)
        self.status = self.console.status("proving...")
        self.status.start()
        self.done = 0

    def __call__(self, obligation):
        self.done += 1
        self.status.update(f"proving: {self.done} obligations done, last {obligation.label}")

    def close(self):
        self.status.stop()


def _meter(progress: bool | None):
    enabled = sys.stderr.isatty() if progress is None else progress
    return _Meter() if enabled else None


# -- reports ---------------------------------------------------------------------------------


def _groups(proof: Proof):
    """Obligations grouped by (kind, conjunct), in the order they were posed."""
    groups: dict[tuple[str, str], list] = defaultdict(list)
    for o in proof.obligations:
        groups[(o.kind, "" if o.kind in (INITIATION, ROTATION) else o.conjunct)].append(o)
    return groups


def _group_status(obligations) -> str:
    failed = [o for o in obligations if o.status == FAILED]
    unknown = [o for o in obligations if o.status == UNKNOWN]
    if failed:
        where = ", ".join(_where(o) for o in failed[:3]) + (", ..." if len(failed) > 3 else "")
        return f"FAILED ({len(failed)} of {len(obligations)}{': ' + where if where else ''})"
    if unknown:
        where = ", ".join(_where(o) for o in unknown[:3]) + (", ..." if len(unknown) > 3 else "")
        return f"unknown ({len(unknown)} of {len(obligations)}{': ' + where if where else ''})"
    rotated = sum(o.reason == BY_ROTATION for o in obligations)
    return f"proved ({rotated} by rotation)" if rotated else "proved"


def _where(o) -> str:
    if o.kind == INITIATION:
        return o.conjunct
    if o.kind in (VACUITY, STABILITY):
        return o.at
    if o.kind != CONSECUTION:
        return ""
    return f"{o.command} at p{o.process}" + (f" on {o.port}" if o.port else "")


def proof_text(proof: Proof) -> str:
    import io

    from rich import box
    from rich.console import Console
    from rich.table import Table

    algorithm, n = proof.algorithm, proof.n
    counts = defaultdict(int)
    for o in proof.obligations:
        counts[o.status] += 1
    verdict = {PROVED: f"PROVED {', '.join(proof.properties)}", FAILED: "NOT PROVED (an obligation failed)",
               UNKNOWN: "NOT PROVED (z3 did not decide every obligation)"}[proof.verdict]
    graph = proof.prover.graph
    where = f"{graph.title}" if graph is not None else f"a {algorithm.topology.kind}"
    lines = [
        f"{algorithm.name} on {where}, n = {n}: {verdict}",
        f"  not proved    {', '.join(proof.not_covered)}: the explorer checks them (the same command without --prove)",
        f"  invariant     {_name(proof.invariant)}: {', '.join(c.name for c in proof.invariant.conjuncts)}",
        f"  arrangements  all {_factorial(n):,} at once (ids symbolic: distinct, each within 1..{n})",
        "  channels      unbounded FIFO (z3 sequences; no bound assumed)",
        *([f"  graph         {graph.describe()}; ports as labelled: {graph.ports_text()}",
           f"  labellings    {_labellings(proof)}"] if graph is not None else []),
        f"  obligations   {len(proof.obligations)}: " + ", ".join(f"{counts[s]} {s}" for s in (PROVED, FAILED, UNKNOWN) if counts[s])
        + f"   (own z3 solver each, timeout {proof.timeout:g} s)",
        f"  checked       z3's readings of the commands and decision functions against Python; the proof's "
        f"formulas against Python on {proof.states_compared} states",
        f"  time          {proof.seconds:.2f} s",
        *([f"  rotation      {proof.prover.rotation_note}"] if graph is None else []),
    ]
    lines += [f"  dead          {o.reason}" for o in proof.dead]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column, justify in (("obligation", "left"), ("kind", "left"), ("count", "right"), ("status", "left"),
                            ("time", "right")):
        table.add_column(column, justify=justify, overflow="fold")
    for (kind, name), obligations in _groups(proof).items():
        seconds = sum(o.seconds for o in obligations)
        label = {INITIATION: "every conjunct holds initially", CONSECUTION: f"{name} preserved by every step",
                 VACUITY: "every step enabled in some invariant state",
                 ROTATION: "invariant holds on the ring rotated by one place",
                 STABILITY: "every step keeps decisions (stability)"}.get(kind, f"{name} implied")
        table.add_row(label, kind, str(len(obligations)), _group_status(obligations), f"{seconds:.2f} s")
    out = io.StringIO()
    Console(file=out, width=160, no_color=True, highlight=False, soft_wrap=False).print(table)
    vacuous = [f"{o.at} is never enabled: {o.reason}" for o in proof.vacuous]
    return "\n".join(lines) + "\n" + out.getvalue().rstrip("\n") + "".join("\n" + line for line in vacuous)


def _labellings(proof: Proof) -> str:
    """Whether the proof, made on the graph's one port labelling, stands for every labelling."""
    if proof.port_number_read is not None:
        return (f"this one only: the algorithm reads a port number ({proof.port_number_read}), so "
                "another labelling is another system")
    return (f"no command read a port number in {proof.labelling_states:,} states searched with the ports hidden; "
            "if none ever does, this labelling stands for every other (a search, not a proof of that)")


def _factorial(n: int) -> int:
    from math import factorial

    return factorial(n)


def proof_json(proof: Proof) -> dict:
    return {
        "schema": 1,
        "mode": "prove",
        "algorithm": proof.algorithm.name,
        "n": proof.n,
        "verdict": proof.verdict,
        "proves": proof.properties,
        "not_proved": proof.not_covered,
        "states_compared": proof.states_compared,
        **({"rotation": proof.prover.rotation_note} if proof.prover.graph is None else {}),
        **({"graph": {"edges": [list(e) for e in proof.prover.graph.edges],
                      "labelling": [list(ports) for ports in proof.prover.graph.labelling],
                      "port_number_read": proof.port_number_read,
                      "labelling_states_searched": proof.labelling_states}}
           if proof.prover.graph is not None else {}),
        "invariant": _name(proof.invariant),
        "conjuncts": [{"name": c.name, "description": c.doc} for c in proof.invariant.conjuncts],
        "arrangements": {"symbolic": True, "represented": _factorial(proof.n)},
        "channels": "unbounded",
        "timeout_seconds": proof.timeout,
        "seconds": round(proof.seconds, 3),
        "obligations": [o.to_json() for o in proof.obligations],
    }


# seconds an all-n proof may take in all: the slowest written one, peterson's, takes about two
# minutes; a variant whose obligations z3 cannot decide would otherwise take hours (each unknown
# one is asked again and again, and on small rings, before it is given up)
ALL_N_TIME_LIMIT = 600.0


def all_n_command(argv: list[str]) -> int:
    """``check ALGO --prove --all-n [--termination] [--timeout S] [--time-limit S] [--json]`` (``--all-n``
    alone implies ``--prove``)."""
    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise AlgorithmError(
                f"{message} (with --all-n: check ALGO --prove --all-n [--termination] [--timeout S] [--time-limit S] "
                "[--json])")

    parser = Parser(prog="check ALGO --all-n", add_help=False)
    parser.add_argument("algorithm", nargs="?")
    parser.add_argument("--all-n", action="store_true")
    parser.add_argument("--prove", action="store_true")
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--time-limit", type=float, default=ALL_N_TIME_LIMIT)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--termination", action="store_true")
    parser.add_argument("--n")
    args = parser.parse_args(argv)
    if args.n is not None:
        raise AlgorithmError(f"--all-n proves for every ring size; drop --n {args.n} "
                             f"(or prove for one size with --prove --n {args.n})")
    if not args.algorithm:
        raise AlgorithmError("name an algorithm, e.g. `check cr --prove --all-n`")
    if args.timeout <= 0 or args.time_limit <= 0:
        raise AlgorithmError("--timeout and --time-limit must be positive numbers of seconds")
    algorithm = load_algorithm(args.algorithm)
    if args.termination:
        proof = prove_termination(algorithm, timeout=args.timeout, time_limit=args.time_limit)
    else:
        proof = prove_all_n_or_weakened(algorithm, timeout=args.timeout, time_limit=args.time_limit)
    print(json.dumps(proof.to_json(), indent=2) if args.json else proof.summary())
    return proof.exit_status


class _TheoremParser(argparse.ArgumentParser):
    def error(self, message):
        raise AlgorithmError(f"{message} (see `check theorem --help`)")


def theorem_command(argv: list[str]) -> int:
    """``check theorem NAME`` / ``check theorem --list``."""
    parser = _TheoremParser(prog="check theorem", description="Prove a theorem about every algorithm with z3.")
    parser.add_argument("name", nargs="?", help="a theorem (see --list)")
    parser.add_argument("--list", action="store_true", help="list the theorems")
    parser.add_argument("--with-ids", action="store_true",
                        help="the control: give processes distinct ids; the symmetry must then fail to prove")
    parser.add_argument("--n", type=int, default=4, help="ring size of the unrolled check (default 4)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the unrolled check (default 3)")
    args = parser.parse_args(argv)
    if args.list:
        for name, (summary, _) in THEOREMS.items():
            print(f"{name}  {summary}")
        return 0
    if not args.name:
        raise AlgorithmError("name a theorem, e.g. `check theorem anonymous-ring`, or run `check theorem --list`")
    if args.name not in THEOREMS:
        raise AlgorithmError(f"unknown theorem {args.name!r}: run `check theorem --list` ({', '.join(THEOREMS)})")
    if args.n < 1 or args.rounds < 0:
        raise AlgorithmError("--n must be at least 1 and --rounds at least 0")
    proof = THEOREMS[args.name][1](distinct_ids=args.with_ids, rounds=args.rounds, n=args.n)
    print(proof.summary())
    return proof.exit_status
