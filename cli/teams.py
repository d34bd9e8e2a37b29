"""`touchline team check`: is a TCG team list legal (TCG-2)?"""

from __future__ import annotations

from pathlib import Path

import click

from cli.context import RulesFailure, handle_errors
from cli.help_language import Group
from cli.language import _, translated
from domain.tcg.team_check import NAME_LIMIT_SCOPES
from service.teams import check_team_file


@click.group(cls=Group)
def team() -> None:
    """Team lists (Captain Tsubasa TCG): see docs/team-list.md."""


@team.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--name-limits",
    type=click.Choice(NAME_LIMIT_SCOPES),
    default="whole-team",
    show_default=True,
    help="TCG-2.2 is open: count the name and Battle Point limits over the whole 60 cards "
    "or only the 48-card deck.",
)
@handle_errors
def check(file: Path, name_limits: str) -> None:
    """Check a team list FILE against TCG-2. Every problem is reported at once."""
    report = check_team_file(file, name_limits)
    if report.legal:
        click.echo(_("%(name)s: legal (%(cards)s cards)", name=report.name, cards=report.cards))
        return
    lines = "\n".join(f"  {v.rule}: {translated(v.message)}" for v in report.problems)
    raise RulesFailure(
        _(
            "%(name)s: %(problems)s problem(s)\n%(lines)s",
            name=report.name,
            problems=len(report.problems),
            lines=lines,
        )
    )
