"""Dung argumentation frameworks: linear-time grounded labelling, labelling checks, ICCMA 2023 `.af` I/O."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Iterator, Mapping, Sequence

Label = str  # "in", "out" or "undec" (see LABELS)
LABELS: tuple[Label, ...] = ("in", "out", "undec")
_UNDEC, _IN, _OUT = 0, 1, 2
_STATE_LABEL: tuple[Label, Label, Label] = ("undec", "in", "out")


class Conflict(namedtuple("Conflict", "argument reason")):
    """An argument whose given label breaks complete-labelling legality, and why."""

    __slots__ = ()


def _index(arguments: Sequence[str]) -> dict[str, int]:
    """Map each argument to its position, rejecting duplicates."""
    index: dict[str, int] = {}
    for position, argument in enumerate(arguments):
        if index.setdefault(argument, position) != position:
            raise ValueError(f"duplicate argument {argument!r}")
    return index


def _edges(index: Mapping[str, int], attacks: Iterable[tuple[str, str]]) -> Iterator[tuple[int, int]]:
    """Yield attacks as index pairs, rejecting arguments missing from `index`."""
    get = index.get
    for attacker, target in attacks:
        source, sink = get(attacker), get(target)
        if source is None or sink is None:
            unknown = attacker if source is None else target
            raise ValueError(f"attack ({attacker!r}, {target!r}) names unknown argument {unknown!r}")
        yield source, sink


def _members(index: Mapping[str, int], members: Iterable[str]) -> set[int]:
    """Translate a set of arguments to indices, rejecting unknown ones."""
    chosen: set[int] = set()
    for member in members:
        if member not in index:
            raise ValueError(f"set member {member!r} is not an argument of the framework")
        chosen.add(index[member])
    return chosen


def _grounded_states(count: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """Counter/worklist propagation: IN once no attacker is left un-OUT, OUT once an attacker is IN."""
    targets: list[list[int]] = [[] for _ in range(count)]
    live = [0] * count  # attack edges whose attacker is not (yet) OUT
    for source, sink in edges:
        targets[source].append(sink)
        live[sink] += 1
    state = [_UNDEC] * count
    todo = [arg for arg in range(count) if not live[arg]]
    while todo:
        arg = todo.pop()
        if state[arg] != _UNDEC:
            continue
        state[arg] = _IN
        for beaten in targets[arg]:
            if state[beaten] == _UNDEC:
                state[beaten] = _OUT
                for freed in targets[beaten]:
                    live[freed] -= 1
                    if not live[freed]:
                        todo.append(freed)
    return state


def grounded_labelling(arguments: Sequence[str], attacks: Iterable[tuple[str, str]]) -> dict[str, Label]:
    """Return the grounded labelling in O(|A|+|R|); raise ValueError on unknown or duplicate arguments."""
    index = _index(arguments)
    states = _grounded_states(len(index), _edges(index, attacks))
    return dict(zip(index, [_STATE_LABEL[state] for state in states], strict=True))


def _label_reason(label: object, in_attacker: str | None, live_attacker: str | None) -> str | None:
    """Explain why `label` is illegal given the first IN and first non-OUT attacker, or None if legal."""
    if label is None:
        return "has no label"
    if label not in LABELS:
        return f"invalid label {label!r} (expected 'in', 'out' or 'undec')"
    if label == "in" and live_attacker is not None:
        return f"labelled in but attacker {live_attacker!r} is not out"
    if label == "out" and in_attacker is None:
        return "labelled out but no attacker is in"
    if label == "undec" and in_attacker is not None:
        return f"labelled undec but attacker {in_attacker!r} is in (must be out)"
    if label == "undec" and live_attacker is None:
        return "labelled undec but every attacker is out (must be in)"
    return None


def labelling_conflicts(
    arguments: Sequence[str], attacks: Iterable[tuple[str, str]], labelling: Mapping[str, str]
) -> list[Conflict]:
    """List arguments breaking complete-labelling legality (IN iff all attackers OUT; OUT iff some attacker IN)."""
    index = _index(arguments)
    labels = [labelling.get(argument) for argument in index]
    names = list(index)
    first_in: list[str | None] = [None] * len(names)
    first_live: list[str | None] = [None] * len(names)
    for source, sink in _edges(index, attacks):
        if labels[source] != "out" and first_live[sink] is None:
            first_live[sink] = names[source]
        if labels[source] == "in" and first_in[sink] is None:
            first_in[sink] = names[source]
    conflicts = []
    for position, argument in enumerate(names):
        reason = _label_reason(labels[position], first_in[position], first_live[position])
        if reason is not None:
            conflicts.append(Conflict(argument, reason))
    extra = [key for key in labelling if key not in index]
    return conflicts + [Conflict(key, "labelled but not an argument of the framework") for key in extra]


def is_conflict_free(arguments: Sequence[str], attacks: Iterable[tuple[str, str]], members: Iterable[str]) -> bool:
    """True iff no member of `members` attacks a member (self-attacks included)."""
    index = _index(arguments)
    chosen = _members(index, members)
    return not any(source in chosen and sink in chosen for source, sink in _edges(index, attacks))


def is_admissible(arguments: Sequence[str], attacks: Iterable[tuple[str, str]], members: Iterable[str]) -> bool:
    """True iff `members` is conflict-free and counter-attacks every attacker of a member."""
    index = _index(arguments)
    chosen = _members(index, members)
    edges = list(_edges(index, attacks))
    if any(source in chosen and sink in chosen for source, sink in edges):
        return False
    countered = {sink for source, sink in edges if source in chosen}
    return all(source in countered for source, sink in edges if sink in chosen)


def _check_comment_name(argument: str) -> None:
    """Reject ids that would not survive a `# i name` comment line round trip."""
    if not argument or argument != argument.strip() or "\n" in argument or "\r" in argument:
        raise ValueError(
            f"argument id {argument!r} cannot be written as an ICCMA comment (empty, edge spaces or line break)"
        )


def to_iccma(arguments: Sequence[str], attacks: Iterable[tuple[str, str]], *, comment_ids: bool = True) -> str:
    """Write ICCMA 2023 `p af N` text: arguments numbered 1..N in order, sorted unique `i j` attack lines."""
    index = _index(arguments)
    edges = sorted(set(_edges(index, attacks)))
    lines = [f"p af {len(index)}"]
    if comment_ids:
        for number, argument in enumerate(index, start=1):
            _check_comment_name(argument)
            lines.append(f"# {number} {argument}")
    lines.extend(f"{source + 1} {sink + 1}" for source, sink in edges)
    return "\n".join(lines) + "\n"


def _parse_id(token: str, count: int, lineno: int) -> int:
    """Parse one 1-based argument id, with a line-numbered error when invalid."""
    if not (token.isascii() and token.isdigit()):
        raise ValueError(f"line {lineno}: argument id {token!r} is not a positive integer")
    number = int(token)
    if not 1 <= number <= count:
        raise ValueError(f"line {lineno}: argument id {number} is outside 1..{count}")
    return number


def _parse_header(tokens: list[str], lineno: int) -> int:
    """Parse the `p af N` header line into N."""
    if len(tokens) != 3 or tokens[:2] != ["p", "af"] or not (tokens[2].isascii() and tokens[2].isdigit()):
        raise ValueError(f"line {lineno}: expected header 'p af <n>', got {' '.join(tokens)!r}")
    return int(tokens[2])


def _comment_name(line: str) -> tuple[int, str] | None:
    """Read a `# i name` comment as (i, name); None for any other comment."""
    parts = line[1:].split(None, 1)
    if len(parts) == 2 and parts[0].isascii() and parts[0].isdigit():
        return int(parts[0]), parts[1]
    return None


def _names(count: int, pairs: list[tuple[int, str]]) -> list[str]:
    """Use `# i name` comments only if they name each of 1..N exactly once with distinct names."""
    mapping = dict(pairs)
    numbers = [str(number) for number in range(1, count + 1)]
    complete = set(mapping) == set(range(1, count + 1)) and len(set(pairs)) == count
    if not pairs or not complete or len(set(mapping.values())) != count:
        return numbers
    return [mapping[number] for number in range(1, count + 1)]


def from_iccma(text: str) -> tuple[list[str], list[tuple[str, str]]]:
    """Parse ICCMA 2023 `.af` text to (arguments, attacks); names from a complete `# i name` set, else "1".."N"."""
    count: int | None = None
    pairs: list[tuple[int, str]] = []
    edges: dict[tuple[int, int], None] = {}
    lines = text.split("\n")
    for lineno, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            named = _comment_name(line)
            if named is not None:
                pairs.append(named)
            continue
        tokens = line.split()
        if count is None:
            count = _parse_header(tokens, lineno)
        elif len(tokens) != 2:
            raise ValueError(f"line {lineno}: expected an attack 'i j', got {line!r}")
        else:
            edges[(_parse_id(tokens[0], count, lineno), _parse_id(tokens[1], count, lineno))] = None
    if count is None:
        raise ValueError(f"line {len(lines)}: input ended before the 'p af <n>' header")
    names = _names(count, pairs)
    return names, [(names[source - 1], names[sink - 1]) for source, sink in edges]
