"""How often each game says its kinds of entry are made: the counts are its golden matches'
averages, so the scoring page's order is what happens at a real table, not a guess."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from domain.declarations import UNCOUNTED, EntryFrequency
from domain.notation import parse_action
from domain.registry import find_ruleset

HERE = Path(__file__).parent
GAMES = {"card-game": "card_game", "king-of-the-pitch": "king_of_the_pitch", "tcg": "tcg"}


def golden_averages(ruleset_name: str) -> dict[str, int]:
    """Each kind's entries per golden match (rounded), counted as the game's frequency counts
    them (a kind with a field it counts on its own, such as `play.via`, apart)."""
    ruleset = find_ruleset(ruleset_name)
    frequency = ruleset.entry_frequency
    files = sorted((HERE / GAMES[ruleset_name] / "golden").glob("*.txt"))
    assert files
    counted: Counter[str] = Counter()
    for file in files:
        for line in file.read_text("utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            action = parse_action(ruleset.codec, line)
            stated = tuple(k for k, v in action.items() if k != "kind" and v not in (None, ""))
            counted[frequency.key(str(action["kind"]), stated)] += 1
    return {key: round(total / len(files)) for key, total in counted.items()}


@pytest.mark.parametrize("name", GAMES)
def test_the_declared_counts_are_the_golden_matches_averages(name: str) -> None:
    frequency = find_ruleset(name).entry_frequency
    averages = golden_averages(name)
    assert frequency.declared
    for key in {*averages, *frequency.per_match}:
        assert frequency.count(key) == averages.get(key, 0), key


@pytest.mark.parametrize("name", GAMES)
def test_every_counted_kind_is_one_the_game_knows(name: str) -> None:
    ruleset = find_ruleset(name)
    kinds = set(ruleset.action_kinds())
    for key in ruleset.entry_frequency.per_match:
        kind, _, field = key.partition(".")
        assert kind in kinds, key
        if field:
            assert field in {spec.name for spec in ruleset.codec.describe(kind)}, key


def test_a_kind_with_a_field_counted_apart_is_told_by_that_field() -> None:
    frequency = EntryFrequency({"play": 30, "play.via": 0})
    assert frequency.key("play", ("coach", "card")) == "play"
    assert frequency.key("play", ("coach", "via")) == "play.via"
    assert frequency.key("pass", ("via",)) == "pass"
    assert frequency.count("play.via") == 0 and frequency.count("unknown") == 0


def test_a_game_that_counts_nothing_declares_nothing() -> None:
    assert not UNCOUNTED.declared
    assert find_ruleset("card-game").entry_frequency.count("play") > 0
