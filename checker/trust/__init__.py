"""Trust: what is checked before it is believed.

The concrete semantics (models/semantics.py) is the reference. Everything else that reads an
algorithm -- its symbolic (z3) reading, which the footprints, the C engine and the proofs are
built from; its declarations, such as mirror symmetry -- is checked here against the
reference, for the algorithm actually loaded, before a verdict rests on it.

Owns: the check of each command instance's and decision function's symbolic reading against
the concrete one (readings: ``reading_report``, ``ReadingReport``).

May import: models. The rooms that build on a reading (explore, prove) import this one.
"""
