"""Standings: tallies, every tie-breaker, head-to-head as a mini-league, placings, sharing."""

from __future__ import annotations

import pytest

from domain.league import LeagueSettingsError, make_rules
from domain.standings import MatchResult, standings


def win(winner: str, loser: str, a: int, b: int) -> MatchResult:
    return MatchResult(((winner,), (loser,)), {winner: a, loser: b})


def draw(a: str, b: str, goals: int) -> MatchResult:
    return MatchResult(((a, b),), {a: goals, b: goals})


def table(results: list[MatchResult], tiebreak: str | None = None, points: str = "3/1/0"):  # type: ignore[no-untyped-def]
    order = None if tiebreak is None else tiebreak.split(",")
    rules = make_rules("card-game", [int(p) for p in points.split("/")], order)
    return [
        (s.place, s.tally.competitor, s.tally.points, s.decided_by)
        for s in standings(rules, results)
    ]


def test_tallies_count_wins_draws_losses_goals_and_points() -> None:
    rules = make_rules("card-game")
    rows = {
        s.tally.competitor: s for s in standings(rules, [win("A", "B", 3, 1), draw("A", "B", 2)])
    }
    a = rows["A"].tally
    assert (a.played, a.won, a.drawn, a.lost, a.goals_for, a.goals_against, a.points) == (
        2, 1, 1, 0, 5, 3, 4,
    )  # fmt: skip
    assert a.difference == 2
    assert rows["B"].tally.points == 1


def test_points_decide_first() -> None:
    assert table([win("A", "B", 1, 0)]) == [(1, "A", 3, "points"), (2, "B", 0, "points")]


def test_a_draw_after_extra_time_is_a_draw() -> None:
    assert table([draw("A", "B", 1)])[0][2] == 1


def test_goal_difference_splits_equal_points() -> None:
    results = [win("A", "C", 3, 0), win("B", "C", 1, 0)]
    assert table(results, "points,goal-difference")[:2] == [
        (1, "A", 3, "goal-difference"),
        (2, "B", 3, "goal-difference"),
    ]


def test_goals_for_splits_equal_difference() -> None:
    results = [win("A", "C", 3, 1), win("B", "C", 2, 0)]
    assert table(results, "points,goal-difference,goals-for")[:2] == [
        (1, "A", 3, "goals-for"),
        (2, "B", 3, "goals-for"),
    ]


def test_wins_split_equal_points_from_draws() -> None:
    # A: one win, two losses = 3; B: three draws = 3.
    results = [win("A", "X", 1, 0), win("X", "A", 1, 0), win("Y", "A", 1, 0)]
    results += [draw("B", "X", 0), draw("B", "Y", 0), draw("B", "Z", 0)]
    ranked = {c: (place, by) for place, c, _, by in table(results, "points,wins")}
    assert ranked["A"][1] == ranked["B"][1] == "wins"
    assert ranked["A"][0] < ranked["B"][0]


def test_head_to_head_between_two() -> None:
    # A and B on 6 points each; B beat A.
    results = [win("A", "C", 1, 0), win("B", "A", 1, 0), win("A", "D", 1, 0)]
    results += [win("B", "C", 1, 0), win("D", "B", 1, 0)]
    order = table(results, "points,head-to-head")
    assert [(p, c, by) for p, c, _, by in order][:2] == [
        (1, "B", "head-to-head"),
        (2, "A", "head-to-head"),
    ]


def test_head_to_head_among_three_tied_is_a_mini_league() -> None:
    # A, B, C all on 6 points. Among themselves: A beat B, A beat C, B beat C? Then A 6, B 3,
    # C 0 in the mini-league, although D, whom only C beat twice, is not part of it.
    results = [
        win("A", "B", 1, 0), win("A", "C", 1, 0), win("B", "C", 1, 0),
        win("B", "D", 5, 0), win("C", "D", 9, 0), win("C", "D", 9, 0),
    ]  # fmt: skip
    order = table(results, "points,head-to-head,goal-difference")
    assert [(p, c, by) for p, c, _, by in order] == [
        (1, "A", "head-to-head"),
        (2, "B", "head-to-head"),
        (3, "C", "head-to-head"),
        (4, "D", "points"),
    ]


def test_head_to_head_leaves_two_of_three_for_the_next_tie_breaker() -> None:
    # A, B, C on 3 points each; in the mini-league each beat one other, all on 3: head-to-head
    # cannot split them, goal difference does.
    results = [win("A", "B", 3, 0), win("B", "C", 2, 0), win("C", "A", 2, 0)]
    order = table(results, "points,head-to-head,goal-difference")
    assert [(p, c, by) for p, c, _, by in order] == [
        (1, "A", "goal-difference"),
        (2, "C", "goal-difference"),
        (3, "B", "goal-difference"),
    ]


def test_still_level_after_every_tie_breaker_share_the_place() -> None:
    order = table([draw("A", "B", 1)], "points,goal-difference")
    assert order == [(1, "A", 1, "shared"), (1, "B", 1, "shared")]


def test_entrants_without_a_finished_match_are_ranked_on_zeros() -> None:
    rules = make_rules("card-game")
    rows = standings(rules, [win("A", "B", 1, 0)], entrants=["A", "B", "Z"])
    # Z (0 points, difference 0) is above B (0 points, difference -1).
    assert [(s.place, s.tally.competitor, s.tally.played, s.decided_by) for s in rows] == [
        (1, "A", 1, "points"), (2, "Z", 0, "goal-difference"), (3, "B", 1, "goal-difference"),
    ]  # fmt: skip


def test_king_of_the_pitch_ranks_by_points_per_placing() -> None:
    rules = make_rules("king-of-the-pitch")
    assert rules.points == (10, 6, 4, 2, 1)
    game1 = MatchResult((("Ann",), ("Bo",), ("Cy",)), {"Ann": 5, "Bo": 3, "Cy": 1})
    game2 = MatchResult((("Cy",), ("Bo", "Ann")), {"Cy": 5, "Bo": 2, "Ann": 2})
    rows = {s.tally.competitor: s for s in standings(rules, [game1, game2])}
    # Shared 2nd place: both get the points of 2nd; Cy wins on wins against Ann's 16.
    assert rows["Ann"].tally.points == 10 + 6
    assert rows["Bo"].tally.points == 6 + 6
    assert rows["Cy"].tally.points == 4 + 10
    assert rows["Ann"].place == 1 and rows["Ann"].decided_by == "points"
    assert rows["Ann"].tally.goals_for == 7  # crowns placed


@pytest.mark.parametrize(
    ("ruleset", "points", "tiebreak", "message"),
    [
        ("card-game", [3, 1], None, "three numbers"),
        ("card-game", [3, -1, 0], None, "negative"),
        ("card-game", None, ["points", "luck"], "unknown tie-breaker"),
        ("card-game", None, ["points", "points"], "once"),
        ("king-of-the-pitch", None, ["head-to-head"], "unknown tie-breaker"),
        ("king-of-the-pitch", [1, 1, 1, 1, 1, 1], None, "per placing"),
    ],
)
def test_settings_that_cannot_work_are_refused(ruleset, points, tiebreak, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(LeagueSettingsError, match=message):
        make_rules(ruleset, points, tiebreak)
