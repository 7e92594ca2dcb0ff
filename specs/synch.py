"""What a synchronizer must guarantee (seed 002, 11.3), as properties of models/systems/synchronized.py.

(Synch): "every message sent in tick k must be received in tick k", so that round k + 1 reads
it; and the simulated run is the synchronous run: each process's locals after every round are
the synchronous run's. Both read marks the system keeps in each process (a message that came
too late, locals that left the synchronous run), so they are judged on every state. The
algorithm's own specification is checked beside them, less its bounds on messages and rounds,
which are about the synchronous run (the synchronizer's messages come on top: docs/rounds.md).
"""
from __future__ import annotations

from models.systems.synchronized import simulation_violation, synch_violation

from .election import MESSAGE_BOUND, ROUND_BOUND, Property, election_spec

SYNCH = Property("synch", "state", "(Synch) every message sent in tick k is received in tick k, before its "
                 "receiver starts tick k + 1", synch_violation, observes=(), reads_state=True)
SIMULATION = Property("simulates-synchronous-run", "state", "after every round, each process's locals are those "
                      "of the synchronous run", simulation_violation, observes=(), reads_state=True)


def synchronized_spec(algorithm) -> list[Property]:
    """The properties of ``algorithm`` run through a synchronizer, in the order they are reported."""
    return [SYNCH, SIMULATION] + [p for p in election_spec(algorithm) if p not in (MESSAGE_BOUND, ROUND_BOUND)]
