"""Mutable records declared like dataclasses, for the derived state the engines build on every call.

`@record` reads a class's annotated fields (in order) and their defaults, and gives it `__init__`,
`__repr__` and `__eq__` (`__init__` generated once, as dataclasses does) and, unless `slots=False`, `__slots__`.
Defining a class this way costs a small fraction of `@dataclass(slots=True)`, which also imports
`inspect`: on a short CLI call, defining one protocol's seven state classes with dataclasses took
longer than replaying a 200-move log. Instances behave the same: keyword or positional arguments,
`field(default_factory=...)` for mutable defaults, unhashable (like a dataclass with eq=True).
"""

from __future__ import annotations

_MISSING = object()


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make) -> None:
        self.make = make


def field(*, default_factory):
    """A default built anew for each instance (as `dataclasses.field(default_factory=...)`)."""
    return _Factory(default_factory)


def record(cls=None, *, slots: bool = True):
    """Class decorator: see the module docstring."""
    def wrap(klass):
        return _build(klass, slots)

    return wrap if cls is None else wrap(cls)


def fields(value) -> tuple[str, ...]:
    """The field names of a record instance or class, in declaration order."""
    return type(value).__record_fields__ if not isinstance(value, type) else value.__record_fields__


def is_record(value) -> bool:
    return hasattr(type(value), "__record_fields__") and not isinstance(value, type)


def _build(cls, slots: bool):
    names = tuple(cls.__dict__.get("__annotations__", {}))
    scope = {"_MISSING": _MISSING}
    params, body = [], []
    for name in names:
        default = cls.__dict__.get(name, _MISSING)
        if default is _MISSING:
            if any("=" in p for p in params):
                raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with a default")
            params.append(name)
            body.append(f"self.{name} = {name}")
        elif isinstance(default, _Factory):
            scope[f"_make_{name}"] = default.make
            params.append(f"{name}=_MISSING")
            body.append(f"self.{name} = _make_{name}() if {name} is _MISSING else {name}")
        else:
            scope[f"_default_{name}"] = default
            params.append(f"{name}=_default_{name}")
            body.append(f"self.{name} = {name}")
    source = "\n".join([f"def __init__(self, {', '.join(params)}):", *("    " + line for line in body or ["pass"])])
    exec(source, scope)  # noqa: S102  (generated from the class's own field names, as dataclasses does)
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in ("__dict__", "__weakref__") and not (slots and key in names)}
    for name in names:
        if isinstance(namespace.get(name), _Factory):
            del namespace[name]
    namespace.update(__init__=scope["__init__"], __repr__=_repr, __eq__=_eq, __hash__=None,
                     __record_fields__=names)
    if slots:
        namespace["__slots__"] = names
    built = type(cls)(cls.__name__, cls.__bases__, namespace)
    built.__init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return built


def _repr(self) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_fields__)
    return f"{type(self).__qualname__}({shown})"


def _eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    names = self.__record_fields__
    return tuple(getattr(self, name) for name in names) == tuple(getattr(other, name) for name in names)
