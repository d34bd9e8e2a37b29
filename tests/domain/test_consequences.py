"""The consequence vocabulary: every kind a game emits is declared, and its stored form reads
back as the same value; what no release declares still loads, as stored."""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.consequences import Consequence, DieRolled, FinalResult, Pitch, from_dict
from domain.match import Author, MatchRecord
from domain.notation import parse_action
from domain.registry import find_ruleset
from domain.tcg import consequences as tcg_consequences
from tests.plugin_game import consequences as dice_consequences
from tests.service.test_golden_matches import CASES, golden_lines

AUTHOR = Author("scorer", "2026-11-29T21:00:00+00:00", "test")


def played(ruleset: str, name: str, setup: dict[str, Any]) -> MatchRecord:
    match = MatchRecord(ruleset, setup, AUTHOR.by, AUTHOR.at)
    for line in golden_lines(name):
        match.record(parse_action(find_ruleset(ruleset).codec, line), AUTHOR)
    return match


@pytest.mark.parametrize(("ruleset", "name", "setup"), [case[:3] for case in CASES])
def test_every_stored_consequence_reads_back_as_its_declared_type(
    ruleset: str, name: str, setup: dict[str, Any]
) -> None:
    kinds = set()
    match = played(ruleset, name, setup)
    for line in match.effective_entries():
        for recorded in line.consequences:
            stored = json.loads(json.dumps(recorded.to_dict()))
            value = from_dict(stored, match.game_package)
            assert type(value) is not Consequence, f"{stored['kind']} is not declared"
            assert type(value) is type(recorded)
            assert value.to_dict() == stored
            assert from_dict(value.to_dict()) == value
            kinds.add(value.kind)
    assert {DieRolled.kind, FinalResult.kind} <= kinds


@pytest.mark.parametrize(("ruleset", "name", "setup"), [case[:3] for case in CASES])
def test_a_game_emits_declared_types_only(ruleset: str, name: str, setup: dict[str, Any]) -> None:
    rules = find_ruleset(ruleset)
    state = rules.initial_state(rules.make_setup(setup))
    for line in golden_lines(name):
        outcome = rules.apply(state, rules.action_from_dict(parse_action(rules.codec, line)))
        assert all(type(c) is not Consequence for c in outcome.consequences)
        state = outcome.state


def test_an_unknown_kind_loads_as_stored() -> None:
    stored = {"kind": "var-review", "text": "The referee reviews.", "data": {"minute": 12}}
    value = from_dict(stored)
    assert type(value) is Consequence
    assert (value.kind, value.text, value.data) == (
        "var-review",
        "The referee reviews.",
        {"minute": 12},
    )
    assert value.to_dict() == stored


def test_a_declared_kind_stored_in_another_shape_loads_as_stored() -> None:
    stored = {"kind": "goal", "text": "GOAL!", "data": {"team": "toho", "minute": 90}}
    value = from_dict(stored)
    assert type(value) is Consequence and value.to_dict() == stored


def test_the_same_kind_in_two_games_reads_as_each_game_s_type() -> None:
    card = from_dict({"kind": "goal", "text": "a", "data": {"team": "toho", "score": {"toho": 1}}})
    tcg = from_dict({"kind": "goal", "text": "b", "data": {"side": "home", "score": {"home": 1}}})
    assert type(card) is not type(tcg)
    assert card.score_after({}) == {"toho": 1} and tcg.score_after({}) == {"home": 1}


def test_a_kind_two_games_store_alike_reads_with_the_meaning_of_the_game_that_stored_it() -> None:
    """The TCG's goal and Dice Football's (tests/plugin_game) are stored alike; only the TCG's
    wins a battle. Whichever was declared first, each game's own type is read."""
    find_ruleset("tcg")
    goal = {"kind": "goal", "text": "Goal.", "data": {"side": "home", "score": {"home": 1}}}
    tcg, dice = from_dict(goal, "domain.tcg"), from_dict(goal, "tests.plugin_game")
    assert (type(tcg), type(dice)) == (tcg_consequences.Scored, dice_consequences.Scored)
    assert [t.stat for t in tcg.tallies(Pitch())] == ["goals", "battles_won"]
    assert [t.stat for t in dice.tallies(Pitch())] == ["goals"]
    ended = {"kind": "match-ended", "text": "Full time.", "data": {"score": {"home": 1}}}
    assert type(from_dict(ended, "tests.plugin_game")) is dice_consequences.FinalWhistle
    assert type(from_dict(ended, "domain.tcg")) is tcg_consequences.FullTime


def test_silent_consequences_have_no_text() -> None:
    die = DieRolled(side="home", faces=6, value=3)
    assert die.silent and die.to_dict()["text"] == ""
    assert from_dict(die.to_dict()) == die
