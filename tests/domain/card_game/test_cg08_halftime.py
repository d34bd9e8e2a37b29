"""CG-8 halftime, the 2nd half and the result in normal time."""

from cg_helpers import GAME, end_half, kicked_off, kinds, of_kind, quick_round, with_bank


def test_cg_8_1_halftime_reshuffles_hand_deck_and_discard_and_keeps_banks() -> None:
    state = with_bank(kicked_off("toho"), "nankatsu", shot=2, pass_=1)
    state, consequences = end_half(state)
    assert kinds(consequences)[-4:] == ["half-ended", "kick-off", "round-started", "cards-drawn"]
    for side in ("nankatsu", "toho"):
        coach = state.coach(side)
        assert coach.discard == 0 and coach.hand == 4
        # 12 team cards and the 1st-half Match cards drafted stay with the team (CG-8.1).
        assert coach.deck + coach.hand == coach.owned
    assert state.nankatsu.owned + state.toho.owned == 24 + 12
    assert (state.nankatsu.bank.shot, state.nankatsu.bank.pass_) == (2, 1)


def test_cg_3_2_the_2nd_half_is_kicked_off_by_the_other_team() -> None:
    state, consequences = end_half(kicked_off("toho"))
    assert of_kind(consequences, "kick-off")[0].data == {"period": 2, "team": "nankatsu"}
    assert (state.period, state.attacker, state.whistle) == (2, "nankatsu", "toho")
    assert (state.match_deck.pitch, state.match_deck.hidden) == (4, 8)
    assert not state.injury_time and state.phase == "draft"


def test_cg_8_2_the_2nd_half_ends_only_once_its_injury_time_is_over() -> None:
    state, _ = end_half(kicked_off("toho"))
    assert state.period == 2
    state, _ = quick_round(state, "loses")  # the ball lost before Injury Time: play goes on
    assert (state.period, state.injury_time, state.phase) == (2, False, "draft")
    state, consequences = end_half(state)
    assert kinds(consequences)[-2:] == ["half-ended", "extra-time"]


def test_cg_8_3_more_goals_win_the_match() -> None:
    state, _ = quick_round(kicked_off("toho"), "scores")
    state, _ = end_half(state)
    state, consequences = end_half(state)
    assert state.phase == "over"
    assert kinds(consequences)[-2:] == ["half-ended", "match-ended"]
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("toho",), ("nankatsu",))
    assert result.scores == {"nankatsu": 0, "toho": 1}
    assert GAME.expected(state) == ()


def test_cg_8_3_a_draw_goes_to_extra_time() -> None:
    state, _ = end_half(kicked_off())
    state, consequences = end_half(state)
    assert kinds(consequences)[-2:] == ["half-ended", "extra-time"]
    assert state.phase == "et-kickoff"
    assert GAME.result(state) is None
    assert all(state.coach(s).hand == 0 for s in ("nankatsu", "toho"))


def test_cg_8_3_no_entry_is_accepted_after_the_match() -> None:
    state, _ = quick_round(kicked_off(), "scores")
    state, _ = end_half(state)
    state, _ = end_half(state)
    (violation,) = GAME.check(state, GAME.action_from_dict({"kind": "pass", "coach": "toho"}))
    assert (violation.rule, violation.overridable) == ("CG-8.3", False)
