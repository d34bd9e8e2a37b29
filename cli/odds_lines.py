"""`touchline match replay --odds`: the exact odds before each roll, and the luck of the match.

Each roll is followed by its odds (every outcome with its chance, as a percentage and exactly)
and the luck it brought each side, what the dice gave less what was expected; after the last
step shown, each side's luck so far (docs/analysis.md)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import click

from cli.language import _, translated
from domain.luck import MatchLuck, Roll

INDENT = " " * 7


def signed(amount: Fraction) -> str:
    """A luck for people: "+0.17", "-1.25", "0.00"."""
    if amount == 0:
        return "0.00"
    return f"{float(amount):+.2f}"


def echo_roll(roll: Roll, unit: str, names: Mapping[str, str]) -> None:
    chances = " · ".join(
        f"{translated(c.outcome)} {c.percent} ({c.probability})" for c in roll.odds.chances
    )
    click.echo(
        INDENT
        + _("odds before %(roll)s: %(chances)s", roll=translated(roll.odds.roll), chances=chances)
    )
    if roll.luck:
        click.echo(INDENT + _("luck: %(sides)s", sides=_by_side(roll.luck, unit, names)))


def echo_luck_so_far(luck: MatchLuck, step: int, names: Mapping[str, str]) -> None:
    if luck.rolls:
        click.echo(_("Luck so far: %(sides)s", sides=_by_side(luck.until(step), luck.unit, names)))


def _by_side(amounts: Mapping[str, Fraction], unit: str, names: Mapping[str, str]) -> str:
    return ", ".join(
        f"{names.get(side, side)} {signed(amount)} {unit_words(unit)}"
        for side, amount in amounts.items()
    )


def unit_words(unit: str) -> str:
    """A game's unit of luck (domain/*/odds.py) in the command's language."""
    units = {"goals": _("goals"), "crowns": _("crowns")}
    return units.get(unit, unit)
