"""The headless council's configuration file (`argcheck init council --run --config FILE`).

A JSON object; every key is optional:

  {"panel": "scientific" | "panel.json", "arbiter": true, "parallel": 4, "timeout": 300,
   "model": "gpt-5", "models": {"Kant": "o3", "arbiter": "gpt-5"}, "temperature": 0.2}

`model` is every call's model, `models` a persona's own (the Expert Arbiter's under "arbiter"); both and
`temperature` go to the consult wrapper (--model, --temperature; the CLI consultees ignore a temperature).
A flag given on the command line wins over the file; the file wins over the defaults. Pure: the caller reads
the file and names it in `source` for the error messages.
"""

from __future__ import annotations

from argcheck.core.contract import UsageProblem

KEYS = ("panel", "arbiter", "parallel", "timeout", "model", "models", "temperature")
ARBITER = "arbiter"


def parse(value, source: str) -> dict:
    """The configuration in `value` (parsed JSON), checked; a UsageProblem names what is wrong."""
    if not isinstance(value, dict):
        raise UsageProblem(f"{source}: the council configuration is one JSON object")
    unknown = sorted(set(value) - set(KEYS))
    if unknown:
        raise UsageProblem(f"{source}: unknown key(s) {', '.join(unknown)}; the keys are {', '.join(KEYS)}")
    checks = {"panel": _text, "model": _text, "arbiter": _flag, "parallel": _count, "timeout": _seconds,
              "temperature": _temperature, "models": _models}
    for key, item in value.items():
        problem = checks[key](item)
        if problem:
            raise UsageProblem(f"{source}: {key} {problem}")
    return dict(value)


def check_personas(config: dict, names: list[str], source: str) -> None:
    """Every persona `models` names is on the panel (or is the arbiter)."""
    known = {name.lower() for name in names} | {ARBITER}
    unknown = [name for name in config.get("models", {}) if name.lower() not in known]
    if unknown:
        raise UsageProblem(f"{source}: models names {', '.join(unknown)}, not on the panel "
                           f"({', '.join(names)}) nor the arbiter")


def wrapper_options(config: dict, persona: str) -> list[str]:
    """The consult wrapper's options for one persona's calls (or the arbiter's, persona "arbiter")."""
    models = {name.lower(): model for name, model in config.get("models", {}).items()}
    model = models.get(persona.lower(), config.get("model"))
    options = ["--model", model] if model else []
    if config.get("temperature") is not None:
        options += ["--temperature", f"{config['temperature']:g}"]
    return options


def merged(options: dict, settings: dict, config: dict, defaults: dict) -> tuple[dict, dict]:
    """The init options and run settings with the file's values where the command line left the default."""
    options, settings = dict(options), dict(settings)
    if config.get("panel") is not None and options.get("panel") in (None, defaults.get("panel")):
        options["panel"] = config["panel"]
    if config.get("arbiter") and not options.get("arbiter"):
        options["arbiter"] = True
    for key in ("parallel", "timeout"):
        if config.get(key) is not None and settings.get(key) in (None, defaults.get(key)):
            settings[key] = config[key]
    return options, settings


def _text(value) -> str | None:
    return None if isinstance(value, str) and value.strip() and len(value) <= 200 else "must be a non-empty name"


def _flag(value) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _count(value) -> str | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 12
    return None if ok else "must be a whole number from 1 to 12"


def _seconds(value) -> str | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 1
    return None if ok else "must be a number of seconds, at least 1"


def _temperature(value) -> str | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 2
    return None if ok else "must be a number from 0 to 2"


def _models(value) -> str | None:
    if not isinstance(value, dict) or not all(isinstance(k, str) and _text(v) is None for k, v in value.items()):
        return "must map persona names to model names"
    return None
