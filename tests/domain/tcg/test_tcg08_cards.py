"""TCG-8 cards: supporter, tactics and reverse limits, rank change, substitution."""

from dataclasses import replace

from tcg_helpers import arrange, ball_to, kicked_off, kinds, play, rules

from domain.tcg.state import TcgState


def test_one_supporter_and_one_tactics_card_a_turn() -> None:
    """TCG-8.5 / TCG-8.6."""
    state, _ = play(kicked_off(), 'supporter home "Nankatsu Cheer Squad"', 'tactics home "Overlap"')
    assert rules(state, 'supporter home "Ball Boy"') == ["TCG-8.5"]
    assert rules(state, 'tactics home "Overlap"') == ["TCG-8.6"]
    assert rules(state, 'tactics home "Sanae Nakazawa"') == ["TCG-8.6", "TCG-8.6"]


def test_reverse_cards_one_set_a_turn_three_at_most() -> None:
    """TCG-8.7."""
    state, _ = play(kicked_off(), "set-reverse home")
    assert state.home.hand == 5 and len(state.home.reverse) == 1
    assert rules(state, "set-reverse home") == ["TCG-8.7"]
    state = replace(state, turn=replace(state.turn, reverse_set=()))
    state, _ = play(state, "set-reverse home")
    state = replace(state, turn=replace(state.turn, reverse_set=()))
    state, _ = play(state, "set-reverse home")
    state = replace(state, turn=replace(state.turn, reverse_set=()))
    assert rules(state, "set-reverse home") == ["TCG-8.7"]
    state, _ = play(state, "drop-reverse home 2")
    assert len(state.home.reverse) == 2 and state.home.trash == 1
    assert rules(state, "drop-reverse home 3") == ["TCG-5.3"]


def test_a_card_cannot_be_shown_more_often_than_the_list_holds_it() -> None:
    """TCG-2.1: three Overlap in the deck; a fourth is refused."""
    state = kicked_off()
    state = state.with_side("home", replace(state.home, used=("Overlap",) * 3))
    assert rules(state, 'tactics home "Overlap"') == ["TCG-2.1"]


def test_rank_change_swaps_a_same_name_card_and_pays_its_cost() -> None:
    """TCG-8.3: the Tsubasa Ozora in hand (cost 2) replaces the one on the field."""
    state, _ = play(kicked_off(), 'rank-change home "Tsubasa Ozora" "Tsubasa Ozora"')
    assert state.turn.cost == 2
    assert state.home.player("Tsubasa Ozora").card.shot == 9
    assert state.ball == "Tsubasa Ozora"
    assert rules(state, 'rank-change home "Hanji Urabe" "Taro Misaki"') == ["TCG-8.3"]
    assert rules(state, 'rank-change home "Yuzo Morisaki" "Genzo Wakabayashi"') == ["TCG-8.3"]


def _out_of_play() -> TcgState:
    state = arrange(kicked_off(), "home", "Tsubasa Ozora", "c4")
    state = ball_to(state, "home", "Tsubasa Ozora")
    state, consequences = play(
        state,
        "end home",
        'tackle away "Yoshiro Koike"',
        'battle-card away "Kojiro Hyuga"',
        'battle-card home "Overlap"',
        "support home",
    )
    assert "out-of-play" in kinds(consequences)
    return state


def test_substitutions_only_while_play_is_out_at_most_3_keeping_one_goalkeeper() -> None:
    """TCG-8.3 / TCG-8.4."""
    assert rules(kicked_off(), 'substitute home "Hanji Urabe" "Nankatsu Reserve MF"') == ["TCG-8.3"]
    state = _out_of_play()
    assert rules(state, 'substitute home "Yuzo Morisaki" "Nankatsu Reserve FW"') == ["TCG-8.4"]
    assert rules(state, 'substitute home "Hanji Urabe" "Genzo Wakabayashi"') == ["TCG-8.4"]
    state, _ = play(
        state,
        'substitute home "Yuzo Morisaki" "Genzo Wakabayashi"',
        'substitute home "Hanji Urabe" "Nankatsu Reserve FW"',
        'substitute away "Kojiro Hyuga" "Toho Reserve DF"',
        'substitute home "Hajime Taki" "Nankatsu Reserve FW"',
    )
    assert state.home.substitutions == 3 and state.away.substitutions == 1
    assert state.home.keeper().label == "Genzo Wakabayashi"
    assert state.home.player("Nankatsu Reserve FW (2)").area == "b5"
    assert rules(state, 'substitute home "Teppei Kisugi" "Nankatsu Reserve MF"') == ["TCG-8.3"]
    state, _ = play(state, 'restart away "Toho Reserve DF"')
    assert state.turn.attacker == "away"
