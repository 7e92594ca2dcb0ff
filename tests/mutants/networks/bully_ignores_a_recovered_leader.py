"""bully-always-replies whose processes ignore a leader message that nobody asked for.

Bug: ``yield_to`` swallows the announcement of a higher process that was not awaited, as the
text's program does (it accepts ``leader`` only in "wait for leader"). When the highest process
recovers after another was elected, it bids, nobody answers (every other id is lower), it
elects itself and announces it; the others keep the old leader. Caught by election with one
crash and one recovery at n = 3: the run ends with two live leaders.
"""
from algorithms.bully import BullyAlwaysReplies, Leader, State
from models import And, receive


class IgnoresARecoveredLeader(BullyAlwaysReplies, name="bully-ignores-a-recovered-leader"):
    @receive(Leader, when=lambda p, m, port: And(p.state != State.WAIT_LEADER, m.sender > p.id))
    def yield_to(p, m, port):
        pass  # not waiting for a leader: the announcement is dropped
