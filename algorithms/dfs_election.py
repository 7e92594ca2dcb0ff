"""DFS-based election on any connected network (seed 000): a DFS from every node, lowest uid wins.

Source: seed 000_f26e5a13e7d0ddb1.txt, "General Networks" and "General networks (contd.)":

    DFS algorithm from a specified root:
      When a node first receives a message M
        Send accept to sender
        For each child:
          Send M
          Wait for accept or reject before considering next child
      When a node later receives a message M
        Send reject to sender

    Start DFS spanning tree algorithm from all nodes
    In addition:
      Send node's uid along with M
      When two DFS traversals collide, the copy with the lower uid wins
      The other DFS stalls - no response is sent to the sender
        The sender waits forever
      Only the processor that has the minimum uid gets a response from all of its children
    Message complexity: O(n * m); time complexity: O(m)

Asynchronous, any connected network. This module reads "send accept to sender" as the answer a
node gives once its own part of the search is done: it explores its children first and then
accepts, so its sender's "wait for accept or reject before considering next child" waits for
the whole subtree, which is what makes the search depth-first and the root's last answer mean
that the search has covered the network. ``dfs-election-literal`` (``DfsElectionLiteral``)
ships the slide's order as printed: accept at once, then explore; docs/algorithms.md says what
the checker finds of it.

Choices where the slides leave room:
  * Every node's own search exists from the start ("start DFS from all nodes"): a node belongs
    to the search of the lowest uid it has heard of, its own until it hears of a lower one
    (``L``: NIL for its own). Starting (``start``) lets it send its first M. A node that has
    joined a lower search before it starts never starts its own: that one would lose anyway.
  * Collisions: a node in search u that receives M(v) joins search v if v < u ("first receives":
    it has not been in search v before), sends reject if v = u ("later receives"), and answers
    nothing if v > u ("the other DFS stalls"). Joining abandons the search it was in, so an
    answer that later arrives for that search is ignored.
  * "For each child": the children are the node's neighbours but its parent, taken one at a
    time in any order: ``send_to_child`` may be taken on any port not yet tried in this search
    (``@spontaneous(any_port=True)``), and the checker explores every choice. That covers every
    order a node could use, in particular walking its ports in number order under every
    labelling; and since the algorithm reads no port number, one labelling stands for all.
  * The root is elected when its last child has answered. The slides do not say how the others
    learn it; the leader floods ``Leader(uid)`` (each node passes it on to all its neighbours
    the first time), 2m messages, so that every node records the leader's id (L(i)).
  * The bound checked is 4nm + 2m: each of the n searches sends M at most once each way on
    every edge and gets at most one answer for each; then the announcement.
"""
from __future__ import annotations

from models import (
    NIL, NO_PORT, SMALLEST, Algorithm, And, Id, Local, Message, Network, Not, Or, PerPort, Port, ite, receive,
    spontaneous,
)


class Search(Message):  # the slides' M, with the uid of the search
    uid: int


class Accept(Message):
    uid: int


class Reject(Message):
    uid: int


class Leader(Message):
    uid: int


def search_of(p):
    """The uid of the search p belongs to: its own until it joins a lower one."""
    return ite(p.L == NIL, p.id, p.L)


def in_search(p):
    """Taking part in a search: its own once started, or one it joined."""
    return Or(p.started, p.L != NIL)


def dfs_messages(n, setting):
    return 4 * n * setting.edges + 2 * setting.edges


class DfsElection(Algorithm, name="dfs-election", seed="000_f26e5a13e7d0ddb1.txt"):
    """DFS-based election (seed 000): a search from every node on any network, the lower uid wins a collision."""

    topology = Network
    winner = SMALLEST

    started = Local(bool, False)
    L = Local(Id, NIL)  # the search joined (NIL: its own)
    parent = Local(Port, NO_PORT)
    tried = PerPort(Id, NIL)  # the search in which this port was tried as a child
    answered = Local(int, 0)  # children that have answered in this search
    waiting = Local(Port, NO_PORT)  # the child whose answer it waits for
    finished = Local(bool, False)  # its part of the search is done
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    def leader_id(p):
        return p.leader

    message_bound = staticmethod(dfs_messages)
    message_bound_text = "4nm + 2m"

    @spontaneous(when=lambda p: And(Not(p.started), p.L == NIL))
    def start(p):  # start DFS from all nodes
        p.started = True

    # "For each child: send M; wait for accept or reject before considering next child"
    @spontaneous(any_port=True, when=lambda p, port: And(
        in_search(p), p.waiting == NO_PORT, Not(p.finished), port != p.parent, p.tried[port] != search_of(p)))
    def send_to_child(p, port):
        p.send(port, Search(search_of(p)))
        p.tried[port] = search_of(p)
        p.waiting = port

    @receive(Accept, when=lambda p, m, port: And(m.uid == search_of(p), port == p.waiting))
    def child_accepted(p, m, port):
        p.waiting = NO_PORT
        p.answered = p.answered + 1

    @receive(Reject, when=lambda p, m, port: And(m.uid == search_of(p), port == p.waiting))
    def child_rejected(p, m, port):
        p.waiting = NO_PORT
        p.answered = p.answered + 1

    # every child considered: answer the sender; the root has its answer from all its children
    @spontaneous(when=lambda p: And(in_search(p), p.waiting == NO_PORT, Not(p.finished), p.parent != NO_PORT,
                                    p.answered + 1 == p.degree))
    def accept(p):
        p.finished = True
        p.send(p.parent, Accept(search_of(p)))

    @spontaneous(when=lambda p: And(p.started, p.L == NIL, p.waiting == NO_PORT, Not(p.finished),
                                    p.answered == p.degree))
    def elected(p):
        p.finished = True
        p.leader = p.id
        p.send_all(Leader(p.id))

    # collisions
    @receive(Search, when=lambda p, m, port: m.uid < search_of(p))
    def join(p, m, port):  # first receives M of this search (a lower one than its own): join it
        p.L = m.uid
        p.parent = port
        p.answered = 0
        p.waiting = NO_PORT
        p.finished = False

    @receive(Search, when=lambda p, m, port: m.uid == search_of(p))
    def reject(p, m, port):  # later receives M of its own search
        p.send(port, Reject(m.uid))

    @receive(Search, when=lambda p, m, port: m.uid > search_of(p))
    def stall(p, m, port):  # the higher search stalls: no answer, its sender waits forever
        pass

    @receive(Leader, when=lambda p, m, port: p.leader == NIL)
    def learn_leader(p, m, port):
        p.leader = m.uid
        p.send_all(m)


class DfsElectionLiteral(DfsElection, name="dfs-election-literal"):
    """DFS-based election with the slide's order as printed: accept at once, then explore the children."""

    @receive(Search, when=lambda p, m, port: m.uid < search_of(p))
    def join(p, m, port):  # "when a node first receives a message M: send accept to sender; for each child ..."
        p.L = m.uid
        p.parent = port
        p.answered = 0
        p.waiting = NO_PORT
        p.finished = False
        p.send(port, Accept(m.uid))

    @spontaneous(when=lambda p: And(in_search(p), p.waiting == NO_PORT, Not(p.finished), p.parent != NO_PORT,
                                    p.answered + 1 == p.degree))
    def accept(p):  # already accepted when it joined: its part of the search just ends
        p.finished = True
