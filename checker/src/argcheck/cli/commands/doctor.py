"""argcheck doctor: a few lines on the setup: argcheck, the consultee wrapper and CLIs, which agents have the
skills, where state goes; with the command to run for what is missing."""

from __future__ import annotations

import os
import shutil
import sys

import click

from argcheck.core.effects import declare
from argcheck import __version__
from argcheck.cli import agenthooks, agentskills
from argcheck.exitcodes import ExitCode

# consultee -> (its CLI, environment variables that carry credentials, credential files under HOME, login hint)
CONSULTEES = {
    "codex": ("codex", ("OPENAI_API_KEY", "CODEX_API_KEY"), (".codex/auth.json",), "codex login"),
    "claude": ("claude", ("ANTHROPIC_API_KEY",), (".claude/.credentials.json",), "claude /login"),
    "gemini": ("gemini", ("GEMINI_API_KEY", "GOOGLE_API_KEY"), (".gemini/oauth_creds.json",), "gemini (sign in)"),
    "ollama": ("ollama", (), (), "ollama serve"),
    "openai": ("curl", ("OPENAI_API_KEY",), (), "export OPENAI_API_KEY (and OPENAI_BASE_URL)"),
}
INSTALL_HINT = "run ./install.sh in an argcheck clone, then put its bin folder on PATH"


@declare()  # touches no file
@click.command("doctor")
def command():
    """Check the setup in a few lines: argcheck's version, the consultee wrapper, which consultee CLIs are
    installed and have credentials, which agents (Claude Code, Codex CLI, Gemini CLI) have the skills
    and which have argcheck's hooks (~ user-wide, here in this project), and where state files go; then the
    install command for what is missing. Exit 1 when a protocol cannot run: argcheck or the wrapper is not
    on PATH, or jq is missing."""
    home = os.path.expanduser("~")
    on_path = shutil.which("argcheck")
    click.echo(f"argcheck {__version__} (Python {sys.version.split()[0]})"
               + ("" if on_path else f"; not on PATH: {INSTALL_HINT}"))
    wrapper = shutil.which((os.environ.get("ARGCHECK_CONSULT", "").strip() or "argcheck-consult").split()[0])
    jq = shutil.which("jq")
    wrapper_line = wrapper or f"argcheck-consult is not on PATH: {INSTALL_HINT}"
    if not jq:
        wrapper_line += "; jq is missing, and the wrapper needs it (Debian/Ubuntu: apt-get install jq)"
    click.echo(f"wrapper:   {wrapper_line}")
    for name, (cli, variables, files, login) in CONSULTEES.items():
        click.echo(f"  {name:<8} {_consultee_line(home, cli, variables, files, login)}")
    for line in _skills_lines(home, os.getcwd()):
        click.echo(line)
    click.echo(agenthooks.hooks_line(home, os.getcwd(), os.environ))
    here = os.path.join(os.getcwd(), ".argcheck")
    runs = len([n for n in os.listdir(here) if n.endswith(".json")]) if os.path.isdir(here) else 0
    click.echo(f"state:     {here} ({runs} run{'s' if runs != 1 else ''}; `argcheck sessions` lists them)")
    return int(ExitCode.OK if on_path and wrapper and jq else ExitCode.FINDINGS)


def _consultee_line(home: str, cli: str, variables, files, login: str) -> str:
    path = shutil.which(cli)
    if path is None:
        return "not on PATH"
    found = [v for v in variables if os.environ.get(v)] + [f"~/{f}" for f in files
                                                           if os.path.exists(os.path.join(home, f))]
    if not variables and not files:
        return f"installed ({path})"
    credentials = f"credentials: {', '.join(found)}" if found else f"no credentials found: {login}"
    return f"installed ({path}); {credentials}"


def _skills_lines(home: str, project: str) -> list[str]:
    """`skills:` each agent's skills (~ user-wide, here in the project; N/M when some are missing), then an
    `install:` line when an install is partial or Gemini CLI has its skills but no policy; when no agent has
    any, one line with the install command."""
    wanted = agentskills.wanted_skills()
    found = agentskills.inventory(home, project, os.environ)
    clones = set().union(*(a.user.clones | a.project.clones for a in found))
    states, fix = [], []
    for agent in found:
        places = [f"{label} {place.count(wanted)}" if place.found and len(place.found) < len(wanted) else label
                  for label, place in (("~", agent.user), ("here", agent.project)) if place.found]
        states.append(f"{agent.agent} {' + '.join(places) if places else 'none'}")
        partial = any(place.found and len(place.found) < len(wanted) for place in (agent.user, agent.project))
        if partial or (agent.agent == "gemini" and _in_gemini_folder(agent) and not agentskills.gemini_policy(
                home, os.environ)):
            fix.append(agent.agent)
    if not any(agent.user.found or agent.project.found for agent in found):
        return [f"skills:    none ({', '.join(agentskills.AGENTS)}): ./install.sh --agent NAME in an argcheck clone"]
    lines = [f"skills:    {', '.join(states)}"]
    if fix:
        lines.append(f"install:   {agentskills.install_command(fix, clones)}")
    return lines


def _in_gemini_folder(agent) -> bool:
    """Skills in Gemini CLI's own folders (not only in .agents/skills, which Codex reads too): Gemini is meant."""
    return any(place.found and f"{os.sep}.gemini{os.sep}" in place.where for place in (agent.user, agent.project))
