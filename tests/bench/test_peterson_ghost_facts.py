"""bench/peterson_ghost_facts.py: candidate conjuncts of an all-n proof of Peterson, with ghost
rounds, on every reachable state; a variant that elects two leaders fails them."""
from __future__ import annotations

import textwrap

from algorithms.peterson import Peterson
from bench.peterson_ghost_facts import FACTS, ghost_successors, main
from models import AsyncSystem


def test_every_fact_holds_on_every_reachable_ghost_state_up_to_rings_of_4(capsys):  # a fifth of a second
    assert main(["--n", "1..4"]) == 0
    out = capsys.readouterr().out
    assert "n = 4: 594 reachable ghost states (arrangements of 1..4, with id 1 at process 0)" in out
    assert out.count("holds") == 4 * len(FACTS)


def test_a_variant_with_two_leaders_fails_leader_alone_and_the_order_it_breaks(tmp_path, capsys):
    variant = tmp_path / "peterson_leader_on_larger.py"
    variant.write_text(textwrap.dedent('''
        """Line 3 claims leadership on any alias at least its own, not only its own."""
        from algorithms.cr import RED
        from algorithms.peterson import One, Peterson
        from models import NIL, TRUE, And, receive


        class PetersonLeaderOnLarger(Peterson, name="peterson-leader-on-larger"):
            @receive(One, when=lambda p, m, port: And(p.color == RED, m.alias >= p.alias, p.alias != NIL))
            def i_am_the_leader(p, m, port):
                p.leader = TRUE
    '''))
    assert main(["--n", "3", "--algorithm", str(variant)]) == 1
    out = capsys.readouterr().out
    assert "leader_alone     FAILS" in out and "sent_bound       holds" in out


def test_a_bad_argument_is_one_line_and_exit_2(capsys):
    assert main(["--n", "0"]) == 2
    assert main(["--n", "3", "--algorithm", "no_such_file.py"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


def test_a_message_carries_its_senders_round_and_id_and_the_keys_taken_and_sent_are_kept():
    system = AsyncSystem(Peterson, (1, 2))
    state, ghosts = system.initial_state, ((0, 0), (-1, -1), (-1, -1), ((), ()))

    def take(process, command):
        nonlocal state, ghosts
        state, ghosts = next(
            successor for step, successor in zip(system.steps(state), ghost_successors(system, state, ghosts))
            if (step.process, step.command) == (process, command))

    take(0, "start")  # id 1 sends One(1) of round 0: key 0
    assert ghosts == ((0, 0), (-1, -1), (0, -1), (((0, 1),), ()))
    take(1, "start_on_receipt")  # id 2 takes it, sends One(2) and Two(1), both of its round 0
    assert ghosts == ((0, 0), (-1, 0), (0, 1), ((), ((0, 2), (0, 2))))
