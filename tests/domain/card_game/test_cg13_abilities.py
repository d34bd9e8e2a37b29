"""CG-13 the ability vocabulary: gain (and the bank cap of CG-2.3), eliminate, discard, draw."""

from cg_helpers import GAME, attacking, broken, kinds, new_match, play, rules, with_bank

from domain.card_game.state import CardGameState


def _played(cap: str = "5") -> CardGameState:
    state = new_match(cap=cap)
    state, _ = play(
        state, "toss nankatsu", "kickoff nankatsu", "draft toho deck", "draft nankatsu deck"
    )
    state, _ = play(state, 'play nankatsu "Tsubasa Ozora" 3 2 1')
    return state


def test_cg_13_1_gain_banks_one_point_per_type_named() -> None:
    state, consequences = play(_played(), 'gain nankatsu "Tsubasa Ozora" shot,pass,defense')
    assert kinds(consequences) == ["points-gained"]
    bank = state.nankatsu.bank
    assert (bank.shot, bank.pass_, bank.defense) == (1, 1, 1)


def test_cg_2_3_gains_beyond_the_token_supply_are_lost() -> None:
    state = with_bank(_played(), "nankatsu", shot=4)
    state, consequences = play(state, 'gain nankatsu "Tsubasa Ozora" shot,shot,pass')
    assert kinds(consequences) == ["points-gained", "bank-capped"]
    assert consequences[1].data == {"team": "nankatsu", "lost": 1, "cap": 5}
    assert (state.nankatsu.bank.shot, state.nankatsu.bank.pass_) == (5, 1)


def test_cg_2_3_an_uncapped_bank_keeps_every_gain() -> None:
    state = with_bank(_played(cap="none"), "nankatsu", shot=5)
    state, consequences = play(state, 'gain nankatsu "Tsubasa Ozora" shot,shot')
    assert kinds(consequences) == ["points-gained"]
    assert state.nankatsu.bank.shot == 7


def test_cg_13_1_a_gain_names_at_least_one_point() -> None:
    (violation,) = broken(_played(), 'gain nankatsu "Tsubasa Ozora" points=""')
    assert (violation.rule, violation.overridable) == ("CG-13.1", False)


def test_cg_13_1_discard_sends_a_played_card_to_its_owners_pile_and_frees_a_slot() -> None:
    state, _ = play(_played(), 'play toho "Kojiro Hyuga" 4 2 1', 'play nankatsu "Taki" 1 1 1')
    state, consequences = play(state, 'discard nankatsu "Taki" "Kojiro Hyuga" target_coach=toho')
    assert kinds(consequences) == ["card-discarded"]
    assert (state.toho.discard, state.cards_in_play) == (1, 2)


def test_cg_13_1_the_target_must_be_in_that_play_area() -> None:
    (violation,) = broken(_played(), 'eliminate nankatsu "Tsubasa Ozora" "Kojiro Hyuga" toho')
    assert (violation.rule, violation.overridable) == ("CG-13.1", False)


def test_cg_13_1_draw_takes_cards_from_the_deck() -> None:
    state, consequences = play(_played(), 'draw nankatsu "Tsubasa Ozora" 2')
    assert (state.nankatsu.hand, state.nankatsu.deck) == (6, 6)
    assert consequences[0].data == {"nankatsu": {"drawn": 2, "reshuffles": 0}}
    assert rules(state, 'draw nankatsu "Tsubasa Ozora" 0') == ["CG-13.1"]


def test_cg_4_3_abilities_of_a_card_not_played_this_turn_are_refused() -> None:
    state = attacking()
    assert rules(state, 'gain nankatsu "Tsubasa Ozora" shot') == ["CG-4.3"]
    assert GAME.check(state, GAME.action_from_dict({"kind": "pass", "coach": "nankatsu"})) == ()
