"""The TCG in the read side: golden and random matches fold into the views as a fresh fold of
their events does, with the result the rules engine gives."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings

from domain.notation import parse_action
from domain.tcg.ruleset import Tcg
from service.app import Touchline
from service.projections import projector_for
from service.projections.fold import fold
from tests.domain.tcg.tcg_helpers import golden_lines, golden_setup
from tests.domain.tcg.tcg_strategies import matches
from tests.service.projections.pj_helpers import fresh_fold, record_all, stored_rows

GAME = Tcg()


def test_a_shoot_out_match_folds_battles_goals_and_penalty_dice(app: Touchline) -> None:
    actions = [parse_action(GAME.codec, line) for line in golden_lines("shootout_match.txt")]
    record = record_all(app, actions, GAME.setup_to_dict(GAME.make_setup(golden_setup())), None,
                        ruleset="tcg")  # fmt: skip
    projector = projector_for(app, batch_size=25)
    projector.catch_up()
    assert stored_rows(projector, record.id) == fresh_fold(app, record.id)

    folded = fold(record)
    assert folded.finished and folded.score == "1–1"
    assert folded.winner == "Bob"  # Toho win the shoot-out (TCG-9)
    assert folded.stats[("coach", "Alice", "goals")] == 1
    assert folded.stats[("coach", "Bob", "goals")] == 1
    battles = folded.stats[("coach", "Alice", "battles")]
    assert battles == folded.stats[("coach", "Bob", "battles")] > 0
    kicks = sum(1 for a in actions if a["kind"] == "penalty")
    assert sum(folded.dice.values()) >= 2 * kicks


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(match=matches())
def test_random_tcg_matches_fold_like_a_fresh_fold(app: Touchline, match: Any) -> None:
    setup, actions = match
    record = record_all(app, [GAME.action_to_dict(a) for a in actions],
                        GAME.setup_to_dict(setup), None, ruleset="tcg")  # fmt: skip
    projector = projector_for(app, batch_size=50)
    projector.catch_up()
    assert stored_rows(projector, record.id) == fresh_fold(app, record.id)
