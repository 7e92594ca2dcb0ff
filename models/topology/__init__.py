"""Where processes sit and how they are linked: rings, general networks, ports.

Owns: rings, their positions, ports and one FIFO channel per directed link (ring); connected
undirected graphs, their port numberings and the graph families a run asks for (network);
port values, what a process may know of its neighbours and nothing more (ports).

May import: models (errors, logic).
"""
