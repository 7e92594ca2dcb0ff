"""bully-always-replies whose wait for the leader ends whenever nothing else can happen.

Bug: Step 4's timeout ("no leader message within a timeout period after receiving a reply")
is timed like the wait for replies, by quiescence, instead of waiting for the would-be leader
that replied to fail. After that would-be leader's own superior crashes, the lowest process
bids, gets a reply, times out and bids again, for ever, while the would-be leader's timeout
(which in real time began first) is only ever enabled in the quiet states between. Caught by
fair-termination with one crash at n = 3: a lasso a weakly fair scheduler can follow.
"""
from algorithms.bully import BullyAlwaysReplies, State
from models import NIL, timeout


class LeaderWaitEndsWhenQuiet(BullyAlwaysReplies, name="bully-leader-wait-ends-when-quiet"):
    @timeout(when=lambda p: p.state == State.WAIT_LEADER, rank=2)
    def no_leader(p):
        p.failed = True
        p.state = State.IDLE
        p.answered_by = NIL
