"""KP-8 captains (option, 4–5 teams): a paid transfer or a CAPTAIN TRANSFER card places one."""

from kp_helpers import GAME, broken, force, play, rules, started, turn_of, with_team

from domain.king_of_the_pitch.state import Card, KingState

TEAMS = ("blue", "green", "yellow", "red")


def _captains() -> KingState:
    return started(TEAMS, ("captains",))


def test_kp_8_3_a_paid_transfer_places_the_diamond_captain() -> None:
    state = with_team(_captains(), "blue", cubes=(2, 0, 0))
    options = {e.kind: e for e in GAME.expected(state)}
    assert options["transfer"].choices["position"] == tuple(range(1, 12))
    state, consequences = play(state, "transfer blue 9")
    blue = state.team("blue")
    assert (blue.chip(9), blue.captain, blue.cubes.gold) == ("diamond", 9, 0)
    assert (blue.defense, blue.attack) == (1, 4)
    assert consequences[0].kind == "captain-placed"


def test_kp_8_3_the_transfer_costs_two_gold_cubes() -> None:
    state = with_team(_captains(), "blue", cubes=(1, 0, 0))
    assert rules(state, "transfer blue 9") == ["KP-8.3"]
    state, _ = force(state, "transfer blue 9")
    assert state.team("blue").cubes.gold == 0


def test_kp_8_without_the_option_there_are_no_captains() -> None:
    assert rules(started(), "transfer blue 9") == ["KP-8"]


def test_kp_8_2_the_position_is_final_and_each_captain_unique() -> None:
    state = with_team(_captains(), "blue", cubes=(4, 0, 0))
    state, _ = play(state, "transfer blue 3")
    state = turn_of(state, "blue")
    assert [(v.rule, v.overridable) for v in broken(state, "transfer blue 5")] == [
        ("KP-8.2", False)
    ]
    green = with_team(turn_of(state, "green"), "green", cubes=(2, 0, 0))
    assert rules(green, "transfer green 6") == ["KP-8.2"]  # 2-3-4-6 is blue's captain
    assert rules(green, "transfer green 1") == []
    assert rules(green, "transfer green 12") == ["KP-8.2"]


def test_kp_8_4_captains_are_never_sold_or_replaced() -> None:
    state = with_team(_captains(), "blue", cubes=(2, 0, 0), hand=(Card("player", "gold", 9),))
    state, _ = play(state, "transfer blue 9")
    state = turn_of(state, "blue")
    assert [(v.rule, v.overridable) for v in broken(state, "sell-chip blue 9")] == [
        ("KP-8.4", False)
    ]
    assert rules(state, "sign blue gold 9") == ["KP-8.4"]


def _transfer_in_line() -> KingState:
    state = started(TEAMS, ("captains",))
    state, _ = play(state, "take blue 1", "reveal captain-transfer")
    state, _ = play(state, "take green 1", "reveal match", "take yellow 1", "reveal match")
    state, _ = play(state, "take red 1", "reveal match")
    return state  # blue's turn; the CAPTAIN TRANSFER card is in slot 2


def test_kp_8_3_a_captain_transfer_card_places_the_captain_at_once() -> None:
    state = _transfer_in_line()
    assert state.line[1].type == "captain-transfer"
    assert [(v.rule, v.overridable) for v in broken(state, "take blue 2")] == [("KP-8.2", False)]
    offered = [e for e in GAME.expected(state) if e.kind == "take" and "slot" in e.fixed]
    assert offered[0].fixed == {"team": "blue", "slot": 2}
    state, consequences = play(state, "take blue 2 captain=5")
    blue = state.team("blue")
    assert (blue.captain, blue.chip(5), blue.cubes.gold) == (5, "diamond", 0)
    assert [c.kind for c in consequences][:2] == ["card-taken", "captain-placed"]
    assert state.discard == 1


def test_kp_8_3_a_team_that_already_paid_may_only_take_the_card_free() -> None:
    state = with_team(_transfer_in_line(), "blue", captain=1, chips=("diamond",) + ("white",) * 10)
    state = with_team(state, "blue", defense=4, attack=1)
    assert rules(state, "take blue 2") == ["KP-8.3"]
    assert rules(state, "take blue 2 captain=3") == ["KP-8.2"]
    state, _ = play(state, "take blue 1", "reveal bonus")
    state = turn_of(state, "blue")
    assert state.line[0].type == "captain-transfer"
    state, consequences = play(state, "take blue 1")
    assert consequences[0].data["paid"] == [] and state.team("blue").captain == 1
    assert state.turn == "green" and state.discard == 1


def test_kp_3_3_captain_transfer_price_is_one_gold_cube() -> None:
    state = started(TEAMS, ("captains",))
    state, _ = play(state, "take blue 1")
    assert rules(state, "reveal captain-transfer price=silver") == ["KP-8.3"]


# KP-8.1, source: "Every team will be dealt ramdonly a CAPTAIN card. That card will be kept
# secret until they are used. For 4 players game, the remaining CAPTAIN card will be put aside
# without revealing it." and "The CAPTAIN cards does not count for the limitation of 3 player
# cards in a hand."


def test_kp_8_1_with_four_teams_the_fifth_captain_is_set_aside_unseen() -> None:
    four, five = started(TEAMS, ("captains",)), started((*TEAMS, "orange"), ("captains",))
    assert (four.captains_aside, five.captains_aside) == (1, 0)
    assert GAME.view(four)["captains_aside"] == 1
    assert "1 captain set aside" in GAME.render(four)
    assert "captain set aside" not in GAME.render(five)
    assert started(TEAMS).captains_aside == 0


def test_kp_8_1_each_team_holds_its_secret_captain_card_in_hand() -> None:
    state = started(TEAMS, ("captains",))
    teams = GAME.view(state)["teams"]
    # The reproduction: the hand showed 0 at the start with captains on.
    assert {colour: (t["hand"], t["captain_card"]) for colour, t in teams.items()} == {
        colour: (1, True) for colour in TEAMS
    }
    assert "hand 1," in GAME.render(state)
    assert {t["hand"] for t in GAME.view(started(TEAMS))["teams"].values()} == {0}


def test_kp_8_4_the_captain_card_is_not_one_of_the_three_player_cards() -> None:
    three = tuple(Card("player", "bronze", n) for n in (2, 3, 4))
    state = with_team(_captains(), "blue", hand=three[:2])
    assert rules(state, "take blue 1") == []  # 2 player cards and the captain: room for one
    state, _ = play(state, "take blue 1")
    assert GAME.view(state)["teams"]["blue"]["hand"] == 4
    state, _ = play(state, "reveal player colour=gold position=8 price=gold")
    state = turn_of(with_team(state, "blue", hand=three), "blue")
    assert rules(state, "take blue 1") == ["KP-4.2"]  # slot 1: the silver no. 9


def test_kp_8_1_the_captain_card_is_revealed_when_used() -> None:
    state = with_team(_captains(), "blue", cubes=(2, 0, 0))
    state, _ = play(state, "transfer blue 7")
    blue = GAME.view(state)["teams"]["blue"]
    assert (blue["hand"], blue["captain_card"], blue["captain"]) == (0, False, 7)
    state = _transfer_in_line()
    state, _ = play(state, "take blue 2 captain=5")
    assert (state.team("blue").captain_card, state.team("blue").captain) == (False, 5)
