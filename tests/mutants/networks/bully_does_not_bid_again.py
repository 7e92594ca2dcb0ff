"""bully-always-replies whose processes notice the leader's crash but do not bid again.

Bug: ``leader_silent`` (Step 1: "after detecting a failure of the leader, bids to become the
new leader") forgets ``failed := true``, so after the leader crashes nobody starts an
election. Caught by election with one crash at n = 3: the run ends with no live leader.
"""
from algorithms.bully import BullyAlwaysReplies, State
from models import NIL, And, Not, timeout


class DoesNotBidAgain(BullyAlwaysReplies, name="bully-does-not-bid-again"):
    @timeout(when=lambda p: And(p.state == State.IDLE, Not(p.failed), p.L != NIL, p.L != p.id),
             waits_for=lambda p: p.L)
    def leader_silent(p):
        p.L = NIL  # forgets the leader, and does not bid
