"""Issue 13: stepping through a replay reuses the loaded match and the states already folded,
and every step shows exactly what a fresh fold from the kick-off shows, both ways, while a
match that moves on is never shown stale."""

from __future__ import annotations

from typing import Any

import pytest

from domain.match import Author, MatchRecord
from service.app import Touchline
from service.entries import parse_entry
from tests.service.test_timeline import GOLDEN, golden_lines, views_step_by_step


def stored(app: Touchline, name: str, author: Author) -> str:
    ruleset, setup, _ = GOLDEN[name]
    match_id = app.create_match(ruleset, setup, author).id
    lines = golden_lines(name)
    for number, line in enumerate(lines, start=1):
        app.record(match_id, parse_entry(ruleset, line), author)
        if number == len(lines) // 2:
            # An undo and the same entry again: steps are entries in force, not log lines.
            app.undo(match_id, author)
            app.record(match_id, parse_entry(ruleset, line), author)
    return match_id


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_step_forward_and_back_equals_a_fresh_fold(
    app: Touchline, alice: Author, name: str
) -> None:
    match_id = stored(app, name, alice)
    expected = views_step_by_step(app.load_record(match_id))
    total = len(expected) - 1
    walk = [*range(total + 1), *range(total, -1, -1), total // 3, total, 1]
    for step in walk:
        shown = app.replay(match_id, step)
        assert (shown.step, shown.total) == (step, total)
        assert shown.situation == expected[step], f"step {step}"


def test_stepping_loads_the_match_once(
    app: Touchline, alice: Author, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = sorted(GOLDEN)[0]
    match_id = stored(app, name, alice)
    loads: list[Any] = []
    real_load = Touchline._load

    def counted(self: Touchline, match_id: Any) -> MatchRecord:
        loads.append(match_id)
        return real_load(self, match_id)

    monkeypatch.setattr(Touchline, "_load", counted)
    total = app.replay(match_id).total
    for step in range(total + 1):
        app.replay(match_id, step)
    assert len(loads) == 1


def test_a_match_that_moved_on_is_loaded_again(app: Touchline, alice: Author) -> None:
    name = sorted(GOLDEN)[0]
    ruleset = GOLDEN[name][0]
    match_id = stored(app, name, alice)
    before = app.replay(match_id)
    app.undo(match_id, alice)
    after = app.replay(match_id)
    assert after.total == before.total - 1
    assert app.replayed(match_id).timeline.total == after.total
    app.record(match_id, parse_entry(ruleset, golden_lines(name)[-1]), alice)
    assert app.replay(match_id).situation == before.situation
