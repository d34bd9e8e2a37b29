"""CG-3 kick-off: the Possession token flip, the kick-off choice, the first round."""

from cg_helpers import GAME, broken, kicked_off, kinds, new_match, play, rules


def test_cg_3_1_the_toss_comes_first_and_its_winner_may_be_drawn_at_random() -> None:
    (toss,) = GAME.expected(new_match())
    assert toss.kind == "toss"
    assert toss.random == ("winner",)
    assert set(toss.choices["winner"]) == {"nankatsu", "toho"}


def test_cg_3_1_the_toss_winner_chooses_who_kicks_off() -> None:
    state, consequences = play(new_match(), "toss toho source=app")
    assert kinds(consequences) == ["toss-won"]
    (choice,) = GAME.expected(state)
    assert (choice.kind, choice.by) == ("kickoff", "toho")
    state, consequences = play(state, "kickoff nankatsu")
    assert state.attacker == "nankatsu"
    assert state.whistle == "nankatsu"
    assert kinds(consequences) == ["kick-off", "round-started", "cards-drawn"]


def test_cg_3_1_kickoff_starts_round_1_with_a_four_card_hand_each() -> None:
    state = kicked_off("toho")
    assert (state.period, state.round.number, state.phase) == (1, 1, "draft")
    assert (state.nankatsu.hand, state.nankatsu.deck) == (4, 8)
    assert state.toho.hand == 4


def test_cg_3_1_a_second_toss_is_refused_outright() -> None:
    (violation,) = broken(kicked_off(), "toss toho")
    assert violation.rule == "CG-3.1"
    assert not violation.overridable


def test_cg_3_1_kickoff_before_the_toss_is_refused() -> None:
    assert rules(new_match(), "kickoff toho") == ["CG-3.1"]
