"""Exploring: every arrangement of an algorithm, each state graph searched, one Result.

Owns: the arrangements and the symmetry that picks their representatives (arrangements,
symmetry, planning; on a network networks, with the graph's automorphisms: automorphisms), the
id-blind search that lets one arrangement stand for all when an algorithm never reads an id
(anonymous), the breadth-first explorer and its graph questions, termination and
almost-sure termination among them (explorer, graph), the
partial-order reduction (reduction), the native engine's searches judged in Python
(native_search, early_stop, stopped_search; a violation's shortest trace from a C search of the
full graph: native_trace) and the C search of a run through a synchronizer judged in Python
(synchronized_search), the run over arrangements with its limits and progress (run, memory,
progress), where the arrangements are explored: local worker processes and the run's own
faults (workers), a Dask cluster (cluster), a checkpoint file to resume from (checkpoint);
and the Result it returns (result).

May import: models, specs, checker.render, checker.trust (which readings agree with Python, which symmetries are proved). A new reduction or engine goes here.
"""
