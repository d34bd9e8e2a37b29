"""`touchline rules RULESET`: what a game accepts as entries."""

from __future__ import annotations

import click

from cli.games import RulesetChoice
from cli.help_language import Command
from cli.language import _, translated
from domain.registry import find_ruleset


@click.command("rules", cls=Command)
@click.argument("ruleset", type=RulesetChoice())
def rules(ruleset: str) -> None:
    """List the entries a RULESET accepts, with their fields."""
    found = find_ruleset(ruleset)
    click.echo(
        _(
            "%(title)s (%(name)s): entries, written as `kind field=value ...`",
            title=found.title,
            name=found.name,
        )
    )
    for kind, help_text in found.action_kinds().items():
        click.echo(f"  {kind:<20} {translated(help_text)}")
    click.echo(_("A die value written as ? is rolled by the app (same as --roll)."))
