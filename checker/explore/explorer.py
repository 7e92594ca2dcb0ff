"""Breadth-first exploration of one arrangement's state graph, checking the properties as it goes.

States are numbered in the order they are found; each remembers its parent and which of the
parent's transitions (its ordinal, in the semantics' fixed order) led to it, so a trace is
rebuilt by replaying ordinals from the initial state. Because the search is breadth-first,
the first violation found of a state, transition or terminal property has a shortest trace.
The graph itself is kept (compressed rows of successor indices and message counts) for the
questions that need all of it: termination (no cycle) and the exact message min/max.
"""
from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from models.reading.dependence import LONGEST_CHAIN
from models.systems.interface import System
from specs import Property, bound_of
from specs.bounds import is_exact
from specs.user_properties import is_always_eventually, is_liveness

from .memory import resident_bytes
from .reduction import StubbornSets
from .state_store import PackedStates, PlainStates

_VERDICTS_REMEMBERED = 1 << 16  # state verdicts memoised, by the processes' locals

if TYPE_CHECKING:  # the graph passes are imported where a graph is analysed
    from .graph import GraphFacts


class StateLimitReached(Exception):
    pass


class MemoryLimitReached(Exception):
    pass


@dataclass
class Violation:
    property: str  # the property's name
    reason: str
    ordinals: list[int]  # transitions to replay from the initial state
    loop_start: int | None = None  # for a lasso: the step index where the cycle begins


@dataclass
class Exploration:
    """What one arrangement's search found."""

    ids: tuple[int, ...]
    states: int = 0
    transitions: int = 0
    depth: int = 0
    terminal_states: int = 0
    unmatched: int = 0
    messages_min: int | None = None
    messages_max: int | None = None
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)
    holds: dict[str, bool | None] = field(default_factory=dict)  # None: not decided, or not checked
    # properties no engine could judge on this graph, and why: reported "not checked", never "holds"
    not_checked: dict[str, str] = field(default_factory=dict)
    represents: int = 1  # arrangements this one stands for
    swapped: tuple[bool, ...] = ()  # the port labelling, on an unoriented ring
    network: object = None  # the graph and its port labelling, on a network (models/topology/network.py)
    rounds_min: int | None = None  # synchronous: the fewest and most rounds of a complete execution
    rounds_max: int | None = None
    cyclic: bool = False  # the explored graph has a cycle
    engine: str = "python"  # "native" when the C search explored it
    reduced: bool = False  # the graph explored was partial-order reduced
    # the native engine's audit failed (models.native.audit.Disagreement): Python explored this
    disagreement: object | None = None
    # not searched: derived from the search of these ids, renamed (checker/explore/twins.py)
    renamed_from: tuple | None = None
    # a violation found in the states a search saw before it stopped at a limit (stopped_search.py): how
    stopped: str | None = None
    # a native search that stored whole states, not fingerprints, whatever the run asked for (the
    # search for a violation's trace: native_trace.py): no state of it was wrongly taken as seen
    whole_states: bool = False


def violated_terminal(terminal_props: list[Property], observations, channels) -> tuple[Property, str] | None:
    """The first of ``terminal_props`` that a terminal state with these observations and channels
    violates, with its reason."""
    for prop in terminal_props:
        reason = prop.check(observations, channels)
        if reason:
            return prop, reason
    return None


class Explorer:
    def __init__(self, system: System, properties: list[Property], max_states: int | None = None,
                 progress=None, por: bool = False, stop_at_first: bool = True, record_terminals: bool = False,
                 max_memory: int | None = None, chains: bool = True, fairness: str = "weak", packed: bool = True):
        self.system = system
        self.fairness = fairness  # for fair-termination (checker/explore/fairness.py): weak or strong
        self.chains = chains  # with por: pass through states whose stubborn set is one transition
        self.max_memory = max_memory
        self.packed = packed  # states kept as their parts' numbers (checker/explore/state_store.py)
        self.stop_at_first = stop_at_first
        self.terminals: list | None = [] if record_terminals else None
        self.por = por
        self.reads_state = any(p.reads_state for p in properties if p.kind == "state")
        # a synchronous round moves every process: there is nothing to reorder; and no reduction
        # for an algorithm that draws: its instances have several outcomes (models/dsl/draws.py)
        randomized = getattr(system.algorithm, "randomized", False)  # a stand-in may not say
        # a property of whole states (an invariant's conjunct, one's own) may read any change
        reducible = not any(p.reads_state for p in properties) and not randomized and system.supports_por
        self.por = por = por and system.supports_por
        self.reduction = StubbornSets(system, properties) if por and reducible else None
        self.properties = properties
        self.max_states = max_states
        self.chain_steps = 0  # steps taken on one-transition chains, which count toward max_states too
        self.progress = progress
        self.state_props = [p for p in properties if p.kind == "state"]
        self.transition_props = [p for p in properties if p.kind == "transition"]
        self.terminal_props = [p for p in properties if p.kind == "terminal"]
        self.graph_props = {p.name: p for p in properties if p.kind == "graph" and not is_liveness(p)}
        # @eventually and @always_eventually: judged on the whole graph once it is explored
        self.liveness_props = [p for p in properties if is_liveness(p)]
        # the system a property of one's own reads states in (the interned engine's are decoded)
        self.whole_system = system.reference
        self._state_verdicts: dict = {}
        # an algorithm that draws: a state's transitions of one command instance are one
        # scheduler choice, and termination is asked of every scheduler, almost surely
        self.randomized = randomized

    def _path_to(self, index: int) -> list[int]:
        ordinals = []
        while index > 0:
            chain = self.chain_into.get(index)
            ordinals.extend(reversed(chain) if chain else (self.ordinal[index],))
            index = self.parent[index]
        ordinals.reverse()
        return ordinals

    def _record(self, result: Exploration, prop_name: str, reason: str, ordinals) -> bool:
        """Keep the first violation of each property; True if the search should stop now."""
        if all(v.property != prop_name for v in result.violations):
            result.violations.append(Violation(prop_name, reason, list(ordinals)))
        return self.stop_at_first

    def run(self) -> Exploration:
        if self.reduction is not None and self.system.crashes:
            # reduced one designated set of faulty processes at a time (models/systems/crashes.py)
            from .designated import explore_designated
            return explore_designated(self)
        return self.search_reduced()

    def search_whole(self) -> Exploration:
        """The search without reduction, the terminal states a reduced one found forgotten."""
        self.reduction = None
        if self.terminals is not None:
            self.terminals.clear()
        return self._search()

    def search_reduced(self) -> Exploration:
        """The search, reduced if ``reduction`` is set; a cyclic reduced graph is searched again
        as checker/explore/reduction.py says (exploration.reduced: whether it still was)."""
        exploration = self._search()
        if self.reduction is None or not exploration.cyclic:
            return exploration
        if "fair-termination" in self.graph_props:
            # fairness reads which commands stay enabled along a cycle, which a reduced graph
            # does not show: a cyclic graph is judged whole
            return self.search_whole()
        if not self.reduction.cycle_proviso:
            # the reduced graph may ignore transitions on a cycle; the cycle proviso decides
            # every property exactly (checker/explore/reduction.py)
            self.reduction = StubbornSets(self.system, self.properties, cycle_proviso=True)
            exploration = self._search()
        return exploration

    def _search(self) -> Exploration:
        started = time.perf_counter()
        system = self.system
        result = Exploration(system.ids, reduced=self.reduction is not None)
        self.judged: set[str] = set()  # the graph properties a pass over the whole graph decided
        initial = system.initial_state
        self.index = index = PackedStates() if self.packed else PlainStates()
        index.add(initial)
        self.parent = parent = array("i", [-1])
        self.ordinal = ordinal = array("H", [0])
        self.chain_into: dict[int, tuple[int, ...]] = {}  # state -> ordinals from its parent, if more than one
        self.chain_along: dict[int, tuple[int, ...]] = {}  # edge -> its ordinals, if more than one
        depth = array("H", [0])
        offsets = array("q", [0])
        targets = array("i")
        weights = array("I")
        self.edge_ordinal = edge_ordinal = array("H")  # each edge's position in the full transition list
        edge_instance = array("I")  # each edge's command instance, when the algorithm draws
        fair = "fair-termination" in self.graph_props
        edge_mover = array("i")  # each edge's command instance (-1: the adversary's), for fair-termination
        adversary = system.adversary
        randomized = self.randomized
        reduction = self.reduction
        chains = self.chains and reduction is not None and not reduction.cycle_proviso
        expanded: dict[int, tuple] = {}  # state -> (steps, chosen) computed by the chain that found it
        observe = system.observe
        stop = False
        violation = self._check_state(initial, observe)
        if violation:
            stop = self._record(result, violation[0].name, violation[1], [])
        i = 0
        while not stop and i < len(index):
            state = index[i]
            expansion = expanded.pop(i, None)
            steps = system.successor_list(state) if expansion is None else expansion[0]
            if not steps:
                result.terminal_states += 1
                if self.terminals is not None:
                    self.terminals.append(state)
                violation = self._check_terminal(state, observe)
                if violation and self._record(result, violation[0].name, violation[1], self._path_to(i)):
                    stop = True
                    break
            if expansion is not None:
                chosen = expansion[1]
            elif reduction is not None and len(steps) > 1:
                chosen = reduction.choose(state, i, steps, index)
            else:
                chosen = range(len(steps))
            for k in chosen:
                target, sent, mover, unmatched, _instance = steps[k]
                result.transitions += 1
                result.unmatched += unmatched
                if self._check_step(result, state, target, mover, lambda: self._path_to(i) + [k]):  # noqa: B023 -- called at once
                    stop = True
                    break
                walked, end_expansion = (k,), None
                # a known target is looked up once (packing a state is the store's dearest step)
                j = index.get(target) if chains else None
                if j is not None:
                    new = False
                else:
                    if chains:
                        chain = self._follow_chain(result, target, i, k)
                        if chain is None:
                            stop = True
                            break
                        target, walked, chain_sent, end_expansion = chain
                        sent += chain_sent
                    j, new = index.add(target)
                if new:
                    if self.max_states is not None and j >= self.max_states:
                        raise StateLimitReached(j)
                    if end_expansion is not None:
                        expanded[j] = end_expansion
                    parent.append(i)
                    ordinal.append(k)
                    if len(walked) > 1:
                        self.chain_into[j] = walked
                    depth.append(min(depth[i] + len(walked), 65535))
                    if self.state_props and len(walked) == 1:  # a chain checked its own states
                        violation = self._check_state(target, observe)
                        if violation and self._record(result, violation[0].name, violation[1], self._path_to(j)):
                            stop = True
                            break
                if len(walked) > 1:
                    self.chain_along[len(targets)] = walked
                targets.append(j)
                weights.append(sent)
                edge_ordinal.append(k)
                if randomized:
                    edge_instance.append(steps[k][4])
                if fair:
                    edge_mover.append(-1 if adversary(steps[k][4]) else steps[k][4])
            offsets.append(len(targets))
            i += 1
            if i % 4096 == 0:
                if self.progress is not None:
                    self.progress(len(index), len(targets))
                if self.max_memory is not None and (resident_bytes() or 0) > self.max_memory:
                    raise MemoryLimitReached(len(index))
        result.states = len(index)
        result.depth = max(depth) if depth else 0
        if not stop and randomized:
            self._almost_sure(result, offsets, targets, edge_instance)
        elif not stop and fair:
            self._fair_termination(result, offsets, targets, weights, edge_mover)
        elif not stop and not result.cyclic:
            self._graph_questions(result, offsets, targets, weights)
        if not stop:
            for prop in self.liveness_props:
                judge = self._always_eventually if is_always_eventually(prop) else self._eventually
                judge(result, prop, index, offsets, targets)
        violated = {v.property for v in result.violations}
        for prop in self.properties:
            if prop.name in violated:
                result.holds[prop.name] = False
            elif prop in self.liveness_props and not stop:
                result.holds[prop.name] = True  # judged on the whole graph, cycles included
            elif stop or (prop.name in ("message-bound", "round-bound") and "termination" in violated):
                result.holds[prop.name] = None  # not decided: the search stopped at a violation
            elif result.cyclic and prop.name in ("message-bound", "round-bound"):
                # without termination in the specification a cycle is no violation, and an
                # execution may go round it for ever: no figure bounds what it counts
                result.holds[prop.name] = None
                result.not_checked.setdefault(prop.name, "the state graph has cycles (termination is not checked), so "
                                                         "an execution may go round one for ever")
            elif prop.kind == "graph" and prop.name not in self.judged:
                # a graph property is judged by the pass that asks it, or by none: never "holds" by default
                result.holds[prop.name] = None
                result.not_checked.setdefault(prop.name, f"no pass of the {type(self.system).__name__} explorer "
                                                         "judges it")
            else:
                result.holds[prop.name] = True
        result.seconds = time.perf_counter() - started
        return result

    def _check_step(self, result: Exploration, state, target, mover: int | None, path) -> bool:
        """Check the transition properties on one step (of one process, or of every process in a
        synchronous round: ``mover`` None); True if the search should stop."""
        if not self.transition_props:
            return False
        for i in range(self.system.n) if mover is None else (mover,):
            if state[i] == target[i]:
                continue
            before, after = self.system.observe_process(state, i), self.system.observe_process(target, i)
            for prop in self.transition_props:
                reason = prop.check(before, after)
                if reason and self._record(result, prop.name, reason, path()):
                    return True
        return False

    def _follow_chain(self, result: Exploration, state, start: int, first: int):
        """From a new state, follow transitions while the stubborn set is a single one and the
        state is new, without storing the states passed (their properties are still checked).

        Returns (the state where the chain ends, the ordinals walked, messages sent after the
        first step, that state's (steps, chosen) if the chain computed them), or None if a
        violation stops the search. A chain that comes back to one
        of its own states has found a cycle: ``result.cyclic`` is set and the caller's search
        is repeated with the cycle proviso and without chains.
        """
        system, reduction, index = self.system, self.reduction, self.index
        walked = [first]
        sent_total = 0
        passed = set()
        while True:
            if self.state_props:
                violation = self._check_state(state, system.observe)
                if violation and self._record(result, violation[0].name, violation[1], self._path_to(start) + walked):
                    return None
            steps = system.successor_list(state)
            chosen = reduction.choose(state, -1, steps, index) if len(steps) > 1 else range(len(steps))
            if len(chosen) != 1 or len(passed) >= LONGEST_CHAIN:  # cut there: dependence.py says why
                return state, tuple(walked), sent_total, (steps, chosen)
            if state in passed:
                result.cyclic = True
                return None
            passed.add(state)
            # a chain's states are not stored, so the limit on stored states never stops a chain
            # whose channels grow for ever, nor many chains that each grow a channel further:
            # more steps on chains in all than the limit stop the search too (the summary gives
            # the states stored)
            self.chain_steps += 1
            if self.max_states is not None and self.chain_steps > self.max_states:
                raise StateLimitReached(len(self.index))
            if len(passed) % 4096 == 0 and self.max_memory is not None and \
                    (resident_bytes() or 0) > self.max_memory:
                raise MemoryLimitReached(len(self.index))
            k = chosen[0]
            target, sent, mover, unmatched, _instance = steps[k]
            result.transitions += 1
            result.unmatched += unmatched
            sent_total += sent
            if self._check_step(result, state, target, mover, lambda: self._path_to(start) + walked + [k]):  # noqa: B023 -- called at once
                return None
            walked.append(k)
            state = target
            if state in index:
                return state, tuple(walked), sent_total, None

    def _check_state(self, state, observe):
        # state properties read only the processes' decisions, so the verdict depends on the
        # locals alone: far fewer combinations than states (unless one reads the whole state,
        # which is then looked at once, as it is found)
        key = state[: self.system.n]
        verdict = self._state_verdicts.get(key, self) if not self.reads_state else self
        if verdict is self:
            verdict = None
            observations = observe(state)
            whole = self.system.decode(state) if self.reads_state else None
            for prop in self.state_props:
                if prop.reads_system:
                    reason = prop.check(observations, whole, self.whole_system)
                else:
                    reason = prop.check(observations, whole) if prop.reads_state else prop.check(observations)
                if reason:
                    verdict = (prop, reason)
                    break
            # where the locals are most of the state (synchronous rounds), remembering every
            # verdict would keep a second copy of the states: the memo stops growing instead
            if not self.reads_state and len(self._state_verdicts) < _VERDICTS_REMEMBERED:
                self._state_verdicts[key] = verdict
        return verdict

    def _check_terminal(self, state, observe):
        return violated_terminal(self.terminal_props, observe(state), self.system.channels(state))

    def _graph_questions(self, result: Exploration, offsets, targets, weights):
        from .graph import analyse

        facts: GraphFacts = analyse(offsets, targets, weights, self.parent)
        self.judged.add("termination")
        if not facts.acyclic:
            result.cyclic = True
            stem, cycle = facts.lasso
            ordinals = self._ordinals_along(stem, offsets, targets) + self._ordinals_along(cycle, offsets, targets)
            termination = self.graph_props.get("termination")
            if termination is not None:
                result.violations.append(Violation(
                    termination.name, f"an execution runs forever: a cycle of {len(cycle) - 1} transition(s) is reachable",
                    ordinals, loop_start=len(stem) - 1,
                ))
            return
        result.messages_min, result.messages_max = facts.messages_min, facts.messages_max
        self._check_bound(result, "message-bound", "message_bound", facts, "sends {} messages", offsets, targets)
        if self.system.synchronous:
            # every transition is a round: the rounds of an execution are its length
            rounds = analyse(offsets, targets, array("I", [1]) * len(targets), self.parent)
            result.rounds_min, result.rounds_max = rounds.messages_min, rounds.messages_max
            self._check_bound(result, "round-bound", "round_bound", rounds, "takes {} rounds", offsets, targets)

    def _check_bound(self, result: Exploration, property_name: str, bound_name: str, facts: GraphFacts,
                     what: str, offsets, targets):
        """A violation of the bound if some execution goes past it (facts.messages_max: the most
        of what the graph's weights count), with that execution as its trace; for a bound declared
        exact, also if some execution stays short of it (facts.messages_min)."""
        bound_property = self.graph_props.get(property_name)
        if bound_property is None:
            return
        bound = bound_of(self.system, bound_name)
        if bound is None:
            return  # declares none: the property is not judged, so it is reported "not checked"
        self.judged.add(property_name)
        if facts.messages_max > bound:
            result.violations.append(Violation(
                bound_property.name, f"an execution {what.format(facts.messages_max)}, more than the bound {bound}",
                self._ordinals_of(facts.max_edges),
            ))
        elif is_exact(self.system.algorithm, bound_name) and facts.messages_min < bound:
            result.violations.append(Violation(
                bound_property.name,
                f"an execution {what.format(facts.messages_min)}, fewer than the {bound} its bound declares exact",
                self._ordinals_of(facts.min_edges),
            ))

    def _fair_termination(self, result: Exploration, offsets, targets, weights, edge_mover):
        """Every fair execution terminates (checker/explore/fairness.py), with a lasso if not; on
        an acyclic graph that is plain termination, and the message figures are computed."""
        from .fairness import fair_loop
        from .graph import analyse

        self.judged.add("fair-termination")
        if analyse(offsets, targets, weights, self.parent).acyclic:
            self._graph_questions(result, offsets, targets, weights)
            return
        result.cyclic = True
        for name in ("message-bound", "round-bound"):
            if name in self.graph_props:
                result.not_checked[name] = ("the graph has cycles that fair executions leave, so a complete execution "
                                            "may go round one any number of times before it ends")
        prop = self.graph_props["fair-termination"]
        loop = fair_loop(offsets, targets, edge_mover, self.parent, self.fairness)
        if loop is None:
            return
        instances = self.system.instances
        taken = sorted({edge_mover[e] for e in loop.loop if edge_mover[e] >= 0})
        names = [f"p{instances[k].process}.{instances[k].command.name if instances[k].command else 'unmatched'}"
                 if k < len(instances) else str(k) for k in taken]
        result.violations.append(Violation(
            prop.name,
            f"a {self.fairness}ly fair execution runs forever: it cycles among {loop.states} state(s) taking "
            f"{', '.join(names)}; the trace loops from step {len(loop.stem) + 1}",
            self._ordinals_of(loop.stem + loop.loop), loop_start=len(loop.stem),
        ))

    def _almost_sure(self, result: Exploration, offsets, targets, edge_instance):
        """Almost-sure termination under every scheduler (checker/explore/graph.py), with a lasso if not."""
        from .graph import almost_sure_termination

        prop = self.graph_props.get("almost-sure-termination")
        if prop is None:
            return
        self.judged.add(prop.name)
        endless = almost_sure_termination(offsets, targets, edge_instance, self.parent)
        if endless is None:
            return
        result.violations.append(Violation(
            prop.name,
            f"a scheduler can keep {endless.trapped} non-terminal state(s) going forever whatever the coins; "
            f"the trace reaches them and loops from step {len(endless.stem) + 1}",
            [self.edge_ordinal[e] for e in endless.stem + endless.loop], loop_start=len(endless.stem),
        ))

    def _eventually(self, result: Exploration, prop: Property, states: list, offsets, targets) -> None:
        """A violation of a ``@eventually`` property (specs/user_properties.py) if, through states
        where it is false only, the initial state reaches a terminal state (the trace: a shortest
        such path) or a cycle (a lasso)."""
        decode = self.system.decode
        holds: dict[int, bool] = {}

        def false_at(i: int) -> bool:
            if i not in holds:
                holds[i] = prop.check(self.whole_system, decode(states[i]))
            return not holds[i]

        if not false_at(0):
            return
        edge_into = {0: (0, -1)}
        frontier = [0]
        for i in frontier:  # breadth-first, for a shortest path to a terminal state
            if offsets[i] == offsets[i + 1]:
                result.violations.append(Violation(
                    prop.name, f"an execution terminates without {prop.name} ever holding",
                    self._ordinals_of(self._edges_back(edge_into, i))))
                return
            for e in range(offsets[i], offsets[i + 1]):
                j = targets[e]
                if j not in edge_into and false_at(j):
                    edge_into[j] = (i, e)
                    frontier.append(j)
        loop = self._cycle_among(set(frontier), offsets, targets)
        if loop is not None:
            stem, cycle = loop
            result.violations.append(Violation(
                prop.name, f"an execution runs forever without {prop.name} ever holding: the trace loops from "
                           f"step {len(stem) + 1}", self._ordinals_of(stem + cycle), loop_start=len(stem)))

    def _always_eventually(self, result: Exploration, prop: Property, states: list, offsets, targets) -> None:
        """A violation of a ``@always_eventually`` property (specs/user_properties.py) if a state
        where it is false is terminal (the trace: a shortest path to the first such state) or on
        a cycle of such states (a lasso). Every state of the graph is reachable, so these are
        what some reachable state leads to through states where it is false."""
        decode = self.system.decode
        false = bytearray(not prop.check(self.whole_system, decode(state)) for state in states)
        for i in range(len(states)):  # in breadth-first order: the first is the nearest
            if false[i] and offsets[i] == offsets[i + 1]:
                result.violations.append(Violation(
                    prop.name, f"an execution terminates in a state where {prop.name} is false: it never holds again",
                    self._path_to(i)))
                return
        from .graph import lasso_within

        lasso = lasso_within(false, offsets, targets, self.parent)
        if lasso is not None:
            stem, cycle = lasso
            result.violations.append(Violation(
                prop.name, f"an execution runs forever through states where {prop.name} is false: the trace loops "
                           f"from step {len(stem)}",
                self._ordinals_along(stem, offsets, targets) + self._ordinals_along(cycle, offsets, targets),
                loop_start=len(stem) - 1))

    @staticmethod
    def _edges_back(edge_into: dict, i: int) -> list[int]:
        """The edges of the search's path from state 0 to state i."""
        edges = []
        while i:
            i, e = edge_into[i]
            edges.append(e)
        return edges[::-1]

    @staticmethod
    def _cycle_among(members: set, offsets, targets) -> tuple[list[int], list[int]] | None:
        """(stem, cycle) as edges, from state 0, of a cycle of the graph restricted to ``members``
        (a depth-first search: the stack is the stem when a back edge is found), or None."""
        on_stack: dict[int, int] = {0: 0}  # state -> its depth on the stack
        done: set = set()
        stack = [(0, offsets[0])]  # (state, next edge to try)
        taken: list[int] = []  # the edge into each stacked state but the first
        while stack:
            i, e = stack[-1]
            if e == offsets[i + 1]:
                stack.pop()
                del on_stack[i]
                done.add(i)
                if taken:
                    taken.pop()
                continue
            stack[-1] = (i, e + 1)
            j = targets[e]
            if j not in members or j in done:
                continue
            if j in on_stack:
                depth = on_stack[j]
                return taken[:depth], taken[depth:] + [e]
            on_stack[j] = len(stack)
            stack.append((j, offsets[j]))
            taken.append(e)
        return None

    def _ordinals_along(self, path: list[int], offsets, targets) -> list[int]:
        """The transitions of a path of states, taking the first edge between two states (the
        path of a lasso: any edge will do there, unlike on the path of the message maximum)."""
        return self._ordinals_of([
            next(e for e in range(offsets[a], offsets[a + 1]) if targets[e] == b) for a, b in zip(path, path[1:])
        ])

    def _ordinals_of(self, edges: list[int]) -> list[int]:
        """The transitions of a path of edges (an edge that stands for a chain stands for all its steps)."""
        return [k for e in edges for k in self.chain_along.get(e, (self.edge_ordinal[e],))]

