"""`touchline rules RULESET`: what a game accepts as entries."""

from __future__ import annotations

import click

from cli.games import RulesetChoice
from domain.registry import find_ruleset


@click.command("rules")
@click.argument("ruleset", type=RulesetChoice())
def rules(ruleset: str) -> None:
    """List the entries a RULESET accepts, with their fields."""
    found = find_ruleset(ruleset)
    click.echo(f"{found.title} ({found.name}): entries, written as `kind field=value ...`")
    for kind, help_text in found.action_kinds().items():
        click.echo(f"  {kind:<20} {help_text}")
    click.echo("A die value written as ? is rolled by the app (same as --roll).")
