"""The vocabulary algorithms are written in, and what it means: ``from models import ...``.

This package re-exports what an algorithm module needs (the DSL, topologies, the asynchronous
semantics); the rest lives in rooms, each a subpackage whose docstring says what it owns and
what it may import (tests/test_layout.py holds them to it):

    topology  rings, networks, ports
    dsl       Algorithm, Local, Message, the values, draws and the lint
    systems   the concrete semantics of every kind: asynchronous, crashes, rounds, synchronizers
    reading   the symbolic (z3) reading, footprints and dependence, remembered between runs
    native    the C engine generated from the reading, and its audit

errors (the one error an author sees) and logic (And/Or/Not on values and z3 terms alike) stay
here, beneath every room.
"""
from .dsl.algorithm import (
    ASYNCHRONOUS, LARGEST, SMALLEST, SYNCHRONOUS, Algorithm, Command, Local, PerPort, declares_message_bound,
    message_bound_at, receive, spontaneous, timeout,
)
from .errors import AlgorithmError
from .logic import And, Implies, Not, Or, ite
from .dsl.messages import Message
from .topology.network import Network
from .topology.ports import NO_PORT, Port
from .systems.semantics import UNMATCHED, AsyncSystem, Observation, Step
from .topology.ring import CCW, CW, LEFT, NEXT, PREV, RIGHT, BidirectionalRing, UnidirectionalRing, UnorientedRing, opposite
from .dsl.values import FALSE, NIL, TRUE, Decision, Id

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
