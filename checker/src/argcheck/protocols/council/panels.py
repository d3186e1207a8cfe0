"""The panels of a council: the seed's six philosophers, the scientific analysts, or a custom panel.

The persona templates under `personas/` are the one source: each holds `name:`, `focus:` and `heuristic:`
lines, then the persona's directive. The round templates (`round-*.md`) hold the prompts with {SLOTS}.
"""

from __future__ import annotations

import json
import re
from importlib import resources

from argcheck.core.contract import UsageProblem

PHILOSOPHERS = ("aristotle", "descartes", "kant", "leibniz", "popper", "russell")
SCIENTIFIC = ("systems-analyst", "first-principles-analyst", "boundary-condition-analyst", "optimization-analyst",
              "empirical-validation-analyst", "logical-structure-analyst")
PANELS = {"philosophers": PHILOSOPHERS, "scientific": SCIENTIFIC}
DEFAULT_PANEL = "philosophers"
MAX_PERSONAS = 12
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9 ._-]{0,39}$")
SLOT = re.compile(r"\{([A-Z][A-Z_]*)\}")


def template_text(name: str) -> str:
    """A bundled template (`aristotle`, `round-critique`, ...)."""
    return resources.files(__package__).joinpath("personas", f"{name}.md").read_text(encoding="utf-8")


def fill(template: str, slots: dict) -> str:
    """Replace each {SLOT} named in `slots`; JSON braces and unknown slots stay as they are."""
    return SLOT.sub(lambda m: str(slots[m.group(1)]) if m.group(1) in slots else m.group(0), template)


def bundled_persona(slug: str) -> dict:
    """A persona from its template: {name, focus, heuristic, template}."""
    head, _, _ = template_text(slug).partition("\n\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines())
    return {"name": fields["name"], "focus": fields["focus"], "heuristic": fields["heuristic"], "template": slug}


def directive(persona: dict) -> str:
    """The persona's directive: its template's body, or a custom persona's own text."""
    if persona.get("template"):
        return template_text(persona["template"]).partition("\n\n")[2].strip()
    return (persona.get("directive") or "").strip()


def bundled_panel(name: str) -> dict:
    return {"name": name, "personas": [bundled_persona(slug) for slug in PANELS[name]]}


def custom_panel(text: str, source: str) -> dict:
    """A panel from a JSON file: {"name": ..., "personas": [{name, focus, heuristic, directive?}]} or the list."""
    try:
        value = json.loads(text)
    except ValueError as error:
        raise UsageProblem(f"--panel {source}: not JSON ({error})") from None
    if isinstance(value, list):
        value = {"name": "custom", "personas": value}
    if not isinstance(value, dict) or not isinstance(value.get("personas"), list):
        raise UsageProblem(f"--panel {source}: expected {{\"name\": ..., \"personas\": [{{name, focus, heuristic}}]}}")
    personas = [_custom_persona(item, source, index) for index, item in enumerate(value["personas"])]
    if not 1 <= len(personas) <= MAX_PERSONAS:
        raise UsageProblem(f"--panel {source}: a panel has 1 to {MAX_PERSONAS} personas, not {len(personas)}")
    name = value.get("name", "custom")
    if not isinstance(name, str) or not name.strip():
        raise UsageProblem(f"--panel {source}: the panel's name must be a non-blank string")
    return {"name": name.strip(), "personas": personas}


def _custom_persona(item, source: str, index: int) -> dict:
    where = f"--panel {source}: persona {index + 1}"
    if not isinstance(item, dict):
        raise UsageProblem(f"{where} must be an object {{name, focus, heuristic, directive?}}")
    unknown = sorted(set(item) - {"name", "focus", "heuristic", "directive"})
    if unknown:
        raise UsageProblem(f"{where}: unknown key(s) {', '.join(unknown)}")
    persona = {}
    for key in ("name", "focus", "heuristic", "directive"):
        value = item.get(key)
        if value is None and key == "directive":
            continue
        if not isinstance(value, str) or not value.strip():
            raise UsageProblem(f"{where}: {key!r} must be a non-blank string")
        persona[key] = value.strip()
    if not NAME.match(persona["name"]):
        raise UsageProblem(f"{where}: name {persona['name']!r} must start with a letter and use letters, digits, "
                           "space, dot, underscore or hyphen (at most 40)")
    return persona


def id_prefix(name: str, taken: set) -> str:
    """A short id prefix for a persona's claims (ARI for Aristotle); made unique within the panel."""
    letters = re.sub(r"[^A-Za-z]", "", name).upper() or "P"
    prefix = letters[:3]
    number = 2
    while prefix in taken:
        prefix, number = f"{letters[:3]}{number}", number + 1
    return prefix


def prefixes(personas) -> dict:
    """Each persona's id prefix, in panel order."""
    taken: dict = {}
    for persona in personas:
        taken[persona["name"]] = id_prefix(persona["name"], set(taken.values()))
    return taken
