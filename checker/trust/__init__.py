"""Trust: what the engines read of an algorithm, checked for the class actually loaded.

Owns: the proofs that let a declaration be used, e.g. that an algorithm's mirror image is the
algorithm itself before arrangements are quotiented by reflection (symmetry: the gate;
mirror_proof: the z3 argument).

May import: models, specs.
"""
