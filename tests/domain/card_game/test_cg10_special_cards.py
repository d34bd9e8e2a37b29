"""CG-10 special cards: Yellow/Red, Fatigue, Control and Advance, goalkeepers, Injury, re-roll."""

from dataclasses import replace

from cg_helpers import (
    GAME,
    attacking,
    broken,
    end_half,
    fill,
    force,
    kicked_off,
    kinds,
    of_kind,
    passes,
    play,
    rules,
)

from domain.card_game.state import CardGameState

FOUL = 'play toho "Toho Foul" 0 0 1'


def _booked(state: CardGameState) -> CardGameState:
    state, _ = play(state, 'play nankatsu "Tsubasa Ozora" 3 3 1', FOUL)
    state, _ = play(state, 'book toho "Toho Foul" nankatsu -1 -2 0')
    return state


def test_cg_10_1_a_yellow_card_applies_its_penalties_to_the_current_play() -> None:
    state = _booked(attacking())
    assert state.nankatsu.booking is not None and state.nankatsu.booking.color == "yellow"
    totals = GAME.view(state)["coaches"]["nankatsu"]["totals"]
    assert totals == {"shot": 2, "pass": 1, "defense": 1}
    state, consequences = play(passes(state), "declare nankatsu pass")
    assert consequences[0].data["attack"] == 1


def test_cg_10_1_a_second_yellow_turns_red_and_red_is_permanent() -> None:
    state = _booked(attacking())
    state, _ = play(state, 'play nankatsu "Ryo" 1 1 1', 'play toho "Second Foul" 0 0 0')
    state, consequences = play(state, 'book toho "Second Foul" nankatsu -3 -3 -3')
    assert kinds(consequences) == ["red-card"]
    assert state.nankatsu.booking is not None and state.nankatsu.booking.color == "red"
    (violation,) = broken(state, 'book toho "Second Foul" nankatsu -1 -1 -1')
    assert (violation.rule, violation.overridable) == ("CG-10.1", False)


def test_cg_10_1_penalties_are_zero_or_less() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 3 1', FOUL)
    assert rules(state, 'book toho "Toho Foul" nankatsu 1 0 0') == ["CG-10.1"]


def test_cg_10_1_bookings_stay_all_match_and_do_not_count_toward_the_limit() -> None:
    state = _booked(attacking())
    state = fill(state, 8)
    assert not state.attack_over
    state = passes(state)
    state, _ = play(state, "declare nankatsu pass", "roll nankatsu 6", "roll toho 1")
    assert state.round.number == 2 and state.nankatsu.booking is not None


def _second_half() -> CardGameState:
    state, _ = end_half(kicked_off())
    state, _ = play(state, "draft nankatsu deck", "draft toho deck")
    return state


def test_cg_10_1_substitution_removes_a_yellow_card_but_not_a_red_one() -> None:
    state = _second_half()
    assert state.attacker == "toho"
    state, _ = play(state, 'play toho "Kojiro Hyuga" 4 2 1', 'play nankatsu "Nankatsu Foul" 0 0 0')
    state, _ = play(state, 'book nankatsu "Nankatsu Foul" toho -1 -1 -1')
    state, _ = play(state, "play toho Substitution 0 0 0")
    state, consequences = play(state, "unbook toho Substitution")
    assert kinds(consequences) == ["yellow-removed"] and state.toho.booking is None
    (violation,) = broken(state, "unbook toho Substitution")
    assert (violation.rule, violation.overridable) == ("CG-10.1", False)


def test_cg_10_1_only_a_substitution_card_removes_a_yellow() -> None:
    state = _booked(attacking())
    state, _ = play(state, 'play nankatsu "Ryo" 1 1 1')
    assert rules(state, 'unbook nankatsu "Ryo"') == ["CG-10.1"]


def test_cg_10_2_a_fatigue_card_is_received_then_played_without_values() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 3 1')
    assert rules(state, "play toho Fatigue") == ["CG-10.2"]
    state, consequences = play(state, 'fatigue nankatsu "Tsubasa Ozora" toho into=hand')
    assert consequences[0].data == {"team": "toho", "into": "hand"}
    assert (state.toho.hand, state.toho.owned, state.fatigue_supply) == (6, 14, 7)
    assert rules(state, "play toho Fatigue 1 0 0") == ["CG-10.2"]
    state, _ = play(state, "play toho Fatigue")
    assert state.cards_in_play == 2


def test_cg_10_2_there_are_no_fatigue_cards_in_a_first_match() -> None:
    state, _ = play(attacking(variant="first-match"), 'play nankatsu "Tsubasa Ozora" 3 3 1')
    (violation,) = broken(state, 'fatigue nankatsu "Tsubasa Ozora" toho')
    assert (violation.rule, violation.overridable) == ("CG-10.2", False)


def test_cg_10_3_control_and_advance_keeps_the_ball_and_starts_a_new_round() -> None:
    state, _ = play(
        attacking(),
        'play nankatsu "Tsubasa Ozora" 3 3 1',
        'play toho "Kojiro Hyuga" 4 2 1',
        'play nankatsu "Control and Advance" 0 0 0',
    )
    state, consequences = play(state, 'control-and-advance nankatsu "Control and Advance"')
    assert kinds(consequences)[:2] == ["control-and-advance", "round-started"]
    assert (state.round.number, state.attacker, state.phase) == (2, "nankatsu", "draft")
    assert (state.nankatsu.discard, state.nankatsu.eliminated, state.toho.discard) == (1, 1, 1)


def test_cg_10_3_only_the_attacking_coach_uses_control_and_advance() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa" 3 3 1', 'play toho "Control and Advance"')
    assert rules(state, 'control-and-advance toho "Control and Advance"') == ["CG-10.3"]


def test_cg_10_3_control_and_advance_needs_that_card() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 3 1')
    assert rules(state, 'control-and-advance nankatsu "Tsubasa Ozora"') == ["CG-10.3"]


def _shot_won_against_keeper() -> CardGameState:
    state, _ = play(
        attacking(), 'play nankatsu "Tsubasa Ozora" 5 0 0', 'play toho "Ken Wakashimazu" 0 0 3'
    )
    state, _ = play(passes(state), "declare nankatsu shot", "roll nankatsu 4", "roll toho 2")
    return state


def test_cg_10_4_the_keeper_may_try_a_save_after_losing_against_a_shot() -> None:
    state = _shot_won_against_keeper()
    assert sorted(e.kind for e in GAME.expected(state)) == ["resolve", "save"]
    assert rules(state, "save nankatsu 1") == ["CG-10.4"]


def test_cg_10_4_a_save_of_1_is_caught() -> None:
    state, consequences = play(_shot_won_against_keeper(), "save toho 1")
    assert of_kind(consequences, "goalkeeper-save")[0].data["outcome"] == "caught"
    assert "goal" not in kinds(consequences) and state.attacker == "toho"


def test_cg_10_4_a_save_of_2_or_3_is_a_corner() -> None:
    state, consequences = play(_shot_won_against_keeper(), "save toho 3")
    assert of_kind(consequences, "goalkeeper-save")[0].data["outcome"] == "corner"
    assert "goal" not in kinds(consequences) and state.attacker == "nankatsu"


def test_cg_10_4_a_save_of_4_to_6_is_a_goal() -> None:
    state, consequences = play(_shot_won_against_keeper(), "save toho 4")
    assert kinds(consequences)[1:3] == ["goalkeeper-save", "goal"]
    assert state.score["nankatsu"] == 1 and state.attacker == "toho"


def test_cg_10_4_declining_the_save_is_a_goal() -> None:
    state, consequences = play(_shot_won_against_keeper(), "resolve")
    assert "goal" in kinds(consequences) and state.score["nankatsu"] == 1


def test_cg_10_4_no_save_without_a_keeper_so_the_goal_stands_at_once() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 5 0 0', 'play toho "Wall" 0 0 3')
    state, consequences = play(
        passes(state), "declare nankatsu shot", "roll nankatsu 4", "roll toho 2"
    )
    assert "goal" in kinds(consequences)


def test_cg_10_4_a_save_needs_a_won_shot() -> None:
    state, _ = play(
        attacking(), 'play nankatsu "Tsubasa" 0 0 0', 'play toho "Ken Wakashimazu" 0 0 3'
    )
    state, _ = play(passes(state), "declare nankatsu shot", "roll nankatsu 1")
    (violation,) = broken(state, "save toho 1")
    assert (violation.rule, violation.overridable) == ("CG-10.4", False)


def test_cg_10_5_injury_discards_a_random_card_from_the_opponents_hand() -> None:
    state, _ = play(attacking(), "play nankatsu Injury 0 0 0")
    state, consequences = play(state, 'injury nankatsu Injury discarded="Kojiro Hyuga"')
    assert (state.toho.hand, state.toho.discard) == (4, 1)
    assert consequences[0].data == {"team": "toho", "card": "Kojiro Hyuga"}


def test_cg_10_5_injury_needs_an_injury_card() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 3 1')
    assert rules(state, 'injury nankatsu "Tsubasa Ozora"') == ["CG-10.5"]


def _rolled_with_rerollers() -> CardGameState:
    state, _ = play(
        attacking(), 'play nankatsu "Teppei Kisugi" 1 2 0', 'play toho "Takeshi Sawada" 1 1 2'
    )
    state, _ = play(passes(state), "declare nankatsu pass", "roll nankatsu 1", "roll toho 5")
    return state


def test_cg_10_6_a_reroll_changes_any_die_of_the_round_once_per_card() -> None:
    state = _rolled_with_rerollers()
    assert {(e.kind, e.by) for e in GAME.expected(state)} == {
        ("reroll", "nankatsu"),
        ("reroll", "toho"),
        ("resolve", None),
    }
    state, consequences = play(state, 'reroll nankatsu "Teppei Kisugi" toho 1')
    assert kinds(consequences) == ["re-rolled"]
    assert rules(state, 'reroll nankatsu "Teppei Kisugi" nankatsu 6') == ["CG-10.6"]
    state, consequences = play(state, 'reroll toho "Takeshi Sawada" nankatsu 2')
    resolved = of_kind(consequences, "phase-resolved")[0].data
    assert resolved["dice"] == {"nankatsu": 2, "toho": 1}
    assert resolved["winner"] == "nankatsu"


def test_cg_10_6_a_reroll_needs_a_reroll_card_in_play() -> None:
    state = _rolled_with_rerollers()
    (violation,) = broken(state, 'reroll nankatsu "Tsubasa Ozora" toho 6')
    assert (violation.rule, violation.overridable) == ("CG-10.6", False)
    state, _ = force(state, 'reroll nankatsu "Teppei Kisugi" toho 6')
    assert state.round.shooting is not None and state.round.shooting.defender_roll == 6


def test_cg_10_6_the_keepers_save_roll_can_be_rerolled() -> None:
    state, _ = play(
        attacking("toho"),
        'play toho "Takeshi Sawada" 5 0 0',
        'play nankatsu "Yuzo Morisaki" 0 0 3',
    )
    state, _ = play(passes(state), "declare toho shot", "roll toho 4", "roll nankatsu 2")
    state, _ = play(state, "save nankatsu 1")
    state, consequences = play(state, 'reroll toho "Takeshi Sawada" save 5')
    assert of_kind(consequences, "goalkeeper-save")[0].data["outcome"] == "goal"
    assert state.score["toho"] == 1


def test_cg_4_6_a_reroll_and_a_save_act_after_their_cards_turn_while_in_play() -> None:
    # Rulebook: "Exception: the ability to reroll the dice and the goalkeeper's ability can be
    # used at the end of the Shooting/Passing Phase to try to change the outcome of the phase."
    state = _rolled_with_rerollers()
    assert state.round.windows == ()  # every turn of the Attack Phase is over
    assert rules(state, 'reroll nankatsu "Teppei Kisugi" toho 1') == []
    assert rules(state, 'gain nankatsu "Teppei Kisugi" shot') == ["CG-4.3"]
    # "as long as the card was played in that round": a card no longer in play cannot.
    gone = state.with_coach(replace(state.nankatsu, area=()))
    assert [
        (v.rule, v.overridable) for v in broken(gone, 'reroll nankatsu "Teppei Kisugi" toho 1')
    ] == [("CG-10.6", False)]
    keeper = _shot_won_against_keeper()
    assert rules(keeper, "save toho 1") == []
    no_keeper = keeper.with_coach(replace(keeper.toho, area=()))
    assert rules(no_keeper, "save toho 1") == ["CG-10.4"]
