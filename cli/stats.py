"""`touchline stats …`: statistics per player card and coach, and how fair the dice are."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from service.history import History, ordinal
from service.luck_totals import CoachLuck
from service.statistics import SUSPICIOUS_P, Fairness, SubjectStats


@click.group()
def stats() -> None:
    """Statistics from every recorded match (retracted entries excluded)."""


def _echo(found: SubjectStats) -> None:
    click.echo(f"{found.kind} {found.name}: {found.matches} match(es)")
    for stat, value in found.counts.items():
        click.echo(f"  {stat.replace('_', ' '):<22} {value:>6}")


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate:.0%}"


def _echo_history(history: History) -> None:
    """Each game's record, head-to-head, then every match, newest first, with its id."""
    for record in history.records:
        click.echo(f"{record.game}:")
        if record.by_placing:
            places = ", ".join(f"{ordinal(place)} {times}x" for place, times in record.places)
            click.echo(
                f"  placings over {record.played} ranked game(s): {places or 'none yet'}; "
                f"{record.scored} {record.scored_as}"
            )
        else:
            click.echo(
                f"  played {record.played}: won {record.won} ({_percent(record.win_rate)}), "
                f"drawn {record.drawn} ({_percent(record.draw_rate)}), "
                f"lost {record.lost} ({_percent(record.loss_rate)}); "
                f"{record.scored} {record.scored_as}"
            )
    if history.head_to_head:
        click.echo("head-to-head:")
        for h in history.head_to_head:
            words = ("ahead", "level", "behind") if h.by_placing else ("won", "drawn", "lost")
            counts = ", ".join(
                f"{word} {n}" for word, n in zip(words, (h.ahead, h.level, h.behind), strict=True)
            )
            click.echo(f"  {h.opponent} ({h.game}): met {h.met}: {counts}")
    click.echo("matches, newest first:")
    for m in history.matches:
        against = ", ".join(
            f"{o.coach} ({o.team})" if history.kind == "coach" else f"{o.team} ({o.coach})"
            for o in m.opponents
        )
        result = m.outcome or m.placing or m.status
        league = f" [{m.league}]" if m.league else ""
        click.echo(
            f"  {m.started_at[:10]}  {m.match_id[:8]}  {m.team} vs {against}  {m.shown_score}  "
            f"{result}{league}"
        )


def _echo_luck(found: CoachLuck) -> None:
    """Luck from the dice only: what they brought less what was expected (docs/analysis.md)."""
    for game in found.games:
        matches = f"{game.matches} match{'es' if game.matches != 1 else ''}"
        click.echo(f"luck ({game.game}): {game.signed} {game.unit} over {matches} (dice only)")


@stats.command("player")
@click.argument("name")
@pass_context
@handle_errors
def player(context: Context, name: str) -> None:
    """Statistics of the player card NAME, such as "Tsubasa Ozora"."""
    _echo(context.app.player_stats(name))


@stats.command("coach", short_help="A coach's statistics, record, head-to-head and matches.")
@click.argument("name")
@pass_context
@handle_errors
def coach(context: Context, name: str) -> None:
    """Statistics of the coach NAME, their record, head-to-head and every match."""
    _echo(context.app.coach_stats(name))
    _echo_luck(context.app.coach_luck(name))
    _echo_history(context.app.coach_history(name))


@stats.command("team", short_help="A team's statistics, record, head-to-head and matches.")
@click.argument("name")
@pass_context
@handle_errors
def team(context: Context, name: str) -> None:
    """Statistics of the team NAME (Nankatsu, Toho; a King of the Pitch colour), its record,
    head-to-head and every match."""
    _echo(context.app.team_stats(name))
    _echo_history(context.app.team_history(name))


@stats.command("dice", short_help="How fair the dice are, by type, by source and by named die.")
@click.option("--coach", "coach_name", metavar="NAME", help="Only the dice this coach rolled.")
@pass_context
@handle_errors
def dice(context: Context, coach_name: str | None) -> None:
    """Every recorded die by type, then by source and named die: its distribution and a
    chi-square test of fairness."""
    figures = context.app.dice(coach_name)
    whose = f" rolled by {coach_name}" if coach_name else ""
    if not figures:
        click.echo(f"no dice recorded{whose} yet")
    for f in figures:
        click.echo(f"d{f.faces}{whose}: {f.rolls} rolls")
        _echo_fairness(f)
    sources = context.app.dice_sources(coach_name)
    if sources:
        click.echo("by source and die:")
    for d in sources:
        named = d.die or "dice not named"
        where = f"table, {named}" if d.source == "table" else "rolled by the app"
        click.echo(f"{where}: d{d.fairness.faces}, {d.fairness.rolls} rolls")
        _echo_fairness(d.fairness)


def _echo_fairness(f: Fairness) -> None:
    for face, seen in enumerate(f.counts, start=1):
        share = seen / f.rolls if f.rolls else 0.0
        click.echo(f"  {face}: {seen:>6}  {share:6.1%}  {'#' * round(share * 60)}")
    if f.p_value is None:
        return
    verdict = "looks fair" if f.p_value >= SUSPICIOUS_P else "suspicious"
    click.echo(
        f"  chi-square {f.chi_square:.2f} on {f.degrees_of_freedom} degrees of freedom, "
        f"p = {f.p_value:.4f} ({verdict}; rests on {f.rolls} rolls)"
    )
