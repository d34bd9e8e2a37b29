"""The rolls of the golden matches of every game: their exact odds, and a luck that is fair
(its expectation over a roll's faces is zero) and zero-sum between the coaches."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, replace
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from test_golden_matches import CASES, golden_lines, record_as_the_table_did

from domain.luck import MatchLuck, read_rolls
from domain.match import Author
from domain.registry import find_ruleset
from service.app import Touchline
from service.entries import parse_entry


def folded(ruleset: str, name: str, setup: dict) -> tuple[Any, Any, list[Any], list[Any]]:
    rules = find_ruleset(ruleset)
    made = rules.make_setup(setup)
    states = [rules.initial_state(made)]
    actions = []
    for line in golden_lines(name):
        action = rules.action_from_dict(parse_entry(ruleset, line))
        actions.append(action)
        states.append(rules.apply(states[-1], action).state)
    return rules, made, actions, states


def luck_of(ruleset: str, name: str, setup: dict) -> tuple[Any, MatchLuck, list[Any], list[Any]]:
    rules, made, actions, states = folded(ruleset, name, setup)
    assert rules.odds is not None
    return (
        rules,
        read_rolls(rules.odds, rules.sides(made), actions, states.__getitem__),
        actions,
        states,
    )


GOLDEN = [pytest.param(case[0], case[1], case[2], id=case[1]) for case in CASES]


@pytest.mark.parametrize(("ruleset", "name", "setup"), GOLDEN)
def test_every_roll_has_odds_summing_to_one_and_zero_sum_luck(
    ruleset: str, name: str, setup: dict
) -> None:
    _, luck, _, _ = luck_of(ruleset, name, setup)
    assert luck.rolls, "a golden match rolls dice"
    for roll in luck.rolls:
        assert sum(c.probability for c in roll.odds.chances) == 1
        assert sum(roll.luck.values(), Fraction(0)) == 0
    assert sum(luck.total().values(), Fraction(0)) == 0
    assert luck.until(0) == dict.fromkeys(luck.sides, Fraction(0))
    if luck.running():
        assert luck.running()[-1][1] == luck.total()


def _faces(action: Any) -> Iterator[Any]:
    """The same entry with every other face of its dice (at most 216 rolls)."""
    names = {f.name for f in fields(action)}
    for name in ("value", "die", "roll"):
        if name in names and isinstance(getattr(action, name), int):
            top = 8 if name == "die" and getattr(action, name) > 6 else 6
            for value in range(1, top + 1):
                yield replace(action, **{name: value})
            return
    if "dice" in names:
        dice = action.dice
        if len(dice) <= 3:
            for values in product(range(1, 7), repeat=len(dice)):
                yield replace(action, dice=tuple(values))


@pytest.mark.parametrize(("ruleset", "name", "setup"), GOLDEN)
def test_luck_is_fair_over_every_face_of_a_roll(ruleset: str, name: str, setup: dict) -> None:
    """What a roll is expected to bring is the average over its faces of what it brings: the
    odds and the worth of the situations after agree, so a match's luck has expectation 0."""
    rules, luck, actions, states = luck_of(ruleset, name, setup)
    declared = rules.odds
    checked = 0
    for roll in luck.rolls:
        if roll.odds.certain:
            continue
        action, before = actions[roll.step - 1], states[roll.step - 1]
        others = list(_faces(action))
        if not others or any(rules.check(before, other) for other in others):
            continue  # a roll with a d8 or of more than three dice, or refused
        expected = roll.odds.expected or declared.worth(before)
        average = {side: Fraction(0) for side in luck.sides}
        for other in others:
            after = declared.worth(rules.apply(before, other).state)
            for side in luck.sides:
                average[side] += after.get(side, Fraction(0)) / len(others)
        assert average == {side: expected.get(side, Fraction(0)) for side in luck.sides}
        checked += 1
    assert checked


def test_the_use_case_reads_a_recorded_match(app: Touchline, alice: Author) -> None:
    ruleset, name, setup = CASES[0][:3]
    match = app.create_match(ruleset, setup, alice)
    for line in golden_lines(name):
        record_as_the_table_did(app, match.id, parse_entry(ruleset, line), alice)
    found = app.match_luck(match.id)
    assert found is not None
    assert found.unit == "goals"
    assert found.total() == luck_of(ruleset, name, setup)[1].total()


def test_a_coach_s_luck_sums_their_side_over_their_matches(app: Touchline, alice: Author) -> None:
    """Alice coaches Nankatsu, Bob Toho, in the card game's two golden matches: each coach's
    luck is the sum of their side's, and the two coaches' sum to zero."""
    expected = {"Alice": Fraction(0), "Bob": Fraction(0)}
    for ruleset, name, setup in [case[:3] for case in CASES[:2]]:
        match = app.create_match(ruleset, setup, alice)
        for line in golden_lines(name):
            record_as_the_table_did(app, match.id, parse_entry(ruleset, line), alice)
        totals = app.match_luck(match.id).total()
        for seat in ("home", "away"):
            team, coach = setup[seat]["team"], setup[seat]["coach"]
            expected[coach] += totals[team.lower()]
    for coach, luck in expected.items():
        (game,) = app.coach_luck(coach).games
        assert (game.unit, game.matches, game.luck) == ("goals", 2, luck)
    assert expected["Alice"] + expected["Bob"] == 0 and expected["Alice"] != 0


def test_a_coach_s_luck_is_broken_down_per_league_and_leaves_out_abandoned_matches_and_branches(
    app: Touchline, alice: Author
) -> None:
    """Luck over a season: the first golden match in the league "Spring", the second outside
    any league, Alice coaching in both; the first again but abandoned, and a branch of the
    first, count nowhere."""
    (ruleset, first, setup), (_, second, setup2) = (case[:3] for case in CASES[:2])
    app.create_league("Spring", ruleset, alice)
    luck: dict[str | None, Fraction] = {}
    for league, name, made in (("Spring", first, setup), (None, second, setup2)):
        match = app.create_match(ruleset, made, alice, league)
        for line in golden_lines(name):
            record_as_the_table_did(app, match.id, parse_entry(ruleset, line), alice)
        (seat,) = (seat for seat in ("home", "away") if made[seat]["coach"] == "Alice")
        luck[league] = app.match_luck(match.id).total()[made[seat]["team"].lower()]
        if league == "Spring":
            app.branch_match(match.id, 3, alice)
    dropped = app.create_match(ruleset, setup, alice, "Spring")
    for line in golden_lines(first):
        record_as_the_table_did(app, dropped.id, parse_entry(ruleset, line), alice)
    app.abandon(dropped.id, alice, "rain")
    (game,) = app.coach_luck("Alice").games
    assert [(lg.league, lg.matches, lg.luck) for lg in game.leagues] == [
        ("Spring", 1, luck["Spring"]),
        (None, 1, luck[None]),
    ]
    assert (game.matches, game.luck) == (2, luck["Spring"] + luck[None])
