"""The values a match history answers (service/history.py) and how they are made from the
summaries' rows, imported by the queries that make them: a command at the table, which reads no
history, does not make their classes (tests/cli/test_start_up.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.registry import find_ruleset
from domain.statuses import status_word

Row = dict[str, Any]


@dataclass(frozen=True)
class Opponent:
    """Another side of a match: its coach and team, and its place and score once ranked."""

    coach: str
    team: str
    place: int | None
    scored: int | None


@dataclass(frozen=True)
class PlayedMatch:
    """One match of the history, as the side the coach (or team) held in it."""

    match_id: str
    game: str  # the game's title
    by_placing: bool  # the game ranks by finishing place rather than win, draw and loss
    scored_as: str  # what `scored` counts: goals, crowns
    league: str | None
    started_at: str
    status: str  # in progress, finished, abandoned
    result_status: str
    score: str  # the score line, as the match list shows it
    coach: str
    team: str
    place: int | None  # 1 for the winners, level sides sharing one; None until ranked
    sides: int
    scored: int | None
    opponents: tuple[Opponent, ...]

    @property
    def outcome(self) -> str | None:
        """won, drawn or lost in a ranked game of goals; None otherwise."""
        if self.place is None or self.by_placing:
            return None
        return _outcome(self.place, [o.place for o in self.opponents])

    @property
    def shown_score(self) -> str:
        """The score as the coach (or team) says it, their own goals first ("2–0" won), once a
        game of goals against one opponent is ranked; else the match's score line."""
        if self.place is None or self.by_placing or len(self.opponents) != 1:
            return self.score
        other = self.opponents[0].scored
        return self.score if self.scored is None or other is None else f"{self.scored}–{other}"

    @property
    def placing(self) -> str | None:
        """ "2nd of 3" once a game of placings is ranked; None otherwise."""
        if self.place is None or not self.by_placing:
            return None
        return f"{ordinal(self.place)} of {self.sides}"


@dataclass(frozen=True)
class GameRecord:
    """A coach's (or team's) record in one game, over its ranked matches."""

    game: str
    by_placing: bool
    scored_as: str
    played: int
    won: int = 0
    drawn: int = 0
    lost: int = 0
    places: tuple[tuple[int, int], ...] = ()  # (place, how many times), best first
    scored: int = 0

    def rate(self, count: int) -> float | None:
        """A share of the ranked matches; none in a game of placings, which has no wins."""
        return count / self.played if self.played and not self.by_placing else None

    @property
    def win_rate(self) -> float | None:
        return self.rate(self.won)

    @property
    def draw_rate(self) -> float | None:
        return self.rate(self.drawn)

    @property
    def loss_rate(self) -> float | None:
        return self.rate(self.lost)


@dataclass(frozen=True)
class HeadToHead:
    """Every ranked meeting with one opponent in one game: finished ahead of it (won), level
    (drawn) or behind it (lost)."""

    opponent: str
    game: str
    by_placing: bool
    met: int
    ahead: int
    level: int
    behind: int


@dataclass(frozen=True)
class History:
    """A coach's or team's matches, records by game and results against each opponent."""

    kind: str  # coach or team
    name: str
    matches: tuple[PlayedMatch, ...]  # newest first
    records: tuple[GameRecord, ...]  # one per game, by title
    head_to_head: tuple[HeadToHead, ...]  # by game, then opponent


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def played(row: Row, sides: Sequence[Row]) -> PlayedMatch:
    rules = find_ruleset(row["ruleset"])
    ranking = rules.league_ranking
    ranked = row["status"] == "finished"
    return PlayedMatch(
        match_id=row["match_id"],
        game=rules.title,
        by_placing=ranking.by_placing,
        scored_as=ranking.scored,
        league=row["league"],
        started_at=row["started_at"],
        status=status_word(row["status"]),
        result_status=row["result_status"],
        score=row["score"],
        coach=row["coach"],
        team=row["team"],
        place=row["place"] if ranked else None,
        sides=len(sides),
        scored=row["scored"] if ranked else None,
        opponents=tuple(
            Opponent(s["coach"], s["team"], s["place"] if ranked else None, s["scored"])
            for s in sides
            if s["seat"] != row["seat"]
        ),
    )


def _outcome(place: int, others: Sequence[int | None]) -> str:
    if place > 1:
        return "lost"
    return "drawn" if 1 in others else "won"


def records(matches: Sequence[PlayedMatch]) -> tuple[GameRecord, ...]:
    by_game: dict[str, list[PlayedMatch]] = {}
    for match in matches:
        by_game.setdefault(match.game, []).append(match)
    records = []
    for game, played in sorted(by_game.items()):
        ranked = [m for m in played if m.place is not None]
        first = played[0]
        outcomes = [m.outcome for m in ranked]
        places: dict[int, int] = {}
        for m in ranked:
            places[m.place or 0] = places.get(m.place or 0, 0) + 1
        records.append(
            GameRecord(
                game=game,
                by_placing=first.by_placing,
                scored_as=first.scored_as,
                played=len(ranked),
                won=outcomes.count("won"),
                drawn=outcomes.count("drawn"),
                lost=outcomes.count("lost"),
                places=tuple(sorted(places.items())) if first.by_placing else (),
                scored=sum(m.scored or 0 for m in ranked),
            )
        )
    return tuple(records)


def head_to_head(matches: Sequence[PlayedMatch], column: str, name: str) -> tuple[HeadToHead, ...]:
    tally: dict[tuple[str, str], list[int]] = {}
    placing: Mapping[str, bool] = {m.game: m.by_placing for m in matches}
    for match in matches:
        for opponent in match.opponents:
            other = opponent.coach if column == "coach" else opponent.team
            if other == name:
                continue  # one coach at two seats (a match scored alone) meets nobody
            counts = tally.setdefault((match.game, other), [0, 0, 0])
            if match.place is None or opponent.place is None:
                continue
            if match.place < opponent.place:
                counts[0] += 1
            elif match.place == opponent.place:
                counts[1] += 1
            else:
                counts[2] += 1
    return tuple(
        HeadToHead(other, game, placing[game], sum(counts), *counts)
        for (game, other), counts in sorted(
            tally.items(), key=lambda item: (item[0][0], item[0][1].casefold())
        )
    )
