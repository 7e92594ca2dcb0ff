"""Properties of leader election, usable on any algorithm written in the DSL."""
from .bounds import Setting, bound_of
from .user_properties import always, always_eventually, eventually
from .election import (
    AGREEMENT, ALMOST_SURE_TERMINATION, AT_MOST_ONE_LEADER, ELECTION, MESSAGE_BOUND, QUIESCENCE, ROUND_BOUND,
    STABILITY, TERMINATION,
    Property, election_spec, leader_is_extremal,
)

__all__ = [
    "Property", "election_spec", "leader_is_extremal", "AT_MOST_ONE_LEADER", "STABILITY",
    "ELECTION", "AGREEMENT", "QUIESCENCE", "TERMINATION", "MESSAGE_BOUND", "ALMOST_SURE_TERMINATION",
    "ROUND_BOUND", "Setting", "bound_of", "always", "eventually", "always_eventually",
]
