"""The native engine: the search in C, generated from the symbolic reading and audited in Python.

Owns: the C of one algorithm's commands, printed from their readings (codegen); the search
itself (explorer.c); compiling, caching and running it (engine); re-executing every local
context the C search met with the Python semantics before a verdict rests on it (audit); the
search of a system whose steps are tables Python fills, a synchronizer's (tables, tables.c).

May import: models (errors, logic), models.topology, models.dsl, models.systems, models.reading.
"""
