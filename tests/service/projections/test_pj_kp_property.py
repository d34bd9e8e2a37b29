"""Property: random legal King of the Pitch games fold into the views as a fresh fold of their
events does, with every die given the type the engine asked for at that moment."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings

from domain.king_of_the_pitch.ruleset import KingOfThePitch
from service.app import Touchline
from service.projections import projector_for
from service.projections.fold import fold
from tests.domain.king_of_the_pitch.kp_strategies import games
from tests.service.projections.pj_helpers import fresh_fold, record_all, stored_rows

GAME = KingOfThePitch()
DICE_KINDS = {"roll": "dice", "reroll": "die", "penalty": "die"}


DiceKey = tuple[str, int, int, str, str]


def dice_as_the_engine_asked(setup: Any, actions: list[Any]) -> Counter[DiceKey]:
    coaches = dict(setup.teams)
    state = GAME.initial_state(setup)
    seen: Counter[DiceKey] = Counter()
    for action in actions:
        if action.kind in DICE_KINDS:
            offered = next(
                e for e in GAME.expected(state)
                if e.kind == action.kind and e.fixed.get("team") == action.team
            )  # fmt: skip
            values = action.dice if action.kind == "roll" else (action.die,)
            faces = (
                offered.dice["dice"] if action.kind == "roll" else (len(offered.choices["die"]),)
            )
            for sides, value in zip(faces, values, strict=True):
                seen[(coaches[action.team], sides, value, action.source, "")] += 1
        state = GAME.apply(state, action).state
    return seen


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(game=games())
def test_king_of_the_pitch_views_equal_a_fresh_fold(app: Touchline, game: Any) -> None:
    setup, actions = game
    record = record_all(
        app,
        [GAME.action_to_dict(a) for a in actions],
        GAME.setup_to_dict(setup),
        ruleset="king-of-the-pitch",
    )
    projector = projector_for(app, batch_size=50)
    projector.catch_up()
    assert stored_rows(projector, record.id) == fresh_fold(app, record.id)
    assert fold(record).dice == dice_as_the_engine_asked(setup, actions)
