"""Which entries changed the score, and whether the newest line of the log is one of them.

A goal is read from the consequences an entry produced, in the vocabulary every game speaks
(`Consequence.score_after`): an entry scores when, at its place in the order of play, one of
its consequences leaves the score otherwise than it found it (a goal, a crown placed). The end
of a match restating the score is no goal. Worked out once per page drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask import g

from domain.log import Entry
from domain.log_index import LogIndex
from service.views import MatchView


@dataclass(frozen=True)
class ScoreNews:
    """Entry `number` changed the score: `sides` are those whose score went up, `said` the
    consequences that tell it."""

    number: int
    sides: tuple[str, ...]
    said: tuple[str, ...]


def scoring_entries(view: MatchView) -> Mapping[int, ScoreNews]:
    """Every entry in force that changed the score, by its number."""
    cache: dict[tuple[str, int], Mapping[int, ScoreNews]] = g.setdefault("score_news", {})
    key = (view.id, view.version)
    if key not in cache:
        cache[key] = _scoring(view)
    return cache[key]


def latest_score_news(view: MatchView) -> ScoreNews | None:
    """The score change the newest line of the log made, if that line is an entry that
    scored: what the scoreboard announces until anything else is written."""
    if not view.log or not isinstance(view.log[-1], Entry):
        return None
    return scoring_entries(view).get(view.log[-1].number)


def _scoring(view: MatchView) -> dict[int, ScoreNews]:
    score: dict[str, int] = {}
    found: dict[int, ScoreNews] = {}
    for step in LogIndex(view.log).steps():
        if step.placed is None:
            continue
        entry = step.placed.entry
        sides: list[str] = []
        said: list[str] = []
        for consequence in entry.consequences:
            after = consequence.score_after(score)
            if after is None:
                continue
            changed = {**score, **after}
            up = [side for side, goals in changed.items() if goals > score.get(side, 0)]
            if changed != score:
                sides += [side for side in up if side not in sides]
                if consequence.text:
                    said.append(consequence.text)
            score = changed
        if sides:
            found[entry.number] = ScoreNews(entry.number, tuple(sides), tuple(said))
    return found
