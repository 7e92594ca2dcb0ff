"""Candidate conjuncts for an all-n proof of Peterson, checked on every reachable state with ghosts.

    python bench/peterson_ghost_facts.py --n 4          # every arrangement of 1..4
    python bench/peterson_ghost_facts.py --n 2..5
    python bench/peterson_ghost_facts.py --n 4 --algorithm my_peterson.py   # a variant

specs/all_n/peterson.py is a partial all-n invariant with ghost rounds (docs/proofs-all-n.md,
"Not yet: peterson"). This script proves nothing and the checker does not use it: it runs
Peterson (algorithms/peterson.py, the explorer's own steps) with the same ghosts beside it --
``round`` per process, one more where a red process survives a round (``take_alias_n``), and on
every message the ``round`` it was sent in and its ``origin`` (the id of the red process that
sent it; a router keeps both) -- and checks, on every reachable state of every arrangement of
1..n, the facts a proof would be made of. A message's *key* is 2 round + (0 for a One, 1 for a
Two): the order a red process takes its red predecessor's messages in. A message's *path* is
the processes strictly between its origin and where it waits (every other process, if it is back
at its origin). *Doomed*: red, waiting for line 5 with alias(N) < alias (it turns black on the
next Two, whatever it carries).

* ``sent_bound``: a message's key is at most its origin's last: 2 round, + 1 once it has sent
  its round's Two (waiting for line 5, or black);
* ``relay_rounds``: every process on a message's path is black, with a round below the message's;
* ``channel_order``: keys strictly increase from each channel's head to its tail;
* ``global_order``: a message waiting anywhere on another message's path has a larger key;
* ``expects``: a message waiting at a red process has at least the key it waits for (2 round,
  + 1 while it waits for line 5), at a black one more than 2 round + 1;
* ``alias_segment``: every process from the owner of a red process's alias up to it (not
  itself) is black or doomed, in an earlier round;
* ``one_segment``: the same of a One's payload and its origin: every process from the owner of
  the id it carries up to its origin (not the origin) is black or doomed, in an earlier round
  than the One's;
* ``asleep_head_one``, ``line_5_head_two``: the head of a process not started is a One; of a
  process waiting for line 5, a Two (neither follows from ``expects`` and ``channel_order``:
  the message waited for must be there, ahead of the later ones, a fact of existence,
  ``stream_exact`` below);
* ``leader_alone``: a leader is the only red process and nothing is in flight;

and with two more ghosts per process, ``seen`` (the key of the last message it took from its
channel, consumed or routed; -1 before) and ``sent`` (of the last it put on its out-channel):

* ``stream_exact``: the messages in the channel into x have exactly the keys seen(x) + 1 up to
  sent(prev(x)), in that order: every channel carries the keys 0, 1, 2, ... one after the other;
* ``red_waits_next``: a red process waits for the key after the last it took (2 round, + 1
  while it waits for line 5; a leader has taken its own One) and has sent its own last key;
* ``black_passes_on``: a black process has sent the key it last took, at least its own round's Two;
* ``path_seen``: every process on a message's path has taken a key at least the message's.

With ``stream_exact`` the head of a red process's channel is the message it waits for, which is
the fact of existence the all-n attempts lacked; said with a ``prev`` function it needs one
existential (the payload and origin of the message with a given key), not one per hop.

A variant (``--algorithm FILE``, with Peterson's locals and messages) is run the same way: the
facts are Peterson's argument, so a variant that breaks at-most-one-leader fails some (a
leader on any alias at least its own fails ``leader_alone``; tests/bench/test_peterson_ghost_facts.py).
Prints, per n, the reachable ghost states and, per fact, whether it holds; exits 0 if every
fact holds at every n asked, 1 if one fails, 2 on a bad argument.
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections import Counter, deque

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from algorithms.cr import BLACK  # noqa: E402
from algorithms.peterson import One, Peterson  # noqa: E402
from checker.cli.loader import load_algorithm  # noqa: E402
from checker.cli.modes import as_range, parse_n  # noqa: E402
from models import NIL, TRUE, AlgorithmError, AsyncSystem  # noqa: E402

FACTS = ("sent_bound", "relay_rounds", "channel_order", "global_order", "expects", "alias_segment",
         "one_segment", "asleep_head_one", "line_5_head_two", "leader_alone", "stream_exact", "red_waits_next",
         "black_passes_on", "path_seen")
ASLEEP, COLOR, ALIAS, ALIAS_N, LEADER = range(5)  # Peterson's locals, in declaration order


def key(message, round_sent: int) -> int:
    """The order a red process takes its red predecessor's messages in: One, Two, One, Two, ..."""
    return 2 * round_sent + (0 if isinstance(message, One) else 1)


def ghost_successors(system: AsyncSystem, state, ghosts):
    """Each step from (state, ghosts): the target with its ghosts. ``ghosts`` is (rounds, seen,
    sent, stamps): per process its round, the key of the last message it took from its channel
    and of the last it put on its out-channel (-1: none yet), and ``stamps[k]`` channel k's
    messages' (round, origin), head first; channel k goes from process k to process k + 1."""
    n = len(system.ids)
    rounds, seen, sent, stamps = ghosts
    for step in system.steps(state):
        p = step.process
        new_rounds, new_seen, new_sent, new_stamps = list(rounds), list(seen), list(sent), list(stamps)
        if step.command == "take_alias_n":
            new_rounds[p] += 1
        received = None
        if step.received is not None:
            inbox = (p - 1) % n
            received, new_stamps[inbox] = new_stamps[inbox][0], new_stamps[inbox][1:]
            new_seen[p] = key(step.received, received[0])
        for _port, message in step.sent:
            stamp = received if step.command in ("route_one", "route_two") else (new_rounds[p], system.ids[p])
            new_stamps[p] = new_stamps[p] + (stamp,)
            new_sent[p] = key(message, stamp[0])
        yield step.target, (tuple(new_rounds), tuple(new_seen), tuple(new_sent), tuple(new_stamps))


class GhostState:
    """A reachable state with its ghosts, read by process (0..n-1, clockwise)."""

    def __init__(self, ids, state, ghosts):
        rounds, self.seen, self.sent, stamps = ghosts
        self.n, self.ids, self.rounds = len(ids), ids, rounds
        self.locals, self.channels = state[:self.n], state[self.n:]
        self.owner = {x: i for i, x in enumerate(ids)}
        # every message: (where it waits, its key, its origin's process, round, payload, is a One)
        self.messages = []
        for k, (channel, marks) in enumerate(zip(self.channels, stamps)):
            for message, (r, origin) in zip(channel, marks):
                one = isinstance(message, One)
                self.messages.append(((k + 1) % self.n, key(message, r), self.owner[origin], r, message.alias, one))

    def black(self, x):
        return self.locals[x][COLOR] == BLACK

    def doomed(self, x):
        v = self.locals[x]
        return not self.black(x) and not v[ASLEEP] and v[ALIAS_N] != NIL and v[ALIAS_N] < v[ALIAS]

    def between(self, a, b):
        """The processes strictly between a and b clockwise (every other one if a == b)."""
        steps = (b - a) % self.n or self.n
        return [(a + k) % self.n for k in range(1, steps)]

    def last_key(self, o):
        v = self.locals[o]
        sent_two = self.black(o) or v[ALIAS_N] != NIL
        return 2 * self.rounds[o] + (1 if sent_two else 0)

    def behind_ok(self, start, end, r):
        """Every process from start up to end (not end) is black or doomed, in a round below r."""
        span = [start] + self.between(start, end) if start != end else []
        return all((self.black(z) or self.doomed(z)) and self.rounds[z] < r for z in span)

    def failed(self) -> set[str]:
        bad = set()
        waiting = {x: [m for m in self.messages if m[0] == x] for x in range(self.n)}
        for at, order, origin, r, payload, one in self.messages:
            if order > self.last_key(origin):
                bad.add("sent_bound")
            path = self.between(origin, at)
            if any(not self.black(z) or self.rounds[z] >= r for z in path):
                bad.add("relay_rounds")
            if any(other[1] <= order for z in path for other in waiting[z]):
                bad.add("global_order")
            if any(self.seen[z] < order for z in path):
                bad.add("path_seen")
            v = self.locals[at]
            if self.black(at):
                least = 2 * self.rounds[at] + 2
            else:
                least = 2 * self.rounds[at] + (1 if v[ALIAS_N] != NIL else 0)
            if order < least:
                bad.add("expects")
            if one and (payload not in self.owner or not self.behind_ok(self.owner[payload], origin, r)):
                bad.add("one_segment")
        for x in range(self.n):
            keys = [m[1] for m in waiting[x]]  # head first: self.messages keeps each channel's order
            if any(a >= b for a, b in zip(keys, keys[1:])):
                bad.add("channel_order")
            v = self.locals[x]
            head = waiting[x][0] if waiting[x] else None
            if v[ASLEEP] and head is not None and not head[5]:
                bad.add("asleep_head_one")
            if not self.black(x) and v[ALIAS_N] != NIL and head is not None and head[5]:
                bad.add("line_5_head_two")
            if not self.black(x) and not v[ASLEEP]:
                owner = self.owner.get(v[ALIAS])
                if owner is None or not self.behind_ok(owner, x, self.rounds[x]):
                    bad.add("alias_segment")
            if v[LEADER] == TRUE and (any(not self.black(z) for z in range(self.n) if z != x) or self.messages):
                bad.add("leader_alone")
            if keys != list(range(self.seen[x] + 1, self.sent[(x - 1) % self.n] + 1)):
                bad.add("stream_exact")
            if self.black(x) and (self.sent[x] != self.seen[x] or self.seen[x] < 2 * self.rounds[x] + 1):
                bad.add("black_passes_on")
            if not self.black(x):
                waits_for = 2 * self.rounds[x] + (1 if v[ALIAS_N] != NIL or v[LEADER] == TRUE else 0)
                if self.sent[x] != (self.last_key(x) if not v[ASLEEP] else -1) or self.seen[x] + 1 != waits_for:
                    bad.add("red_waits_next")
        return bad


def check(n: int, algorithm=Peterson) -> tuple[int, Counter]:
    """(reachable ghost states over every arrangement of 1..n, failures per fact)."""
    total, failures = 0, Counter()
    for ids in itertools.permutations(range(1, n + 1)):
        if ids[0] != 1 and algorithm is Peterson:
            continue  # Peterson's steps read no position, so a rotation is the same ring; a variant's may
        system = AsyncSystem(algorithm, ids)
        start = (system.initial_state, ((0,) * n, (-1,) * n, (-1,) * n, ((),) * n))
        seen, queue = {start}, deque([start])
        while queue:
            state, ghosts = queue.popleft()
            failures.update(GhostState(ids, state, ghosts).failed())
            for successor in ghost_successors(system, state, ghosts):
                if successor not in seen:
                    seen.add(successor)
                    queue.append(successor)
        total += len(seen)
    return total, failures


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--n", required=True, help="ring size, or a range such as 2..5")
    arguments.add_argument("--algorithm", metavar="FILE", help="a variant of Peterson (default: algorithms/peterson.py)")
    return arguments


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        ns = as_range(parse_n(args.n))  # check's own reading of --n 5 and --n 2..5
        algorithm = load_algorithm(args.algorithm) if args.algorithm else Peterson
    except AlgorithmError as error:
        print(error, file=sys.stderr)
        return 2
    failed = False
    for n in ns:
        states, failures = check(n, algorithm)
        which = "with id 1 at process 0" if algorithm is Peterson else "every one"
        print(f"{algorithm.name} with ghost rounds, n = {n}: {states:,} reachable ghost states "
              f"(arrangements of 1..{n}, {which})")
        for fact in FACTS:
            print(f"  {fact:16} {'holds' if not failures[fact] else f'FAILS at {failures[fact]:,} states'}")
        failed = failed or bool(failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
