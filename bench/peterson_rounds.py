"""The facts a proof of Peterson's safety would rest on, checked on every reachable state at n.

    python bench/peterson_rounds.py --n 4

specs/peterson_invariant.py is Peterson's inductive invariant (algorithms/peterson.py,
docs/proofs.md); this script checks, on plain states and without z3, the facts its argument
starts from. The argument of its safety (Fredlund, Groote and Korver's, TCS 177, 1997, in words): in a
round, the red processes' aliases are distinct ids, since a process that survives takes the
alias its red predecessor had in the round before, and the alias's owner -- the process whose
id it is -- lies after the red predecessor and at or before the process (by induction on the
rounds); so the One a red process receives at line 2 carries the alias of a process further
back than its own alias's, and equals its own only when it is the only red process. Said of
one state, for each red process p, the *relay* into p being the messages heading to p: those in
its in-channel and in the channels before it back to its red predecessor (the nearest red
process anticlockwise), through black processes that only route, nearest first:

* ``relay_word``: the relay is a prefix of One Two One Two when p waits for line 2 (asleep, or
  awake without alias(N)), of Two One Two when it waits for line 5, empty for a leader: at
  most two rounds of messages are in flight towards any red process;
* ``alias_owner_behind``: the owner of p's alias is p, or lies before it with every process
  from the owner up to p black or *doomed* (waiting for line 5 with alias(N) < alias: it turns
  black whatever arrives, and its successor may already hold its alias);
* ``distinct_aliases``: no two red processes that are not doomed share an alias;
* ``head_one_from_further``: when p waits for line 2 and the relay starts with a One, the
  owner of that One's alias lies further back (anticlockwise) from p than the owner of p's
  alias, unless every other process is black: so p becomes leader only when it is alone;
* ``leader_alone``: a leader is the only red process, and no message is in flight.

The invariant reads the relay position by position (``ch.at(k)``, specs/invariants.py).
Prints, per fact, on how many (state, process) pairs it was checked and on how
many it failed; exits 0 if none failed.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FACTS = ("relay_word", "alias_owner_behind", "distinct_aliases", "head_one_from_further", "leader_alone")


class PetersonState:
    """One reachable state of Peterson on a ring of n, read by position."""

    def __init__(self, ids, state, n: int, in_channel):
        from algorithms.cr import RED
        from models import NIL, TRUE

        self.n, self.ids = n, ids
        self.locals, self.channels = state[:n], state[n:]
        self.in_channel = in_channel
        self.owner = {x: i for i, x in enumerate(ids)}
        self.red = [values[1] == RED for values in self.locals]
        self.asleep = [values[0] for values in self.locals]
        self.alias = [values[2] for values in self.locals]
        self.alias_n = [values[3] for values in self.locals]
        self.leader = [values[4] == TRUE for values in self.locals]
        self.nil = NIL

    def before(self, p: int, k: int) -> int:
        return (p - k) % self.n

    def distance_back(self, p: int, q: int) -> int:
        """How many steps anticlockwise from p to q."""
        return (p - q) % self.n

    def doomed(self, p: int) -> bool:
        return self.red[p] and not self.asleep[p] and self.alias_n[p] != self.nil and self.alias_n[p] < self.alias[p]

    def alone(self, p: int) -> bool:
        return not any(self.red[q] for q in range(self.n) if q != p)

    def relay(self, p: int) -> list:
        """The messages heading to red p, nearest first (each channel's head first)."""
        messages, q = [], p
        while True:
            messages += list(self.channels[self.in_channel[q]])
            q = self.before(q, 1)
            if self.red[q]:
                return messages

    def waits_for_line_2(self, p: int) -> bool:
        return self.asleep[p] or (self.alias_n[p] == self.nil and not self.leader[p])


def failed_facts(s: PetersonState, p: int) -> list[str]:
    """The facts false at red process p."""
    failed, relay = [], s.relay(p)
    word = "".join("1" if type(m).__name__ == "One" else "2" for m in relay)
    expected = "" if s.leader[p] else ("1212" if s.waits_for_line_2(p) else "212")
    if not expected.startswith(word):
        failed.append("relay_word")
    if s.asleep[p]:
        return failed
    owner = s.owner.get(s.alias[p])
    back = s.distance_back(p, owner) if owner is not None else None
    if back is None or not all(not s.red[s.before(p, k)] or s.doomed(s.before(p, k)) for k in range(1, back + 1)):
        failed.append("alias_owner_behind")
    if not s.doomed(p) and any(q != p and s.red[q] and not s.asleep[q] and not s.doomed(q) and s.alias[q] == s.alias[p]
                               for q in range(s.n)):
        failed.append("distinct_aliases")
    if s.waits_for_line_2(p) and relay and type(relay[0]).__name__ == "One" and not s.alone(p):
        head_owner = s.owner.get(relay[0].alias)
        if back is None or head_owner is None or s.distance_back(p, head_owner) <= back:
            failed.append("head_one_from_further")
    if s.leader[p] and (not s.alone(p) or any(s.channels)):
        failed.append("leader_alone")
    return failed


def check(n: int) -> tuple[int, int, Counter]:
    """(states, red (state, process) pairs, failures per fact) over every reachable state at n."""
    from algorithms.peterson import Peterson
    from checker.prove.infer import reachable_states

    topology = Peterson.topology(n)
    in_channel = [topology.in_channel(p, topology.in_ports(p)[0]) for p in range(n)]
    found, complete = reachable_states(Peterson, n, most=10 ** 7)
    assert complete
    pairs, failures = 0, Counter()
    for ids, state in found:
        s = PetersonState(ids, state, n, in_channel)
        for p in range(n):
            if s.red[p]:
                pairs += 1
                failures.update(failed_facts(s, p))
    return len(found), pairs, failures


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, required=True, help="ring size")
    return p


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    states, pairs, failures = check(args.n)
    print(f"peterson, n = {args.n}: {states} reachable states (every arrangement), {pairs} red processes in them")
    for fact in FACTS:
        print(f"  {fact:24} {'holds' if not failures[fact] else f'FAILS at {failures[fact]}'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
