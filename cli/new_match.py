"""`touchline match new`: create a match (registered on the `match` group in cli/main.py)."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import click

from cli.context import Context, handle_errors, pass_context
from cli.games import GameOptionsCommand, RulesetChoice, put_game_options
from cli.language import _
from cli.output import echo_match
from service.setups import SetupPieces, seat, setup_from
from service.teams import read_team_file


def _split_seat(value: str) -> tuple[str, str, str]:
    """TEAM:COACH at its first colon, a full-width `：` too (a Japanese keyboard types
    `南葛：翼`); both names are kept as typed."""
    at = next((i for i, c in enumerate(value) if unicodedata.normalize("NFKC", c) == ":"), -1)
    if at < 0:
        return value, "", ""
    return value[:at], ":", value[at + 1 :]


def _team(value: str | None, option: str) -> dict[str, Any] | None:
    if value is None:
        return None
    team, colon, coach = _split_seat(value)
    if team.strip().endswith(".toml"):
        # A team list file (TCG): the coach's name may follow it, `my-team.toml:Alice`.
        side = option.lstrip("-")
        listed = read_team_file(Path(team.strip()))
        return seat(listed, coach.strip() or f"{side} coach")
    if not colon or not team.strip() or not coach.strip():
        raise click.BadParameter(
            _(
                "write it as TEAM:COACH, e.g. 'Nankatsu:Alice' or '南葛:翼' (%(value)r)",
                value=value,
            ),
            param_hint=option,
        )
    return seat(team.strip(), coach)


@click.command("new", cls=GameOptionsCommand, before="league")
@click.argument("ruleset", type=RulesetChoice())
@click.option(
    "--home",
    metavar="TEAM:COACH",
    help="Home team and its coach; for the TCG a team list file, my-team.toml[:COACH].",
)
@click.option("--away", metavar="TEAM:COACH", help="Away team and its coach (as --home).")
@click.option(
    "--team",
    "teams",
    multiple=True,
    metavar="TEAM:COACH",
    help="A team and its coach, in seating order (repeatable; King of the Pitch).",
)
@click.option("--variant", help="Rules variant, e.g. first-match.")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME",
    help="Advanced rule to play with (repeatable), e.g. motivation.",
)
@click.option(
    "--setting",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="Interpretation setting (repeatable), e.g. bank-cap=none.",
)
@click.option("--league", metavar="NAME", help="League the match counts in (same ruleset).")
@pass_context
@handle_errors
def new(
    context: Context,
    /,
    ruleset: str,
    home: str | None,
    away: str | None,
    teams: tuple[str, ...],
    variant: str | None,
    options: tuple[str, ...],
    settings: tuple[str, ...],
    league: str | None,
    **game_options: Any,
) -> None:
    """Create a match of RULESET and print its id.

    \b
    touchline match new card-game --home Nankatsu:Alice --away Toho:Bob --option motivation
    touchline match new king-of-the-pitch --team blue:Alice --team green:Bob --team red:Chen
    touchline match new tcg --home my-team.toml:Alice --away their-team.toml:Bob
    """
    setup = setup_from(
        SetupPieces(
            home=_team(home, "--home"),
            away=_team(away, "--away"),
            teams=[seat_ for value in teams if (seat_ := _team(value, "--team")) is not None],
            variant=variant,
            options=options,
            settings=settings,
        )
    )
    # The options a game declares for itself (`--crowns`), as its setup form places them.
    put_game_options(setup, game_options)
    view = context.app.create_match(ruleset, setup, context.author(), league=league)
    click.echo(_("created match %(id)s", id=view.id))
    echo_match(view)
