# itai-rodeh variant: the process with id 2 relays every counter twice

from algorithms.itai_rodeh import And, Counter, ItaiRodeh, NEXT, Phase, receive


class FzRounds(ItaiRodeh, name="fz-rounds"):
    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.INACTIVE, p.id != 2))
    def relay_counter(p, m, port):
        p.send(NEXT, Counter(m.hops + 1))

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.INACTIVE, p.id == 2))
    def relay_counter_twice(p, m, port):
        p.send(NEXT, Counter(m.hops + 1))
        p.send(NEXT, Counter(m.hops + 1))
