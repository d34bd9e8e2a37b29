"""`touchline stats …`: statistics per player card and coach, and how fair the dice are."""

from __future__ import annotations

import click

from cli.context import Context, handle_errors, pass_context
from cli.help_language import Group
from cli.language import _, ngettext, translated
from service.history import History, ordinal
from service.luck_totals import CoachLuck
from service.statistics import SUSPICIOUS_P, Fairness, SubjectStats


@click.group(cls=Group)
def stats() -> None:
    """Statistics from every recorded match. Retracted entries are excluded."""


def _echo(found: SubjectStats) -> None:
    click.echo(
        _(
            "%(kind)s %(name)s: %(matches)s match(es)",
            kind=found.kind,
            name=found.name,
            matches=found.matches,
        )
    )
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
                _(
                    "  placings over %(played)s ranked game(s): %(value)s; "
                    "%(scored)s %(scored_as)s",
                    played=record.played,
                    value=places or "none yet",
                    scored=record.scored,
                    scored_as=record.scored_as,
                )
            )
        else:
            click.echo(
                _(
                    "  played %(played)s: won %(won)s (%(win_rate)s), "
                    "drawn %(drawn)s (%(draw_rate)s), lost %(lost)s (%(loss_rate)s); "
                    "%(scored)s %(scored_as)s",
                    played=record.played,
                    won=record.won,
                    win_rate=_percent(record.win_rate),
                    drawn=record.drawn,
                    draw_rate=_percent(record.draw_rate),
                    lost=record.lost,
                    loss_rate=_percent(record.loss_rate),
                    scored=record.scored,
                    scored_as=record.scored_as,
                )
            )
    if history.head_to_head:
        click.echo(_("head-to-head:"))
        for h in history.head_to_head:
            words = ("ahead", "level", "behind") if h.by_placing else ("won", "drawn", "lost")
            counts = ", ".join(
                f"{word} {n}" for word, n in zip(words, (h.ahead, h.level, h.behind), strict=True)
            )
            click.echo(
                _(
                    "  %(opponent)s (%(game)s): met %(met)s: %(counts)s",
                    opponent=h.opponent,
                    game=h.game,
                    met=h.met,
                    counts=counts,
                )
            )
    click.echo(_("matches, newest first:"))
    for m in history.matches:
        against = ", ".join(
            f"{o.coach} ({o.team})" if history.kind == "coach" else f"{o.team} ({o.coach})"
            for o in m.opponents
        )
        result = m.outcome or m.placing or translated(m.status)
        league = f" [{m.league}]" if m.league else ""
        click.echo(
            _(
                "  %(started_at)s  %(match_id)s  %(team)s vs %(against)s  "
                "%(shown_score)s  %(result)s%(league)s",
                started_at=m.started_at[:10],
                match_id=m.match_id[:8],
                team=m.team,
                against=against,
                shown_score=m.shown_score,
                result=result,
                league=league,
            )
        )


def _echo_luck(found: CoachLuck) -> None:
    """Luck from the dice only: what they brought less what was expected (docs/analysis.md)."""
    from cli.odds_lines import unit_words

    for game in found.games:
        click.echo(
            ngettext(
                "luck (%(game)s): %(luck)s %(unit)s over %(count)s match (dice only)",
                "luck (%(game)s): %(luck)s %(unit)s over %(count)s matches (dice only)",
                game.matches,
                game=game.game,
                luck=game.signed,
                unit=unit_words(game.unit),
            )
        )
        for league in game.leagues:
            where = (
                _("in %(league)s", league=league.league)
                if league.league is not None
                else _("outside any league")
            )
            click.echo(
                ngettext(
                    "  %(where)s: %(luck)s %(unit)s over %(count)s match",
                    "  %(where)s: %(luck)s %(unit)s over %(count)s matches",
                    league.matches,
                    where=where,
                    luck=league.signed,
                    unit=unit_words(game.unit),
                )
            )


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
    whose = _(" rolled by %(coach)s", coach=coach_name) if coach_name else ""
    if not figures:
        click.echo(_("no dice recorded%(whose)s yet", whose=whose))
    for f in figures:
        click.echo(
            _("d%(faces)s%(whose)s: %(rolls)s rolls", faces=f.faces, whose=whose, rolls=f.rolls)
        )
        _echo_fairness(f)
    sources = context.app.dice_sources(coach_name)
    if sources:
        click.echo(_("by source and die:"))
    for d in sources:
        named = d.die or "dice not named"
        where = f"table, {named}" if d.source == "table" else "rolled by the app"
        click.echo(
            _(
                "%(where)s: d%(faces)s, %(rolls)s rolls",
                where=where,
                faces=d.fairness.faces,
                rolls=d.fairness.rolls,
            )
        )
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
