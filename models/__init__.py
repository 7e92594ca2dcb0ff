"""The vocabulary algorithms are written in: the guarded-command DSL, topologies, semantics."""
from .algorithm import (
    ASYNCHRONOUS, LARGEST, SMALLEST, SYNCHRONOUS, Algorithm, Command, Local, PerPort, declares_message_bound,
    message_bound_at, receive, spontaneous, timeout,
)
from .errors import AlgorithmError
from .logic import And, Implies, Not, Or, ite
from .messages import Message
from .network import Network
from .ports import NO_PORT, Port
from .semantics import UNMATCHED, AsyncSystem, Observation, Step
from .topology import CCW, CW, LEFT, NEXT, PREV, RIGHT, BidirectionalRing, UnidirectionalRing, UnorientedRing, opposite
from .values import FALSE, NIL, TRUE, Decision, Id

__all__ = [
    "Algorithm", "Local", "PerPort", "spontaneous", "receive", "timeout", "Command", "LARGEST", "SMALLEST",
    "message_bound_at", "declares_message_bound",
    "Message", "And", "Or", "Not", "Implies", "ite", "AlgorithmError",
    "AsyncSystem", "Step", "Observation", "UNMATCHED",
    "BidirectionalRing", "UnidirectionalRing", "CW", "CCW", "NEXT", "PREV", "opposite",
    "UnorientedRing", "LEFT", "RIGHT",
    "Decision", "NIL", "TRUE", "FALSE", "Id",
    "Network", "Port", "NO_PORT", "SYNCHRONOUS", "ASYNCHRONOUS",
]
