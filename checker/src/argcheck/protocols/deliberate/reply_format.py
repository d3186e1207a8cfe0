"""The consultee's reply format: one JSON object whose keys map 1:1 onto deliberate moves (pure).

Shared by `prompting` (which asks for it) and `ingest` (which parses it). Every item is checked for shape,
for the phase of the round it lands in, and for the ids it names, so that a reply the checker would
refuse is recorded as a format failure instead of blocking the run.
"""

from __future__ import annotations

import json
import re

from argcheck.protocols.deliberate.standing import consultee_name, next_free_id, reply_phase
from argcheck.protocols.deliberate.state import CRYSTALLIZATION

ID = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]{0,31}$")
FENCE = re.compile(r"```([A-Za-z]*)[ \t]*\r?\n(.*?)```", re.DOTALL)
MAX_TEXT = 4000
VERDICTS = ("AGREE", "SKEPTICAL", "REJECT", "ILL_FORMED", "OUT_OF_SCOPE")

# key -> {field: (kind, required)}; kind is "text", "id", "ids" or a tuple of allowed words.
ITEMS = {
    "points": {"id": ("id", False), "text": ("text", True), "kind": (("empirical", "value"), True),
               "extends": ("id", False), "theme": ("text", False)},
    "classifications": {"point": ("id", True), "verdict": (VERDICTS, True), "reason": ("text", True),
                        "challenge": ("id", False), "objection": ("text", False)},
    "challenges": {"id": ("id", False), "point": ("id", True),
                   "kind": (("skeptical", "reject", "reconcile"), True), "objection": ("text", True)},
    "defenses": {"challenge": ("id", False), "point": ("id", False), "argument": ("text", True),
                 "evidence": ("ids", False)},
    "concessions": {"challenge": ("id", True), "reason": ("text", False)},
    "judgments": {"challenge": ("id", True), "outcome": (("accepted", "rejected"), True), "reason": ("text", True),
                  "evidence": ("ids", False)},
    "revisions": {"point": ("id", True), "to": (VERDICTS, True), "justification": ("text", True)},
    "clarifications": {"point": ("id", True), "text": ("text", True)},
    "claims": {"id": ("id", False), "text": ("text", True),
               "claim_type": (("empirical", "value", "constraint"), False), "supports": ("ids", False),
               "artifact": ("text", False), "quote": ("text", False)},
}
REPLY_KEYS = tuple(ITEMS)
ARBITER = {"flags": None, "constraints": ("ids", False), "summary": ("text", True)}


class FormatProblem(ValueError):
    """The reply is not one JSON object in the requested format; the message says what is wrong."""


def extract_object(text: str) -> dict:
    """The reply's JSON object: the one ```json fence, or the whole reply if it is bare JSON."""
    fences = [body for lang, body in FENCE.findall(text or "") if lang.lower() in ("json", "")]
    if len(fences) > 1:
        raise FormatProblem(f"{len(fences)} fenced blocks; send exactly one ```json block")
    source = fences[0] if fences else (text or "").strip()
    try:
        value = json.loads(source)
    except ValueError as error:
        where = "the ```json block" if fences else "the reply (no ```json block found)"
        raise FormatProblem(f"{where} is not valid JSON: {error}") from None
    if not isinstance(value, dict):
        raise FormatProblem(f"the JSON is a {type(value).__name__}, not an object")
    return value


def parse_reply(text: str) -> dict[str, list[dict]]:
    """Shape-checked items per key, with verdicts and words normalized, nulls dropped."""
    reply = extract_object(text)
    unknown = sorted(set(reply) - set(ITEMS))
    if unknown:
        raise FormatProblem(f"unknown key(s) {', '.join(unknown)}; allowed: {', '.join(REPLY_KEYS)}")
    parsed = {}
    for key, spec in ITEMS.items():
        items = reply.get(key) or []
        if not isinstance(items, list):
            raise FormatProblem(f"`{key}` must be a list of objects")
        parsed[key] = [_item(f"{key}[{n}]", item, spec) for n, item in enumerate(items)]
    return parsed


def _item(where: str, item, spec: dict) -> dict:
    if not isinstance(item, dict):
        raise FormatProblem(f"{where} must be an object")
    present = {name: value for name, value in item.items() if value is not None}
    extra = sorted(set(present) - set(spec))
    if extra:
        raise FormatProblem(f"{where} has unknown field(s) {', '.join(extra)}; allowed: {', '.join(spec)}")
    checked = {}
    for name, (kind, required) in spec.items():
        if name not in present:
            if required:
                raise FormatProblem(f"{where} lacks `{name}`")
            continue
        checked[name] = _value(f"{where}.{name}", present[name], kind)
    return checked


def _value(where: str, value, kind):
    if kind == "text":
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
            raise FormatProblem(f"{where} must be a non-empty string of at most {MAX_TEXT} characters")
        return value.strip()
    if kind == "id":
        if not isinstance(value, str) or not ID.match(value):
            raise FormatProblem(f"{where} must be an id such as P3, C2 or L4")
        return value
    if kind == "ids":
        if not isinstance(value, list):
            raise FormatProblem(f"{where} must be a list of ids")
        return [_value(f"{where}[{n}]", v, "id") for n, v in enumerate(value)]
    word = value.strip().replace("-", "_").replace(" ", "_") if isinstance(value, str) else value
    word = word.upper() if kind is VERDICTS and isinstance(word, str) else word
    word = word.lower() if kind is not VERDICTS and isinstance(word, str) else word
    if word not in kind:
        raise FormatProblem(f"{where} must be one of {', '.join(kind)}, not {value!r}")
    return word


def content_moves(state, text: str, skip: frozenset[str] = frozenset()) -> list[dict]:
    """The consultee's moves for a good reply, in citation order (raises FormatProblem)."""
    return _Builder(state, skip).build(parse_reply(text))


class _Builder:
    """Assigns free ids, renames the reply's own ids consistently, and checks what each item names."""

    def __init__(self, state, skip):
        self.state, self.skip = state, skip
        self.phase = reply_phase(state)
        self.points = {pid: p.author for pid, p in state.points.items()}
        self.challenges, self.ledger = set(state.challenges), set(state.ledger)
        self.taken = set(state.points) | self.challenges | self.ledger  # one id space for all three
        self.point_names, self.claim_names = {}, {}

    def build(self, reply: dict) -> list[dict]:
        moves = [self._point(item) for item in reply["points"]]
        moves += [self._claim(item) for item in reply["claims"]]
        moves += [self._simple("clarify", item, point=self._any_point(item["point"]))
                  for item in reply["clarifications"]]
        moves += [self._revision(item) for item in reply["revisions"]]
        moves += [self._classification(item) for item in reply["classifications"]]
        moves += [self._challenge(item) for item in reply["challenges"]]
        moves += [m for m in (self._answer("defend", item) for item in reply["defenses"]) if m]
        moves += [m for m in (self._answer("concede", item) for item in reply["concessions"]) if m]
        moves += [self._judgment(item) for item in reply["judgments"]]
        return moves

    def _fresh(self, wanted, prefix: str) -> str:
        chosen = wanted if wanted and wanted not in self.taken else next_free_id(self.taken, prefix)
        self.taken.add(chosen)
        return chosen

    def _point(self, item) -> dict:
        pid = self._fresh(item.get("id"), "P")
        if item.get("id"):
            self.point_names.setdefault(item["id"], pid)
        move = {"type": "point", "actor": "consultee", "id": pid, "text": item["text"], "kind": item["kind"]}
        if item.get("theme"):
            move["theme"] = " ".join(item["theme"].split())[:80]
        if item.get("extends"):
            move.update(relation="extension", extends=self._any_point(self.point_names.get(item["extends"],
                                                                                           item["extends"])))
        self.points[pid] = "consultee"
        return move

    def _claim(self, item) -> dict:
        lid = self._fresh(item.get("id"), "L")
        if item.get("id"):
            self.claim_names.setdefault(item["id"], lid)
        self.ledger.add(lid)
        cited = f" [cites {item['artifact']}]" if item.get("artifact") else ""
        quoted = f' [quote: "{item["quote"]}"]' if item.get("quote") else ""
        text = (item["text"] + cited + quoted)[:MAX_TEXT]
        supports = [self._any_point(self.point_names.get(p, p)) for p in item.get("supports", [])]
        return {"type": "ledger", "actor": "consultee", "id": lid, "text": text,
                "provenance": f"{consultee_name(self.state)}-unverified",
                "claim_type": item.get("claim_type", "empirical"), "supports": supports}

    def _revision(self, item) -> dict:
        point = self._any_point(item["point"])
        if "consultee" not in getattr(self.state.points.get(point), "classifications", {}):
            raise FormatProblem(f"revision of {point}: you never classified it (classify it instead)")
        return self._simple("revise", item, point=point)

    def _classification(self, item) -> dict:
        point = self._others_point(item["point"], "classify")
        existing = self.state.points.get(point)
        if existing is not None and (existing.not_evaluated or existing.awaiting_clarification):
            raise FormatProblem(f"{point} cannot be classified now (not evaluated, or awaiting clarification)")
        move = {"type": "classify", "actor": "consultee", "point": point, "verdict": item["verdict"],
                "reason": item["reason"]}
        if item["verdict"] in ("SKEPTICAL", "REJECT"):
            self._check_attack_allowed(f"a {item['verdict']} verdict on {point}")
            if "objection" not in item:
                raise FormatProblem(f"the {item['verdict']} verdict on {point} needs an `objection`")
            move.update(challenge=self._new_challenge(item.get("challenge")), objection=item["objection"])
        return move

    def _challenge(self, item) -> dict:
        point = self._others_point(item["point"], "challenge")
        if item["kind"] != "reconcile":
            self._check_attack_allowed(f"the {item['kind']} challenge on {point}")
        return {"type": "challenge", "actor": "consultee", "id": self._new_challenge(item.get("id")),
                "point": point, "kind": item["kind"], "objection": item["objection"]}

    def _answer(self, kind: str, item) -> dict | None:
        if kind == "defend" and "challenge" not in item:
            return self._quick_defense(item)
        cid = item["challenge"]
        challenge = self.state.challenges.get(cid)
        if challenge is None or challenge.respondent != "consultee":
            raise FormatProblem(f"{cid} is not a challenge against one of your points")
        if cid in self.skip or not challenge.is_open:
            return None  # closed as undefended when this reply arrives: nothing left to answer
        move = {"type": kind, "actor": "consultee", "challenge": cid}
        if kind == "defend":
            move.update(argument=item["argument"], evidence=self._evidence(item))
        elif item.get("reason"):
            move["reason"] = item["reason"]
        return move

    def _quick_defense(self, item) -> dict:
        if self.state.mode != "quick" or "point" not in item:
            raise FormatProblem("a defense must name the `challenge` it answers")
        return {"type": "defend", "actor": "consultee", "point": self._any_point(item["point"]),
                "argument": item["argument"], "evidence": self._evidence(item)}

    def _judgment(self, item) -> dict:
        challenge = self.state.challenges.get(item["challenge"])
        if challenge is None or challenge.challenger != "consultee":
            raise FormatProblem(f"{item['challenge']} is not a challenge you raised")
        if challenge.status != "defended":
            raise FormatProblem(f"{item['challenge']} has no new defense to judge")
        return {"type": "judge", "actor": "consultee", "challenge": item["challenge"], "outcome": item["outcome"],
                "reason": item["reason"], "evidence": self._evidence(item)}

    def _simple(self, kind: str, item, **fields) -> dict:
        return {"type": kind, "actor": "consultee", **item, **fields}

    def _evidence(self, item) -> list[str]:
        cited = [self.claim_names.get(e, e) for e in item.get("evidence", [])]
        unknown = [e for e in cited if e not in self.ledger]
        if unknown:
            raise FormatProblem(f"evidence names unknown ledger id(s) {', '.join(unknown)}")
        return cited

    def _any_point(self, pid: str) -> str:
        if pid not in self.points:
            raise FormatProblem(f"unknown point {pid}")
        return pid

    def _others_point(self, pid: str, verb: str) -> str:
        if self.points[self._any_point(pid)] == "consultee":
            raise FormatProblem(f"you cannot {verb} your own point {pid}")
        return pid

    def _new_challenge(self, wanted) -> str:
        cid = self._fresh(wanted, "C")
        self.challenges.add(cid)
        return cid

    def _check_attack_allowed(self, what: str) -> None:
        if self.phase == CRYSTALLIZATION:
            raise FormatProblem(f"{what} is not admissible in CRYSTALLIZATION (no new attacks)")


def arbiter_reply(text: str) -> dict:
    """The arbiter's flags, constraints and summary (raises FormatProblem)."""
    reply = extract_object(text)
    extra = sorted(set(reply) - set(ARBITER))
    if extra:
        raise FormatProblem(f"unknown key(s) {', '.join(extra)}; allowed: flags, constraints, summary")
    flags = reply.get("flags") or []
    if not isinstance(flags, list):
        raise FormatProblem("`flags` must be a list of objects")
    spec = {"point": ("id", True), "concern": ("text", True)}
    checked = _item("reply", {k: v for k, v in reply.items() if k != "flags"},
                    {k: v for k, v in ARBITER.items() if v})
    return {"flags": [_item(f"flags[{n}]", flag, spec) for n, flag in enumerate(flags)],
            "constraints": checked.get("constraints", []), "summary": checked["summary"]}
