"""Standings and the coaches' confirmations: confirmed results always count, unconfirmed and
disputed ones only in a league that counts them, and every row says how many of each it has;
a league's setting lives in its own events."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.league import League, make_rules
from domain.match import CONFIRMED, DISPUTED, UNCONFIRMED
from domain.standings import MatchResult, standings

AT = "2026-11-30T10:00:00+00:00"


def win(winner: str, loser: str, state: str) -> MatchResult:
    return MatchResult(((winner,), (loser,)), {winner: 1, loser: 0}, state)


# A beat B (confirmed), B beat C (awaiting a confirmation), C beat A (disputed).
RESULTS = [win("A", "B", CONFIRMED), win("B", "C", UNCONFIRMED), win("C", "A", DISPUTED)]


def rows(count_unconfirmed: bool, results: list[MatchResult] = RESULTS) -> list[tuple[Any, ...]]:
    order = make_rules("card-game", tiebreak=["points", "head-to-head", "wins"])
    rules = replace(order, count_unconfirmed=count_unconfirmed)
    return [
        (s.place, s.tally.competitor, s.tally.played, s.tally.points, s.decided_by,
         s.tally.confirmed, s.tally.unconfirmed, s.tally.disputed)
        for s in standings(rules, results)
    ]  # fmt: skip


def test_every_result_counts_in_a_league_that_counts_unconfirmed_results() -> None:
    # Three wins in a circle: level on points and head-to-head, and on wins.
    assert rows(True) == [
        (1, "A", 2, 3, "shared", 1, 0, 1),
        (1, "B", 2, 3, "shared", 1, 1, 0),
        (1, "C", 2, 3, "shared", 0, 1, 1),
    ]


def test_only_confirmed_results_count_in_a_league_that_waits_for_them() -> None:
    assert rows(False) == [
        (1, "A", 1, 3, "points", 1, 0, 1),
        (2, "B", 1, 0, "shared", 1, 1, 0),
        (2, "C", 0, 0, "shared", 0, 1, 1),
    ]


def test_head_to_head_reads_only_the_results_that_count() -> None:
    # B and C are level on points once only confirmed results count; C's win over B is not
    # confirmed, so head-to-head cannot split them, and wins cannot either.
    results = [
        win("B", "A", CONFIRMED),
        win("C", "A", CONFIRMED),
        win("C", "B", UNCONFIRMED),
    ]
    assert [r[:5] for r in rows(False, results)] == [
        (1, "B", 1, 3, "shared"),
        (1, "C", 1, 3, "shared"),
        (3, "A", 2, 0, "points"),
    ]
    assert rows(True, results)[0][:5] == (1, "C", 2, 6, "points")


def test_a_result_in_no_known_state_is_refused() -> None:
    with pytest.raises(ValueError, match="not 'in-play'"):
        MatchResult((("A",), ("B",)), {}, "in-play")


def test_a_league_counts_unconfirmed_results_until_its_settings_change() -> None:
    league = League("Cup", "card-game", [3, 1, 0], ["points"], "org", AT)
    assert league.count_unconfirmed and league.rules.count_unconfirmed
    league.change_settings(make_rules("card-game", [2, 1, 0]), False, "olga", AT, "0c595d")
    rebuilt: Any = None
    for stored in league.collect_events():
        rebuilt = stored.mutate(rebuilt)
    assert (rebuilt.points, rebuilt.count_unconfirmed, rebuilt.rules.count_unconfirmed) == (
        [2, 1, 0],
        False,
        False,
    )
    assert League.SettingsChanged.class_version == 1


def test_a_league_stored_before_the_setting_counts_every_result() -> None:
    league = League("Cup", "card-game", [3, 1, 0], ["points"], "org", AT)
    created = league.collect_events()[0]
    # The stored creation names no setting: the league falls back on the class default.
    assert "count_unconfirmed" not in created.__dict__
    assert created.mutate(None).count_unconfirmed is True
