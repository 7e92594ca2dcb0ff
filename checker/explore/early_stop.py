"""The native search's judge: it stops the C search once it has met a violation.

The C search (models/native/explorer.c) evaluates no property: it notes witnesses, for each
distinct observation vector and each distinct change of a moving process, the first state where
it met it. The Python explorer (checker/explore/explorer.py) checks each state and step as it
goes and stops at its first violation, so on a graph that is infinite (the fuzzer's
tests/fuzz/catalogue/class9_chain_for_ever_network) or merely much larger than the path to the
violation it ends at once, where a C search that judged only at its end would run out of memory.

So the C search calls a ``Judge`` now and then (every 1,024 states expanded, if it met new
witnesses since): it judges the new witnesses with the state and transition properties' own
``check`` (the specification is never copied into C), and says whether one is violated; the
search then stops with status VIOLATED. What the violation is and its trace are not taken from
here: a C search of the full graph follows, from which checker/explore/native_trace.py finds the
Python explorer's first violation and its trace (or, where it cannot tell, the arrangement is
handed to the Python explorer, which stops at its first violation, no later than the C
search's): the same verdict, property, counts and trace as ``--engine interned``.

Judged here: state and transition properties (terminal properties, termination and the message
bounds are judged when the search ends, as before). A violation met here is real, but this
judge only decides when to stop: wrong, it would cost time (the Python explorer runs the
arrangement), never a verdict. ``RINGLEADER_NATIVE_EARLY_STOP=0`` switches it off (the C search
then runs to its end or its limit, as before; tests/explore/test_stopped_search.py uses it to
reach a limit past a violation).
"""
from __future__ import annotations

import os

from specs import Property

from .stopped_search import violated_step


def judge_for(engine, reference, properties: list[Property]) -> Judge | None:
    """The judge of a search of ``reference``'s arrangement by ``engine``, or None where there is
    nothing to judge during the search or the early stop is switched off."""
    if os.environ.get("RINGLEADER_NATIVE_EARLY_STOP") == "0":
        return None
    if not any(p.kind in ("state", "transition") for p in properties):
        return None
    return Judge(engine, reference, properties)


class Judge:
    """The state and transition properties judged on the witnesses ``engine``'s search of
    ``reference``'s arrangement has met since the last call (called by the C code)."""

    def __init__(self, engine, reference, properties: list[Property]):
        self.engine, self.reference = engine, reference
        self.state_properties = [p for p in properties if p.kind == "state"]
        self.step_properties = [p for p in properties if p.kind == "transition"]
        self.read = {False: 0, True: 0}  # per kind (changes or not), the bytes of witnesses judged so far

    def __call__(self) -> bool:
        """Has a witness met since the last call violated a state or transition property?"""
        if self.state_properties:
            states, self.read[False] = self.engine.new_witnesses(False, self.read[False])
            for state in states:
                observations = self.reference.observe(state)
                for prop in self.state_properties:
                    if prop.check(observations):
                        return True
        if self.step_properties:
            states, self.read[True] = self.engine.new_witnesses(True, self.read[True])
            for state in states:
                if violated_step(self.reference, self.step_properties, state) is not None:
                    return True
        return False
