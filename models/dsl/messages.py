"""Message types: immutable tuples whose first element names the type.

``class Probe(Message): id: int; phase: int; ttl: int`` declares a message type;
``Probe(5, 0, 0)`` is the tuple ``("Probe", 5, 0, 0)`` with ``m.id``, ``m.phase`` and
``m.ttl`` as named fields. Being a tuple, a message hashes and compares by value, so channel
contents can be stored in states as they are.
"""
from __future__ import annotations

from operator import itemgetter

from ..errors import AlgorithmError


class Message(tuple):
    """Base of every message type; subclass it with annotated fields."""

    fields: tuple[str, ...] = ()
    field_types: tuple[type, ...] = ()
    __slots__ = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        annotations = cls.__dict__.get("__annotations__", {})
        cls.fields = tuple(annotations)
        cls.field_types = tuple(
            t if isinstance(t, type) else {"int": int, "bool": bool}.get(t, int)
            for t in annotations.values()
        )
        for position, name in enumerate(cls.fields, start=1):
            setattr(cls, name, property(itemgetter(position), doc=f"field {name}"))

    def __new__(cls, *values):
        if len(values) != len(cls.fields):
            raise AlgorithmError(
                f"{cls.__name__} takes {len(cls.fields)} field(s) "
                f"({', '.join(cls.fields) or 'none'}), got {len(values)}"
            )
        return tuple.__new__(cls, (cls.__name__, *values))

    @classmethod
    def from_values(cls, values):
        return tuple.__new__(cls, (cls.__name__, *values))

    def __repr__(self) -> str:
        if not self.fields:
            return self[0]
        return f"{self[0]}({', '.join(str(v) for v in self[1:])})"

    __str__ = __repr__

    def __reduce__(self):
        return (type(self).from_values, (tuple(self[1:]),))
