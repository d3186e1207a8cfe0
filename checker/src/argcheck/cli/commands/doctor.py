"""argcheck doctor: a few lines on the setup: argcheck, the consultee wrapper and CLIs, which agents have the
skills, where state goes; with the command to run for what is missing."""

from __future__ import annotations

import os
import shutil
import sys

import click

from argcheck import __version__
from argcheck.cli import agentskills
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


@click.command("doctor")
def command():
    """Check the setup in a few lines: argcheck's version and whether it is on PATH, the consultee wrapper,
    which consultee CLIs are installed and have credentials, which agents (Claude Code, Codex CLI, Gemini
    CLI) have the skills, user-wide and in this project, and where state files go. Says the command to run for
    what is missing. Exit 1 when a protocol cannot run: argcheck or the wrapper is not on PATH, or jq is missing."""
    home = os.path.expanduser("~")
    on_path = shutil.which("argcheck")
    click.echo(f"argcheck {__version__} (Python {sys.version.split()[0]}): "
               f"{on_path or 'not on PATH: ' + INSTALL_HINT}")
    wrapper = shutil.which((os.environ.get("ARGCHECK_CONSULT", "").strip() or "argcheck-consult").split()[0])
    jq = shutil.which("jq")
    wrapper_line = wrapper or f"argcheck-consult is not on PATH: {INSTALL_HINT}"
    if not jq:
        wrapper_line += "; jq is missing, and the wrapper needs it (Debian/Ubuntu: apt-get install jq)"
    click.echo(f"wrapper:   {wrapper_line}")
    for name, (cli, variables, files, login) in CONSULTEES.items():
        click.echo(f"  {name:<8} {_consultee_line(home, cli, variables, files, login)}")
    for index, line in enumerate(_skills_lines(home, os.getcwd())):
        click.echo(f"{'skills:' if index == 0 else '':<11}{line}")
    here = os.path.join(os.getcwd(), ".argcheck")
    runs = len([n for n in os.listdir(here) if n.endswith(".json")]) if os.path.isdir(here) else 0
    click.echo(f"state:     {here} ({runs} run{'s' if runs != 1 else ''}; `argcheck sessions` lists them)")
    return int(ExitCode.OK if on_path and wrapper and jq else ExitCode.FINDINGS)


def _consultee_line(home: str, cli: str, variables, files, login: str) -> str:
    path = shutil.which(cli)
    if path is None:
        return f"not installed ({cli} is not on PATH)"
    found = [v for v in variables if os.environ.get(v)] + [f"~/{f}" for f in files
                                                           if os.path.exists(os.path.join(home, f))]
    if not variables and not files:
        return f"installed ({path})"
    credentials = f"credentials: {', '.join(found)}" if found else f"no credentials found: {login}"
    return f"installed ({path}); {credentials}"


def _skills_lines(home: str, project: str) -> list[str]:
    """One line per agent: how many of the skills it has, user-wide and here, and how to install what is not."""
    wanted = agentskills.wanted_skills()
    found = agentskills.inventory(home, project, os.environ)
    clones = set().union(*(a.user.clones | a.project.clones for a in found))
    lines = []
    for agent in found:
        user = f"user {agent.user.count(wanted)} in {_short(agent.user.where, home, project)}"
        here = f"project {agent.project.count(wanted)} in {_short(agent.project.where, home, project)}"
        line = f"{agent.agent:<8} {user}; {here}"
        if not agent.complete(wanted):
            fix = agentskills.install_command(agent.agent, clones)
            line += f"; to use it from {agentskills.LABELS[agent.agent]}: {fix}"
        elif agent.agent == "gemini" and not agentskills.gemini_policy(home, os.environ):
            line += f"; no policy lets it run argcheck: {agentskills.install_command('gemini', clones)}"
        lines.append(line)
    return lines


def _short(path: str, home: str, project: str) -> str:
    if path.startswith(project + os.sep):
        return os.path.relpath(path, project)
    if path.startswith(home + os.sep):
        return "~" + path[len(home):]
    return path
