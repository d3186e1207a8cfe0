"""Which coding agents have argcheck's skills, user-wide and in a project (for `argcheck doctor`).

Where each agent reads skills is what install.sh --agent writes to: Claude Code ~/.claude/skills and
<project>/.claude/skills; Codex CLI ~/.agents/skills (or $CODEX_HOME/skills) and <project>/.agents/skills;
Gemini CLI ~/.gemini/skills (or ~/.agents/skills; GEMINI_CLI_HOME replaces HOME) and <project>/.gemini/skills
(or <project>/.agents/skills). A skill counts when its folder has a SKILL.md, whoever put it there: install.sh
(its `.argcheck-installed` marker names the clone) or the open `skills` CLI (its lock file names the source).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field

from argcheck.core import discovery
from argcheck.core.agent_limits import AGENTS

MARKER = ".argcheck-installed"
_FROM_CLONE = re.compile(r" from (/.+?); \./install\.sh")


@dataclass
class Place:
    """One folder (or folders read as one) where an agent looks for skills, and what is in it."""

    where: str
    found: list[str] = field(default_factory=list)
    clones: set[str] = field(default_factory=set)  # the argcheck clones the skills came from, when known

    def count(self, wanted: list[str]) -> str:
        return f"{len([n for n in wanted if n in self.found])}/{len(wanted)}"


@dataclass
class AgentSkills:
    agent: str
    user: Place
    project: Place

    def complete(self, wanted: list[str]) -> bool:
        return all(n in self.user.found for n in wanted) or all(n in self.project.found for n in wanted)


def wanted_skills() -> list[str]:
    """The skills a full install has: one per bundled protocol."""
    return [name for name in discovery.names() if os.path.isdir(os.path.join(discovery.BUNDLED, name))]


def folders(agent: str, home: str, project: str, env) -> tuple[list[str], list[str]]:
    """(user folders, project folders) where AGENT reads skills, the one install.sh writes first."""
    if agent == "claude":
        return [os.path.join(home, ".claude", "skills")], [os.path.join(project, ".claude", "skills")]
    if agent == "codex":
        codex_home = env.get("CODEX_HOME") or os.path.join(home, ".codex")
        return ([os.path.join(home, ".agents", "skills"), os.path.join(codex_home, "skills")],
                [os.path.join(project, ".agents", "skills")])
    gemini_home = env.get("GEMINI_CLI_HOME") or home
    return ([os.path.join(gemini_home, ".gemini", "skills"), os.path.join(gemini_home, ".agents", "skills")],
            [os.path.join(project, ".gemini", "skills"), os.path.join(project, ".agents", "skills")])


def look(paths: list[str], wanted: list[str], lock: str) -> Place:
    place = Place(paths[0])
    for name in wanted:
        for path in paths:
            skill = os.path.join(path, name)
            if os.path.isfile(os.path.join(skill, "SKILL.md")):
                if not place.found:
                    place.where = path
                place.found.append(name)
                place.clones.update(_clone_of(skill, name, lock))
                break
    return place


def _clone_of(skill: str, name: str, lock: str) -> set[str]:
    """The clone a skill came from: its install.sh marker's, or the skills CLI lock's local source."""
    try:
        with open(os.path.join(skill, MARKER), encoding="utf-8") as handle:
            match = _FROM_CLONE.search(handle.read())
        return {match.group(1)} if match else set()
    except OSError:
        pass
    try:
        with open(lock, encoding="utf-8") as handle:
            entry = json.load(handle)["skills"][name]
        if entry.get("sourceType") == "local":
            return {os.path.realpath(os.path.join(os.path.dirname(lock), entry["source"]))}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return set()


def inventory(home: str, project: str, env) -> list[AgentSkills]:
    wanted = wanted_skills()
    found = []
    for agent in AGENTS:
        user_paths, project_paths = folders(agent, home, project, env)
        found.append(AgentSkills(
            agent,
            look(user_paths, wanted, os.path.join(home, ".agents", ".skill-lock.json")),
            look(project_paths, wanted, os.path.join(project, "skills-lock.json")),
        ))
    return found


def install_command(agents: list[str], clones: set[str]) -> str:
    """The command that installs the skills for AGENTS (and the argcheck CLI) from a clone; with Gemini CLI's
    policy (--hooks) when gemini is among them."""
    extra = " --hooks" if "gemini" in agents else ""
    names = "".join(f" --agent {agent}" for agent in agents)
    clone = sorted(c for c in clones if os.path.isfile(os.path.join(c, "install.sh")))
    if clone:
        return f"cd {clone[0]} && ./install.sh{names}{extra}"
    return f"./install.sh{names}{extra} (in an argcheck clone)"


def gemini_policy(home: str, env) -> str | None:
    """The policy install.sh --agent gemini --hooks writes, when it is there."""
    path = os.path.join(env.get("GEMINI_CLI_HOME") or home, ".gemini", "policies", "argcheck.toml")
    return path if os.path.isfile(path) else None
