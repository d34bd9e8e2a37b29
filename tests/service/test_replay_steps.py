"""Issue 13: stepping through a replay reuses the loaded match and the states already folded,
and every step shows exactly what a fresh fold from the kick-off shows, both ways, while a
match that moves on is never shown stale."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain.match import Author
from domain.report import names_of
from domain.stepping import CHECKPOINT_EVERY
from service.app import Touchline
from service.entries import parse_entry
from service.errors import BadInput
from service.replays import MOST_STEPS
from tests.calls import calls_to
from tests.domain.test_situation_changes import applied, exactly
from tests.service.test_golden_matches import record_as_the_table_did
from tests.service.test_timeline import GOLDEN, golden_lines, views_step_by_step


def stored(app: Touchline, name: str, author: Author) -> str:
    ruleset, setup, _ = GOLDEN[name]
    match_id = app.create_match(ruleset, setup, author).id
    lines = golden_lines(name)
    for number, line in enumerate(lines, start=1):
        record_as_the_table_did(app, match_id, parse_entry(ruleset, line), author)
        if number == len(lines) // 2:
            # An undo and the same entry again: steps are entries in force, not log lines.
            app.undo(match_id, author)
            record_as_the_table_did(app, match_id, parse_entry(ruleset, line), author)
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
    loads = calls_to(monkeypatch, Touchline, "_load")
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
    record_as_the_table_did(app, match_id, parse_entry(ruleset, golden_lines(name)[-1]), alice)
    assert app.replay(match_id).situation == before.situation


@pytest.mark.parametrize("name", sorted(GOLDEN))
@pytest.mark.parametrize("size", [1, 7, 200])
def test_every_run_of_steps_equals_a_fresh_fold(
    app: Touchline, alice: Author, name: str, size: int
) -> None:
    match_id = stored(app, name, alice)
    record = app.load_record(match_id)
    expected = views_step_by_step(record)
    entries = record.effective_entries()
    total = len(expected) - 1
    seen = []
    first = 0
    while first <= total:
        run = app.replay_steps(match_id, first, min(first + size - 1, total))
        assert (run.total, run.first) == (total, first)
        for shown in run.steps:
            assert shown.situation == expected[shown.step], f"step {shown.step}"
            assert shown.entry == (entries[shown.step - 1] if shown.step else None)
            assert shown.text == app.replay(match_id, shown.step).text
        seen.extend(s.step for s in run.steps)
        first = run.last + 1
    assert seen == list(range(total + 1))


def test_a_run_without_an_end_holds_as_many_steps_as_one_run_may(
    app: Touchline, alice: Author
) -> None:
    match_id = stored(app, sorted(GOLDEN)[0], alice)
    total = app.replay(match_id).total
    run = app.replay_steps(match_id, 1)
    assert (run.first, run.last) == (1, min(total, MOST_STEPS))
    assert [s.step for s in run.steps] == list(range(1, run.last + 1))


@pytest.mark.parametrize(
    ("first", "last", "named"),
    [(-1, None, "from=-1"), (10_000, None, "from=10000"), (3, 2, "to=2"), (0, 10_000, "to=10000")],
)
def test_a_run_out_of_range_is_bad_input_naming_the_bound(
    app: Touchline, alice: Author, first: int, last: int | None, named: str
) -> None:
    match_id = stored(app, sorted(GOLDEN)[0], alice)
    with pytest.raises(BadInput, match=named):
        app.replay_steps(match_id, first, last)


def runs_of(total: int, size: int, backwards: bool) -> list[tuple[int, int]]:
    """The bounds of the runs a reader asks for walking forward from the kick-off, or back
    from the end (back from a step: the run of steps before it)."""
    if backwards:
        return [(max(0, last - size + 1), last) for last in range(total, -1, -size)]
    return [(first, min(first + size - 1, total)) for first in range(0, total + 1, size)]


@pytest.mark.parametrize("name", sorted(GOLDEN))
@pytest.mark.parametrize("size", [1, 7, 200])
@pytest.mark.parametrize("backwards", [False, True], ids=["forward", "back"])
def test_every_run_of_changes_applied_step_by_step_equals_a_fresh_fold(
    app: Touchline, alice: Author, name: str, size: int, backwards: bool
) -> None:
    match_id = stored(app, name, alice)
    record = app.load_record(match_id)
    expected = views_step_by_step(record)
    entries = record.effective_entries()
    total = len(expected) - 1
    seen = []
    for first, last in runs_of(total, size, backwards):
        run = app.replay_step_changes(match_id, first, last)
        assert (run.total, run.first, run.last) == (total, first, last)
        assert exactly(run.situation) == exactly(expected[first]), f"step {first}"
        assert run.steps[0].changes == ()
        situation = run.situation
        for shown in run.steps:
            situation = applied(situation, shown.changes)
            assert exactly(situation) == exactly(expected[shown.step]), f"step {shown.step}"
            assert shown.entry == (entries[shown.step - 1] if shown.step else None)
            assert shown.text == app.replay(match_id, shown.step).text
            seen.append(shown.step)
    assert sorted(seen) == list(range(total + 1))


@pytest.fixture
def folded_from_scratch(
    app: Touchline, monkeypatch: pytest.MonkeyPatch
) -> Callable[[str], list[tuple[Any, ...]]]:
    """Starts a walk of a match from nothing kept (no state folded, nothing replayed) and
    gives the entries its rules apply from then on, each as the call to `apply`."""

    def start(match_id: str) -> list[tuple[Any, ...]]:
        rules = type(app.load_record(match_id).ruleset)
        app._forget_matches()
        app._replays_kept = None
        return calls_to(monkeypatch, rules, "apply")

    return start


@pytest.mark.parametrize("backwards", [False, True], ids=["forward", "back"])
def test_a_walk_in_runs_of_changes_folds_each_entry_about_once(
    app: Touchline,
    alice: Author,
    backwards: bool,
    folded_from_scratch: Callable[[str], list[tuple[Any, ...]]],
) -> None:
    # The run of changes keeps what each step changed: walking back from the end folds the
    # match once to reach it, then only the few entries from a checkpoint to each run's start.
    match_id = stored(app, "card_game/golden/full_match.txt", alice)
    total = app.replay(match_id).total
    applications = folded_from_scratch(match_id)
    bounds = runs_of(total, 7, backwards)
    for first, last in bounds:
        app.replay_step_changes(match_id, first, last)
    # Each run's whole situation: folded from the checkpoint at or before its first step.
    assert len(applications) <= total + sum(first % CHECKPOINT_EVERY for first, _ in bounds)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_walk_back_and_forward_again_folds_each_entry_once(
    app: Touchline,
    alice: Author,
    name: str,
    folded_from_scratch: Callable[[str], list[tuple[Any, ...]]],
) -> None:
    # A replayed match keeps every state it stepped through (service/replays.py,
    # KEPT_STRETCHES): a walk back from the end, then forward, folds nothing again, and shows
    # what a fresh fold gives at every step.
    match_id = stored(app, name, alice)
    expected = views_step_by_step(app.load_record(match_id))
    total = len(expected) - 1
    applications = folded_from_scratch(match_id)
    walk = app.replayed(match_id)
    for step in [*range(total, -1, -1), *range(total + 1)]:
        assert walk.view_at(step).situation == expected[step], f"step {step}"
    assert len(applications) == total


def test_a_walk_words_its_steps_only_when_they_are_read(
    app: Touchline, alice: Author, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `match replay --step` prints each step from the report it printed already: the replay
    # makes the match report of the whole log only for a reader of its steps' words.
    import service.replays

    match_id = stored(app, "card_game/golden/full_match.txt", alice)
    real_report = service.replays.match_report
    reports = calls_to(monkeypatch, service.replays, "match_report")
    app._replays_kept = None
    walk = app.replayed(match_id)
    views = [walk.view_at(step) for step in range(walk.total + 1)]
    assert reports == []
    record = walk.record
    whole = real_report(record.ruleset, names_of(record.ruleset, record.made_setup()), record.log)
    assert dict(views[-1].said) == whole.placed()
    assert views[1].said.get(views[1].entry.number) == whole.placed()[views[1].entry.number]
    assert len(reports) == 1
