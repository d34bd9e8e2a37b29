"""KP-7.1 (open) the end: the first team to place its Nth crown wins; every team is ranked."""

from dataclasses import replace

from kp_helpers import GAME, broken, challenged, kinds, play, with_team

from domain.king_of_the_pitch.setup import KingSetup
from domain.king_of_the_pitch.state import KingState
from domain.ruleset import Consequence


def _final_duel(tie_break: str = "shared") -> tuple[KingState, list[Consequence]]:
    teams = ("blue", "green", "yellow", "red")
    state = challenged("green", "blue", teams)
    setup = replace(state.setup, tie_break=tie_break)
    state = replace(state, setup=setup)
    state = with_team(state, "green", crowns=4)
    state = with_team(state, "blue", crowns=1)
    state = with_team(state, "red", crowns=1)
    return play(state, "roll green 6", "roll blue 1")


def test_kp_7_1_the_fifth_crown_ends_the_game() -> None:
    state, consequences = _final_duel()
    assert kinds(consequences)[-1] == "game-ended"
    assert state.phase == "over" and GAME.expected(state) == ()
    violations = broken(state, "roll blue 3")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-7.1", False)]


def test_kp_7_1_ranking_shares_places_on_equal_crowns_by_default() -> None:
    state, _ = _final_duel()
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("green",), ("blue", "red"), ("yellow",))
    assert result.scores == {"blue": 1, "green": 5, "yellow": 0, "red": 1}
    assert GAME.view(state)["score"] == result.scores


def test_kp_7_1_clockwise_tie_break_from_the_winner() -> None:
    state, _ = _final_duel("clockwise")
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("green",), ("red",), ("blue",), ("yellow",))


def test_kp_7_1_the_crown_target_is_a_setting() -> None:
    state = challenged()
    state = replace(state, setup=KingSetup(state.setup.teams, crowns=1))
    state, _ = play(state, "roll green 6", "roll blue 1")
    assert state.phase == "over" and state.winner == "green"
    assert GAME.result(challenged()) is None
