"""KP-3 set-up: teams and settings, the deck make-up, starting cubes, the opening roll."""

import pytest
from kp_helpers import GAME, OPENING_LINE, force, kinds, new_game, of_kind, play, raw_setup, rules

from domain.king_of_the_pitch.values import LEVEL_DICE
from domain.ruleset import SetupError


def test_kp_3_setup_lists_every_problem() -> None:
    raw = {
        "teams": [{"team": "blue", "coach": ""}, {"team": "purple", "coach": "Bob"}],
        "options": ["captains", "wind"],
        "settings": {"crowns": "9", "tie-break": "coin", "levels": "5,2"},
    }
    with pytest.raises(SetupError) as error:
        GAME.make_setup(raw)
    problems = " | ".join(error.value.problems)
    for part in ("coach needs a name", "must be one of", "wind", "captains option needs 4 or 5",
                 "crowns must be", "tie-break", "levels must be"):  # fmt: skip
        assert part in problems


def test_kp_3_needs_two_to_five_distinct_teams() -> None:
    with pytest.raises(SetupError, match="2 to 5 teams"):
        GAME.make_setup(raw_setup(("blue",)))
    raw = {"teams": [{"team": "blue", "coach": "A"}, {"team": "Blue", "coach": "B"}]}
    with pytest.raises(SetupError, match="already seated"):
        GAME.make_setup(raw)


def test_kp_3_3_captains_with_four_teams_and_string_settings() -> None:
    teams = ("red", "blue", "green", "yellow")
    setup = GAME.make_setup(raw_setup(teams, ("captains",), crowns="3", tie_break="clockwise"))
    assert GAME.sides(setup) == teams
    assert GAME.side_labels(setup)["red"] == "Red (Dan)"
    assert (setup.captains, setup.crowns, setup.tie_break) == (True, 3, "clockwise")
    assert GAME.make_setup(GAME.setup_to_dict(setup)) == setup


@pytest.mark.parametrize(
    ("count", "events", "cubes"),
    [(2, (15, 2, 2), (1, 1, 1)), (3, (17, 3, 3), (1, 1, 2)), (4, (19, 4, 4), (1, 2, 2)),
     (5, (21, 5, 5), (2, 2, 2))],
)  # fmt: skip
def test_kp_3_1_kp_3_2_deck_and_cubes_by_team_count(
    count: int, events: tuple[int, int, int], cubes: tuple[int, int, int]
) -> None:
    state = new_game(("blue", "green", "yellow", "red", "orange")[:count])
    deck = state.deck
    assert (deck.match, deck.var, deck.bonus, deck.transfer) == (*events, 0)
    assert (deck.gold, deck.silver, deck.bronze) == (11, 22, 33)
    for team in state.teams:
        assert (team.cubes.gold, team.cubes.silver, team.cubes.bronze) == cubes


def test_kp_1_2_five_teams_with_five_crowns_and_four_d6_and_a_d8_each() -> None:
    # Source: "5 チームボードとサポーターボード:青,緑,黄色,赤,オレンジ" (5 team boards and
    # supporter boards: blue, green, yellow, red, orange), "25 ダイス(各色5個: 4 6面ダイス,1 8面
    # ダイス)" (25 dice, 5 per colour: four d6, one d8), "25 王冠チップ(各色5個...)" (25 crown
    # chips, 5 per colour).
    five = ("blue", "green", "yellow", "red", "orange")
    assert GAME.sides(GAME.make_setup(raw_setup(five))) == five
    with pytest.raises(SetupError, match="must be one of"):
        GAME.make_setup(
            {"teams": [{"team": "blue", "coach": "A"}, {"team": "purple", "coach": "B"}]}
        )
    with pytest.raises(SetupError, match="crowns must be a whole number from 1 to 5"):
        GAME.make_setup(raw_setup(("blue", "green"), crowns="6"))
    assert GAME.view(new_game())["crowns_to_win"] == 5
    assert LEVEL_DICE["crown"] == (6, 6, 6, 6, 8)


def test_kp_3_3_captain_transfer_cards_join_the_deck() -> None:
    state = new_game(("blue", "green", "yellow", "red", "orange"), ("captains",))
    assert state.deck.transfer == 5


def test_kp_3_4_eleven_white_players_and_columns_at_the_base() -> None:
    team = new_game().team("blue")
    assert team.chips == ("white",) * 11
    assert (team.defense, team.attack, team.crowns) == (0, 0, 0)


def test_kp_3_5_only_the_tied_highest_roll_again() -> None:
    state = new_game(("blue", "green", "yellow"))
    state, consequences = play(state, "roll blue 5", "roll green 5", "roll yellow 2")
    assert state.contenders == ("blue", "green")
    assert kinds(consequences) == ["opening-tie"]
    assert rules(state, "roll yellow 6") == ["KP-3.5"]
    state, consequences = play(state, "roll green 4", "roll blue 3")
    assert state.king == "green" and state.turn == "green"
    assert of_kind(consequences, "king")[0].data == {"team": "green"}
    assert state.phase == "reveal"


def test_kp_3_5_an_opening_die_is_a_d6() -> None:
    violations = GAME.check(
        new_game(), GAME.action_from_dict({"kind": "roll", "team": "blue", "dice": [7]})
    )
    assert [(v.rule, v.overridable) for v in violations] == [("KP-3.5", False)]
    assert rules(new_game(), "roll blue 3,4") == ["KP-3.5"]


def test_kp_3_unknown_team_in_an_action_is_refused() -> None:
    assert rules(new_game(), "roll red 3") == ["KP-3"]


def test_kp_3_6_five_cards_then_the_king_starts() -> None:
    state, _ = play(new_game(), "roll blue 2", "roll green 6", *OPENING_LINE[:4])
    assert state.phase == "reveal"
    state, consequences = play(state, OPENING_LINE[4])
    assert len(state.line) == 5 and state.deck.total == 85 - 5
    assert consequences[-1].kind == "turn-started" and consequences[-1].data["team"] == "green"


def test_kp_3_1_reveals_beyond_the_deck_make_up_are_refused() -> None:
    state, _ = play(new_game(), "roll blue 2", "roll green 6", "reveal var", "reveal var")
    assert rules(state, "reveal var") == ["KP-3.1"]
    assert rules(state, "reveal captain-transfer") == ["KP-3.3"]
    state, _ = force(state, "reveal var")
    assert state.deck.var == 0 and len(state.line) == 3


def test_kp_1_1_a_player_card_needs_its_colour_and_position() -> None:
    state, _ = play(new_game(), "roll blue 2", "roll green 6")
    assert rules(state, "reveal player") == ["KP-1.1"]
    assert rules(state, "reveal player colour=gold position=12") == ["KP-1.1"]
    assert rules(state, "reveal match colour=gold") == ["KP-1.1"]
    assert rules(state, "take green 1") == ["KP-4"]
