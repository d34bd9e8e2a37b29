"""CG-11 Special Shots and Special Defenses."""

from dataclasses import replace

from cg_helpers import GAME, attacking, broken, kinds, of_kind, play, rules

from domain.card_game.state import CardGameState

REVEAL = 'special-reveal "Tiger\'s Bicycle Kick" "Harper blocks the Tiger Kick"'


def _special_shot(attacker: str = "toho") -> CardGameState:
    card = "Toho Special Shot" if attacker == "toho" else "Nankatsu Special Shot"
    state, _ = play(attacking(attacker), f'play {attacker} "{card}" 1 1 0')
    state, consequences = play(state, f'special-shot {attacker} "{card}"')
    assert kinds(consequences) == ["special-shot"]
    return state


def test_cg_11_2_example_tigers_bicycle_kick_beats_harper_and_nankatsu_get_the_ball() -> None:
    """Rulebook example: Yolanda (Toho) plays the Toho Special Shot card."""
    state = _special_shot("toho")
    (reveal,) = GAME.expected(state)
    assert reveal.kind == "special-reveal"
    assert "Tiger's Bicycle Kick" in reveal.prompt
    assert "Harper blocks the Tiger Kick" in reveal.prompt
    state, consequences = play(state, REVEAL)
    assert of_kind(consequences, "special-revealed")[0].data["blocked"] is False
    assert of_kind(consequences, "goal")[0].data["team"] == "toho"
    assert state.attacker == "nankatsu"
    assert state.toho.special_shots == ("Tiger's Bicycle Kick",)


def test_cg_11_1_the_special_shot_card_leaves_the_match_and_play_areas_are_discarded() -> None:
    state = _special_shot("toho")
    assert state.cards_in_play == 0
    assert (state.toho.eliminated, state.toho.gone) == (1, ("Toho Special Shot",))


def test_cg_11_2_a_defense_naming_the_shot_blocks_it() -> None:
    state = _special_shot("nankatsu")
    state, consequences = play(
        state, 'special-reveal "Drive Shot" "Hyuga Stops It" blocks="Drive Shot"'
    )
    assert of_kind(consequences, "special-revealed")[0].data["blocked"] is True
    assert "goal" not in kinds(consequences) and state.attacker == "toho"


def test_cg_11_2_an_unknown_defense_card_must_say_which_shot_it_names() -> None:
    (violation,) = broken(_special_shot("nankatsu"), 'special-reveal "Drive Shot" "Hyuga Stops It"')
    assert (violation.rule, violation.overridable) == ("CG-11.2", False)


def test_cg_11_2_each_team_has_only_three_special_shot_cards() -> None:
    state = _special_shot("nankatsu")
    state = state.with_coach(replace(state.nankatsu, special_shots=("One", "Two", "Three")))
    assert rules(state, 'special-reveal Four "Wall" blocks=Nothing') == ["CG-1.1"]
    assert rules(state, 'special-reveal Two "Wall" blocks=Nothing') == []


def test_cg_11_2_cards_must_belong_to_the_right_team() -> None:
    state = _special_shot("nankatsu")
    assert rules(state, 'special-reveal "Tiger\'s Bicycle Kick" "Wall" blocks=X') == ["CG-11.2"]


def test_cg_11_1_only_the_attacking_coach_shoots_a_special_shot() -> None:
    state, _ = play(
        attacking("nankatsu"), 'play nankatsu "Tsubasa" 1 1 1', 'play toho "Toho Special Shot"'
    )
    assert rules(state, 'special-shot toho "Toho Special Shot"') == ["CG-11.1"]


def test_cg_11_1_a_special_shot_needs_the_teams_special_shot_card() -> None:
    state, _ = play(attacking("toho"), 'play toho "Kojiro Hyuga" 4 2 1')
    assert rules(state, 'special-shot toho "Kojiro Hyuga"') == ["CG-11.1"]
