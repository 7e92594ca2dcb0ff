"""Garcia-Molina's Bully algorithm on a complete network with crash failures (seed 002). Largest live id wins.

Source: seed 002_8e2c4d6f504b108f.txt, section 11.2.1 "The bully algorithm": "works on a
completely connected network of processes. It assumes that (i) communication links are
fault-free, (ii) processes can fail only by stopping, and (iii) failures can be detected using
timeout."

    program bully; {program for process i}
    define failed: boolean {true if the current leader fails}
           L: process {identifies the leader}
           m: message {election | leader | reply}
           state: idle | wait for reply | wait for leader
    initially state = idle (for every process)
    do failed -> for all j > i :: send election to j; state := wait for reply; failed := false
    [] (state = idle) and (m = election) -> send reply to sender; failed := true
    [] (state = wait for reply) and (m = reply) -> state := wait for leader
    [] (state = wait for reply) and timeout -> L(i) := i; for all j > i :: send leader to j; state := idle
    [] (state = wait for leader) and (m = leader) -> L(i) := sender; state := idle
    [] (state = wait for leader) and timeout -> failed := true; state := idle
    od

Check it with crashes: ``check bully --n 4 --crashes 1``. Timeouts are ringleader's
``@timeout`` (models/dsl/algorithm.py): under the text's bounded delays one fires only when what
it waits for can no longer come, and ``--premature-timeouts`` lets them fire at any time.

Choices where the text leaves room:
  * Processes know every id (the text sends "to every process with a higher id") and the
    network is the complete graph. A message carries its sender's id, and an election goes to
    every neighbour; one from a higher id is ignored (it was not addressed to this process):
    the same as sending only to the higher ids, with n - 1 messages instead of n - i.
  * "Send leader to j > i" in the program, "to every process in the system" in Step 3: every
    process, or the lower ones would never learn the leader.
  * Who detects the first failure: initially no process has a leader, so ``failed`` starts
    true everywhere (every process bids). Later, "after detecting a failure of the leader"
    (Step 1) is a timeout waiting for the recorded leader (``leader_silent``): it fires once
    that process has crashed.
  * The wait for replies (Step 3) ends when nothing else can happen: no reply is in transit or
    still to come. The wait for the leader (Step 4) ends when "the winner of the election failed
    in the meantime", as the proof of Theorem 11.1 reads it ("the would-be leader itself must
    have failed"): the process waits for the one whose reply it got (``answered_by``) and times
    out once that process has crashed. (Timing it as "nothing else can happen" instead lets a
    lower process time out and bid again, for ever, while the would-be leader still waits for
    its own crashed superior: a cycle no real clock allows, since that wait began first.)
  * A message no command accepts is consumed with no effect, as everywhere in ringleader: an
    election that reaches a process not idle is not answered, as the program says (only an
    idle process replies). docs/faults.md shows what that costs (``bully`` elects two leaders
    without any crash); ``bully-always-replies`` answers in every state, as Garcia-Molina's
    original does.
"""
from __future__ import annotations

from enum import IntEnum

from models import LARGEST, NIL, Algorithm, And, Id, Local, Message, Network, Not, receive, spontaneous, timeout


class State(IntEnum):
    IDLE = 0
    WAIT_REPLY = 1  # sent its election, waits for a reply
    WAIT_LEADER = 2  # got a reply, waits for the leader message


class Election(Message):
    sender: int


class Reply(Message):
    sender: int


class Leader(Message):
    sender: int


class Bully(Algorithm, name="bully", seed="002_8e2c4d6f504b108f.txt"):
    """Bully (seed 002): complete network, crash failures detected by timeouts; the largest live id wins."""

    topology = Network
    default_graphs = "complete"
    winner = LARGEST

    state = Local(State, State.IDLE)
    failed = Local(bool, True)  # initially no process has a leader: every one bids
    L = Local(Id, NIL)
    answered_by = Local(Id, NIL)  # who replied to this process's election: the would-be leader it waits for

    def is_leader(p):
        return p.L == p.id

    def decided(p):  # L(i) is set: a process bidding again keeps it until it learns the next leader
        return p.L != NIL

    def leader_id(p):
        return p.L

    @spontaneous(when=lambda p: p.failed)
    def bid(p):  # failed -> send election to every j > i; state := wait for reply
        p.send_all(Election(p.id))
        p.state = State.WAIT_REPLY
        p.failed = False

    @receive(Election, when=lambda p, m, port: And(p.state == State.IDLE, m.sender < p.id))
    def reply(p, m, port):  # idle and an election: send reply to sender; failed := true
        p.send(port, Reply(p.id))
        p.failed = True

    @receive(Election, when=lambda p, m, port: m.sender > p.id)
    def not_addressed(p, m, port):  # an election for the higher ids only
        pass

    @receive(Reply, when=lambda p, m, port: p.state == State.WAIT_REPLY)
    def outbid(p, m, port):  # wait for reply and a reply: state := wait for leader
        p.state = State.WAIT_LEADER
        p.answered_by = m.sender

    @timeout(when=lambda p: p.state == State.WAIT_REPLY, rank=1)
    def no_reply(p):  # wait for reply and timeout: L(i) := i; send leader; state := idle
        p.L = p.id
        p.send_all(Leader(p.id))
        p.state = State.IDLE

    @receive(Leader, when=lambda p, m, port: p.state == State.WAIT_LEADER)
    def learn_leader(p, m, port):  # wait for leader and a leader message: L(i) := sender
        p.L = m.sender
        p.state = State.IDLE
        p.answered_by = NIL

    @timeout(when=lambda p: p.state == State.WAIT_LEADER, waits_for=lambda p: p.answered_by)
    def no_leader(p):  # wait for leader and timeout: failed := true; state := idle
        p.failed = True
        p.state = State.IDLE
        p.answered_by = NIL

    @timeout(when=lambda p: And(p.state == State.IDLE, Not(p.failed), p.L != NIL, p.L != p.id),
             waits_for=lambda p: p.L)
    def leader_silent(p):  # Step 1: the leader has failed
        p.failed = True


class BullyAlwaysReplies(Bully, name="bully-always-replies"):
    """Bully as Garcia-Molina wrote it: a live process answers every election from a lower id, in any state."""

    @receive(Election, when=lambda p, m, port: And(p.state != State.IDLE, m.sender < p.id))
    def reply_busy(p, m, port):  # already in an election of its own: answer, bid on as before
        p.send(port, Reply(p.id))

    @receive(Leader, when=lambda p, m, port: And(p.state != State.WAIT_LEADER, m.sender > p.id))
    def yield_to(p, m, port):  # a higher process announces itself (it recovered, or outran this bid)
        p.L = m.sender
        p.state = State.IDLE
        p.failed = False
        p.answered_by = NIL
