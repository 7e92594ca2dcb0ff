"""Trust: what the engines read of an algorithm, checked for the class actually loaded.

The concrete semantics (models/systems/semantics.py) is the reference. Everything else that reads an
algorithm -- its symbolic (z3) reading, which the footprints, the C engine and the proofs are
built from; its declarations, such as mirror symmetry -- is checked here, for the class
actually loaded, before a verdict rests on it: what is checked before it is believed.

Owns: the check of each command instance's and decision function's symbolic reading against
the concrete one (readings: ``reading_report``, ``ReadingReport``); the proofs that let a
declaration be used, e.g. that an algorithm's mirror image is the algorithm itself before
arrangements are quotiented by reflection (symmetry: the gate; mirror_proof: the z3 argument).

May import: models, specs.
"""
