"""The numbers the read models hold for the golden matches, fixed when the three per-game
folds gave way to one fold over declared consequences: statistics, dice, score, phase and
result must not move unless a rule changes (then regenerate the file and say why)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.match import Author, MatchRecord
from service.entries import parse_entry
from service.projections.fold import fold
from tests.service.test_golden_matches import CASES, golden_lines

EXPECTED = json.loads((Path(__file__).parent / "golden_contributions.json").read_text("utf-8"))
AUTHOR = Author("scorer", "2026-11-29T21:00:00+00:00", "test")


@pytest.mark.parametrize(("ruleset", "name", "setup"), [case[:3] for case in CASES])
def test_a_golden_match_folds_to_the_numbers_it_always_had(
    ruleset: str, name: str, setup: dict
) -> None:
    match = MatchRecord(ruleset, setup, AUTHOR.by, AUTHOR.at)
    for line in golden_lines(name):
        match.record(parse_entry(ruleset, line), AUTHOR)
    out = fold(match)
    expected = EXPECTED[name]
    assert out.result is not None
    found = {
        "score": out.score,
        "phase": out.phase,
        "winner": out.winner,
        "finished": out.finished,
        "places": [sorted(place) for place in out.result.places],
        "goals": dict(sorted(out.result.goals.items())),
        "stats": sorted([*key, value] for key, value in out.stats.items()),
        "dice": sorted([*key, value] for key, value in out.dice.items()),
    }
    assert found == expected


def test_a_match_without_entries_has_its_coaches_and_a_nil_score() -> None:
    setup = CASES[2][2]  # King of the Pitch, two teams
    match = MatchRecord("king-of-the-pitch", setup, AUTHOR.by, AUTHOR.at)
    out = fold(match)
    assert (out.score, out.phase, out.finished, out.result) == ("blue 0 · green 0", "", False, None)
    assert not out.stats and not out.dice
