"""`touchline stats …`: statistics per player card and coach, and how fair the dice are."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from service.statistics import SUSPICIOUS_P, SubjectStats


@click.group()
def stats() -> None:
    """Statistics from every recorded match (retracted entries excluded)."""


def _echo(found: SubjectStats) -> None:
    click.echo(f"{found.kind} {found.name}: {found.matches} match(es)")
    for stat, value in found.counts.items():
        click.echo(f"  {stat.replace('_', ' '):<22} {value:>6}")


@stats.command("player")
@click.argument("name")
@pass_context
@handle_errors
def player(context: Context, name: str) -> None:
    """Statistics of the player card NAME, such as "Tsubasa Ozora"."""
    _echo(context.app.player_stats(name))


@stats.command("coach")
@click.argument("name")
@pass_context
@handle_errors
def coach(context: Context, name: str) -> None:
    """Statistics of the coach NAME, over every match they coached."""
    _echo(context.app.coach_stats(name))


@stats.command("team")
@click.argument("name")
@pass_context
@handle_errors
def team(context: Context, name: str) -> None:
    """Statistics of the team NAME (Nankatsu, Toho; a King of the Pitch colour)."""
    _echo(context.app.team_stats(name))


@stats.command("dice")
@click.option("--coach", "coach_name", metavar="NAME", help="Only the dice this coach rolled.")
@pass_context
@handle_errors
def dice(context: Context, coach_name: str | None) -> None:
    """Every recorded die by type: its distribution and a chi-square test of fairness."""
    figures = context.app.dice(coach_name)
    whose = f" rolled by {coach_name}" if coach_name else ""
    if not figures:
        click.echo(f"no dice recorded{whose} yet")
    for f in figures:
        click.echo(f"d{f.faces}{whose}: {f.rolls} rolls")
        for face, seen in enumerate(f.counts, start=1):
            share = seen / f.rolls if f.rolls else 0.0
            click.echo(f"  {face}: {seen:>6}  {share:6.1%}  {'#' * round(share * 60)}")
        if f.p_value is None:
            continue
        verdict = "looks fair" if f.p_value >= SUSPICIOUS_P else "suspicious"
        click.echo(
            f"  chi-square {f.chi_square:.2f} on {f.degrees_of_freedom} degrees of freedom, "
            f"p = {f.p_value:.4f} ({verdict}; rests on {f.rolls} rolls)"
        )
