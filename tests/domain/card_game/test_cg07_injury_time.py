"""CG-7 Injury Time and the end of a half."""

from cg_helpers import GAME, attacking, kicked_off, kinds, play, quick_round, rules

from domain.card_game.state import CardGameState


def _to_round_six() -> CardGameState:
    state = kicked_off()
    for _ in range(5):
        state, _ = quick_round(state, "keeps")
    return state


def test_cg_7_1_injury_time_begins_when_the_last_two_match_cards_are_drafted() -> None:
    state = _to_round_six()
    assert state.round.number == 6 and not state.injury_time
    assert state.match_deck.total == 2
    state, consequences = play(state, "draft toho pitch", "draft nankatsu pitch")
    assert "injury-time" in kinds(consequences)
    assert state.injury_time and state.match_deck.total == 0


def test_cg_7_2_a_won_pass_in_injury_time_plays_on_without_a_draft() -> None:
    state, _ = quick_round(_to_round_six(), "keeps")
    assert (state.period, state.round.number, state.phase) == (1, 7, "attack")
    assert rules(state, "draft toho deck") == ["CG-7.3"]


def test_cg_7_2_the_half_ends_when_the_attacker_loses_the_ball() -> None:
    state, _ = quick_round(_to_round_six(), "keeps")
    state, consequences = quick_round(state, "loses")
    assert "half-ended" in kinds(consequences)
    assert state.period == 2


def test_cg_7_2_the_half_ends_when_the_attacker_scores() -> None:
    state, consequences = quick_round(_to_round_six(), "scores")
    assert kinds(consequences).index("goal") < kinds(consequences).index("half-ended")
    assert state.period == 2


def test_cg_7_losing_the_ball_before_injury_time_does_not_end_the_half() -> None:
    state, consequences = quick_round(attacking(), "loses")
    assert "half-ended" not in kinds(consequences)
    assert state.period == 1 and state.attacker == "toho"


def test_cg_7_3_first_match_has_eight_match_cards_so_four_drafting_rounds() -> None:
    state = kicked_off(variant="first-match")
    assert state.match_deck.total == 8
    for _ in range(3):
        state, _ = quick_round(state, "keeps")
    state, consequences = play(state, "draft toho pitch", "draft nankatsu pitch")
    assert "injury-time" in kinds(consequences)
    assert state.round.number == 4
    assert [e.kind for e in GAME.expected(state)][:2] == ["play", "pass"]
