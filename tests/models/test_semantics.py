"""DESIGN.md's asynchronous semantics, on small hand-checked cases."""
from array import array

from algorithms.hs import HirschbergSinclair, Probe, Terminate
from algorithms.lcr import LCR, Token
from checker.explore.graph import analyse
from models import CCW, CW, NEXT, PREV, UNMATCHED, AsyncSystem, BidirectionalRing, UnidirectionalRing


def test_ring_wiring_cw_arrives_on_ccw():
    ring = BidirectionalRing(3)
    k = ring.out_channel(0, CW)
    assert (ring.channels[k].receiver, ring.channels[k].in_port) == (1, CCW)
    k = ring.out_channel(0, CCW)
    assert (ring.channels[k].receiver, ring.channels[k].in_port) == (2, CW)
    uni = UnidirectionalRing(3)
    assert uni.out_ports(0) == (NEXT,) and uni.in_ports(0) == (PREV,)
    assert uni.channels[uni.out_channel(2, NEXT)].receiver == 0


def test_initial_state_is_locals_and_empty_channels_only():
    system = AsyncSystem(HirschbergSinclair, (1, 2, 3))
    assert len(system.initial_state) == 3 + 6
    assert all(channel == () for channel in system.channels(system.initial_state))


def test_only_enabled_commands_fire_and_order_is_fixed():
    system = AsyncSystem(HirschbergSinclair, (2, 1, 3))
    steps = system.steps(system.initial_state)
    assert [(s.process, s.command) for s in steps] == [(0, "wake"), (1, "wake"), (2, "wake")]
    woke = steps[0].target
    assert system.channel(woke, system.topology.out_channel(0, CW)) == (Probe(2, 0, 0),)
    assert system.channel(woke, system.topology.out_channel(0, CCW)) == (Probe(2, 0, 0),)


def test_fifo_head_only_and_receive_removes_it():
    system = AsyncSystem(LCR, (2, 3, 1))
    state = list(system.initial_state)
    channel_into_1 = 3 + system.topology.in_channel(1, PREV)
    state[channel_into_1] = (Token(2), Token(5))
    steps = [s for s in system.steps(tuple(state)) if s.process == 1 and s.port == PREV]
    assert len(steps) == 1 and steps[0].received == Token(2) and steps[0].command == "pass_on"
    assert steps[0].target[channel_into_1] == (Token(5),)


def test_message_no_command_accepts_is_consumed_without_effect():
    system = AsyncSystem(HirschbergSinclair, (1, 2, 3))
    state = list(system.initial_state)
    decided = list(state[0])
    decided[-1] = 2  # leader = FALSE
    state[0] = tuple(decided)
    into_0 = 3 + system.topology.in_channel(0, CW)
    state[into_0] = (Terminate(),)
    (step,) = [s for s in system.steps(tuple(state)) if s.process == 0 and s.port == CW]
    assert step.command == UNMATCHED and step.sent == ()
    assert step.target[0] == state[0] and step.target[into_0] == ()


def test_several_enabled_commands_are_all_explored():
    system = AsyncSystem(LCR, (1, 2))
    state = system.initial_state
    assert len(system.steps(state)) == 2  # both may send first


def test_one_process_ring_sends_to_itself():
    system = AsyncSystem(HirschbergSinclair, (1,))
    state = system.steps(system.initial_state)[0].target
    assert sorted(len(c) for c in system.channels(state)) == [1, 1]


def _csr(edges, count, weights=None):
    offsets, targets, ws = array("q", [0]), array("i"), array("B")
    for i in range(count):
        for t in edges.get(i, []):
            targets.append(t)
            ws.append((weights or {}).get((i, t), 1))
        offsets.append(len(targets))
    return offsets, targets, ws


def test_graph_min_max_messages_over_complete_executions():
    #   0 -1-> 1 -1-> 3      0 -3-> 2 -1-> 3      0 -1-> 4 (terminal)
    offsets, targets, weights = _csr({0: [1, 2, 4], 1: [3], 2: [3]}, 5, {(0, 2): 3})
    facts = analyse(offsets, targets, weights, array("i", [-1, 0, 0, 1, 0]))
    assert facts.acyclic
    assert (facts.messages_min, facts.messages_max) == (1, 4)
    assert facts.max_path == [0, 2, 3]


def test_graph_cycle_gives_a_lasso_at_the_shallowest_cycle_state():
    # numbered breadth-first, as the explorer numbers states:
    #   0 -> 1 -> 3 -> 4 -> 3   and   0 -> 2 -> 2 (a self loop, one step from the start)
    offsets, targets, weights = _csr({0: [1, 2], 1: [3], 2: [2], 3: [4], 4: [3]}, 5)
    facts = analyse(offsets, targets, weights, array("i", [-1, 0, 0, 1, 3]))
    assert not facts.acyclic
    stem, cycle = facts.lasso
    assert stem == [0, 2] and cycle == [2, 2]
