"""Click pieces for plainer errors: a command typo gets a suggestion, and a refusal of what was asked (not of how
the command was typed) is reported without click's "Usage:" banner."""

from __future__ import annotations

import click


class SuggestingGroup(click.Group):
    """A command group that answers `argcheck aply` with "Did you mean 'apply'?"."""

    def resolve_command(self, ctx, args):
        name = args[0] if args else None
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1, cutoff=0.6)
            if close:
                ctx.fail(f"No such command '{name}'. Did you mean '{close[0]}'?")
        return super().resolve_command(ctx, args)


class Refused(click.ClickException):
    """What was asked cannot be done (exit 2, like a usage error), said in one line with no Usage banner."""
