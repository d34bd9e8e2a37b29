"""King of the Pitch's words as its Japanese source writes them (domain/names.toml): a team's
colour (青, or the duel example's ブルー), a card's kind (試合, ボーナス) and a value (銀) are the
words the engine declares, stored as it spells them."""

from __future__ import annotations

import pytest

from domain.ruleset import SetupError
from tests.domain.king_of_the_pitch.kp_helpers import GAME, action, new_game, play, started


def test_kp_3_teams_are_seated_by_their_colour_in_either_language() -> None:
    setup = GAME.make_setup(
        {"teams": [{"team": "青", "coach": "翼"}, {"team": "ﾐﾄﾞﾘ", "coach": "岬"}]}
    )
    assert setup.colours == ("blue", "green")
    with pytest.raises(SetupError, match="blue is already seated"):
        GAME.make_setup(
            {"teams": [{"team": "ブルー", "coach": "翼"}, {"team": "blue", "coach": "岬"}]}
        )
    with pytest.raises(SetupError, match="青"):
        GAME.make_setup({"teams": [{"team": "紫", "coach": "翼"}, {"team": "red", "coach": "岬"}]})


def test_kp_4_an_entry_names_cards_colours_and_values_in_either_language() -> None:
    assert action("reveal 試合 price=銅") == action("reveal match price=bronze")
    assert action("reveal プレイヤー colour=シルバー position=9 price=銀") == action(
        "reveal player colour=silver position=9 price=silver"
    )
    assert action("reveal V.A.R. price=ゴールド") == action("reveal var price=gold")
    state, _ = play(new_game(), "roll 青 6", "roll 緑 1")
    assert state == play(new_game(), "roll blue 6", "roll green 1")[0]
    assert started().turn == "blue"
