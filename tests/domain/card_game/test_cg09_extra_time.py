"""CG-9 Extra Time: random first attacker, 7-card limit, two halves of two rounds."""

from cg_helpers import GAME, end_half, fill, kicked_off, kinds, of_kind, play, quick_round, rules

from domain.card_game.state import CardGameState


def _extra_time() -> CardGameState:
    state, _ = end_half(kicked_off())
    state, _ = end_half(state)
    return state


def test_cg_9_3_the_first_extra_time_attacker_is_drawn_at_random() -> None:
    (choice,) = GAME.expected(_extra_time())
    assert (choice.kind, choice.random) == ("et-kickoff", ("coach",))
    state, consequences = play(_extra_time(), "et-kickoff toho source=app")
    assert (state.period, state.attacker, state.phase) == (3, "toho", "attack")
    assert of_kind(consequences, "kick-off")[0].data == {"period": 3, "team": "toho"}


def test_cg_9_1_no_match_cards_are_drafted_in_extra_time() -> None:
    state, _ = play(_extra_time(), "et-kickoff toho")
    assert rules(state, "draft nankatsu deck") == ["CG-9.1"]


def test_cg_9_2_the_card_limit_is_seven() -> None:
    state, _ = play(_extra_time(), "et-kickoff nankatsu")
    state = fill(state, 7)
    assert state.attack_over
    assert rules(state, 'play toho "Eighth Man" 1 1 1') == ["CG-9.2"]


def test_cg_9_2_each_half_has_two_rounds_the_second_lasting_until_the_ball_is_lost() -> None:
    state, _ = play(_extra_time(), "et-kickoff nankatsu")
    state, consequences = quick_round(state, "loses")
    assert "half-ended" not in kinds(consequences) and state.round.number == 2
    state, _ = quick_round(state, "keeps")
    state, _ = quick_round(state, "keeps")
    assert (state.period, state.round.number) == (3, 4)
    state, consequences = quick_round(state, "scores")
    assert "half-ended" in kinds(consequences)
    # Interpretation: the Extra Time 2nd half is kicked off by the team that did not start it.
    assert (state.period, state.attacker) == (4, "toho")


def test_cg_9_4_still_level_after_extra_time_both_share_the_title() -> None:
    state, _ = play(_extra_time(), "et-kickoff nankatsu")
    state, _ = quick_round(state, "keeps")
    state, _ = quick_round(state, "loses")
    state, _ = quick_round(state, "keeps")
    state, consequences = quick_round(state, "loses")
    assert state.phase == "over"
    result = GAME.result(state)
    assert result is not None and result.ranking == (("nankatsu", "toho"),)
    assert of_kind(consequences, "match-ended")[0].data["winner"] is None


def test_cg_9_1_extra_time_reshuffles_every_card_into_the_deck() -> None:
    state = _extra_time()
    for side in ("nankatsu", "toho"):
        coach = state.coach(side)
        assert (coach.hand, coach.discard, coach.deck) == (0, 0, coach.owned - coach.eliminated)
