"""Variant: LCR whose sleeping processes may fidget (flip a flag back and forth) before they start,
with a timeout that never fires.

The timeout makes the property fair-termination, and the fidgeting makes the graph cyclic: a
weakly fair execution leaves every such cycle (the process's send_my_id stays enabled on it), so
every fair execution terminates. The message bound cannot be judged on a cyclic graph (a
complete execution may go round a cycle any number of times first): it must be reported "not
checked", never "holds".
"""
from algorithms.lcr import LCR
from models import NIL, And, Local, Not, spontaneous, timeout


class LCRFidgets(LCR, name="lcr-fidgets"):
    fidgety = Local(bool, False)

    @spontaneous(when=lambda p: And(p.asleep, p.leader == NIL))
    def fidget(p):
        p.fidgety = Not(p.fidgety)

    @timeout(when=lambda p: And(p.asleep, Not(p.asleep)))
    def never(p):
        pass
