"""TCG-3 the start, TCG-4 halves, TCG-5 turn structure: draw and discard, inactivity."""

from dataclasses import replace

from tcg_helpers import GAME, action, kicked_off, kinds, of_kind, placed, play, rules

from domain.tcg.state import TcgState


def test_placement_then_toss_then_kick_off_by_the_side_with_the_ball() -> None:
    """TCG-3.2 / TCG-3.3."""
    state = placed()
    assert state.phase == "toss"
    (toss,) = GAME.expected(state)
    assert toss.random == ("winner",)
    state, _ = play(state, "toss away")
    assert rules(state, 'kickoff home "Tsubasa Ozora"') == ["TCG-3.3"]
    state, consequences = play(state, 'kickoff away "Kojiro Hyuga"')
    assert kinds(consequences)[:2] == ["kick-off", "turn-started"]
    assert state.turn.attacker == "away" and state.away.hand == 6 and state.home.hand == 0


def test_holding_6_or_more_draws_1_then_discards_down_to_6() -> None:
    """TCG-5.2."""
    state = kicked_off()
    state, _ = play(state, 'move home "Tsubasa Ozora" c6', "end home", "end away")
    assert state.turn.number == 2 and state.phase == "discard"
    assert state.home.hand == 7
    (problem,) = GAME.check(state, action('move home "Tsubasa Ozora" c5'))
    assert not problem.overridable and "discard" in problem.message
    state, consequences = play(state, 'discard home "Ball Boy"')
    assert state.phase == "attack" and state.home.hand == 6 and state.home.trash == 1
    assert of_kind(consequences, "discarded")[0].data["card"] == "Ball Boy"


def _last_turn(state: TcgState) -> TcgState:
    """Leave Nankatsu one card in the 1st-half deck: the next draw empties it."""
    return state.with_side("home", replace(state.home, library=1))


def test_a_half_ends_at_the_end_of_the_turn_in_which_a_half_deck_runs_out() -> None:
    """TCG-4.1 / TCG-4.2: halftime resets the field and the first defender kicks off."""
    state = _last_turn(kicked_off())
    state, _ = play(state, 'move home "Tsubasa Ozora" c6', "end home", "end away")
    assert state.turn.deck_ran_out and state.home.library == 0
    state, _ = play(state, 'discard home "Ball Boy"', 'move home "Tsubasa Ozora" c5', "end home")
    state, consequences = play(state, 'discard away "Team Manager"', "end away")
    assert of_kind(consequences, "half-ended")[0].data["half"] == 1
    assert state.half == 2 and state.phase == "kickoff" and state.pending.side == "away"
    assert (state.home.hand, state.home.library, state.home.trash) == (0, 24, 0)
    assert state.home.player("Tsubasa Ozora").area == "c7"


def test_the_second_half_ends_the_match_when_the_score_differs() -> None:
    """TCG-1.2 / TCG-4.3."""
    state = kicked_off()
    state = replace(state, half=2, home=replace(state.home, goals=1))
    state = replace(state, turn=replace(state.turn, deck_ran_out=True))
    state, _ = play(state, 'move home "Tsubasa Ozora" c6', "end home")
    state, consequences = play(state, "end away")
    assert state.phase == "over"
    assert kinds(consequences)[-1] == "match-ended"
    result = GAME.result(state)
    assert result is not None and result.ranking == (("home",), ("away",))
    assert GAME.expected(state) == ()
    assert rules(state, "end home") == ["TCG-4.3"]  # the rule that decided it


def test_a_level_second_half_goes_to_the_shoot_out() -> None:
    state = replace(kicked_off(), half=2)
    state = state.with_side("away", replace(state.away, library=6))  # the draw to 6 empties it
    state, _ = play(state, 'move home "Tsubasa Ozora" c6', "end home")
    state, consequences = play(state, "end away")
    assert state.phase == "kickers" and "shoot-out" in kinds(consequences)


def test_an_inactive_player_cannot_act() -> None:
    """TCG-5.5."""
    state = kicked_off()
    tired = replace(state.home.player("Hajime Taki"), inactive_until=1)
    state = state.with_side("home", state.home.with_player(tired))
    assert rules(state, 'move home "Hajime Taki" b4') == ["TCG-5.5"]
    assert rules(state, 'pass home "Hajime Taki"') == ["TCG-5.5"]


def test_actions_out_of_turn_cannot_be_applied() -> None:
    state = kicked_off()
    (problem,) = GAME.check(state, action('move away "Kojiro Hyuga" c6'))
    assert problem.rule == "TCG-6.2" and not problem.overridable
    assert [v.overridable for v in GAME.check(state, action("tie-dice 1,2"))] == [False]
