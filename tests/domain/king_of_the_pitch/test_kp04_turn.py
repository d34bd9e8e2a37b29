"""KP-4 a turn: exactly one action — take, sign, sell a chip, sell a card, challenge."""

from dataclasses import replace

from kp_helpers import GAME, broken, force, kinds, play, rules, started, turn_of, with_team

from domain.king_of_the_pitch.state import Card, Deck
from domain.king_of_the_pitch.view import hand_view


def test_kp_4_1_the_end_card_is_free_and_the_line_shifts() -> None:
    state = started()
    state, consequences = play(state, "take blue 1")
    assert consequences[0].data["paid"] == []
    assert state.team("blue").hand == (Card("player", "bronze", 2, ("bronze",)),)
    assert [c.type for c in state.line] == ["player", "match", "var", "bonus"]
    assert state.phase == "reveal" and state.turn == "green"
    state, consequences = play(state, "reveal match price=silver")
    assert state.line[4].type == "match" and kinds(consequences)[-1] == "turn-started"


def test_kp_4_1_another_card_costs_its_price() -> None:
    state, consequences = play(started(), "take blue 5")
    assert consequences[0].data["paid"] == ["gold"]
    assert state.team("blue").cubes.gold == 0 and state.team("blue").bonus == 1


def test_kp_4_1_a_price_the_team_cannot_pay_is_refused_and_clamped_when_forced() -> None:
    state = with_team(started(), "blue", cubes=(0, 1, 1))
    assert rules(state, "take blue 5") == ["KP-4.1"]
    state, _ = force(state, "take blue 5")
    assert state.team("blue").cubes.gold == 0


def test_kp_4_1_no_such_slot() -> None:
    violations = broken(started(), "take blue 6")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-4.1", False)]


def test_kp_4_1_event_cards_go_by_the_board_players_into_hand() -> None:
    state, _ = play(started(), "take blue 3", "reveal bonus", "take green 3")
    assert state.team("blue").match == 1
    assert state.team("green").var == 1


def test_kp_4_2_one_match_card_at_most() -> None:
    state = with_team(started(), "blue", match=1)
    assert rules(state, "take blue 3") == ["KP-4.2"]


def test_kp_4_2_three_player_cards_at_most() -> None:
    hand = (Card("player", "bronze", 1),) * 3
    state = with_team(started(), "blue", hand=hand)
    assert rules(state, "take blue 1") == ["KP-4.2"]
    assert rules(state, "take blue 5") == []  # V.A.R. and BONUS are unlimited


def test_kp_4_3_signing_needs_the_card_in_hand() -> None:
    state = started()
    violations = broken(state, "sign blue gold 9")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-4.3", False)]
    state, _ = play(state, "take blue 1", "reveal match", "take green 1", "reveal match")
    state, consequences = play(state, "sign blue bronze 2")
    assert state.team("blue").hand == () and state.discard == 1
    assert consequences[0].data == {
        "team": "blue", "colour": "bronze", "position": 2, "replaced": "white",
        "defense": 1, "attack": 0,
    }  # fmt: skip


def test_kp_4_4_only_player_chips_can_be_sold() -> None:
    assert rules(started(), "sell-chip blue 3") == ["KP-4.4"]


def test_kp_4_5_selling_a_card_gives_a_cube_of_its_colour() -> None:
    state = with_team(started(), "blue", hand=(Card("player", "gold", 7),))
    assert rules(state, "sell-card blue silver 7") == ["KP-4.5"]
    state, consequences = play(state, "sell-card blue gold 7")
    assert state.team("blue").cubes.gold == 2 and state.team("blue").hand == ()
    assert consequences[0].kind == "card-sold"


def test_kp_1_3_no_cube_left_in_the_supply() -> None:
    state = with_team(started(), "blue", cubes=(11, 1, 1), hand=(Card("player", "gold", 7),))
    state = with_team(state, "green", cubes=(1, 1, 1))
    assert rules(state, "sell-card blue gold 7") == ["KP-1.3"]


def test_kp_4_6_a_challenge_needs_a_match_card_and_a_king_to_face() -> None:
    state = turn_of(started(), "green")
    assert rules(state, "challenge green") == ["KP-4.6"]
    king = with_team(started(), "blue", match=1)
    violations = broken(king, "challenge blue")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-4.6", False)]


def test_kp_3_5_only_the_team_whose_turn_it_is_acts() -> None:
    violations = broken(started(), "take green 1")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-3.5", False)]


def test_kp_4_exactly_one_action_then_the_turn_passes_clockwise() -> None:
    state = started(("blue", "green", "yellow"))
    state, _ = play(state, "take blue 4", "reveal bonus", "take green 4", "reveal bonus")
    assert state.turn == "yellow"
    state, _ = play(state, "take yellow 4", "reveal match")
    assert state.turn == "blue"


def test_kp_4_a_pass_only_when_nothing_else_is_possible() -> None:
    state = started()
    assert rules(state, "pass blue") == ["KP-4"]
    empty = with_team(state, "blue", cubes=(0, 0, 0))
    empty = replace(empty, line=())
    assert [e.kind for e in GAME.expected(empty)] == ["pass"]
    state, consequences = play(empty, "pass blue")
    assert state.turn == "green" and consequences[0].kind == "turn-passed"


def test_kp_4_1_an_empty_deck_leaves_the_line_short() -> None:
    state = started()
    state = replace(state, deck=Deck())
    state, _ = play(state, "take blue 1")
    assert state.phase == "turn" and len(state.line) == 4


def test_kp_4_1_a_reveal_only_when_the_line_has_a_gap() -> None:
    violations = broken(started(), "reveal match")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-4.1", False)]
    state, _ = play(started(), "take blue 1")
    assert rules(state, "take green 1") == ["KP-4"]  # the line is refilled first
    assert rules(state, "roll green 3") == ["KP-5.3"]


def test_kp_4_1_player_cards_go_into_the_hand_unrevealed() -> None:
    # Source: 「プレイヤーカードは公開せず、手札に加えます」 ("player cards are not revealed: they
    # are added to the hand"). The public situation counts them; only the scorers see them.
    state, _ = play(started(), "take blue 1")
    blue = GAME.view(state)["teams"]["blue"]
    assert blue["hand"] == 1 and "hand_cards" not in blue
    assert "bronze player no. 2" not in GAME.render(state)
    assert hand_view(state)["blue"] == {
        "hand_cards": [{"type": "player", "colour": "bronze", "position": 2, "price": ["bronze"]}],
        "captain_card": False,
    }
