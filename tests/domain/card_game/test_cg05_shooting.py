"""CG-5 the Shooting/Passing Phase and CG-6 the Discard Phase."""

from cg_helpers import (
    GAME,
    attacking,
    broken,
    force,
    kicked_off,
    kinds,
    of_kind,
    passes,
    play,
    rules,
    with_bank,
)


def _example_attack_phase():  # type: ignore[no-untyped-def]
    """CG-5.7: Nankatsu (Pedro) attack; Toho (Yolanda) defend 0+2+3+2; Nankatsu carry a −2."""
    state = with_bank(with_bank(attacking("nankatsu"), "nankatsu", pass_=5), "toho", defense=1)
    state, _ = play(
        state,
        'play nankatsu "Nankatsu A" 1 1 0',
        'play toho "Toho A" 0 0 0',
        'book toho "Toho A" nankatsu -2 -2 0',
        'play nankatsu "Nankatsu B" 3 4 0',
        'play toho "Toho B" 0 0 2',
        'play nankatsu "Nankatsu C" 0 0 0',
        'play toho "Toho C" 0 0 3',
        'play nankatsu "Nankatsu D" 0 1 0',
        'play toho "Toho D" 0 0 2',
    )
    return passes(state)


def test_cg_5_7_worked_example_toho_takes_possession() -> None:
    state = _example_attack_phase()
    state, consequences = play(state, "declare nankatsu pass")
    (declared,) = consequences
    assert declared.data == {"team": "nankatsu", "action": "pass", "attack": 4, "defense": 7}
    assert GAME.view(state)["coaches"]["nankatsu"]["totals"]["shot"] == 2
    state, consequences = play(state, "spend nankatsu 3", "spend toho 1", "roll nankatsu 3")
    assert state.nankatsu.bank.pass_ == 2 and state.toho.bank.defense == 0
    state, consequences = play(state, "roll toho 6")
    resolved = of_kind(consequences, "phase-resolved")[0].data
    assert (resolved["attack_total"], resolved["defense_total"]) == (10, 14)
    assert resolved["winner"] == "toho"
    assert of_kind(consequences, "possession")[0].data == {"team": "toho"}
    assert state.attacker == "toho"


def test_cg_5_5_a_tie_goes_to_the_attacker() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 2 0 0', 'play toho "Wall" 0 0 3')
    state, consequences = play(
        passes(state), "declare nankatsu shot", "roll toho 4", "roll nankatsu 5"
    )
    assert of_kind(consequences, "phase-resolved")[0].data["winner"] == "nankatsu"
    assert of_kind(consequences, "goal")[0].data == {
        "team": "nankatsu",
        "score": {"nankatsu": 1, "toho": 0},
    }
    assert state.attacker == "toho"


def test_cg_5_6_a_won_pass_keeps_possession() -> None:
    state = passes(attacking())
    state, consequences = play(state, "declare nankatsu pass", "roll nankatsu 3", "roll toho 2")
    assert "possession" not in kinds(consequences)
    assert state.attacker == "nankatsu" and state.score == {"nankatsu": 0, "toho": 0}


def test_cg_5_2_only_the_attacking_coach_declares() -> None:
    (violation,) = broken(passes(attacking()), "declare toho shot")
    assert (violation.rule, violation.overridable) == ("CG-5.2", False)


def test_cg_5_2_declaring_before_the_attack_phase_ends_is_refused() -> None:
    assert rules(attacking(), "declare nankatsu shot") == ["CG-4.4"]


def test_cg_5_3_the_attacker_spends_first_then_the_defender() -> None:
    state = with_bank(with_bank(passes(attacking()), "nankatsu", shot=2), "toho", defense=2)
    state, _ = play(state, "declare nankatsu shot")
    spend = [e for e in GAME.expected(state) if e.kind == "spend"]
    assert [(e.by, tuple(e.choices["points"])) for e in spend] == [("nankatsu", (0, 1, 2))]
    (violation,) = broken(state, "spend toho 1")
    assert (violation.rule, violation.overridable) == ("CG-5.3", False)


def test_cg_5_3_spending_beyond_the_bank_is_refused_and_clamped_if_forced() -> None:
    state = with_bank(passes(attacking()), "nankatsu", shot=2)
    state, _ = play(state, "declare nankatsu shot")
    (violation,) = broken(state, "spend nankatsu 4")
    assert violation.rule == "CG-5.3" and violation.overridable
    state, consequences = force(state, "spend nankatsu 4")
    assert consequences[0].data == {"team": "nankatsu", "points": 2}
    assert state.nankatsu.bank.shot == 0


def test_cg_5_3_a_coach_with_an_empty_bank_has_no_spend_to_decide() -> None:
    state, _ = play(passes(attacking()), "declare nankatsu pass")
    assert sorted((e.kind, e.by) for e in GAME.expected(state)) == [
        ("roll", "nankatsu"),
        ("roll", "toho"),
    ]


def test_cg_5_4_dice_are_rolled_after_the_spends_in_either_order() -> None:
    state = with_bank(passes(attacking()), "toho", defense=1)
    state, _ = play(state, "declare nankatsu pass")
    assert rules(state, "roll toho 3") == ["CG-5.4"]
    state, _ = play(state, "spend toho 0", "roll toho 3")
    assert rules(state, "roll toho 3") == ["CG-5.4"]
    (roll,) = GAME.expected(state)
    assert (roll.kind, roll.by, roll.random) == ("roll", "nankatsu", ("value",))
    assert list(roll.choices["value"]) == [1, 2, 3, 4, 5, 6]


def test_cg_5_4_a_die_shows_one_to_six() -> None:
    state, _ = play(passes(attacking()), "declare nankatsu pass")
    (violation,) = broken(state, "roll nankatsu 7")
    assert (violation.rule, violation.overridable) == ("CG-5.4", False)


def test_cg_5_4_a_roll_when_nobody_is_rolling_is_impossible() -> None:
    (violation,) = broken(attacking(), "roll nankatsu 3")
    assert (violation.rule, violation.overridable) == ("CG-5.4", False)


def test_cg_6_1_cg_6_2_the_discard_phase_clears_the_play_areas_and_refills_the_pitch() -> None:
    state, _ = play(
        kicked_off(),
        "draft toho pitch",
        "draft nankatsu pitch",
        'play nankatsu "Tsubasa Ozora" 2 2 0',
        'play toho "Wall" 0 0 3',
        'play nankatsu "Ryo Ishizaki" 1 1 1',
    )
    state, _ = play(state, "pass toho")
    state = passes(state)
    pitch_before = state.match_deck.pitch
    assert (pitch_before, state.match_deck.hidden) == (2, 8)
    state, consequences = play(state, "declare nankatsu pass", "roll nankatsu 6", "roll toho 1")
    assert state.cards_in_play == 0
    assert (state.nankatsu.discard, state.toho.discard) == (2, 1)
    assert (state.match_deck.pitch, state.match_deck.hidden) == (4, 6)
    assert kinds(consequences)[-2:] == ["round-started", "cards-drawn"]
    assert (state.round.number, state.phase) == (2, "draft")
    assert state.nankatsu.hand == 4
