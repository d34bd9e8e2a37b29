"""The card game's situation with each coach's view kept on the coach: at every step, walked
either way, it is what making the view afresh gives, and a coach or a card a step changed is
viewed anew, in the situation and in its text (CG-10.1: the totals of the play are among what a
coach's view shows)."""

import dataclasses
from itertools import pairwise
from typing import Any

from cg_helpers import GAME
from cg_strategies import matches
from hypothesis import HealthCheck, given, settings

from domain.card_game import view as card_view
from domain.situation_changes import changes
from domain.stepping import Stepper
from tests.service.test_timeline import recorded

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SIDES = ("nankatsu", "toho")


def copied(coach: Any) -> Any:
    """A copy of the coach and its cards, which holds nothing worked out from them."""
    return dataclasses.replace(coach, area=tuple(dataclasses.replace(c) for c in coach.area))


def viewed_afresh(state: Any, side: str) -> dict[str, Any]:
    return card_view._made_coach_view(state, copied(state.coach(side)))


def assert_viewed_afresh(state: Any, step: int) -> None:
    situation = GAME.view(state)
    for side in SIDES:
        assert situation["coaches"][side] == viewed_afresh(state, side), f"step {step}, {side}"
    # The text too, each coach's line kept as the view is.
    fresh = dataclasses.replace(state, nankatsu=copied(state.nankatsu), toho=copied(state.toho))
    assert GAME.render(state) == GAME.render(fresh), f"step {step}"


def walk_both_ways(states: list[Any]) -> None:
    for step in [*range(len(states)), *range(len(states) - 1, -1, -1)]:
        assert_viewed_afresh(states[step], step)


@FAST
@given(matches())
def test_every_step_of_any_match_shows_the_coaches_as_a_fresh_view_does(match: Any) -> None:
    setup, entries = match
    state = GAME.initial_state(setup)
    states = [state]
    for action in entries:
        state = GAME.apply(state, action).state
        states.append(state)
    walk_both_ways(states)


def test_every_step_of_the_golden_match_walked_from_kept_states_shows_a_fresh_view() -> None:
    """Through a replay's kept states (domain/stepping.py), where coaches are shared between
    the states of the steps that did not change them; the changes of each step are those of
    the views made afresh."""
    match = recorded("card_game/golden/full_match.txt")
    rules = match.ruleset
    entries = match.effective_entries()
    stepper = Stepper(
        rules.initial_state(match.made_setup()),
        entries,
        lambda state, entry: rules.apply(state, rules.action_from_dict(entry.action)).state,
    )
    states = [stepper.state_at(step) for step in range(len(entries) + 1)]
    assert any(before.coach("toho") is after.coach("toho") for before, after in pairwise(states)), (
        "some steps leave a coach as it was"
    )
    walk_both_ways(states)

    def fresh(state: Any) -> dict[str, Any]:
        return {
            **GAME.view(state),
            "coaches": {side: viewed_afresh(state, side) for side in SIDES},
        }

    for before, after in pairwise(states):
        assert changes(GAME.view(before), GAME.view(after)) == changes(fresh(before), fresh(after))
