"""Properties of leader election, usable on any algorithm written in the DSL."""
from .bounds import Setting, bound_of
from .election import (
    AGREEMENT, AT_MOST_ONE_LEADER, ELECTION, MESSAGE_BOUND, QUIESCENCE, ROUND_BOUND, STABILITY, TERMINATION,
    Property, election_spec, leader_is_extremal,
)

__all__ = [
    "Property", "election_spec", "leader_is_extremal", "AT_MOST_ONE_LEADER", "STABILITY",
    "ELECTION", "AGREEMENT", "QUIESCENCE", "TERMINATION", "MESSAGE_BOUND",
    "ROUND_BOUND", "Setting", "bound_of",
]
