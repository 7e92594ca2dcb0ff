"""Variant: tests/judges/self_loop.py with a timeout that never fires, so that its termination is
judged under fairness (checker/explore/fairness.py): the decided state's only step is an idle
step back to itself, a cycle of one state that a fair scheduler follows forever."""
from models import Algorithm, And, Local, Not, UnidirectionalRing, spontaneous, timeout


class SelfLoopWithTimeout(Algorithm, name="judges-self-loop-with-timeout"):
    topology = UnidirectionalRing
    done = Local(bool, False)

    def is_leader(p):
        return p.done

    def decided(p):
        return p.done

    @spontaneous(when=lambda p: Not(p.done))
    def decide(p):
        p.done = True

    @spontaneous(when=lambda p: p.done)
    def idle(p):
        pass

    @timeout(when=lambda p: And(p.done, Not(p.done)))
    def never(p):
        pass
