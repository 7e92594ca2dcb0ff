"""The static footprints that partial-order reduction relies on are sound on concrete steps.

For every command of every algorithm (the cases of test_symbolic), on random locals and
messages: the slots a step changes are among the footprint's writes, the ports it sends on
among its send ports, and changing a slot the footprint does not read changes neither
whether the command is enabled nor what it writes to other slots nor what it sends.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.dsl.algorithm import Layout
from checker.trust.remembered import reading_report
from models.reading.footprint import Footprint, TrustedReadings, footprint

from test_symbolic import CASE_IDS, CASES, local_values, run_concretely, scenarios


@pytest.mark.parametrize("algorithm, command, port", CASES, ids=CASE_IDS)
def test_footprint_covers_concrete_steps(algorithm, command, port):
    layout = Layout.of(algorithm, algorithm.topology.ports)

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(scenarios(algorithm, command), st.data())
    def check(scenario, data):
        n, ids, i, values, fields = scenario
        fp = footprint(algorithm, command, port, n, reading_report(algorithm, n).trusted)
        steps = run_concretely(algorithm, command, port, n, ids, i, values, fields)
        for step in steps:
            changed = {k for k, (a, b) in enumerate(zip(values, step.target[i])) if a != b}
            assert changed <= fp.writes
            assert {p for p, _ in step.sent} <= fp.send_ports
        unread = [k for k in range(len(values)) if k not in fp.reads]
        if not unread:
            return
        k = data.draw(st.sampled_from(unread))
        other = data.draw(local_values(layout.slots[k][2].type, n))
        perturbed = values[:k] + (other,) + values[k + 1:]
        again = run_concretely(algorithm, command, port, n, ids, i, perturbed, fields)
        assert bool(again) == bool(steps), f"slot {k} is read by the guard but not in the footprint"
        for before, after in zip(steps, again):
            assert [v for j, v in enumerate(before.target[i]) if j != k] == [
                v for j, v in enumerate(after.target[i]) if j != k
            ]
            assert before.sent == after.sent

    check()


def test_a_command_that_cannot_be_read_symbolically_gets_the_worst_footprint():
    from models import Algorithm, Local, Message, UnidirectionalRing, NEXT, receive

    class Token(Message):
        id: int

    class Opaque(Algorithm, name="opaque-footprint"):
        topology = UnidirectionalRing
        count = Local(int, 0)

        def is_leader(p):
            return False

        def decided(p):
            return True

        @receive(Token)
        def forward(p, m, port):
            p.count = int(str(m.id))  # plain Python on data: no symbolic reading
            p.send(NEXT, m)

    (command,) = Opaque.commands
    trusted = reading_report(Opaque, 3).trusted
    assert not trusted.trusts(command, "PREV")
    assert footprint(Opaque, command, "PREV", 3, trusted) == Footprint.worst(1, ("NEXT",))


def test_a_readable_command_whose_reading_is_not_trusted_gets_the_worst_footprint():
    from algorithms.lcr import LCR

    command = next(c for c in LCR.commands if c.name == "pass_on")
    everything = reading_report(LCR, 3).trusted
    assert everything.trusts(command, "PREV")
    assert footprint(LCR, command, "PREV", 3, everything) != Footprint.worst(2, ("NEXT",))
    nothing = TrustedReadings(frozenset(), False, "not checked")
    assert footprint(LCR, command, "PREV", 3, nothing) == Footprint.worst(2, ("NEXT",))
