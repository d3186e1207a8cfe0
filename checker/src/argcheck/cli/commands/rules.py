"""argcheck rules: list the rule catalogue, or explain one code."""

from __future__ import annotations

import click

from argcheck.core.effects import declare
from argcheck.core import discovery
from argcheck.exitcodes import ExitCode
from argcheck.output import echo_json
from argcheck.core.discovery import load_all_rules
from argcheck.cli.suggesting import Refused


@declare()  # touches no file
@click.command("rules")
@click.argument("code", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "md"]), default="text", show_default=True)
@click.option("--protocol", type=click.Choice(["core", *discovery.names()]),
              help="Only the rules of this protocol (core: the state-file rules every protocol shares).")
def command(code, fmt, protocol):
    """List every rule (code, name, severity, protocol), or explain CODE: its message with each
    placeholder explained, why, an example, the fix, where it is checked and which tests cover it."""
    rules = load_all_rules()
    if code:
        rule = rules.get(code.upper()) or _by_name(rules, code)
        if rule is None:
            raise Refused(f"no rule {code!r}; run `argcheck rules` for the list")
        _explain(rule, fmt)
        return int(ExitCode.OK)
    chosen = [r for r in rules.values() if protocol in (None, r.protocol)]
    if fmt == "json":
        echo_json([r._asdict() for r in chosen])
    elif fmt == "md":
        click.echo(catalogue_markdown(chosen), nl=False)
    else:
        for rule in chosen:
            click.echo(f"{rule.code}  {rule.name:<40} {rule.severity:<8} {rule.protocol}")
    return int(ExitCode.OK)


def _by_name(rules, name):
    wanted = name.upper().replace("-", "_")
    return next((r for r in rules.values() if r.name == wanted), None)


def _explain(rule, fmt) -> None:
    from argcheck.core import ruledocs

    info = ruledocs.explain(rule)
    if fmt == "json":
        echo_json(info)
    elif fmt == "md":
        click.echo(ruledocs.as_markdown(info), nl=False)
    else:
        click.echo(ruledocs.as_text(info), nl=False)


def catalogue_markdown(rules) -> str:
    """The rule catalogue as a Markdown table (used for the README and the skills' references)."""
    lines = ["| code | name | severity | protocol | what it means |", "|---|---|---|---|---|"]
    for rule in rules:
        what = rule.why.replace("|", "\\|")
        lines.append(f"| {rule.code} | {rule.name} | {rule.severity} | {rule.protocol} | {what} |")
    return "\n".join(lines) + "\n"
