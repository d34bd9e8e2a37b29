"""CG-4 the round: Draw Phase, the draft, turns in the Attack Phase, the card limit."""

from dataclasses import replace

from cg_helpers import (
    GAME,
    attacking,
    broken,
    fill,
    force,
    kicked_off,
    kinds,
    of_kind,
    play,
    rules,
)

from domain.card_game.piles import draw_up_to


def test_cg_4_1_a_coach_with_four_or_more_cards_draws_none() -> None:
    coach = replace(kicked_off().nankatsu, hand=5, deck=3)
    drawn = draw_up_to(coach, 4)
    assert (drawn.count, drawn.coach.hand, drawn.coach.deck) == (0, 5, 3)


def test_cg_4_1_a_short_deck_is_completed_from_the_reshuffled_discard_pile() -> None:
    coach = replace(kicked_off().nankatsu, hand=1, deck=1, discard=6)
    drawn = draw_up_to(coach, 4)
    assert (drawn.count, drawn.reshuffles) == (3, 1)
    assert (drawn.coach.hand, drawn.coach.deck, drawn.coach.discard) == (4, 4, 0)


def test_cg_4_2_the_defending_coach_drafts_first() -> None:
    state = kicked_off("nankatsu")
    (draft,) = GAME.expected(state)
    assert (draft.kind, draft.by) == ("draft", "toho")
    assert "Pitch (4 face up)" in draft.prompt and "(8 hidden)" in draft.prompt
    assert rules(state, "draft nankatsu deck") == ["CG-4.2"]


def test_cg_4_2_a_draft_adds_a_card_to_the_hand() -> None:
    state, consequences = play(
        kicked_off(), 'draft toho pitch "Outstanding Save"', "draft nankatsu deck"
    )
    assert (state.toho.hand, state.toho.owned) == (5, 13)
    assert state.toho.drafted == ("Outstanding Save",)
    assert (state.match_deck.pitch, state.match_deck.hidden) == (3, 7)
    assert state.phase == "attack" and state.round.turn == "nankatsu"
    assert of_kind(consequences, "drafted")[1].data == {
        "team": "nankatsu",
        "source": "deck",
        "card": None,
    }


def test_cg_4_2_the_hidden_match_deck_card_is_not_named() -> None:
    assert rules(kicked_off(), 'draft toho deck "Foul"') == ["CG-4.2"]


def test_cg_4_2_a_named_pitch_card_must_belong_to_this_half() -> None:
    assert rules(kicked_off(), 'draft toho pitch "Foul"') == ["CG-4.2"]


def test_cg_4_2_a_coach_drafts_once_a_round() -> None:
    state, _ = play(kicked_off(), "draft toho deck")
    (violation,) = broken(state, "draft toho deck")
    assert (violation.rule, violation.overridable) == ("CG-4.2", False)


def test_cg_4_2_drafting_from_an_empty_pitch_is_impossible() -> None:
    state = kicked_off()
    state = replace(state, match_deck=replace(state.match_deck, pitch=0))
    (violation,) = broken(state, "draft toho pitch")
    assert (violation.rule, violation.overridable) == ("CG-4.2", False)


def test_cg_4_3_the_attacking_coach_plays_first_then_turns_alternate() -> None:
    state = attacking("toho")
    assert rules(state, 'play nankatsu "Tsubasa Ozora" 3 2 1') == ["CG-4.3"]
    state, consequences = play(state, 'play toho "Kojiro Hyuga" 4 2 1')
    assert state.round.turn == "nankatsu"
    assert consequences[0].data["cards_in_play"] == 1
    assert state.toho.hand == 4


def test_cg_4_3_a_coach_who_passed_plays_no_more_cards_this_round() -> None:
    state, _ = play(attacking(), "pass nankatsu")
    assert rules(state, 'play nankatsu "Tsubasa Ozora" 3 2 1') == ["CG-4.3"]
    state, _ = play(state, 'play toho "Kojiro Hyuga" 4 2 1', 'play toho "Kazuki Sorimachi" 1 1 1')
    assert state.round.turn == "toho"


def test_cg_4_3_a_coach_with_an_empty_hand_cannot_play() -> None:
    state = attacking()
    state = state.with_coach(replace(state.nankatsu, hand=0, deck=state.nankatsu.deck + 5))
    (violation,) = broken(state, 'play nankatsu "Tsubasa Ozora" 3 2 1')
    assert (violation.rule, violation.overridable) == ("CG-4.3", False)
    assert "Nankatsu have no card in hand" in violation.message


def test_cg_4_3_abilities_are_used_only_in_the_turn_the_card_is_played() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 2 1')
    assert rules(state, 'gain nankatsu "Tsubasa Ozora" shot') == []
    state, _ = play(state, 'play toho "Kojiro Hyuga" 4 2 1')
    assert rules(state, 'gain nankatsu "Tsubasa Ozora" shot') == ["CG-4.3"]


def test_cg_4_3_a_card_played_by_an_ability_stays_in_that_turn() -> None:
    state, _ = play(
        attacking(),
        'play nankatsu "Tsubasa Ozora" 3 2 1',
        'play nankatsu "Taro Tsubasa" 1 1 1 via="Tsubasa Ozora"',
        'gain nankatsu "Taro Tsubasa" pass',
    )
    assert state.round.turn == "toho"
    assert state.cards_in_play == 2
    assert rules(state, 'play nankatsu "Ryo" 1 1 1 via="Kojiro Hyuga"') == ["CG-4.3"]


def test_cg_4_3_a_card_of_the_other_team_is_refused() -> None:
    assert rules(attacking("toho"), 'play toho "Yuzo Morisaki" 0 0 4') == ["CG-1.3"]


def test_cg_4_3_a_second_half_match_card_waits_for_the_second_half() -> None:
    assert rules(attacking(), "play nankatsu Foul 0 0 1") == ["CG-2.2"]


def test_cg_4_3_a_card_already_in_a_play_area_is_refused() -> None:
    state, _ = play(attacking(), 'play nankatsu "Teppei Kisugi" 1 3 0', "pass toho")
    assert rules(state, 'play nankatsu "Teppei Kisugi" 1 3 0') == ["CG-4.3"]


def test_cg_13_1_an_eliminated_card_is_back_in_the_box() -> None:
    state, _ = play(
        attacking("toho"),
        'play toho "Lucas Milton" 1 1 1',
        'eliminate toho "Lucas Milton" "Lucas Milton"',
        "pass nankatsu",
    )
    assert rules(state, 'play toho "Lucas Milton" 1 1 1') == ["CG-13.1"]


def test_cg_4_4_a_tenth_card_is_refused_but_the_table_may_play_on() -> None:
    state = fill(attacking(), 9)
    assert state.attack_over
    (violation,) = broken(state, 'play toho "Extra Man" 1 1 1')
    assert violation.rule == "CG-4.4" and violation.overridable
    state, _ = force(state, 'play toho "Extra Man" 1 1 1')
    assert state.cards_in_play == 10
    assert GAME.expected(state)[0].kind == "declare"


def test_cg_4_4_example_lucas_milton_eliminated_as_the_ninth_card_reopens_play() -> None:
    """Rulebook example: Yolanda (Toho) plays Lucas Milton as the 9th card and removes it."""
    state = fill(attacking("toho"), 8)
    assert state.round.turn == "toho"
    state, _ = play(state, 'play toho "Lucas Milton" 1 1 1')
    assert state.attack_over
    assert "declare" in [e.kind for e in GAME.expected(state)]
    state, consequences = play(state, 'eliminate toho "Lucas Milton" "Lucas Milton"')
    assert kinds(consequences) == ["card-eliminated"]
    assert state.cards_in_play == 8 and not state.attack_over
    offered = {(e.kind, e.by) for e in GAME.expected(state)}
    assert {("play", "nankatsu"), ("pass", "nankatsu")} <= offered
    assert state.toho.eliminated == 1


def test_cg_4_4_both_passing_ends_the_attack_phase() -> None:
    state, _ = play(attacking(), "pass nankatsu", "pass toho")
    assert state.attack_over
    assert rules(state, "pass toho") == ["CG-4.3"]
    assert [e.kind for e in GAME.expected(state)] == ["declare"]


def test_cg_4_5_an_ability_may_end_the_attack_phase() -> None:
    state, consequences = play(
        attacking(), 'play nankatsu "Tsubasa Ozora" 3 2 1', 'end-attack nankatsu "Tsubasa Ozora"'
    )
    assert kinds(consequences)[-1] == "attack-ended"
    assert state.attack_over
    assert rules(state, 'play toho "Kojiro Hyuga" 4 2 1') == ["CG-4.5"]


def test_cg_4_3_playing_outside_the_attack_phase_is_impossible() -> None:
    (violation,) = broken(kicked_off(), 'play nankatsu "Tsubasa Ozora" 3 2 1')
    assert (violation.rule, violation.overridable) == ("CG-4.3", False)
