"""Itai-Rodeh whose inactive processors relay a counter without counting the hop.

A lone active processor then gets its own counter back with 0 hops, not N-1, never knows it is
alone, and draws again forever: from the state where one processor is left active, no coin can
end the run. Caught by almost-sure-termination (n = 2: one processor turns inactive, the other
loops), with the scheduler's trap shown as a lasso.
"""
from algorithms.itai_rodeh import Counter, ItaiRodeh, Phase
from models import NEXT, receive


class HopNotCounted(ItaiRodeh, name="itai-rodeh-hop-not-counted"):
    @receive(Counter, when=lambda p, m, port: p.phase == Phase.INACTIVE)
    def relay_counter(p, m, port):
        p.send(NEXT, m)
