"""Mutant: seed 004's Hirschberg-Sinclair with every comparison of ids turned round, so that a
processor sends {no} to a larger id and lets a smaller one pass.

The smallest id then wins, but the algorithm promises the largest. Must be caught as
leader-is-largest. At n = 3 without reductions (48 arrangements), the run finds the violation
while its workers still hold arrangements: the run that exposed a hang at exit
(bench/early_end.py, tests/bench/test_early_end.py).
"""
from algorithms.hs_unoriented import From, HirschbergSinclairUnoriented, No, Ok
from models import And, opposite, receive


class HSUnorientedComparisonsFlipped(HirschbergSinclairUnoriented, name="hs-unoriented-comparisons-flipped"):
    @receive(From, when=lambda p, m, port: m.id > p.id)
    def send_back_no(p, m, port):
        p.send(port, No(m.id))

    @receive(From, when=lambda p, m, port: And(m.id < p.id, m.x + 1 == m.y))
    def return_ok(p, m, port):
        p.send(port, Ok(m.id))

    @receive(From, when=lambda p, m, port: And(m.id < p.id, m.x + 1 != m.y))
    def forward_from(p, m, port):
        p.send(opposite(port), From(m.id, m.x + 1, m.y))
