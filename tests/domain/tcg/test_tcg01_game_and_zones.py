"""TCG-1, TCG-3.1, TCG-7.1, TCG-8.1, TCG-8.2, TCG-10, TCG-11.1-11.2: what the game is made of."""

import pytest
from tcg_helpers import (
    GAME,
    arrange,
    ball_to,
    broken,
    kicked_off,
    new_match,
    play,
    raw_setup,
    team_data,
)

from domain.ruleset import SetupError
from domain.tcg.field import AREAS, starting_areas
from domain.tcg.team_list import TeamListError, parse_team_list


def test_two_players_each_the_coach_of_a_team() -> None:
    """TCG-1.1 「3人以上でのプレイ: 未想定(実質不可)。」 (play by three or more: not foreseen, in
    effect impossible): a match has a home and an away coach, and no third seat."""
    setup = GAME.make_setup(raw_setup())
    assert GAME.sides(setup) == ("home", "away")
    raw = {**raw_setup(), "third": {"coach": "Chen", "team": team_data("toho.toml")}}
    with pytest.raises(SetupError, match="unknown setup field"):
        GAME.make_setup(raw)


def test_the_match_starts_at_0_with_empty_hands_filled_to_6() -> None:
    """TCG-3.1 「勝利ポイント (獲得得点): 0点。」「開始手札: 0枚。上限は 6枚」 (score 0; starting
    hand 0 cards, limit 6)."""
    state = new_match()
    assert state.score == {"home": 0, "away": 0}
    assert (state.home.hand, state.away.hand) == (0, 0)
    state = kicked_off()
    assert state.home.hand == 6


def test_the_side_that_starts_a_battle_is_the_challenger() -> None:
    """TCG-7.1 「バトルを仕掛けたプレイヤーが仕掛け側、相手が受け側となる。」 (the player who
    started the battle is the challenger, the other the receiver): a tackle by Toho."""
    state = arrange(kicked_off(), "home", "Tsubasa Ozora", "c4")
    state = ball_to(state, "home", "Tsubasa Ozora")
    state, _ = play(state, "end home", 'tackle away "Yoshiro Koike"')
    battle = state.battle
    assert (battle.challenger, battle.receiver) == ("away", "home")
    players = (battle.challenger_player, battle.receiver_player)
    assert players == ("Yoshiro Koike", "Tsubasa Ozora")


def test_battle_points_run_from_1_to_8_and_are_the_battle_value() -> None:
    """TCG-8.1 「カードには 1 ~ 8 のバトルポイントの値が記載され」 (every card prints a Battle
    Point from 1 to 8): a 9 is refused in a team list; a battle card counts its Battle Point."""
    data = team_data("nankatsu.toml")
    data["deck"][0]["battle-point"] = 9
    with pytest.raises(TeamListError, match="battle-point"):
        parse_team_list(data)
    state = arrange(kicked_off(), "home", "Tsubasa Ozora", "c3")
    state, _ = play(state, "shoot home", "end away", 'battle-card home "Overlap"')
    assert state.battle.challenger_card == 4  # Overlap's Battle Point, though a tactics card


def test_the_coach_card_sets_the_formation() -> None:
    """TCG-8.2 「スターティングメンバーの構成比率が記載されており」 (the Coach card prints the
    starting members' make-up): Nankatsu's coach asks 4-4-2; another formation is refused."""
    data = team_data("nankatsu.toml")
    data["coach"]["formation"] = "3-5-2"
    with pytest.raises(SetupError, match=r"TCG-2\.3: the formation 3-5-2"):
        GAME.make_setup({**raw_setup(), "home": {"coach": "Alice", "team": data}})


def test_the_zones_of_each_side() -> None:
    """TCG-10.1: the field and the goal mouths (where players stand), the reverse zone and the
    trash; hands and decks are counts."""
    state, _ = play(kicked_off(), "set-reverse home", 'supporter home "Sanae Nakazawa"')
    side = GAME.view(state)["sides"]["home"]
    assert (side["reverse_set"], side["trash"], side["hand"]) == (1, 1, 4)
    assert GAME.view(state)["goal_mouths"]["home"]["keeper"] == "Yuzo Morisaki"
    assert len(GAME.view(state)["field"]) == 9


def test_the_field_is_45_areas_and_a_goal_mouth_a_side() -> None:
    """TCG-11.1 「場は 5 * 9 の 45エリアで構成される共用のフィールドや、それぞれのゴールマウス」 (a
    shared field of 5 x 9 = 45 areas, and each side's goal mouth)."""
    assert len(AREAS) == 45 and AREAS[0] == "a1" and AREAS[-1] == "e9"
    assert broken(kicked_off(), 'move home "Hajime Taki" f5')[0].rule == "TCG-11.1"


def test_rows_count_from_the_opponent_s_goal() -> None:
    """TCG-11.2: home's DF start in row 8 and attack towards row 1; away's mirror it."""
    assert set(starting_areas("DF", "home")) == {f"{c}8" for c in "abcde"}
    assert set(starting_areas("DF", "away")) == {f"{c}2" for c in "abcde"}
    assert set(starting_areas("FW", "home")) == set(starting_areas("FW", "away"))
