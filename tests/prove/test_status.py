"""refute's restarts: a query one seed leaves undecided is asked again with another seed; each
attempt in a z3 context of its own."""
import z3

from checker.prove import status
from checker.prove.status import FAILED, PROVED, UNKNOWN, refute

RealSolver = z3.Solver


class SeedRecorder:
    """Stands in for z3.Solver: answers unknown under the seeds in ``stuck``, else the real answer."""

    def __init__(self, stuck):
        self.stuck, self.asked = stuck, []

    def __call__(self, ctx=None):
        recorder, solver = self, RealSolver(ctx=ctx)
        seed = {}

        class Solver:
            def set(self, key, value):
                seed[key] = value
                solver.set(key, value)

            def add(self, *formulas):
                solver.add(*formulas)

            def check(self):
                recorder.asked.append((seed["random_seed"], seed["timeout"]))
                return z3.unknown if seed["random_seed"] in recorder.stuck else solver.check()

            def reason_unknown(self):
                return "stuck"
        return Solver()


def test_an_undecided_first_attempt_is_asked_again_with_another_seed(monkeypatch):
    recorder = SeedRecorder(stuck={0})
    monkeypatch.setattr(status.z3, "Solver", recorder)
    x = z3.Int("x")
    answer, _, _ = refute([x > 1], x > 0, 8000)
    assert answer == PROVED
    assert recorder.asked == [(0, 4000), (1, 2000)]  # half the time, then a quarter


def test_with_time_enough_every_seed_is_first_tried_briefly(monkeypatch):
    recorder = SeedRecorder(stuck={0, 1})
    monkeypatch.setattr(status.z3, "Solver", recorder)
    x = z3.Int("x")
    assert refute([x > 1], x > 0, 20000)[0] == PROVED
    assert recorder.asked == [(0, 1500), (1, 1500), (2, 1500)]  # the third seed decides in its quick try
    recorder = SeedRecorder(stuck={0, 1, 2})
    monkeypatch.setattr(status.z3, "Solver", recorder)
    assert refute([x > 1], x > 0, 20000)[0] == UNKNOWN
    # then the rest, 15.5 s, shared as before: half, a quarter, a quarter
    assert recorder.asked == [(0, 1500), (1, 1500), (2, 1500), (0, 7750), (1, 3875), (2, 3875)]


def test_the_time_is_shared_and_every_seed_tried_before_unknown(monkeypatch):
    recorder = SeedRecorder(stuck={0, 1, 2})
    monkeypatch.setattr(status.z3, "Solver", recorder)
    x = z3.Int("x")
    answer, _, solver = refute([x > 1], x > 0, 8000)
    assert answer == UNKNOWN and solver.reason_unknown() == "stuck"
    assert [seed for seed, _ in recorder.asked] == [0, 1, 2]
    assert sum(ms for _, ms in recorder.asked) == 8000
    recorder.asked.clear()
    assert refute([x > 1], x > 0, 20000)[0] == UNKNOWN
    assert sum(ms for _, ms in recorder.asked) == 20000


def test_a_short_timeout_is_one_attempt(monkeypatch):
    recorder = SeedRecorder(stuck=set())
    monkeypatch.setattr(status.z3, "Solver", recorder)
    x = z3.Int("x")
    assert refute([x > 1], x > 5, 300)[0] == FAILED
    assert recorder.asked == [(0, 300)]


def test_a_failed_obligations_model_reads_the_callers_terms():
    x = z3.Int("x")
    answer, _, solver = refute([x > 1], x > 5, 300)
    assert answer == FAILED and solver.ctx != z3.main_ctx()
    model = status.in_main(solver.model())
    assert 1 < model.eval(x).as_long() <= 5


def test_a_proofs_shared_formulas_are_translated_once():
    x = z3.Int("x")
    axiom = x > 1
    translator = status.Translator()
    assert translator(axiom) is translator(axiom)
    assert refute([axiom], x > 0, 300, translator)[0] == PROVED
    assert refute([axiom], x > 5, 300, translator)[2].ctx is translator.context
