"""`touchline match replay --odds`: the exact odds before each roll, its luck, and each side's
luck so far (docs/cli.md)."""

from __future__ import annotations

from tests.cli.conftest import Run
from tests.cli.test_match_commands import record_opening


def test_replay_with_odds_prints_each_roll_and_the_luck(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    result = run("match", "replay", new_match, "--odds")
    assert result.exit_code == 0, result.output
    # Toho's Shot 3 against Defense 1: Toho score unless Nankatsu's die is 3 or more higher.
    assert (
        "odds before Toho's die in Toho's Shot: Toho score 83.3% (5/6) · "
        "Nankatsu win the ball 16.7% (1/6)" in result.output
    )
    assert "luck: Nankatsu -0.17 goals, Toho +0.17 goals" in result.output
    assert "Toho score 100.0% (1)" in result.output
    assert "Luck so far: Nankatsu -0.17 goals, Toho +0.17 goals" in result.output


def test_replay_without_odds_prints_none(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    result = run("match", "replay", new_match)
    assert result.exit_code == 0 and "odds before" not in result.output
    before = run("match", "replay", new_match, "--odds", "--to", "2")
    assert "odds before" not in before.output
    assert "Luck so far: Nankatsu 0.00 goals, Toho 0.00 goals" in before.output


def test_a_coach_s_statistics_show_their_luck(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    result = run("stats", "coach", "Bob")
    assert result.exit_code == 0, result.output
    assert "+0.17 goals over 1 match (dice only)" in result.output
    assert "  outside any league: +0.17 goals over 1 match" in result.output
    assert "-0.17 goals over 1 match" in run("stats", "coach", "Alice").output


def test_the_odds_and_the_luck_in_japanese(run: Run, new_match: str) -> None:
    record_opening(run, new_match)
    result = run("--lang", "ja", "match", "replay", new_match, "--odds")
    assert result.exit_code == 0, result.output
    assert "の前の確率: " in result.output and "(5/6)" in result.output
    # The roll and its outcomes are the rules' words, and so are the card game's two teams:
    # Toho's die in Toho's Shot, Toho score.
    assert (
        "東邦のシュートでの東邦のダイスの前の確率: 東邦が得点 83.3% (5/6) · "
        "南葛がボールを奪う 16.7% (1/6)" in result.output
    )
    assert "Toho's die" not in result.output and "Toho score" not in result.output
    assert "運: Nankatsu -0.17 ゴール, Toho +0.17 ゴール" in result.output
    assert "ここまでの運: Nankatsu -0.17 ゴール" in result.output
    coach = run("--lang", "ja", "stats", "coach", "Bob").output
    assert "1 試合で +0.17 ゴール(ダイスのみ)" in coach
