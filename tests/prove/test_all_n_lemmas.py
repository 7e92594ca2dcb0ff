"""Step lemmas (specs/all_n ``StepLemma``): a claim about the state one step is taken in, proved
first and then given to that step's obligations. What z3 does not prove is not given, so a
lemma can add a proof's missing middle, never a wrong verdict."""
from __future__ import annotations

from dataclasses import replace

import pytest
import z3

from algorithms.cr import RED
from algorithms.lcr import LCR
from algorithms.peterson import One, Peterson, Two
from checker.prove.all_n import FAILED, PROVED, UNKNOWN, prove_all_n
from checker.prove.ring_steps import AllNUnsupported
from models import NEXT, NIL, TRUE, And, receive
from specs.all_n import AllNInvariant, StepLemma, invariant_for
from specs.all_n.peterson import ORIGINS

from tests.prove.test_all_n_help import LCR_PROOF, _conjunct, _lost_with_everything


def no_bypass_before(ring, step):
    """The written no_bypass, as a claim about the state pass_on is taken in."""
    return _conjunct(invariant_for(LCR), "no_bypass")(ring)


def nothing_at_all(ring, step):
    """False: a lemma that would prove anything, if it were given."""
    return z3.BoolVal(False)


def _with_lemma(invariant: AllNInvariant, claim, rests_on=()) -> AllNInvariant:
    """The invariant with one lemma for pass_on, and self_pending_min's hint naming only it."""
    return replace(invariant, lemmas=(StepLemma("pass_on", claim, rests_on),),
                   rests_on={_conjunct(invariant, "self_pending_min"): (claim,)})


def test_a_proved_lemma_is_given_to_its_steps_obligations(monkeypatch):
    """z3 is made to answer only the hints' queries: self_pending_min's names the lemma alone,
    which is proved from no_bypass and then stands in for it."""
    written = invariant_for(LCR)
    _lost_with_everything(monkeypatch)
    proof = prove_all_n(LCR, _with_lemma(written, no_bypass_before, (_conjunct(written, "no_bypass"),)),
                        only={LCR_PROOF}, counterexamples=False)
    assert [(o.step, o.goal, o.status) for o in proof.lemmas] == [("pass_on", "no_bypass_before", PROVED)]
    assert [o.status for o in proof.obligations] == [PROVED]


def test_a_lemma_not_proved_is_not_given(monkeypatch):
    """The same lemma with a hint that does not prove it (and the whole invariant made unknown):
    it is reported unknown, and the obligation resting on it stays unknown."""
    _lost_with_everything(monkeypatch)
    proof = prove_all_n(LCR, _with_lemma(invariant_for(LCR), no_bypass_before), only={LCR_PROOF},
                        counterexamples=False)
    assert [o.status for o in proof.lemmas] == [UNKNOWN]
    assert [o.status for o in proof.obligations] == [UNKNOWN]


def test_a_false_lemma_never_proves_a_false_obligation():
    """Without no_bypass, pass_on breaks self_pending_min (tests/prove/test_all_n.py DROPPED). A
    lemma saying False would prove it if it were trusted: it fails, is not given, and the
    obligation still fails with its counterexample."""
    dropped = invariant_for(LCR).without("no_bypass")
    proof = prove_all_n(LCR, _with_lemma(dropped, nothing_at_all), timeout=5, only={LCR_PROOF})
    assert [o.status for o in proof.lemmas] == [FAILED]
    assert [o.status for o in proof.obligations] == [FAILED] and proof.obligations[0].counterexample
    assert "lemmas      0 of 1 proved" in proof.summary() and "pass_on / nothing_at_all failed, not used" in proof.summary()
    assert proof.to_json()["lemmas"] == [{"step": "pass_on", "claim": "nothing_at_all", "status": FAILED,
                                          "seconds": proof.to_json()["lemmas"][0]["seconds"]}]


def test_a_lemma_for_a_step_the_algorithm_does_not_have_is_refused():
    written = replace(invariant_for(LCR), lemmas=(StepLemma("pass_along", no_bypass_before),))
    with pytest.raises(AllNUnsupported, match="a lemma is written for the step 'pass_along', which lcr does not "
                                              "have; its steps are .*pass_on"):
        prove_all_n(LCR, written)


@pytest.mark.slow  # about 15 s: the witness search for the step, then the lemmas
def test_a_leader_of_peterson_is_alone_by_its_lemmas():
    """ORIGINS's leader_alone at i_am_the_leader: unknown at 60 s from the whole invariant, proved
    through its lemmas (the One back at its origin is its own, the others are black and have taken
    its key, nothing was sent past it, nothing else is in flight)."""
    proof = prove_all_n(Peterson, ORIGINS, timeout=10, only={("i_am_the_leader", "leader_alone")}, counterexamples=False)
    assert [o.goal for o in proof.lemmas] == [lemma.name for lemma in ORIGINS.lemmas if lemma.step == "i_am_the_leader"]
    assert {o.status for o in proof.lemmas} == {PROVED}
    assert [(o.step, o.goal, o.status) for o in proof.obligations] == [("i_am_the_leader", "leader_alone", PROVED)]


def test_stability_and_no_duplicate_take_hints_by_name(monkeypatch):
    """A hint keyed "stability" (or ("stability", step)) is asked as a conjunct's is: pass_on
    changes no decision whatever the invariant, so the hint naming nothing proves it."""
    written = invariant_for(LCR)
    _lost_with_everything(monkeypatch)
    wanted = {("pass_on", "stability")}
    assert [o.status for o in prove_all_n(LCR, written, only=wanted, counterexamples=False).obligations] == [UNKNOWN]
    for key in ("stability", ("stability", "pass_on")):
        hinted = replace(written, rests_on={key: ()})
        assert [o.status for o in prove_all_n(LCR, hinted, only=wanted, counterexamples=False).obligations] == [PROVED]


class _PetersonTwoLeaders(Peterson, name="peterson-two-leaders"):
    """A red process claims leadership on any One carrying an alias at least its own (the explorer
    finds two leaders at n = 4)."""

    @receive(One, when=lambda p, m, port: And(p.color == RED, m.alias >= p.alias, p.alias != NIL))
    def i_am_the_leader(p, m, port):
        p.leader = TRUE

    @receive(One, when=lambda p, m, port: And(p.color == RED, m.alias < p.alias, p.alias != NIL))
    def send_alias_n(p, m, port):
        p.alias_n = m.alias
        p.send(NEXT, Two(m.alias))


@pytest.mark.slow  # about 30 s (at 6 s a query: 84 s, the same answer)
def test_a_variant_with_two_leaders_is_not_shown_alone():
    """The lemmas that make the leader alone rest on the One coming back being the process's own:
    for the variant it is not, and neither the lemmas nor the obligation are proved."""
    variant = replace(ORIGINS, algorithm=_PetersonTwoLeaders)
    proof = prove_all_n(_PetersonTwoLeaders, variant, timeout=2, only={("i_am_the_leader", "leader_alone")},
                        counterexamples=False)
    assert proof.verdict != PROVED and [o.status for o in proof.obligations] != [PROVED]
    assert any(o.status != PROVED for o in proof.lemmas)
