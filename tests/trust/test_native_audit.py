"""The native engine is checked against Python: every local context the C search evaluated is
re-executed with the reference semantics (models/native/audit.py) before a verdict rests on it.

The audit is the last of the defences against a symbolic reading that differs from Python's,
and the only one that is complete: the lint refuses the constructs it knows, the symbolic
reading refuses operators whose z3 meaning differs (models/reading/faithful.py), and the reading check
compares readings with Python on small contexts (checker/trust/readings.py). The variants in
tests/trust/variants/ are real bugs hidden by such a construct; each is refused by default, and
with the other defences switched off (as if they had missed it) the C engine is built from the
wrong reading, and the audit alone must make the run VIOLATED, with the one-line disagreement
as a note. An audit of hand-corrupted outcomes must name the command and the values; and the
audit must run on the fast path of a built-in, once per context.
"""
import contextlib
import dataclasses
import io
import os

import pytest

from algorithms import builtin
from checker import check, load_algorithm
from checker.cli import main
from checker.explore import run
from checker.trust import remembered
from models import AsyncSystem
from models.dsl import algorithm as dsl
from models.native import audit as native_audit
from models.reading import faithful
from models.native.engine import NativeEngine
from models.native.audit import Disagreement, audit, verified

from conftest import in_a_fresh_process

VARIANTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants")

# each variant, and the command (or decision function) its disagreement names
DISAGREEING = {
    "cr_tuple_guard.py": "CRTupleGuard.remove (line",
    "cr_all_helper.py": "CRAllHelper.drop_when_black (line",
    "lcr_float_division.py": "LCRFloatDivision.",
    "lcr_tuple_is_leader.py": "LCRTupleIsLeader.is_leader (line",
}


def _leave_only_the_audit(setattr):
    """The lint, the refusals of the symbolic reading and the reading check miss everything: the
    C engine is built from whatever z3 makes of the text, as before any of them existed.
    ``setattr``: monkeypatch's, or the builtin one in a process of its own."""
    setattr(dsl, "lint_algorithm_class", lambda cls: None)
    setattr(faithful, "_patches", lambda: [])
    check_nothing = remembered.reading_report
    setattr(run, "reading_report", lambda algorithm, n: check_nothing(algorithm, n, evidence=()))


@pytest.fixture
def only_the_audit(monkeypatch):
    _leave_only_the_audit(monkeypatch.setattr)


def _path(filename: str) -> str:
    return os.path.join(VARIANTS, filename)


def test_the_variants_are_there():
    assert set(DISAGREEING) <= {f for f in os.listdir(VARIANTS) if f.endswith(".py")}


@pytest.mark.parametrize("filename", sorted(DISAGREEING))
def test_a_variant_is_refused_by_default(filename, capsys):
    assert main([_path(filename), "--n", "3"]) == 2
    assert "VERIFIED" not in capsys.readouterr().out


@pytest.mark.parametrize("filename", sorted(DISAGREEING))
def test_the_python_engine_finds_the_variants_bug(only_the_audit, filename, capsys):
    """What each variant's docstring promises, so the tests below test the audit, not the bug."""
    assert main([_path(filename), "--n", "3", "--engine", "interned", "--no-por", "--symmetry", "none"]) == 1
    assert "VIOLATED" in capsys.readouterr().out


@pytest.mark.parametrize("filename", sorted(DISAGREEING))
def test_with_only_the_audit_a_variant_is_violated_with_the_disagreement(only_the_audit, filename, capsys):
    assert main([_path(filename), "--n", "3"]) == 1
    out = capsys.readouterr().out
    assert ": VIOLATED" in out.splitlines()[0]
    note = next(line for line in out.splitlines() if "the native engine's reading of" in line)
    assert DISAGREEING[filename] in note and "disagrees with Python at id " in note
    assert note.endswith("the Python engine runs this algorithm")


def _main_with_only_the_audit(argv: list[str]) -> tuple[int, str]:
    """main's exit status and output with only the audit, run by in_a_fresh_process: --jobs 2
    forks a pool, which forked from the threaded pytest-xdist worker may deadlock. The patches
    end with the process."""
    _leave_only_the_audit(setattr)
    with contextlib.redirect_stdout(io.StringIO()) as out:
        status = main(argv)
    return status, out.getvalue()


def test_the_disagreement_comes_back_from_worker_processes():
    argv = [_path("cr_tuple_guard.py"), "--n", "3", "--jobs", "2"]
    status, out = in_a_fresh_process(_main_with_only_the_audit, argv)
    assert status == 1
    assert "the native engine's reading of CRTupleGuard.remove" in out


def test_a_disagreement_discards_the_c_engine_for_the_rest_of_the_run_and_later_runs(only_the_audit):
    """cr_all_helper's C code is right on the first arrangement and wrong on the second."""
    algorithm = load_algorithm(_path("cr_all_helper.py"))
    result = check(algorithm, 3, jobs=1)
    assert result.verdict == "violated" and result.engine == "interned"
    assert [a.engine for a in result.per_arrangement] == ["native", "python"]
    assert any("CRAllHelper.drop_when_black" in note for note in result.notes)
    again = check(algorithm, 3, jobs=1)
    assert [a.engine for a in again.per_arrangement] == ["python", "python"]
    assert again.engine == "interned" and any("CRAllHelper.drop_when_black" in note for note in again.notes)


# -- the audit itself, on hand-corrupted outcomes ----------------------------------------------
@pytest.fixture
def fresh_memo(monkeypatch):
    """No context verified yet in this process, and no native engine loaded."""
    monkeypatch.setattr(native_audit, "_verified", {})
    monkeypatch.setattr(NativeEngine, "_loaded", {})


def _engine(algorithm, n: int) -> NativeEngine:
    return NativeEngine.for_algorithm(algorithm, n, remembered.reading_report(algorithm, n).trusted)


def _recorded(name: str, ids: tuple):
    algorithm = builtin(name)
    facts = _engine(algorithm, len(ids)).explore(ids)
    return facts.contexts, AsyncSystem(algorithm, ids)


def _corrupt(contexts, where, change):
    """contexts with the first context satisfying ``where`` changed by ``change``."""
    k = next(k for k, c in enumerate(contexts) if where(c))
    return contexts[:k] + [change(contexts[k])] + contexts[k + 1:], contexts[k]


def _outcome(context, **changes):
    return dataclasses.replace(context, outcomes=(dataclasses.replace(context.outcomes[0], **changes),
                                                  *context.outcomes[1:]))


def test_the_recorded_contexts_of_a_builtin_agree_with_python(fresh_memo):
    contexts, system = _recorded("cr", (1, 3, 2))
    assert contexts and audit(contexts, system) is None
    assert {c.key for c in contexts} <= verified(system.algorithm, 3)


CORRUPTIONS = {
    # a receive outcome's new locals: become_leader records an id no process has
    "locals": (lambda c: c.outcomes and c.outcomes[0].command == "become_leader",
               lambda c: _outcome(c, locals=(*c.outcomes[0].locals[:2], 7)),
               "ChangRoberts.become_leader (line", "C: become_leader sets L=7"),
    # a send's message
    "send": (lambda c: c.outcomes and c.outcomes[0].command == "initiate",
             lambda c: _outcome(c, sends=(("NEXT", type(c.outcomes[0].sends[0][1]).from_values((9,))),)),
             "ChangRoberts.initiate (line", "sends Token(9) on NEXT"),
    # a step C does not take
    "no step": (lambda c: c.outcomes and c.outcomes[0].command == "initiate",
                lambda c: dataclasses.replace(c, outcomes=()),
                "ChangRoberts.initiate (line", "C takes no step, Python takes initiate"),
    # an unmatched reception where Python takes a command
    "unmatched": (lambda c: c.port is not None and c.outcomes and c.outcomes[0].command == "relay",
                  lambda c: dataclasses.replace(c, outcomes=(dataclasses.replace(
                      c.outcomes[0], command=None, locals=c.locals, sends=()),)),
                  "ChangRoberts.relay (line", "C consumes it unmatched, Python takes relay"),
    # the instance number the partial-order reduction's tables go by
    "numbering": (lambda c: c.outcomes and c.outcomes[0].command == "resign",
                  lambda c: _outcome(c, offset=c.outcomes[0].offset + 1),
                  "ChangRoberts.resign (line", "C numbers resign as instance"),
    # an observation of the locals (rl_observe)
    "observation": (lambda c: c.observed is not None and c.observed[0] == 0,
                    lambda c: dataclasses.replace(c, observed=(1, *c.observed[1:])),
                    "ChangRoberts.decided (line", "C says decided is true, Python says false"),
}


@pytest.mark.parametrize("kind", sorted(CORRUPTIONS))
def test_a_corrupted_outcome_is_a_disagreement_naming_the_command_and_the_values(fresh_memo, kind):
    where, change, command, difference = CORRUPTIONS[kind]
    contexts, system = _recorded("cr", (1, 3, 2))
    corrupted, original = _corrupt(contexts, where, change)
    found = audit(corrupted, system)
    assert isinstance(found, Disagreement)
    line = str(found)
    assert "\n" not in line and found.command in line
    assert line.startswith(f"the native engine's reading of {command}")
    assert f"disagrees with Python at id {original.id}, color=" in line
    assert difference in line
    assert original.key not in verified(system.algorithm, 3)


def test_the_audit_runs_on_the_fast_path_of_a_builtin_once_per_context(fresh_memo, monkeypatch):
    runs = []
    check_context = native_audit._Check.run
    monkeypatch.setattr(native_audit._Check, "run", lambda self: runs.append(self.context.key) or check_context(self))
    result = check(builtin("hs"), 3, jobs=1)
    assert result.verdict == "verified" and result.engine == "native"
    assert all(a.engine == "native" for a in result.per_arrangement)
    engine = _engine(builtin("hs"), 3)
    audited = verified(builtin("hs"), 3)
    assert len(runs) == len(set(runs)) == len(audited) > 0
    assert all(c.key in audited for c in engine.unaudited)
    check(builtin("hs"), 3, jobs=1)  # the C search replays what it met: nothing new to audit
    assert len(runs) == len(audited)


def test_a_value_c_cannot_hold_is_a_disagreement_even_when_it_compares_equal(only_the_audit, tmp_path, capsys):
    """``p.id / 1`` is 3 on z3 integers and 3.0 in Python: equal, but C holds no float, so the
    audit does not take C's word for it (the run is still verified, by the Python engine)."""
    path = tmp_path / "lcr_halves.py"
    path.write_text(
        "from algorithms.lcr import LCR, Token\n"
        "from models import NEXT, NIL, And, Local, spontaneous\n"
        "class LCRHalves(LCR, name='lcr-halves'):\n"
        "    share = Local(int, 0)\n"
        "    @spontaneous(when=lambda p: And(p.asleep, p.leader == NIL))\n"
        "    def send_my_id(p):\n"
        "        p.asleep = False\n"
        "        p.share = p.id / 1\n"
        "        p.send(NEXT, Token(p.id))\n"
    )
    assert main([str(path), "--n", "3"]) == 0
    out = capsys.readouterr().out
    assert ": VERIFIED" in out.splitlines()[0]
    assert "the native engine's reading of LCRHalves.send_my_id (line 5) disagrees with Python at id " in out
    assert "C: send_my_id sets asleep=false, share=1 and sends Token(1) on NEXT; " \
           "Python: send_my_id sets asleep=false, share=1.0 and sends Token(1) on NEXT" in out
