"""An inductive invariant of dfs-election-literal (algorithms/dfs_election.py, seed
000_f26e5a13e7d0ddb1.txt) on a graph where the process with id 1 neighbours every other one:
the complete graph. Only id 1 is ever elected there.

The argument. Id 1 is the lowest id, so the process with id 1 never joins another search
(``join`` wants a lower uid) and answers only its own: it sends ``Reject(1)`` and never an
``Accept`` (``one_stays_in_its_search``, ``answers_from_one``). A search of uid u > 1 that
has tried the port leading to id 1 therefore waits on that port forever
(``waits_for_one_forever``). A process counts one answer per port it tried in its current
search and is no longer waiting on (``answered_counts_answers``, with ``waiting_was_tried``
and ``tried_in_earlier_searches``, since a process's search only goes down). ``elected``
wants its own search (L = NIL), nothing awaited and an answer from each of its ports; a
process other than id 1 that neighbours id 1 cannot have one from id 1's port, so it is never
elected. Every announcement and every recorded leader is then id 1 (``leader_is_one``,
``announcements_of_one``), which gives at-most-one-leader, leader-is-smallest, and
stability (``elected`` writes 1 over 1 at worst; ``learn_leader`` writes only over NIL).

The ids are symbolic (``check ... --prove`` covers every arrangement at once); what is
specific to the complete graph is only that every process has id 1 among its neighbours.
On a graph where some process does not (the star with id 1 on a leaf, the diamond), a search
can be answered by every neighbour without id 1, and the invariant is not inductive.

``check dfs-election-literal --n 4 --graph complete --prove --invariant
specs/dfs_literal_invariant.py`` proves it (docs/networks.md gives the figures).
"""
from __future__ import annotations

from algorithms.dfs_election import Accept, DfsElectionLiteral, Leader, Reject, Search, search_of
from models import NIL, And, Implies, Or, ite

from specs.invariants import ForAll, Invariant, conjunct


def _ports(p):
    return range(p.degree)


def _tried_now(p, k):
    """p tried its port k in the search it is in now."""
    return p.tried[p.port(k)] == search_of(p)


class DfsLiteralInvariant(Invariant, algorithm=DfsElectionLiteral):
    @conjunct
    def uids_are_ids(s):
        """Every message in a channel carries a uid in 1..n."""
        return ForAll(s.channels, lambda ch: And(*(
            ForAll(ch.messages(t), lambda m: And(1 <= m.uid, m.uid <= s.n)) for t in (Search, Accept, Reject, Leader))))

    @conjunct
    def one_stays_in_its_search(s):
        """A process that joined a search joined one of a uid in 1..id-1 (so id 1 never joins one)."""
        return ForAll(s.processes, lambda p: Or(p.L == NIL, And(1 <= p.L, p.L < p.id)))

    @conjunct
    def tried_in_earlier_searches(s):
        """A port tried in some search was tried in the search the process is in now or in a higher one."""
        return ForAll(s.processes, lambda p: And(*(
            Or(p.tried[p.port(k)] == NIL, p.tried[p.port(k)] >= search_of(p)) for k in _ports(p))))

    @conjunct
    def waiting_was_tried(s):
        """The port a process waits on was tried in its current search."""
        return ForAll(s.processes, lambda p: And(*(
            Implies(p.waiting == p.port(k), _tried_now(p, k)) for k in _ports(p))))

    @conjunct
    def answered_counts_answers(s):
        """A process has counted at most one answer per port tried in its search and no longer awaited."""
        return ForAll(s.processes, lambda p: p.answered <= sum(
            ite(And(_tried_now(p, k), p.waiting != p.port(k)), 1, 0) for k in _ports(p)))

    @conjunct
    def answers_from_one(s):
        """Every Accept or Reject that id 1 has sent carries uid 1 (it answers only its own search)."""
        return ForAll(s.channels, lambda ch: Implies(ch.sender.id == 1, And(
            ForAll(ch.messages(Accept), lambda m: m.uid == 1), ForAll(ch.messages(Reject), lambda m: m.uid == 1))))

    @conjunct
    def waits_for_one_forever(s):
        """A process in a search other than 1 that has tried its port to id 1 in it waits on that port."""
        return ForAll(s.processes, lambda p: And(*(
            Implies(And(s.neighbour(p, k).id == 1, search_of(p) != 1, _tried_now(p, k)), p.waiting == p.port(k))
            for k in _ports(p))))

    @conjunct
    def leader_is_one(s):
        """A process that records a leader records id 1."""
        return ForAll(s.processes, lambda p: Or(p.leader == NIL, p.leader == 1))

    @conjunct
    def announcements_of_one(s):
        """Every Leader message carries uid 1."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Leader), lambda m: m.uid == 1))


