"""argcheck doctor: a few lines on the setup: argcheck, the consultee wrapper and CLIs, where state goes."""

from __future__ import annotations

import os
import shutil
import sys

import click

from argcheck import __version__
from argcheck.exitcodes import ExitCode

# consultee -> (its CLI, environment variables that carry credentials, credential files under HOME, login hint)
CONSULTEES = {
    "codex": ("codex", ("OPENAI_API_KEY", "CODEX_API_KEY"), (".codex/auth.json",), "codex login"),
    "claude": ("claude", ("ANTHROPIC_API_KEY",), (".claude/.credentials.json",), "claude /login"),
    "gemini": ("gemini", ("GEMINI_API_KEY", "GOOGLE_API_KEY"), (".gemini/oauth_creds.json",), "gemini (sign in)"),
    "ollama": ("ollama", (), (), "ollama serve"),
    "openai": ("curl", ("OPENAI_API_KEY",), (), "export OPENAI_API_KEY (and OPENAI_BASE_URL)"),
}


@click.command("doctor")
def command():
    """Check the setup in a few lines: argcheck's version, the consultee wrapper, which consultee CLIs are
    installed and have credentials, and where state files go. Exit 1 when the wrapper is missing."""
    home = os.path.expanduser("~")
    click.echo(f"argcheck {__version__} (Python {sys.version.split()[0]})")
    wrapper = shutil.which(os.environ.get("ARGCHECK_CONSULT", "argcheck-consult").split()[0])
    click.echo(f"wrapper:   {wrapper or 'argcheck-consult is not on PATH: run ./install.sh'}")
    for name, (cli, variables, files, login) in CONSULTEES.items():
        click.echo(f"  {name:<8} {_consultee_line(home, cli, variables, files, login)}")
    here = os.path.join(os.getcwd(), ".argcheck")
    runs = len([n for n in os.listdir(here) if n.endswith(".json")]) if os.path.isdir(here) else 0
    click.echo(f"state:     {here} ({runs} run{'s' if runs != 1 else ''}; `argcheck sessions` lists them)")
    return int(ExitCode.OK if wrapper else ExitCode.FINDINGS)


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
