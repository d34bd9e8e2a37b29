"""Property: after random legal card-game matches, recorded in pieces with corrections and
caught up between the pieces, every projection equals a fresh fold of the stored events."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.card_game.ruleset import CardGame
from domain.match import MatchRecord
from service.app import Touchline
from service.projections import projector_for
from tests.domain.card_game.cg_strategies import matches
from tests.service.projections.pj_helpers import AUTHOR, fresh_fold, snapshot, stored_rows

GAME = CardGame()


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(match=matches(), data=st.data())
def test_every_view_equals_a_fresh_fold(app: Touchline, match: Any, data: Any) -> None:
    setup, actions = match
    record = MatchRecord("card-game", GAME.setup_to_dict(setup), AUTHOR.by, AUTHOR.at)
    projector = projector_for(app, batch_size=data.draw(st.integers(1, 40)))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(actions)), max_size=4)))
    done = 0
    for cut in [*cuts, len(actions)]:
        for action in actions[done:cut]:
            record.record(GAME.action_to_dict(action), AUTHOR)
        done = max(done, cut)
        if record.effective_entries() and data.draw(st.booleans()):
            # A correction: retract the latest entry, then enter it again.
            last = record.effective_entries()[-1].action
            record.undo(AUTHOR)
            app.save(record)
            projector.catch_up()
            record.record(last, AUTHOR)
        app.save(record)
        projector.catch_up()
    assert stored_rows(projector, record.id) == fresh_fold(app, record.id)
    # A rebuild from the first event lands on the same rows as following the log did.
    followed = snapshot(projector)
    rebuilt = projector_for(app, batch_size=1000)
    rebuilt.rebuild()
    assert snapshot(rebuilt) == followed
