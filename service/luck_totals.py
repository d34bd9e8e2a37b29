"""A coach's luck over every match they played: the sum, per game, of what the dice brought
their side less what they were expected to bring (docs/analysis.md).

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


@dataclass(frozen=True)
class GameLuck:
    """A coach's luck in one game, over the matches of it whose dice were rolled."""

    game: str  # the game's title
    unit: str  # goals, crowns
    matches: int
    luck: Fraction

    @property
    def signed(self) -> str:
        return "0.00" if self.luck == 0 else f"{float(self.luck):+.2f}"


@dataclass(frozen=True)
class CoachLuck:
    coach: str
    games: tuple[GameLuck, ...]  # by title


def coach_luck(
    coach: str, matches: Sequence[PlayedMatch], replayed: Callable[[str], Replayed]
) -> CoachLuck:
    """The luck of `coach` summed over `matches` (their history), each replayed once."""
    found: dict[str, tuple[str, int, Fraction]] = {}
    for played in matches:
        record = replayed(played.match_id).record
        luck = replayed(played.match_id).luck
        if luck is None or not luck.rolls:
            continue
        rules = record.ruleset
        sides = [p.side for p in rules.participants(record.made_setup()) if p.coach == coach]
        totals = luck.total()
        amount = sum((totals.get(side, Fraction(0)) for side in sides), Fraction(0))
        unit, count, total = found.get(rules.title, (luck.unit, 0, Fraction(0)))
        found[rules.title] = (unit, count + 1, total + amount)
    return CoachLuck(
        coach,
        tuple(
            GameLuck(title, unit, count, total)
            for title, (unit, count, total) in sorted(found.items())
        ),
    )
