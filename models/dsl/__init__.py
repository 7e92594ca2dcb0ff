"""The guarded-command vocabulary an algorithm is written in (re-exported by ``models``).

Owns: the Algorithm class with its locals, commands and declarations (algorithm); message
types (messages); value domains and NIL (values); random choice in a command's body (draws);
the lint that refuses Python constructs on which the concrete and symbolic readings would
differ (lint).

May import: models (errors, logic), models.topology.
"""
