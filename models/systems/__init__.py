"""What the algorithms do: the concrete semantics of every kind of system.

Owns: the one interface every kind of system implements and its defaults (interface); the
asynchronous FIFO semantics on rings (semantics, with the process view a command
sees: process) and on networks (network_semantics, network_process); its interned twin, the
explorer's fast engine (interned), and the same with probabilities (probabilistic); crash and
recovery faults (crashes); synchronous rounds (rounds) and with probabilities
(probabilistic_rounds); synchronous algorithms run through a synchronizer (synchronized,
synchronizers, abd) and its interned twin (synchronized_interned).

May import: models (errors, logic), models.topology, models.dsl.
"""
