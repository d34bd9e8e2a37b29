"""A coach's luck over every match they played: the sum, per game and per league (a season) of
it, of what the dice brought their side less what they were expected to bring
(docs/analysis.md). An abandoned match counts in no statistic, so not here either; branches are
in no coach's history, so they never reach this sum.

Luck is worked out from the rules' odds of each roll, which only a replay of the match knows,
so it is summed when asked from the replays of the coach's matches (the match history names
them), not kept in a read model: a club's season is a few dozen matches a coach.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from service.history import PlayedMatch
from service.replays import Replayed

ABANDONED = "abandoned"  # the status the match summaries give an abandoned match


def _signed(luck: Fraction) -> str:
    return "0.00" if luck == 0 else f"{float(luck):+.2f}"


@dataclass(frozen=True)
class LeagueLuck:
    """A coach's luck in one league (a season) of a game, or in the game's matches played
    outside any league (`league` None)."""

    league: str | None
    matches: int
    luck: Fraction

    @property
    def signed(self) -> str:
        return _signed(self.luck)


@dataclass(frozen=True)
class GameLuck:
    """A coach's luck in one game, over the matches of it whose dice were rolled."""

    game: str  # the game's title
    unit: str  # goals, crowns
    matches: int
    luck: Fraction  # the total over the game's matches, every league and none
    leagues: tuple[LeagueLuck, ...] = ()  # by league name, matches outside a league last

    @property
    def signed(self) -> str:
        return _signed(self.luck)


@dataclass(frozen=True)
class CoachLuck:
    coach: str
    games: tuple[GameLuck, ...]  # by title


def coach_luck(
    coach: str, matches: Sequence[PlayedMatch], replayed: Callable[[str], Replayed]
) -> CoachLuck:
    """The luck of `coach` summed over `matches` (their history), per game and per league,
    each match replayed once; abandoned matches left out, as every statistic leaves them."""
    units: dict[str, str] = {}
    found: dict[str, dict[str | None, tuple[int, Fraction]]] = {}
    for played in matches:
        if played.status == ABANDONED:
            continue
        replay = replayed(played.match_id)
        luck = replay.luck
        if luck is None or not luck.rolls:
            continue
        rules = replay.record.ruleset
        made = replay.record.made_setup()
        sides = [p.side for p in rules.participants(made) if p.coach == coach]
        totals = luck.total()
        amount = sum((totals.get(side, Fraction(0)) for side in sides), Fraction(0))
        units.setdefault(rules.title, luck.unit)
        leagues = found.setdefault(rules.title, {})
        count, total = leagues.get(played.league, (0, Fraction(0)))
        leagues[played.league] = (count + 1, total + amount)
    return CoachLuck(coach, tuple(_game(t, units[t], found[t]) for t in sorted(found)))


def _game(title: str, unit: str, leagues: dict[str | None, tuple[int, Fraction]]) -> GameLuck:
    ordered = sorted(leagues, key=lambda name: (name is None, (name or "").casefold()))
    return GameLuck(
        title,
        unit,
        sum(count for count, _ in leagues.values()),
        sum((luck for _, luck in leagues.values()), Fraction(0)),
        tuple(LeagueLuck(name, *leagues[name]) for name in ordered),
    )
