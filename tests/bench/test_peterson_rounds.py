"""bench/peterson_rounds.py: the facts Peterson's safety argument rests on, on every reachable state."""
from __future__ import annotations

from bench.peterson_rounds import FACTS, main


def test_every_fact_holds_on_every_reachable_state_of_rings_of_3(capsys):  # well under a second
    assert main(["--n", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("peterson, n = 3: 192 reachable states (every arrangement)")
    assert all(f"  {fact:24} holds" in out for fact in FACTS)
