"""``check ALGO --describe``: everything an algorithm declares, read from the class as loaded.

A variant writer needs to know what to override and what the checker will hold the variant
to: the locals with their types and initial values, the message types and their fields, each
command with its kind, message, ports, guard (source text and line, the subclass's line for
an override), the topology, the promises the specification reads, and where the text comes
from. ``describe(algorithm)`` returns it as plain data (the ``--json`` output);
``describe_text`` prints it.
"""
from __future__ import annotations

import ast
import importlib.util
import inspect
import os
import textwrap
from enum import IntEnum

from models import Algorithm, Message, declares_message_bound
from models.dsl.algorithm import bound_takes_setting
from models.dsl.values import Id, render

SMALL_N = range(1, 9)  # the message bound's values shown, for the ring sizes a run can check
DECISION_FUNCTIONS = ("is_leader", "decided", "leader_id", "candidate")


def describe(algorithm: type[Algorithm]) -> dict:
    topology = algorithm.topology
    ports = list(topology.ports)
    return {
        "name": algorithm.name,
        "class": algorithm.__name__,
        "defined_in": _where(algorithm),
        "derives_from": [f"{base.name} ({base.__name__})" for base in algorithm.__mro__[1:]
                         if issubclass(base, Algorithm) and base is not Algorithm and base.commands],
        "summary": _summary(algorithm),
        "seed": algorithm.seed or None,
        "docstring": _own_module_doc(algorithm),
        **_choices(algorithm),
        "topology": {"kind": topology.kind, "ports": ports, "receive_ports": _receive_ports(topology),
                     "numbered_ports": _numbered_ports(topology)},
        "locals": [
            {"name": v.name, "type": _type_name(v.type), "initial": render(v.type, v.initial),
             "per_port": ports if v.per_port else None}
            for v in algorithm.variables
        ],
        "messages": [
            {"name": m.__name__, "fields": [{"name": f, "type": t.__name__} for f, t in zip(m.fields, m.field_types)]}
            for m in _message_types(algorithm)
        ],
        "commands": [_command(algorithm, c, topology) for c in algorithm.commands],
        "promises": {
            "winner": algorithm.winner,
            "message_bound": algorithm.message_bound_text,
            "message_bound_values": _bound_values(algorithm),
            "message_bound_source": _source_or_none(algorithm, "message_bound"),
            "knows_n": algorithm.knows_n,
            "mirror_symmetric": algorithm.mirror_symmetric,
            "mirror_symmetric_means": _mirror_status(algorithm),
        },
        "decisions": {name: _decision(algorithm, name) for name in DECISION_FUNCTIONS},
    }


def describe_text(algorithm: type[Algorithm]) -> str:
    d = describe(algorithm)
    lines = [f"{d['name']}: {d['summary']}" if d["summary"] else d["name"]]
    lines.append(f"  class       {d['class']} ({d['defined_in']})")
    if d["derives_from"]:
        lines.append(f"  derives     from {', '.join(d['derives_from'])}")
    lines.append(f"  seed        {d['seed'] or 'none given'}")
    topology = d["topology"]
    if topology["numbered_ports"]:
        lines.append(f"  topology    {topology['kind']}: a process of degree d has ports 0..d-1 (which leads "
                     "where is the adversary's choice); receives on any port")
    else:
        lines.append(f"  topology    {topology['kind']}: ports {_listed(topology['ports'])}; "
                     f"receives on {_listed(topology['receive_ports'])}")
    lines.append("")
    lines.append("locals (each process has its own)")
    width = max((len(v["name"]) for v in d["locals"]), default=0)
    for v in d["locals"]:
        slots = ", ".join(f"{v['name']}[{port}]" for port in v["per_port"] or ())
        per_port = f"   per port: {slots}" if slots else ""
        lines.append(f"  {v['name']:<{width}}  {v['type']} = {v['initial']}{per_port}")
    lines.append("")
    lines.append("messages")
    for m in d["messages"]:
        fields = ", ".join(f"{f['name']}: {f['type']}" for f in m["fields"])
        lines.append(f"  {m['name']}({fields})")
    lines.append("")
    lines.append("commands, in the order transitions are listed")
    for c in d["commands"]:
        on = f" {c['message']} on {_listed(c['ports']) or 'any port'}" if c["kind"] == "receive" else ""
        inherited = f", inherited from {c['class']}" if c["class"] != d["class"] else ""
        lines.append(f"  {c['name']} ({c['kind']}{on})   {c['file']}:{c['line']}{inherited}")
        lines.append(f"    when  {c['guard'] or 'always'}")
        lines.extend(f"    | {line}" for line in c["body"].splitlines())
    lines.append("")
    promises = d["promises"]
    lines.append("promises")
    lines.append(f"  winner            {promises['winner'] or 'none (exactly one leader, any id)'}")
    if promises["message_bound_values"]:
        values = ", ".join(f"{n}: {v}" for n, v in promises["message_bound_values"].items())
        lines.append(f"  message bound     {promises['message_bound'] or '(no text)'}; n = {values}")
        lines.extend(f"    | {line}" for line in promises["message_bound_source"].splitlines())
    else:
        lines.append("  message bound     none declared")
    lines.append(f"  knows n           {'yes (p.n is readable)' if promises['knows_n'] else 'no'}")
    lines.append(f"  mirror symmetric  {promises['mirror_symmetric_means']}")
    lines.append("")
    lines.append("decision functions (what the specification reads)")
    for name, decision in d["decisions"].items():
        if decision is None:
            lines.append(f"  {name}: not defined")
        else:
            lines.append(f"  {name}   {decision['file']}:{decision['line']}")
            lines.extend(f"    | {line}" for line in decision["source"].splitlines())
    if d["docstring"] and d["choices_from"] != d["defined_in"].rpartition(":")[0]:
        lines.append("")
        lines.append(f"about ({d['defined_in'].rpartition(':')[0]})")
        lines.extend(textwrap.indent(d["docstring"], "  ").splitlines())
    if d["choices"]:
        lines.append("")
        lines.append(f"choices where the text leaves room ({d['choices_from']})")
        for choice in d["choices"]:
            lines.extend(textwrap.wrap(choice, 96, initial_indent="  * ", subsequent_indent="    "))
    return "\n".join(lines)


def _where(thing) -> str:
    try:
        path = inspect.getsourcefile(thing)
        line = inspect.getsourcelines(thing)[1]
    except (OSError, TypeError):
        return "source not found"
    return f"{_shown_path(path)}:{line}"


def _shown_path(path: str) -> str:
    """A path relative to the working directory when it lies below it (as the user typed it)."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def _type_name(value_type: type) -> str:
    if value_type is Id:
        return "Id (NIL or a process id)"
    if isinstance(value_type, type) and issubclass(value_type, IntEnum):
        return f"{value_type.__name__} ({', '.join(member.name for member in value_type)})"
    return getattr(value_type, "__name__", str(value_type))


def _numbered_ports(topology) -> bool:
    return topology.numbered_ports


def _receive_ports(topology) -> list[str]:
    """The ports a ring's processes receive on (every process has the same); none on a network,
    whose ports are numbers that depend on each process's degree."""
    if _numbered_ports(topology):
        return []
    ring = topology(3)
    return list(ring.in_ports(0))


def _listed(ports) -> str:
    """Ring ports are names, a network's (in ``ports=``) numbers."""
    return ", ".join(str(port) for port in ports)


def _message_types(algorithm) -> list[type[Message]]:
    """The message types the algorithm receives, then those its modules define (in order)."""
    found = [c.message for c in algorithm.commands if c.message is not None]
    for klass in reversed(algorithm.__mro__):
        module = inspect.getmodule(klass)
        if module is None or not issubclass(klass, Algorithm) or klass is Algorithm:
            continue
        found += [value for value in vars(module).values()
                  if isinstance(value, type) and issubclass(value, Message) and value is not Message]
    return list(dict.fromkeys(found))


def _command(algorithm, command, topology) -> dict:
    body = command.body
    defining = next((k for k in algorithm.__mro__ if vars(k).get(command.name) is not None
                     and getattr(vars(k)[command.name], "body", None) is body), algorithm)
    return {
        "name": command.name,
        "kind": command.kind,
        "message": command.message.__name__ if command.message else None,
        "ports": list(command.ports) if command.ports is not None else
                 (_receive_ports(topology) if command.kind == "receive" else []),
        "guard": guard_source(command.guard) if command.guard else None,
        "body": _body_source(body),
        "file": _shown_path(inspect.getsourcefile(body) or "?"),
        "line": command.line,
        "class": defining.__name__,
    }


def guard_source(guard) -> str:
    """The guard's expression as written: the lambda's body, or a named function's source."""
    try:
        lines, first = inspect.getsourcelines(guard)
        path = inspect.getsourcefile(guard)
    except (OSError, TypeError):
        return repr(guard)
    if guard.__name__ != "<lambda>":
        return textwrap.dedent("".join(lines)).strip()
    with open(path) as file:
        source = file.read()
    # where the lambda's first instruction comes from tells two lambdas on one line apart
    start = next((p for p in guard.__code__.co_positions() if p[0] is not None and p[2] and p[3]), None)
    candidates = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Lambda) and node.lineno == first]
    for node in candidates:
        span_start, span_end = (node.body.lineno, node.body.col_offset), (node.body.end_lineno, node.body.end_col_offset)
        if start is None or len(candidates) == 1 or span_start <= (start[0], start[2]) <= span_end:
            return " ".join(ast.get_source_segment(source, node.body).split())
    return textwrap.dedent("".join(lines)).strip()


def _body_source(body) -> str:
    """A command's body without its decorator and ``def`` line, dedented."""
    try:
        lines = inspect.getsourcelines(body)[0]
    except (OSError, TypeError):
        return ""
    start = next(k for k, line in enumerate(lines) if line.lstrip().startswith("def ")) + 1
    return textwrap.dedent("".join(lines[start:])).rstrip()


def _source_or_none(algorithm, name: str) -> str | None:
    function = getattr(algorithm, name, None)
    if function is None or (name == "message_bound" and not declares_message_bound(algorithm)):
        return None
    try:
        source = textwrap.dedent(inspect.getsource(function)).strip()
    except (OSError, TypeError):
        return repr(function)
    return "\n".join(line for line in source.splitlines() if line.strip() != "@staticmethod")


def _decision(algorithm, name: str) -> dict | None:
    source = _source_or_none(algorithm, name)
    if source is None:
        return None
    where = _where(getattr(algorithm, name))
    path, _, line = where.rpartition(":")
    return {"source": source, "file": path or where, "line": int(line) if line.isdigit() else None}


def _bound_values(algorithm) -> dict[int, int]:
    values = {}
    if bound_takes_setting(algorithm.message_bound):
        return values  # a bound of the arrangement (specs/bounds.py), not one number per n
    for n in SMALL_N:
        try:
            bound = algorithm.message_bound(n)
        except (ArithmeticError, ValueError):  # e.g. log2 at n = 1: shown for the other n
            continue
        if bound is not None:
            values[n] = bound
    return values


def _mirror_status(algorithm) -> str:
    """What ``mirror_symmetric`` means for a run, as the checker in this tree treats it."""
    topology = algorithm.topology
    if not topology.mirror_symmetric:
        return f"{'declared, but ' if algorithm.mirror_symmetric else 'no: '}a {topology.kind} has no mirror image"
    quotient = ("the labelling quotient (one labelling stands for all 2^n)" if topology.port_labellings
                else "the reflection quotient")
    if not algorithm.mirror_symmetric:
        return ("no: labelled arrangements up to rotation and reflection" if topology.port_labellings
                else "no: arrangements up to rotation only")
    if importlib.util.find_spec("checker.trust") and importlib.util.find_spec("checker.trust.symmetry"):
        return f"declared; proved with z3 at load, for the n checked, before {quotient} is used"
    return (f"declared; {quotient} relies on it (not proved at load: tests/explore/test_symmetry.py and "
            f"test_labellings.py check the built-ins' declarations)")


def _summary(algorithm) -> str:
    """The class's own first docstring line; a variant without one is summed up by its module's."""
    own = algorithm.__dict__.get("__doc__")
    if own:
        return inspect.cleandoc(own).splitlines()[0]
    doc = _own_module_doc(algorithm)
    return doc.split("\n\n")[0].replace("\n", " ") if doc else algorithm.summary()


def _own_module_doc(algorithm) -> str | None:
    module = inspect.getmodule(algorithm)
    return inspect.getdoc(module) if module else None


def _choices(algorithm) -> dict:
    """The bullets under "Choices where the text leaves room:" (each one paragraph) in the
    docstring of the nearest module of the class's ancestry that has such a list: a variant's
    own, else the built-in's it derives from."""
    for klass in algorithm.__mro__:
        if not (isinstance(klass, type) and issubclass(klass, Algorithm)) or klass is Algorithm:
            continue
        module = inspect.getmodule(klass)
        choices = _choice_bullets(inspect.getdoc(module) or "") if module else []
        if choices:
            return {"choices": choices, "choices_from": _shown_path(inspect.getsourcefile(module) or "?")}
    return {"choices": [], "choices_from": None}


def _choice_bullets(doc: str) -> list[str]:
    choices, inside = [], False
    for line in doc.splitlines():
        stripped = line.strip()
        if "choices" in stripped.lower() and stripped.endswith(":"):
            inside = True
        elif inside and stripped.startswith("* "):
            choices.append(stripped[2:])
        elif inside and stripped and line.startswith(" ") and choices:
            choices[-1] += " " + stripped
        elif inside and stripped:
            inside = False
    return choices
