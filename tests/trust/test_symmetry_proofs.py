"""Mirror symmetry is proved for the class loaded before a run quotients by it (checker/trust/symmetry.py).

The variants in tests/trust/variants/ inherit ``mirror_symmetric = True`` from a built-in and
change one port: each elects nobody on some arrangements only, which the reflection (or
labelling) quotient would skip. Every mode that plans arrangements must drop the declaration
with a note and find the violation.
"""
import json
import os
import sys
from dataclasses import replace
from enum import IntEnum

import pytest
from hypothesis import given, settings, strategies as st

from algorithms import BUILTIN, builtin
from algorithms.cr import BLACK, RED
from algorithms.franklin import Franklin, Token
from algorithms.hs import HirschbergSinclair, Probe, Reply
from checker import check
from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.trust.symmetry import (
    LABELLING, REFLECTION, ROTATION, established_symmetry, prove_mirror_symmetry,
)
from models import CCW, CW, NIL, And, AsyncSystem, Id, Or, ite, receive, spontaneous, timeout
from models.topology.ring import opposite

VARIANTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants")

# file -> (the class named in the note, the command instance the proof names, the port it is on)
ONE_SIDED = {
    "hs_one_sided_bounce.py": ("HSOneSidedBounce", "bounce (line 15) on CW has no counterpart on CCW"),
    "franklin_one_sided_quit.py": ("FranklinOneSidedQuit", "quit (line 16) has no counterpart"),
    "hs_lecture_one_sided_relay.py": ("HSLectureOneSidedRelay", "pass_out (line 14) on CW has no counterpart on CCW"),
    "hs_unoriented_left_ok.py": ("HSUnorientedLeftOk", "return_ok (line 15) on RIGHT has no counterpart on LEFT"),
}


def variant(name):
    return os.path.join(VARIANTS, name)


DECLARING = [name for name in sorted(BUILTIN) if builtin(name).mirror_symmetric]


def test_the_built_ins_that_declare_it_are_the_four_on_two_port_rings():
    assert DECLARING == ["franklin", "hs", "hs-lecture", "hs-unoriented"]


@pytest.mark.parametrize("name", DECLARING)
@pytest.mark.parametrize("n", [3, 4, 5])
def test_every_declaring_built_in_is_proved(name, n):
    proof = prove_mirror_symmetry(builtin(name), n)
    assert proof.proved, proof.reason


@pytest.mark.parametrize("name", DECLARING)
def test_a_declaring_built_in_keeps_its_quotient(name):
    algorithm = builtin(name)
    expected = LABELLING if algorithm.topology.port_labellings else REFLECTION
    assert established_symmetry(algorithm, algorithm.topology(4), REFLECTION, 4) == (expected, None)


@pytest.mark.parametrize("file", sorted(ONE_SIDED))
def test_a_one_sided_variant_is_violated_with_a_note(capsys, file):
    cls, instance = ONE_SIDED[file]
    assert main([variant(file), "--n", "3"]) == 1
    out = capsys.readouterr().out
    assert "VIOLATED" in out and "election" in out
    note = next(line for line in out.splitlines() if "declares mirror_symmetric" in line)
    assert f"{cls} declares mirror_symmetric, but its mirror image differs: {instance} (when " in note
    assert note.endswith("arrangements are taken up to rotation only") or "every port labelling is checked" in note


@pytest.mark.parametrize("file", sorted(ONE_SIDED))
def test_the_one_sided_variants_are_correct_on_the_arrangement_the_quotient_kept(file):
    """Each bug shows only on arrangements a reflection (or labelling) quotient leaves out:
    the variants test the gate, not the search."""
    algorithm = load_algorithm(variant(file))
    ids = (1, 2, 3)
    swapped = (False, False, False) if algorithm.topology.port_labellings else None
    from checker.explore.explorer import Explorer
    from models import AsyncSystem
    from specs import election_spec

    exploration = Explorer(AsyncSystem(algorithm, ids, swapped), election_spec(algorithm), stop_at_first=False).run()
    assert all(exploration.holds.values())


def test_the_json_report_carries_the_note_and_the_symmetry_used(capsys):
    assert main([variant("hs_one_sided_bounce.py"), "--n", "3", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["symmetry"] == "rotation" and report["arrangements"]["checked"] == 2
    assert any("HSOneSidedBounce declares mirror_symmetric" in note for note in report["notes"])


# -- what the proof accepts and refuses --------------------------------------------------------


class Unchanged(HirschbergSinclair, name="hs-unchanged"):
    """A subclass that changes nothing: still proved (afresh, as a class of its own)."""


class BounceSplitByPort(HirschbergSinclair, name="hs-bounce-split-by-port"):
    """bounce written once per port: each is the other's mirror image (a different command)."""

    bounce = None

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0), ports=(CW,))
    def bounce_cw(p, m, port):
        p.send(CW, Reply(m.id, m.phase))

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0), ports=(CCW,))
    def bounce_ccw(p, m, port):
        p.send(CCW, Reply(m.id, m.phase))


class BounceSplitOnOnePort(HirschbergSinclair, name="hs-bounce-split-on-one-port"):
    """On CCW the bounce is two commands (phase 0, later phases) doing the same: the contexts are
    split differently on the two ports, the outcomes are the same."""

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0), ports=(CW,))
    def bounce(p, m, port):
        p.send(port, Reply(m.id, m.phase))

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0, m.phase == 0), ports=(CCW,))
    def bounce_first_phase(p, m, port):
        p.send(port, Reply(m.id, m.phase))

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0, m.phase != 0), ports=(CCW,))
    def bounce_later_phases(p, m, port):
        p.send(port, Reply(m.id, m.phase))


class FirstReplyAlwaysCW(HirschbergSinclair, name="hs-first-reply-always-cw"):
    """Records a first reply in replied[CW] whichever side it came from: a PerPort slot not swapped."""

    @receive(Reply, when=lambda p, m, port: And(m.id == p.id, p.replied[opposite_of(port)] == False))  # noqa: E712
    def first_reply(p, m, port):
        p.replied[CW] = True


def opposite_of(port):
    return CCW if port == CW else CW


class RelayEarlyBackwards(Franklin, name="franklin-relay-early-backwards"):
    """A black process passes an early CW token back the way it came: a spontaneous send on the wrong port."""

    @spontaneous(when=lambda p: And(p.color == BLACK, p.early[CW] != NIL))
    def relay_early_cw(p):
        p.send(CW, Token(p.early[CW]))
        p.early[CW] = NIL


class LeaderReadsOneSide(Franklin, name="franklin-leader-reads-one-side"):
    """is_leader looks at one side's token: a decision function that is not mirror-invariant."""

    def is_leader(p):
        return Or(p.L == p.id, And(p.color == RED, p.token[CW] == p.id))


class ReadingRefused(HirschbergSinclair, name="hs-reading-refused"):
    """relay_probe's body is replaced below, past the lint: it asks a z3 term for its truth
    value (max), which the symbolic reading refuses."""


def _relay_larger(p, m, port):
    p.send(opposite_of(port), Probe(max(m.id, p.id), m.phase, m.ttl - 1))


ReadingRefused.commands = tuple(replace(c, body=_relay_larger) if c.name == "relay_probe" else c
                                for c in ReadingRefused.commands)


def test_an_unchanged_subclass_keeps_the_reflection_quotient():
    result = check(Unchanged, 4)
    assert (result.symmetry, result.arrangements_checked, result.verdict) == (REFLECTION, 3, "verified")
    assert result.symmetry_note is None and not any("mirror" in note for note in result.notes)


@pytest.mark.parametrize("algorithm", [BounceSplitByPort, BounceSplitOnOnePort])
def test_commands_that_mirror_each_other_are_proved(algorithm):
    assert prove_mirror_symmetry(algorithm, 3).proved


@pytest.mark.parametrize("algorithm,reason", [
    (FirstReplyAlwaysCW, "first_reply (line"),
    (RelayEarlyBackwards, "relay_early_cw (line"),
    (LeaderReadsOneSide, "is_leader differs from its mirror image (when"),
    (ReadingRefused, "the symbolic reading of relay_probe (line"),
])
def test_what_differs_is_named(algorithm, reason):
    proof = prove_mirror_symmetry(algorithm, 3)
    assert not proof.proved and reason in proof.reason and "\n" not in proof.reason


def test_the_counterexample_to_the_mirror_image_is_a_real_context():
    proof = prove_mirror_symmetry(FirstReplyAlwaysCW, 3)
    assert proof.reason.startswith("first_reply (line") and "on CW has no counterpart on CCW (when" in proof.reason
    assert "m.id = " in proof.reason and "p.id = " in proof.reason


def test_the_witness_is_the_smallest_context_whatever_z3_did_before():
    """The witness names the smallest values (false before true, 0, 1, -1, ...), so the note is
    the same in a fresh process and after other z3 work (docs/checking.md shows it). A fresh
    process, since the symbolic readings are memoised: the theorem's z3 work must come first."""
    import subprocess
    import sys

    program = (
        "from checker.prove.theorems import prove_anonymous_ring\n"
        "from checker.cli.loader import load_algorithm\n"
        "from checker.trust.mirror_proof import prove\n"
        "prove_anonymous_ring()\n"
        f"print(prove(load_algorithm({os.path.join(VARIANTS, 'hs_one_sided_bounce.py')!r}), 3)[1])\n"
    )
    root = os.path.dirname(os.path.dirname(VARIANTS.rstrip(os.sep).rsplit(os.sep, 1)[0]))
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=root, check=True)
    assert "(when p.id = 1, p.leader = NIL, m.id = 2, m.phase = 0, m.ttl = 0)" in done.stdout


def test_proofs_are_cached_per_class_and_n():
    assert prove_mirror_symmetry(Unchanged, 3) is prove_mirror_symmetry(Unchanged, 3)
    assert prove_mirror_symmetry(Unchanged, 4) is not prove_mirror_symmetry(Unchanged, 3)


# -- timeouts and synchronous rounds (tests/trust/system_variants/: each variant's bug is
# -- hidden from the proof of its commands alone; tests/trust/test_system_variants.py runs them)

SYSTEM_VARIANTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "system_variants")
TellsClockwiseOnly = load_algorithm(os.path.join(SYSTEM_VARIANTS, "timeout_tells_clockwise_only.py"))
RanksFavourClockwise = load_algorithm(os.path.join(SYSTEM_VARIANTS, "timeout_ranks_favour_clockwise.py"))
WaitsForClockwise = load_algorithm(os.path.join(SYSTEM_VARIANTS, "timeout_waits_for_clockwise.py"))
KeepsLastHeard = load_algorithm(os.path.join(SYSTEM_VARIANTS, "sync_ring_keeps_last_heard.py"))
Hello = sys.modules[TellsClockwiseOnly.__module__].Hello
Leader = sys.modules[WaitsForClockwise.__module__].Leader


class TellsBothWays(TellsClockwiseOnly, name="timeout-tells-both-ways"):
    @timeout(when=lambda p: p.waiting)
    def tell(p):
        p.waiting = False
        p.send(CW, Hello(p.id))
        p.send(CCW, Hello(p.id))


class RanksAlike(RanksFavourClockwise, name="timeout-ranks-alike"):
    """The two timeouts are each other's image, of the same rank."""

    @timeout(when=lambda p: p.waiting, rank=2)
    def tell_clockwise(p):
        p.waiting = False
        p.send(CW, Hello(p.id))


class WaitsForTheLarger(WaitsForClockwise, name="timeout-waits-for-the-larger"):
    """Waits for the larger neighbour, whichever side it is on."""

    @timeout(when=lambda p: And(p.leader != NIL, p.leader != p.id, p.id > ite(p.nb[CW] < p.nb[CCW], p.nb[CW], p.nb[CCW])),
             waits_for=lambda p: ite(p.nb[CW] > p.nb[CCW], p.nb[CW], p.nb[CCW]))
    def take_over(p):
        p.leader = p.id
        p.send(CW, Leader(p.id))
        p.send(CCW, Leader(p.id))


class KeepsLargestHeard(KeepsLastHeard, name="sync-ring-keeps-largest-heard"):
    """Keeps the largest id it hears, whichever port it reads first: its round commutes, and at
    n = 3 the largest id is the one process that hears only smaller ones."""

    def is_leader(p):
        return And(p.heard != NIL, p.heard < p.id)

    @receive(Hello)
    def hear(p, m, port):
        p.heard = ite(m.id > p.heard, m.id, p.heard)


@pytest.mark.parametrize("algorithm", [TellsBothWays, RanksAlike, WaitsForTheLarger, KeepsLargestHeard])
def test_timeouts_and_rounds_that_mirror_each_other_are_proved(algorithm):
    proof = prove_mirror_symmetry(algorithm, 3)
    assert proof.proved, proof.reason


@pytest.mark.parametrize("algorithm, reason", [
    (TellsClockwiseOnly, ("tell (line 26) has no counterpart among the timeouts of rank 1 that fire when nothing "
                         "else can (when p.waiting = true)")),
    (RanksFavourClockwise, "tell_clockwise (line 26) has no counterpart among the timeouts of rank 1"),
    (WaitsForClockwise, "take_over (line 70) has no counterpart among the timeouts of rank 1 that wait for a process"),
    (KeepsLastHeard, ("in a synchronous round, Hello on CW (hear) then Hello on CCW (hear) does what no command "
                      "does in the other order, which the mirror image's round takes (when")),
])
def test_a_timeout_or_a_round_that_differs_is_named(algorithm, reason):
    proof = prove_mirror_symmetry(algorithm, 3)
    assert not proof.proved and reason in proof.reason and "\n" not in proof.reason


def test_a_synchronous_ring_whose_round_commutes_keeps_the_reflection_quotient():
    reduced, every = check(KeepsLargestHeard, 3), check(KeepsLargestHeard, 3, symmetry="none")
    assert (reduced.symmetry, reduced.arrangements_checked, reduced.verdict) == (REFLECTION, 1, "verified")
    assert every.verdict == "verified" and every.arrangements_checked == 6


# -- the gate ------------------------------------------------------------------------------


def test_an_unfaithful_reading_drops_a_proved_symmetry():
    hs = builtin("hs")
    symmetry, note = established_symmetry(hs, hs.topology(3), REFLECTION, 3,
                                          reading_problem=lambda algorithm, n: "win (line 9): z3 says 1, Python 0")
    assert symmetry == ROTATION
    assert note.startswith("HirschbergSinclair declares mirror_symmetric, but its symbolic reading")
    assert "win (line 9): z3 says 1, Python 0" in note


def test_what_is_requested_bounds_what_is_used():
    hs, unoriented, lcr = builtin("hs"), builtin("hs-unoriented"), builtin("lcr")
    assert established_symmetry(hs, hs.topology(3), "rotation", 3) == (ROTATION, None)
    assert established_symmetry(hs, hs.topology(3), "none", 3) == ("none", None)
    assert established_symmetry(lcr, lcr.topology(3), REFLECTION, 3) == (ROTATION, None)
    assert established_symmetry(unoriented, unoriented.topology(3), "rotation", 3) == (ROTATION, None)
    variant_class = load_algorithm(variant("hs_unoriented_left_ok.py"))
    symmetry, note = established_symmetry(variant_class, variant_class.topology(3), REFLECTION, 3)
    assert symmetry == REFLECTION and "every port labelling is checked" in note  # reflection needs no proof there


# -- every mode that plans arrangements goes through the gate --------------------------------


def test_messages_mode_drops_the_quotient_and_says_so(capsys):
    assert main([variant("hs_one_sided_bounce.py"), "--n", "3", "--messages"]) == 1
    out = capsys.readouterr().out
    assert "VIOLATED" in out and "note: HSOneSidedBounce declares mirror_symmetric" in out


def test_compare_drops_the_quotient_and_says_so(capsys):
    assert main(["compare", "hs", variant("hs_one_sided_bounce.py"), "--n", "3"]) == 1
    out = capsys.readouterr().out
    assert "violates election at n = 3" in out and "note: HSOneSidedBounce declares mirror_symmetric" in out


def test_check_invariant_never_quotients_by_reflection(capsys):
    """--check-invariant takes rotation classes at most (a symmetric invariant is evaluated on
    every rotation of each state), so an unproved mirror declaration is never used there."""
    assert main([variant("hs_one_sided_bounce.py"), "--n", "3", "--check-invariant"]) == 1
    out = capsys.readouterr().out
    assert "VIOLATED" in out and "2 checked, standing for 6 (one per rotation class)" in out


def test_open_schedules_plan_every_rotation_class_of_an_unproved_variant(capsys):
    from checker.measure.open_schedules import open_schedules

    algorithm = load_algorithm(variant("hs_one_sided_bounce.py"))
    report = open_schedules(algorithm, 3, paste=False)
    assert report.cases_planned == 2 * 3  # two rotation classes, three edges
    assert report.notes and "HSOneSidedBounce declares mirror_symmetric" in report.notes[0]
    assert open_schedules(builtin("hs"), 3, paste=False).cases_planned == 1 * 3


def test_open_schedules_refuse_the_unoriented_ring(capsys):
    assert main(["hs-unoriented", "--n", "3", "--open-schedules"]) == 2
    assert "open schedules are not available on the non-oriented ring" in capsys.readouterr().err


# -- the proof against the reference semantics -----------------------------------------------

def _value(value_type, n):
    if value_type is bool:
        return st.booleans()
    if value_type is Id:
        return st.integers(0, n)
    if isinstance(value_type, type) and issubclass(value_type, IntEnum):
        return st.sampled_from([int(member) for member in value_type])
    return st.integers(-1, 2 * n)


def _mirrored_outcomes(system, outcomes, slot_image):
    """The outcome set with every port and PerPort slot swapped; sends kept in order per port."""
    mirrored = set()
    for _, new_locals, sent in outcomes:
        per_port = {}
        for port, message in sent:
            per_port.setdefault(opposite(port), []).append(message)
        mirrored.add((tuple(new_locals[j] for j in slot_image), tuple(sorted((p, tuple(m)) for p, m in per_port.items()))))
    return mirrored


def _outcomes(outcomes):
    result = set()
    for _, new_locals, sent in outcomes:
        per_port = {}
        for port, message in sent:
            per_port.setdefault(port, []).append(message)
        result.add((tuple(new_locals), tuple(sorted((p, tuple(m)) for p, m in per_port.items()))))
    return result


@pytest.mark.parametrize("name", DECLARING)
def test_a_proved_algorithm_is_mirror_symmetric_on_concrete_contexts(name):
    """What the proof claims, checked with the reference semantics on random local contexts:
    mirrored locals on the other port give the mirrored outcome set, and the same observation."""
    assert prove_mirror_symmetry(builtin(name), 3).proved
    concrete_mirror_check(builtin(name), 3)


@pytest.mark.parametrize("algorithm", [FirstReplyAlwaysCW, LeaderReadsOneSide])
def test_the_concrete_check_sees_what_the_proof_refuses(algorithm):
    with pytest.raises(AssertionError):
        concrete_mirror_check(algorithm, 3)


def concrete_mirror_check(algorithm, n):
    system = AsyncSystem(algorithm, tuple(range(1, n + 1)))
    slots = system.layout.slots
    where = {(slot_name, port): k for k, (slot_name, port, _) in enumerate(slots)}
    slot_image = [k if port is None else where[(slot_name, opposite(port))] for k, (slot_name, port, _) in enumerate(slots)]
    types = sorted({c.message for c in algorithm.commands if c.kind == "receive"}, key=lambda t: t.__name__)
    ports = system.topology.in_ports(0)

    @st.composite
    def contexts(draw):
        values = tuple(draw(_value(variable.type, n)) for _, _, variable in slots)
        message_type = draw(st.sampled_from(types))
        fields = tuple(draw(_value(t, n)) for t in message_type.field_types)
        return values, draw(st.integers(0, n - 1)), draw(st.sampled_from(ports)), message_type(*fields)

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(contexts())
    def agrees(context):
        values, i, port, message = context
        image = tuple(values[j] for j in slot_image)
        assert _mirrored_outcomes(system, system.spontaneous_outcomes(i, values), slot_image) == \
            _outcomes(system.spontaneous_outcomes(i, image))
        assert _mirrored_outcomes(system, system.receive_outcomes(i, values, port, message), slot_image) == \
            _outcomes(system.receive_outcomes(i, image, opposite(port), message))
        assert system.observe_locals(i, values) == system.observe_locals(i, image)

    agrees()


@pytest.mark.parametrize("file", sorted(ONE_SIDED))
def test_exploration_agrees_that_the_variants_mirror_images_differ(file):
    """The exploration-based cross-check (checker/explore/symmetry.py) sees the same thing as the proof."""
    from checker.explore.symmetry import labelling_mismatches, mirror_mismatches

    algorithm = load_algorithm(variant(file))
    differ = labelling_mismatches if algorithm.topology.port_labellings else mirror_mismatches
    assert differ(algorithm, 3) and not prove_mirror_symmetry(algorithm, 3).proved
