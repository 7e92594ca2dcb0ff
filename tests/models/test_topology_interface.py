"""The topology protocol (models/topology/ring.py's ``Topology``): every topology answers every
member, rings and networks alike, and the checker reads the members, never probes a topology
with getattr/hasattr for one it might lack."""
import re

import pytest
from conftest import source_lines_matching

from checker.cli import main
from models.topology.network import Network
from models.topology.ring import LEFT, RIGHT, BidirectionalRing, Topology, UnidirectionalRing, UnorientedRing

PATH_OF_THREE = Network(3, [(0, 1), (1, 2)])


@pytest.mark.parametrize("topology, edges, diameter", [
    (BidirectionalRing(5), 5, 2), (UnidirectionalRing(5), 5, 4), (UnorientedRing(5), 5, 4),
    (BidirectionalRing(2), 1, 1), (UnidirectionalRing(2), 1, 1), (PATH_OF_THREE, 2, 2),
])
def test_links_and_diameter_are_what_bounds_are_given(topology, edges, diameter):
    assert isinstance(topology, Topology)
    assert (topology.edge_count, topology.diameter) == (edges, diameter)


def test_only_a_network_has_fewer_ports_than_its_slots_and_numbered_ports():
    ring = BidirectionalRing(3)
    assert all(ring.has_port(i, port) for i in range(3) for port in ring.ports)
    assert not ring.numbered_ports and ring.ports_text() is None and ring.swapped == ()
    assert PATH_OF_THREE.numbered_ports
    assert [PATH_OF_THREE.has_port(0, k) for k in (0, 1)] == [True, False]  # vertex 0 has one neighbour
    assert [PATH_OF_THREE.has_port(1, k) for k in (0, 1)] == [True, True]
    assert PATH_OF_THREE.ports_text() == "p0: 0->p1; p1: 0->p0 1->p2; p2: 0->p1"


def test_only_an_unoriented_ring_says_which_port_leads_which_way():
    assert BidirectionalRing(3).toward(0, True) is None
    unoriented = UnorientedRing(3, swapped=(False, True, False))
    assert [unoriented.toward(i, True) for i in range(3)] == [RIGHT, LEFT, RIGHT]
    assert unoriented.swapped == (False, True, False) and unoriented.port_labellings


PROBE = re.compile(r"\b(?:getattr|hasattr)\([\w.]*topology\s*,")


def test_no_topology_is_probed_for_a_member():
    found = source_lines_matching(PROBE)
    assert found == [], "read the Topology protocol's member instead (models/topology/ring.py):\n" + "\n".join(found)


def test_a_topology_that_is_not_a_topology_class_is_one_line(tmp_path, capsys):
    path = tmp_path / "bad.py"
    path.write_text("from models import *\n\nclass Bad(Algorithm, name='bad'):\n    topology = 5\n"
                    "    x = Local(int, 0)\n\n    @spontaneous(when=lambda p: p.x == 0)\n"
                    "    def go(p):\n        p.x = 1\n")
    assert main([str(path), "--n", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Bad.topology is 5: give a topology class" in err


@pytest.mark.parametrize("topology", [BidirectionalRing(4), UnidirectionalRing(5), UnorientedRing(3),
                                      UnorientedRing(3, swapped=(True, True, True)), BidirectionalRing(2)])
def test_rotating_a_ring_moves_each_channel_to_the_channel_between_the_moved_ends(topology):
    for k in range(topology.n):
        moved = topology.rotated_channels(k)
        assert sorted(moved) == list(range(len(topology.channels)))  # a permutation of the channels
        for c, target in zip(topology.channels, moved):
            image = topology.channels[target]
            assert (image.sender, image.out_port) == ((c.sender + k) % topology.n, c.out_port)
            assert (image.receiver, image.in_port) == ((c.receiver + k) % topology.n, c.in_port)


def test_a_labelling_that_rotating_does_not_keep_has_no_rotated_channels():
    assert UnorientedRing(3, swapped=(False, False, True)).rotated_channels(1) is None
    assert UnorientedRing(3, swapped=(False, False, True)).rotated_channels(0) is not None
    assert PATH_OF_THREE.rotated_channels(1) is None  # a network whose rotation is no automorphism
