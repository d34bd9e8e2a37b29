"""League standings from match results: tallies, then places decided tie-breaker by tie-breaker.

Pure functions. A result lists the competitors best first, sharing a place when level: a
card-game win is `((winner,), (loser,))` and a draw, extra time included (the shared Secondary
Championship), is `((a, b),)`. King of the Pitch results list every team's coach by placing.

Ranking works down the league's tie-breakers in order. Competitors level on one are split by
the next; `head-to-head` is a mini-league of the points won in the matches among the
competitors still level at that step, however many they are. Each place records the
tie-breaker that set it apart from those it was level with (`decided_by`); competitors still
level after the last tie-breaker share the place (`shared`).

Each result also says where it stands with the coaches: confirmed by every coach, awaiting a
confirmation, or disputed (a dispute is open). Confirmed results always count; the others
count only in a league that counts unconfirmed results (`LeagueRules.count_unconfirmed`), a
disputed result like an unconfirmed one. Every row says how many of its competitor's results
are in each state, counted or not, so a table always shows how final it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from domain.league import LeagueRules
from domain.match import CONFIRMED, DISPUTED, UNCONFIRMED

SHARED = "shared"


# Where a result stands with its coaches, in the order a table lists them.
RESULT_STATES = (CONFIRMED, UNCONFIRMED, DISPUTED)


@dataclass(frozen=True)
class MatchResult:
    places: tuple[tuple[str, ...], ...]
    goals: Mapping[str, int] = field(default_factory=dict)
    # confirmed, unconfirmed or disputed (`domain.match.ResultStatus.state`); each is also the
    # name of the `Tally` field that counts results in that state.
    state: str = CONFIRMED

    def __post_init__(self) -> None:
        if self.state not in RESULT_STATES:
            raise ValueError(f"a league result is {', '.join(RESULT_STATES)}; not {self.state!r}")

    @property
    def competitors(self) -> tuple[str, ...]:
        return tuple(c for place in self.places for c in place)


@dataclass(frozen=True)
class Tally:
    competitor: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    goals_for: int = 0
    goals_against: int = 0
    points: int = 0
    # The competitor's results by state, counted in the table or not: their sum is the number
    # of its finished matches, and `played` is `confirmed` plus, in a league that counts
    # unconfirmed results, `unconfirmed` and `disputed`.
    confirmed: int = 0
    unconfirmed: int = 0
    disputed: int = 0

    @property
    def difference(self) -> int:
        return self.goals_for - self.goals_against


@dataclass(frozen=True)
class Standing:
    place: int
    tally: Tally
    decided_by: str

    def to_dict(self) -> dict[str, int | str]:
        t = self.tally
        return {
            "place": self.place,
            "competitor": t.competitor,
            "played": t.played,
            "won": t.won,
            "drawn": t.drawn,
            "lost": t.lost,
            "goals_for": t.goals_for,
            "goals_against": t.goals_against,
            "difference": t.difference,
            "points": t.points,
            "decided_by": self.decided_by,
            "confirmed": t.confirmed,
            "unconfirmed": t.unconfirmed,
            "disputed": t.disputed,
        }


def counts(rules: LeagueRules, result: MatchResult) -> bool:
    """Whether a result counts in the league's table."""
    return result.state == CONFIRMED or rules.count_unconfirmed


def match_points(rules: LeagueRules, result: MatchResult) -> dict[str, int]:
    """The points each competitor earns from one result."""
    earned: dict[str, int] = {}
    if rules.by_placing:
        place = 1
        for level in result.places:
            for competitor in level:
                earned[competitor] = rules.placing_points(place)
            place += len(level)
        return earned
    win, draw, loss = rules.points
    if len(result.places) == 1:
        return dict.fromkeys(result.places[0], draw)
    for index, level in enumerate(result.places):
        for competitor in level:
            earned[competitor] = win if index == 0 else loss
    return earned


def tally(
    rules: LeagueRules, results: Sequence[MatchResult], entrants: Sequence[str] = ()
) -> dict[str, Tally]:
    rows: dict[str, dict[str, int]] = {c: {} for c in entrants}
    for result in results:
        for competitor in result.competitors:
            row = rows.setdefault(competitor, {})
            row[result.state] = row.get(result.state, 0) + 1
        if not counts(rules, result):
            continue
        points = match_points(rules, result)
        drawn = not rules.by_placing and len(result.places) == 1
        total_goals = sum(result.goals.get(c, 0) for c in result.competitors)
        for index, level in enumerate(result.places):
            for competitor in level:
                row = rows.setdefault(competitor, {})
                mine = result.goals.get(competitor, 0)
                row["played"] = row.get("played", 0) + 1
                outcome = "drawn" if drawn else "won" if index == 0 else "lost"
                row[outcome] = row.get(outcome, 0) + 1
                row["goals_for"] = row.get("goals_for", 0) + mine
                if not rules.by_placing:
                    row["goals_against"] = row.get("goals_against", 0) + total_goals - mine
                row["points"] = row.get("points", 0) + points[competitor]
    return {c: Tally(c, **values) for c, values in rows.items()}


def plus(first: Tally, second: Tally, sign: int = 1) -> Tally:
    """The two tallies of one competitor added (or, with `sign` -1, the second taken away)."""
    return Tally(
        first.competitor,
        **{name: getattr(first, name) + sign * getattr(second, name) for name in TALLY_COUNTS},
    )


# A Tally's counts, in the order the read model stores them.
TALLY_COUNTS = (
    "played", "won", "drawn", "lost", "goals_for", "goals_against", "points",
    "confirmed", "unconfirmed", "disputed",
)  # fmt: skip


# The points competitors earned in the results among exactly themselves: for head-to-head,
# the matches among a group are those whose competitors all belong to it, so summing these
# over the subsets of a group gives its mini-league without reading a single result again.
HeadToHead = Mapping[frozenset[str], Mapping[str, int]]


def head_to_head(
    rules: LeagueRules, results: Sequence[MatchResult]
) -> dict[frozenset[str], dict[str, int]]:
    """The points earned in the counted results, summed per set of competitors."""
    among: dict[frozenset[str], dict[str, int]] = {}
    for result in results:
        if not counts(rules, result):
            continue
        earned = among.setdefault(frozenset(result.competitors), {})
        for competitor, points in match_points(rules, result).items():
            earned[competitor] = earned.get(competitor, 0) + points
    return among


def standings(
    rules: LeagueRules, results: Sequence[MatchResult], entrants: Sequence[str] = ()
) -> list[Standing]:
    """The league table, best first, each place with the tie-breaker that decided it."""
    return ranked(rules, tally(rules, results, entrants), head_to_head(rules, results))


def ranked(rules: LeagueRules, tallies: Mapping[str, Tally], among: HeadToHead) -> list[Standing]:
    """The league table from its tallies and head-to-head points, which a read model can keep
    up to date result by result (adding a result's `tally` and `head_to_head`, and taking a
    changed result's away), so that ranking costs nothing in proportion to the league's
    length."""
    blocks = _split(sorted(tallies, key=str.casefold), rules.tiebreak, rules, among, tallies)
    table: list[Standing] = []
    place = 1
    for members, decided_by in blocks:
        table.extend(Standing(place, tallies[c], decided_by) for c in members)
        place += len(members)
    return table


def _split(
    group: list[str],
    criteria: tuple[str, ...],
    rules: LeagueRules,
    among: HeadToHead,
    tallies: Mapping[str, Tally],
) -> list[tuple[list[str], str]]:
    if len(group) == 1:
        # Alone from the start: the first tie-breaker (normally points) placed it.
        return [(group, rules.tiebreak[0])]
    if not criteria:
        return [(group, SHARED)]
    criterion, rest = criteria[0], criteria[1:]
    values = _values(criterion, group, among, tallies)
    blocks: list[tuple[list[str], str]] = []
    for value in sorted(set(values.values()), reverse=True):
        level = [c for c in group if values[c] == value]
        if len(level) == 1:
            blocks.append((level, criterion))
        else:
            blocks.extend(_split(level, rest, rules, among, tallies))
    return blocks


def _values(
    criterion: str, group: list[str], among: HeadToHead, tallies: Mapping[str, Tally]
) -> dict[str, int]:
    if criterion == "head-to-head":
        members = set(group)
        earned = dict.fromkeys(group, 0)
        for competitors, points in among.items():
            if competitors <= members:
                for competitor, won in points.items():
                    earned[competitor] += won
        return earned
    return {c: _measure(criterion, tallies[c]) for c in group}


def _measure(criterion: str, row: Tally) -> int:
    if criterion == "points":
        return row.points
    if criterion == "goal-difference":
        return row.difference
    if criterion == "goals-for":
        return row.goals_for
    if criterion == "wins":
        return row.won
    raise ValueError(f"unknown tie-breaker {criterion!r}")
