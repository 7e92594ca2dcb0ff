"""The native engine checked against the reference semantics, one local context at a time.

The C search is generated from the symbolic (z3) reading of the algorithm, and a Python
construct can mean something else on z3 terms than on values (a tuple comparison, ``all``
over equalities, ``/`` on ints...). So the C graph is not trusted on that reading: the
search records every local context it evaluated (what a command can see: the process's id
and locals, and for a receive the head and its arrival port) with the complete ordered list
of outcomes its code produced there, and with the observation of each locals vector where
the decision functions are compiled (models/native/engine.py's ``Context``). ``audit`` re-executes
each context with ``AsyncSystem.spontaneous_outcomes`` / ``receive_outcomes`` /
``observe_locals`` and compares exactly: which command instances, in which order, the new
locals, the sends (port and message), an unmatched head, the observations. A command only
sees its context, so when every context agrees the C graph is the Python graph; the first
that does not gives a ``Disagreement``, one line naming the command and the values.

Verified contexts are remembered per (algorithm, n) for the life of the process, so a later
arrangement audits only the contexts it meets first.

On a network a context also holds the process's degree (its ports are 0..degree-1; the same id
has other degrees in other graphs) and is re-executed at a process of that degree. A run that
takes one port labelling for all hides port numbers from the algorithm: where Python then
raises ``PortNumbersRead`` (the C code, made from the reading with numbers visible, does not),
the audit lets it through, and the run starts again with every labelling
(checker/explore/run.py). What was verified with numbers visible is remembered apart from what
was verified with them hidden.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass

from .codegen import instance_offsets, padded_ports
from ..topology.ports import PortNumbersRead
from ..systems.semantics import UNMATCHED, AsyncSystem
from ..dsl.values import render

DECISIONS = ("decided", "is_leader", "leader_id", "candidate")  # rl_observe's order

_verified: dict[tuple, set] = {}


@dataclass(frozen=True)
class Disagreement:
    """The first context where the C code and Python differ; ``str`` is the one-line note."""

    command: str  # e.g. "ChangRoberts.remove (line 12)"
    description: str

    def __str__(self) -> str:
        return self.description


def verified(algorithm, n: int, numbered: bool | None = None) -> set:
    """The keys of the contexts of ``algorithm`` at ring size n an audit has passed (on a
    network, with port numbers visible to the algorithm or not: ``numbered``)."""
    return _verified.setdefault((algorithm, n, numbered), set())


def audit(contexts, system: AsyncSystem) -> Disagreement | None:
    """None if every context's outcomes in C are the reference's, else the first disagreement.
    Raises PortNumbersRead where the reference does (a run that hides port numbers)."""
    done = verified(system.algorithm, system.n, system.numbered)
    position = {pid: i for i, pid in enumerate(system.ids)}
    for context in contexts:
        if context.key in done:
            continue
        found = _Check(*_where(system, position[context.id], context), context).run()
        if found is not None:
            return found
        done.add(context.key)
    return None


def check_context(context, system: AsyncSystem) -> Disagreement | None:
    """One context's outcomes (given, not necessarily the C code's) against the reference's
    in ``system``, whatever an audit verified before (checker/explore/twins.py)."""
    return _Check(*_where(system, system.ids.index(context.id), context), context).run()


_at_degree: dict = {}


def _where(system: AsyncSystem, i: int, context) -> tuple[AsyncSystem, int]:
    """A system and a process in it that have the context's id and, on a network, its degree:
    process i of ``system``, or (a context an earlier search on another graph met) a process
    of another graph on as many vertices. What a command does depends on nothing else."""
    if context.degree is None or system.topology.degree(i) == context.degree:
        return system, i
    key = (system.algorithm, system.ids, context.id, context.degree, system.numbered)
    found = _at_degree.get(key)
    if found is None:
        from ..topology.network import Network
        from ..systems.network_semantics import NetworkSystem

        n, degree = system.n, context.degree
        # vertex 0 joined to 1..degree, and every other vertex to 1: connected, 0 of that degree
        edges = [(0, v) for v in range(1, degree + 1)] + [(1, v) for v in range(degree + 1, n)]
        ids = (context.id, *(pid for pid in system.ids if pid != context.id))
        found = _at_degree[key] = NetworkSystem(system.algorithm, ids, Network(n, edges), system.numbered)
    return found, 0


def _is_number(value) -> bool:
    """A value C can hold: an int (bools and IntEnum members are ints); a float is not."""
    return isinstance(value, int)


def _same(c_value, python_value) -> bool:
    return _is_number(python_value) and c_value == python_value


def _same_values(c_values, python_values) -> bool:
    return len(c_values) == len(python_values) and all(map(_same, c_values, python_values))


def _same_message(c_message, python_message) -> bool:
    return (isinstance(python_message, tuple) and len(python_message) == len(c_message)
            and c_message[0] == python_message[0] and _same_values(c_message[1:], python_message[1:]))


def _same_sends(c_sends, python_sends) -> bool:
    return len(c_sends) == len(python_sends) and all(
        c_port == python_port and _same_message(c_message, python_message)
        for (c_port, c_message), (python_port, python_message) in zip(c_sends, python_sends))


def _show(value_type, value) -> str:
    return render(value_type, value) if _is_number(value) else repr(value)


_network_offsets: dict = {}


class _Check:
    """One context's outcomes in C against the reference's."""

    def __init__(self, system: AsyncSystem, i: int, context):
        self.system, self.i, self.context = system, i, context
        self.algorithm = system.algorithm
        self.slots = system.layout.slots
        self.network = context.degree is not None
        if not self.network:
            per_process = len(system.instances) // system.n
            self.first_instance = i * per_process
        else:  # the C code numbers a process's instances as if it had every port (models/native/codegen.py)
            key = (system.algorithm, system.n)
            if key not in _network_offsets:
                in_ports, out_ports = padded_ports(system.algorithm, system.n)
                _network_offsets[key] = instance_offsets(system.algorithm, in_ports, out_ports)[0]
            self.offsets = _network_offsets[key]

    def _python_outcomes(self) -> list[tuple]:
        """(command, the instance's port, new locals, sends, the id a timeout waits for) in the
        engine's order: a process's own context also takes a network's port choices (any_port
        commands), each on its port; its timeouts are a context of their own, each timeout whose
        guard holds with the process it waits for, if any."""
        context, system = self.context, self.system
        if context.timeouts:
            return [(command, None, new_locals, sent, awaited) for command, new_locals, sent, awaited in
                    system.timeout_outcomes(self.i, context.locals)]
        if context.port is not None:
            return [(command, context.port, new_locals, sent, None) for command, new_locals, sent in
                    system.receive_outcomes(self.i, context.locals, context.port, context.message)]
        return ([(command, None, new_locals, sent, None) for command, new_locals, sent in
                 system.spontaneous_outcomes(self.i, context.locals)]
                + [(command, port, new_locals, sent, None) for command, port, new_locals, sent in
                   system.port_choice_outcomes(self.i, context.locals)])

    def run(self) -> Disagreement | None:
        context = self.context
        try:
            python = self._python_outcomes()
        except PortNumbersRead:
            raise  # the run hides port numbers and the algorithm reads one: every labelling is checked
        except Exception as error:  # noqa: BLE001 -- the user's command raised: Python must run it
            return self._disagree(self._command_named(str(error)), f"Python raises: {error}")
        found = self._compare(python)
        if found is not None:
            return found
        if context.observed is not None:
            found = self._observation(context.locals, context.observed)
            if found is not None:
                return found
        for outcome in context.outcomes:
            if outcome.observed is not None:
                found = self._observation(outcome.locals, outcome.observed)
                if found is not None:
                    return found
        return None

    # -- outcomes ---------------------------------------------------------------------
    def _compare(self, python) -> Disagreement | None:
        """The outcome lists, position by position: the same command instances in the same order
        (a receive context with no Python outcome is the unmatched reception, None here), then
        each one's instance number, new locals and sends."""
        context = self.context
        expected = [(command, port, new_locals, sent, awaited) for command, port, new_locals, sent, awaited in python]
        if not expected and context.port is not None:
            expected = [(None, context.port, context.locals, (), None)]
        c_names = [o.command for o in context.outcomes]
        python_names = [command and command.name for command, _, _, _, _ in expected]
        if c_names != python_names:
            k = next((k for k, (a, b) in enumerate(zip(c_names, python_names)) if a != b),
                     min(len(c_names), len(python_names)))
            name = python_names[k] if k < len(python_names) and python_names[k] else (
                c_names[k] if k < len(c_names) else None)
            return self._disagree(self._command(name) if name else self._receiving(),
                                  f"C {self._takes(c_names)}, Python {self._takes(python_names)}")
        for outcome, (command, port, new_locals, sent, awaited) in zip(context.outcomes, expected):
            name = command and command.name
            where = self._command(name) if name else self._receiving()
            shown = name or "the unmatched reception"
            if outcome.offset != self._offset(name, port):
                return self._disagree(where, f"C numbers {shown} as instance {outcome.offset}, "
                                      f"Python as {self._offset(name, port)}")
            if not _same_values(outcome.locals, new_locals) or not _same_sends(outcome.sends, sent):
                return self._disagree(where, f"C: {shown} {self._effect(outcome.locals, outcome.sends)}; "
                                      f"Python: {shown} {self._effect(new_locals, sent)}")
            if context.timeouts and (outcome.rank != command.rank or not (
                    outcome.awaited is None and awaited is None
                    or awaited is not None and outcome.awaited is not None and _same(outcome.awaited, awaited))):
                return self._disagree(where, f"C: rank {outcome.rank}, waits for {outcome.awaited}; "
                                      f"Python: rank {command.rank}, waits for {awaited}")
        return None

    def _offset(self, name: str | None, port) -> int:
        if self.network:
            return self.offsets[(name, port)]
        return self.system.instance_id(self.i, UNMATCHED if name is None else name, port) - self.first_instance

    def _takes(self, names) -> str:
        steps = [name for name in names if name]
        if steps:
            return "takes " + ", ".join(steps)
        return "consumes it unmatched" if None in names else "takes no step"

    def _effect(self, new_locals, sends) -> str:
        before = self.context.locals
        if len(new_locals) != len(before):
            changes = [f"locals {tuple(new_locals)!r}"]
        else:
            changes = [f"{self.system.layout.slot_name(k)}={_show(variable.type, value)}"
                       for k, ((_, _, variable), value) in enumerate(zip(self.slots, new_locals))
                       if not _same(before[k], value)]
        parts = ["sets " + ", ".join(changes)] if changes else ["changes nothing"]
        parts += [f"sends {message!r} on {port}" for port, message in sends]
        return " and ".join(parts)

    # -- observations -----------------------------------------------------------------
    def _observation(self, values, numbers) -> Disagreement | None:
        algorithm = self.algorithm
        try:
            seen = self.system.observe_locals(self.i, values)
        except PortNumbersRead:
            raise
        except Exception as error:  # noqa: BLE001
            return self._disagree(self._function("is_leader"), f"Python raises: {error}", values)
        python = {
            "decided": seen.decided, "is_leader": seen.is_leader, "leader_id": seen.leader_id,
            "candidate": seen.candidate,
        }
        for name, number in zip(DECISIONS, numbers):
            if name == "leader_id":
                if algorithm.leader_id is None or _same(number, python[name]):
                    continue
                shown = number, python[name]
            elif bool(number) == python[name]:
                continue
            else:
                shown = render(bool, number), render(bool, python[name])
            return self._disagree(self._function(name), f"C says {name} is {shown[0]}, Python says {shown[1]}",
                                  values)
        return None

    # -- the one line -------------------------------------------------------------------
    def _command(self, name: str) -> str:
        line = next((c.line for c in self.algorithm.commands if c.name == name), 0)
        return f"{self.algorithm.__name__}.{name} (line {line})"

    def _command_named(self, error: str) -> str:
        """The command an AlgorithmError names ("Class.command (line n) ..."), else the context's."""
        head = error.split(")")[0] + ")" if ") " in error else ""
        return head if head.startswith(f"{self.algorithm.__name__}.") else self._receiving()

    def _receiving(self) -> str:
        what = "timeouts" if self.context.timeouts else "spontaneous commands" if self.context.port is None \
            else f"receptions on {self.context.port}"
        return f"{self.algorithm.__name__}'s {what}"

    def _function(self, name: str) -> str:
        function = getattr(self.algorithm, name, None)
        try:
            line = inspect.getsourcelines(function)[1]
        except (OSError, TypeError):
            return f"{self.algorithm.__name__}.{name}"
        return f"{self.algorithm.__name__}.{name} (line {line})"

    def _disagree(self, what: str, difference: str, values=None) -> Disagreement:
        context = self.context
        values = context.locals if values is None else values
        shown = ", ".join(
            f"{self.system.layout.slot_name(k)}={_show(variable.type, value)}"
            for k, ((_, _, variable), value) in enumerate(zip(self.slots, values))
        )
        at = f"id {context.id}, {shown}"
        if context.message is not None and values is context.locals:
            at += f", {context.message!r} on {context.port}"
        return Disagreement(what, f"the native engine's reading of {what} disagrees with Python at {at}: "
                                  f"{difference}; the Python engine runs this algorithm")
