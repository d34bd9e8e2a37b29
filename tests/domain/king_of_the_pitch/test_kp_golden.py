"""Golden games: whole recorded games replay, entry by entry, to their known final ranking."""

import pytest
from kp_helpers import (
    FIVE_TEAMS_SETUP,
    GAME,
    THREE_TEAMS_SETUP,
    TWO_TEAMS_SETUP,
    golden_lines,
    kinds,
    of_kind,
    replay,
)

from domain.king_of_the_pitch.actions import CODEC
from domain.notation import format_action, parse_action

FILES = ("two_teams.txt", "three_teams.txt", "five_teams_captains.txt")


def test_golden_two_teams_green_win_5_4() -> None:
    """KP-3.5 opening roll, KP-5.4 a penalty shoot-out, KP-5.6 the crown, KP-7.1 five crowns."""
    state, consequences = replay(TWO_TEAMS_SETUP, golden_lines("two_teams.txt"))
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("green",), ("blue",))
    assert result.scores == {"blue": 4, "green": 5}
    assert of_kind(consequences, "king")[0].data == {"team": "green"}  # the first King
    assert "shoot-out" in kinds(consequences)
    assert [c.data["winner"] for c in of_kind(consequences, "duel-won")].count("green") == 5
    assert kinds(consequences)[-1] == "game-ended"
    assert GAME.expected(state) == ()


def test_golden_three_teams_blue_win_with_four_crowns() -> None:
    """KP-6 declarations and repeated penalty rounds (KP-5.4) with the crown target at 4."""
    state, consequences = replay(THREE_TEAMS_SETUP, golden_lines("three_teams.txt"))
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("blue",), ("yellow",), ("green",))
    assert result.scores == {"blue": 4, "green": 1, "yellow": 3}
    assert "declared" in kinds(consequences)
    assert GAME.expected(state) == ()


def test_golden_five_teams_with_captains_red_win_and_blue_green_share_third() -> None:
    """KP-8 captains (paid transfers and a CAPTAIN TRANSFER card), a V.A.R. re-roll (KP-6.1),
    BONUS (KP-6.2), and equal crowns sharing a place (KP-7.1 tie-break shared)."""
    state, consequences = replay(FIVE_TEAMS_SETUP, golden_lines("five_teams_captains.txt"))
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("red",), ("yellow",), ("blue", "green"), ("orange",))
    assert result.scores == {"blue": 1, "green": 1, "yellow": 2, "red": 3, "orange": 0}
    placed = {c.data["team"]: c.data["position"] for c in of_kind(consequences, "captain-placed")}
    assert placed == {"orange": 11, "green": 1, "red": 5, "yellow": 4, "blue": 10}
    assert {team.colour: team.captain for team in state.teams} == placed
    assert "var-reroll" in kinds(consequences)
    assert any(c.data["bonus"] for c in of_kind(consequences, "declared"))


@pytest.mark.parametrize("name", FILES)
def test_golden_files_hold_only_comments_and_named_action_lines(name: str) -> None:
    for line in golden_lines(name):
        action = GAME.action_from_dict(parse_action(CODEC, line))
        assert GAME.action_from_dict(parse_action(CODEC, format_action(CODEC, action))) == action
        assert all("=" in word for word in line.split()[1:]), line
