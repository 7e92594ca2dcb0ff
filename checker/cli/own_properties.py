"""``--property FILE.py[:name]``: the properties of one's own a check judges (specs/user_properties.py)."""
from __future__ import annotations

from models import AlgorithmError
from specs import Property
from specs.user_properties import as_property, declared

from .loader import load_module


def load_properties(given: list[str] | None) -> tuple[Property, ...]:
    """The properties named by each ``--property``: every decorated predicate of the file, or
    the one named after the colon."""
    properties: list[Property] = []
    for text in given or ():
        path, colon, name = text.partition(".py:")
        path = path + ".py" if colon else text
        if colon and not name:
            raise AlgorithmError(f"--property {text}: a colon with no name after it; give {path} for all its "
                                 f"properties or {path}:name for one")
        predicates = declared(load_module(path, "property", reuse=True))
        if not predicates:
            raise AlgorithmError(f"--property {path} defines no property: decorate a function of the state with "
                                 "@always, @eventually or @always_eventually (from specs; docs/properties.md)")
        if name:
            if name not in predicates:
                raise AlgorithmError(f"--property {path} defines no property {name!r}; it defines: "
                                     f"{', '.join(predicates)}")
            predicates = {name: predicates[name]}
        properties.extend(as_property(key, predicate) for key, predicate in predicates.items())
    return tuple(properties)
