"""Matches to settle disputes on: the card-game opening and the rulebook-scale golden matches,
recorded straight on the aggregate."""

from __future__ import annotations

from typing import Any

from domain.match import Author, MatchRecord
from service.entries import parse_entry
from tests.opening import OPENING, SETUP
from tests.service.test_golden_matches import CASES, golden_lines

SCORER = Author("alice", "2026-11-30T21:00:00+00:00", "web", "scorer-link")
REFEREE = Author("rita", "2026-11-30T21:30:00+00:00", "web", "referee-link")
COACH = Author("bob", "2026-11-30T21:40:00+00:00", "web", "coach-link")


def recorded(ruleset: str, setup: Any, lines: list[str]) -> MatchRecord:
    match = MatchRecord.start(ruleset, setup, SCORER)
    for line in lines:
        match.record(parse_entry(ruleset, line), SCORER)
    return match


def opening() -> MatchRecord:
    """Card game: Toho kick off and score with the first shot (entry 11: 8 against 3)."""
    return recorded("card-game", SETUP, OPENING)


def golden(name: str) -> MatchRecord:
    """A whole golden match by the name of its file (`two_teams.txt`)."""
    ruleset, path, setup, *_ = next(case for case in CASES if case[1].endswith(name))
    return recorded(ruleset, setup, golden_lines(path))


def entry(ruleset: str, text: str) -> dict[str, Any]:
    return parse_entry(ruleset, text)


def score(match: MatchRecord) -> Any:
    return match.ruleset.view(match.game)["score"]
