"""A match folded from its stored events one at a time (`MatchFold`) gives the views exactly
what folding the whole `MatchRecord` gives, after every event: for every golden match of each
game, and for random matches of each game with undos, corrections, disputes, rulings,
confirmations and abandonments, on both stores. A fold made from the record at any version
(as the projector makes one for a match it no longer keeps) goes on to the same rows too."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from dataclasses import fields
from typing import Any
from unittest.mock import patch
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.card_game.ruleset import CardGame
from domain.consequences import Consequence
from domain.log import Entry
from domain.match import (
    Author,
    BadDispute,
    CorrectionRequest,
    MatchAbandoned,
    MatchRecord,
    NotConfirmable,
    NothingToUndo,
    ResultConfirmed,
    RuleBroken,
)
from domain.rejudge import BadDecision, DecisionsNeeded
from domain.rulebook import digest_of
from service.app import Touchline
from service.entries import parse_entry
from service.projections import fold as fold_module
from service.projections import folding
from service.projections.decoding import EventDecoder
from service.projections.fold import COACH, fold
from service.projections.folding import MatchFacts, MatchFold
from service.projections.summaries import row_of
from tests.domain.card_game.cg_strategies import matches as card_game_matches
from tests.domain.king_of_the_pitch.kp_helpers import GAME as KING_OF_THE_PITCH
from tests.domain.king_of_the_pitch.kp_strategies import games as king_of_the_pitch_games
from tests.domain.tcg.tcg_helpers import GAME as TCG
from tests.domain.tcg.tcg_strategies import matches as tcg_matches
from tests.service.projections.pj_driver import SETUP, finished_match
from tests.service.test_golden_matches import CASES, golden_lines

SCORER = Author("scorer", "2026-11-30T21:00:00+00:00", "test")
LATER = Author("rita", "2026-11-30T22:00:00+00:00", "test", "referee-link")
REFUSED = (
    RuleBroken,
    BadDispute,
    BadDecision,
    MatchAbandoned,
    NothingToUndo,
    NotConfirmable,
    ResultConfirmed,
)


def view_rows(facts: MatchFacts, contribution: Any) -> dict[str, Any]:
    """What the views write for one match: its summary row and open disputes, its statistics
    (with every coach's `matches`), its dice and its league row's parts."""
    stats = dict(contribution.stats)
    for coach in facts.coaches.values():
        stats[(COACH, coach, "matches")] = 1
    return {
        "summary": row_of(facts, contribution),
        "disputes": [(d.number, d.on, d.reason, d.by, d.at) for d in contribution.disputes],
        "stats": sorted(stats.items()),
        "dice": sorted(contribution.dice.items()),
        "result": contribution.result,
        "coaches": list(facts.coaches.values()),
    }


def old_way(match: MatchRecord) -> dict[str, Any]:
    return view_rows(MatchFacts.of(match), fold(match))


def new_way(folded: MatchFold) -> dict[str, Any]:
    return view_rows(folded.facts(), folded.contribution())


def stored_events(app: Touchline, match_id: UUID) -> list[Any]:
    """The match's events as a rebuild meets them: selected from the notification log and
    decoded as the projector decodes them."""
    found, start = [], 1
    decode = EventDecoder(app.mapper)
    while notes := app.recorder.select_notifications(start, 200):
        found += [decode(n) for n in notes]
        start = notes[-1].id + 1
    return [e for e in found if e.originator_id == match_id]


def versions(events: list[Any]) -> Iterator[tuple[Any, MatchRecord]]:
    """Each event with the record as it stands after it (the library's own replay)."""
    record: Any = None
    for event in events:
        record = event.mutate(record)
        yield event, record


def assert_folds_alike(app: Touchline, match_id: UUID, restart_at: int) -> None:
    """Folded event by event, the new way equals the old at every version; so does a fold
    made from the record at version `restart_at` and fed the events after it."""
    events = stored_events(app, match_id)
    assert events, "nothing was stored"
    folded: MatchFold | None = None
    restarted: MatchFold | None = None
    for event, record in versions(events):
        version = event.originator_version
        if folded is None:
            folded = MatchFold.created(event)
        else:
            assert folded.take(event), f"the fold refused event {version} ({type(event)})"
        if restarted is not None:
            assert restarted.take(event), f"the restarted fold refused event {version}"
        elif version >= restart_at:
            restarted = MatchFold.of(record)
        expected = old_way(record)
        assert new_way(folded) == expected, f"at version {version}"
        assert folded.contribution() == fold(record)
        assert folded.facts() == MatchFacts.of(record)
        assert new_way(restarted or folded) == expected, f"restarted, at version {version}"


@pytest.mark.parametrize(("ruleset", "name", "setup"), [case[:3] for case in CASES])
def test_a_golden_match_folds_event_by_event_as_its_record_does(
    app: Touchline, ruleset: str, name: str, setup: dict[str, Any]
) -> None:
    match = MatchRecord.start(ruleset, setup, SCORER)
    lines = golden_lines(name)
    for n, line in enumerate(lines, start=1):
        match.record(parse_entry(ruleset, line), SCORER)
        if n % 97 == 0:
            app.save(match)
    # Then what settles what happened: a dispute ruled on, a confirmation, an annotation.
    first = match.effective_entries()[0].number
    dispute = match.dispute(first, "the toss was not seen", LATER)
    rule = next(iter(digest_of(match.ruleset)))
    match.rule(dispute.number, "stands", [rule], "it stands", LATER)
    match.dispute(None, "the last die rolled off the table", LATER)
    match.confirm(match.sides()[0], LATER)
    match.annotate(first, "a remark", LATER)
    app.save(match)
    assert_folds_alike(app, match.id, restart_at=len(lines) // 2)


# -- random matches ------------------------------------------------------------------------

GAMES = {
    "card-game": (CardGame(), card_game_matches()),
    "king-of-the-pitch": (KING_OF_THE_PITCH, king_of_the_pitch_games()),
    "tcg": (TCG, tcg_matches()),
}
STEPS = ("record",) * 12 + ("undo", "undo", "correct", "dispute", "rule", "confirm", "note")
SETTLING = ("confirm", "confirm", "confirm", "dispute", "rule", "correct", "undo", "note")


def play(
    match: MatchRecord, actions: list[dict[str, Any]], data: Any, to_the_end: bool
) -> Iterator[None]:
    """Record `actions` with random undos, corrections, disputes, rulings, confirmations and
    annotations in between (each refused one skipped), and perhaps an abandonment; yield
    whenever the store may save. `to_the_end` keeps corrections and replays for after the
    last action, so that the match reaches its result."""
    rule = next(iter(digest_of(match.ruleset)))
    todo = list(actions)
    # Some steps after the last action too: confirmations, disputes of the result, rulings.
    after = data.draw(st.integers(0, 8))
    while todo or after:
        if not todo:
            after -= 1
        step = data.draw(st.sampled_from(STEPS if todo else SETTLING))
        in_force = match.effective_entries()
        try:
            if step == "record" and todo:
                action = todo.pop(0)
                try:
                    match.record(action, SCORER)
                except RuleBroken:
                    match.record(action, SCORER, override="the table plays it so")
            elif step == "undo":
                undone = match.log[match.undo(SCORER).retracts - 1]
                if todo and isinstance(undone, Entry):  # entered again: play goes on
                    todo.insert(0, dict(undone.action))
            elif step == "correct" and in_force and not (todo and to_the_end):
                replaced = data.draw(st.sampled_from(in_force))
                other = data.draw(st.sampled_from(actions))
                correct(match, replaced, other)
            elif step == "dispute":
                on = data.draw(st.sampled_from([None, *(e.number for e in in_force)]))
                match.dispute(on, "seen otherwise", LATER)
            elif step == "rule":
                open_disputes = match.open_disputes()
                if open_disputes:
                    disputed = data.draw(st.sampled_from(open_disputes))
                    replay = disputed.on is not None and not (todo and to_the_end)
                    replay = replay and data.draw(st.booleans())
                    match.rule(disputed.number, "replay" if replay else "stands", [rule], "", LATER)
            elif step == "confirm":
                match.confirm(data.draw(st.sampled_from(match.sides())), LATER)
            elif step == "note" and in_force:
                match.annotate(data.draw(st.sampled_from(in_force)).number, "noted", SCORER)
        except REFUSED:
            pass
        if data.draw(st.integers(0, 9)) == 0:
            yield
    if data.draw(st.booleans()):
        match.abandon(LATER, "the table was needed")
        if match.effective_entries():
            match.annotate(match.effective_entries()[-1].number, "after it ended", SCORER)
    yield


def correct(match: MatchRecord, replaced: Entry, action: dict[str, Any]) -> None:
    """Put `action` at the place of `replaced`, withdrawing whatever it makes illegal."""
    decisions: dict[int, str] = {}
    for _ in range(5):  # withdrawing one entry may make a later one illegal
        request = CorrectionRequest(replaced.number, action, "the table misread it", decisions)
        try:
            match.correct(request, LATER, "the table misread it")
            return
        except DecisionsNeeded as needed:
            decisions = {**decisions, **{i.number: "withdraw" for i in needed.illegal}}


@st.composite
def finished_card_games(draw: Any) -> tuple[Any, list[Any]]:
    """A card-game match played to the end (the strategies' matches seldom end), to a drawn
    score: then coaches confirm, and dispute the result."""
    home, away, seed = draw(st.integers(0, 3)), draw(st.integers(0, 3)), draw(st.integers(0, 99))
    actions = finished_match(home, away, seed=seed)
    return CardGame().make_setup(SETUP), [CardGame().action_from_dict(a) for a in actions]


GAMES["card-game, to the end"] = (CardGame(), finished_card_games())


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
@pytest.mark.parametrize("variant", sorted(GAMES))
def test_a_random_match_folds_event_by_event_as_its_record_does(
    app: Touchline, variant: str, data: Any
) -> None:
    game, strategy = GAMES[variant]
    ruleset = variant.partition(",")[0]
    setup, parsed = data.draw(strategy)
    actions = [game.action_to_dict(a) for a in parsed]
    cut = data.draw(st.sampled_from([len(actions), data.draw(st.integers(0, len(actions)))]))
    match = MatchRecord.start(ruleset, game.setup_to_dict(setup), SCORER)
    for _ in play(match, actions[:cut], data, to_the_end=ruleset != variant):
        app.save(match)
    # Copies of the tally every few entries, so that undos and corrections go back to them.
    with patch.object(folding, "CHECKPOINT_EVERY", data.draw(st.integers(1, 8))):
        assert_folds_alike(app, match.id, restart_at=data.draw(st.integers(1, match.version)))


# -- what a fold may leave unread ------------------------------------------------------------


def test_the_fold_names_every_type_and_method_it_reads_a_consequence_by() -> None:
    """`Tallying.take` and `_follow` look at a consequence only by the types and methods
    `TAKEN_TYPES` and `TAKEN_METHODS` name (or the fields of those types): a consequence of
    any other type changes nothing and is left unread. A fold that looks at more must say so
    there, or `MatchFold` would skip what it counts."""
    source = inspect.getsource(fold_module)
    tree = ast.parse(source)
    looked_for: set[str] = set()
    asked: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
            subject, kinds = node.args
            if isinstance(subject, ast.Name) and subject.id == "consequence":
                names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
                looked_for |= {n.id for n in names if isinstance(n, ast.Name)}
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "consequence"
        ):
            asked.add(node.attr)
    taken = {t.__name__ for t in fold_module.TAKEN_TYPES}
    assert looked_for and looked_for <= taken, looked_for - taken
    known = set(fold_module.TAKEN_METHODS)
    for declared in fold_module.TAKEN_TYPES:
        known |= {f.name for f in fields(declared)} | set(vars(declared))
        for parent in declared.__mro__:
            known |= set(vars(parent))
    assert asked - known == set(), asked - known
    assert asked & set(vars(Consequence)) <= {*fold_module.TAKEN_METHODS, "text", "kind"}
