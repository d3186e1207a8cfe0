"""What a run cost in tokens, summed from the client's own transcript (pure; files/runcost.py reads them).

A transcript is read into records: {"kind": "prompt", "at"} for each prompt the user typed, and {"kind":
"call", "at", "model", "usage": {input, output, cache_read, cache_write}} for each model call, once per
call. The run's turns run from the user prompt that started the run (the last prompt at or before its
creation) up to the user prompt that follows its last move; every call in between counts, per model.
A consultee's usage, as its wrapper's envelope reported it on a move, is added as its own line.
"""

from __future__ import annotations

FIELDS = ("input", "output", "cache_read", "cache_write")


def _stamp(text) -> str:
    """An ISO-8601 UTC time cut to the second, comparable as text ("" when it is not one)."""
    if not isinstance(text, str) or len(text) < 19:
        return ""
    return text[:19].replace(" ", "T")


def run_window(records: list[dict], created_at: str, updated_at: str) -> tuple[str, str | None]:
    """(from, until): the run's turns, as the times of the prompts that bound them (until None: open)."""
    start, end = _stamp(created_at), _stamp(updated_at)
    prompts = sorted(_stamp(r.get("at")) for r in records if r.get("kind") == "prompt" and _stamp(r.get("at")))
    began = max((at for at in prompts if at <= start), default="")
    until = min((at for at in prompts if at > end), default=None)
    return began, until


def sum_usage(records: list[dict], created_at: str, updated_at: str) -> dict:
    """{"models": {model: {input, output, cache_read, cache_write, calls}}, "total": {...}} over the run's turns."""
    began, until = run_window(records, created_at, updated_at)
    models: dict[str, dict] = {}
    for record in records:
        at = _stamp(record.get("at"))
        if record.get("kind") != "call" or at < began or (until is not None and at >= until):
            continue
        add(models, str(record.get("model") or "unknown model"), record.get("usage") or {})
    return {"models": models, "total": total(models)}


def add(models: dict, name: str, usage: dict) -> None:
    line = models.setdefault(name, {**{field: 0 for field in FIELDS}, "calls": 0})
    for field in FIELDS:
        value = usage.get(field)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            line[field] += value
    line["calls"] += 1


def total(models: dict) -> dict:
    return {field: sum(line[field] for line in models.values()) for field in (*FIELDS, "calls")}


def consultee_usage(moves: list) -> dict:
    """The usage the consultees' envelopes reported on the run's moves, per consultee: {name: line}."""
    found: dict[str, dict] = {}
    for move in moves:
        usage = move.get("usage") if isinstance(move, dict) else None
        if not isinstance(usage, dict):
            continue
        who = move.get("consultee") or move.get("persona")
        name = f"consultee {who}" if isinstance(who, str) and who else "consultee"
        add(found, name, {"input": _int(usage.get("input_tokens")) - _int(usage.get("cached_input_tokens")),
                          "output": _int(usage.get("output_tokens")),
                          "cache_read": _int(usage.get("cached_input_tokens"))})
    return found


def _int(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def cost_lines(cost: dict) -> list[str]:
    """The cost as text lines: one per model (and consultee), then the total, marked measured."""
    if not cost.get("transcripts"):
        lines = [f"Tokens: not measured: {cost.get('why') or 'no transcript of this run was found'}"]
    else:
        whole = cost["total"]
        lines = [f"Tokens (measured from {cost['client']}'s transcript): {_line(whole)}"]
        lines += [f"  {name}: {_line(line)}" for name, line in sorted(cost["models"].items())]
    lines += [f"  {name} (as its wrapper reported): {_line(line)}" for name, line in sorted(cost["consultees"].items())]
    return lines


def _line(line: dict) -> str:
    return (f"input {line['input']}, output {line['output']}, cache read {line['cache_read']}, "
            f"cache write {line['cache_write']} ({line['calls']} call{'s' if line['calls'] != 1 else ''})")
