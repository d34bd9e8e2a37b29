"""Recording, refusing, overriding and undoing entries through the service, on each store."""

from __future__ import annotations

import pytest

from domain.log import Entry, Retraction
from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from service.errors import BadInput, EntryRefused, MatchNotFound, UndoRefused
from tests.opening import OPENING, SETUP


def record_lines(app: Touchline, match_id: str, lines: list[str], author: Author) -> None:
    for line in lines:
        app.record(match_id, parse_entry("card-game", line), author)


def test_a_recorded_opening_scores_and_is_replayable(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    record_lines(app, match.id, OPENING, alice)

    view = app.get_match(match.id)
    assert view.version == 1 + len(OPENING)
    assert view.situation["score"] == {"nankatsu": 0, "toho": 1}
    kinds = [c.kind for line in view.log for c in line.consequences]
    assert "goal" in kinds
    assert all(line.by == "alice" and line.at for line in view.log)
    assert app.replay(match.id, 0).situation["score"] == {"nankatsu": 0, "toho": 0}
    assert app.replay(match.id, len(OPENING)).situation == view.situation


def test_a_refused_entry_stores_nothing_and_names_the_rule(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    record_lines(app, match.id, OPENING[:2], alice)
    with pytest.raises(EntryRefused) as refused:
        # CG-4.2: the Defending Coach (Nankatsu) drafts first.
        app.record(match.id, parse_entry("card-game", "draft coach=toho source=pitch"), alice)
    assert any(v.rule.startswith("CG-4.2") for v in refused.value.violations)
    assert app.get_match(match.id).version == 3


def test_an_override_records_the_violation_and_the_reason(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    record_lines(app, match.id, OPENING[:4], alice)
    line = app.record(
        match.id,
        parse_entry("card-game", 'play coach=toho card="Yuzo Morisaki" shot=0 pass=0 defense=3'),
        alice,
        override="the coaches swapped a card for this friendly",
    ).line
    assert line.override == "the coaches swapped a card for this friendly"
    assert [v.rule for v in line.violations] == ["CG-1.3"]
    stored = app.get_match(match.id).log[-1]
    assert isinstance(stored, Entry) and stored.violations == line.violations


def test_an_idempotency_key_records_a_retried_entry_once(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    first = app.record(match.id, parse_entry("card-game", OPENING[0]), alice, key="tap-1")
    again = app.record(match.id, parse_entry("card-game", OPENING[0]), alice, key="tap-1")
    assert first.line == again.line and again.repeat and not first.repeat
    assert len(app.get_match(match.id).log) == 1


def test_undo_appends_a_retraction_and_keeps_the_entry(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    record_lines(app, match.id, OPENING, alice)
    retraction = app.undo(match.id, alice).line
    view = app.get_match(match.id)
    assert retraction.retracts == len(OPENING)
    assert len(view.log) == len(OPENING) + 1
    assert view.log[len(OPENING) - 1].retracted is True
    assert view.situation["score"] == {"nankatsu": 0, "toho": 0}
    record_lines(app, match.id, ["roll coach=nankatsu value=6"], alice)
    view = app.get_match(match.id)
    assert view.situation["score"] == {"nankatsu": 0, "toho": 1}
    assert [type(line) for line in view.log[-2:]] == [Retraction, Entry]


def test_undo_of_an_empty_match_is_refused(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    with pytest.raises(UndoRefused):
        app.undo(match.id, alice)


def test_the_app_rolls_dice_on_request(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    record_lines(app, match.id, OPENING[:9], alice)
    line = app.record(match.id, {"kind": "roll", "coach": "toho"}, alice, roll=True).line
    assert line.action["source"] == "app"
    assert 1 <= line.action["value"] <= 6


def test_matches_are_found_by_id_prefix_and_listed(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    assert app.get_match(match.id[:8]).id == match.id
    assert [s.id for s in app.list_matches()] == [match.id]
    with pytest.raises(MatchNotFound):
        app.get_match("ffffffff")


def test_bad_settings_are_refused_before_anything_is_stored(app: Touchline, alice: Author) -> None:
    with pytest.raises(BadInput):
        app.create_match(
            "card-game",
            {"home": {"team": "Toho", "coach": "A"}, "away": {"team": "Toho", "coach": "B"}},
            alice,
        )
    with pytest.raises(BadInput):
        app.create_match("no-such-game", SETUP, alice)
    assert app.list_matches() == []


def test_a_retried_roll_with_its_key_returns_the_first_roll(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    first = app.record(match.id, {"kind": "toss"}, alice, key="toss-1", roll=True)
    again = app.record(match.id, {"kind": "toss"}, alice, key="toss-1", roll=True)
    assert again.line == first.line and again.repeat
    assert app.get_match(match.id).version == 2


def test_text_the_store_cannot_hold_is_refused_and_nothing_stored(
    app: Touchline, alice: Author
) -> None:
    match = app.create_match("card-game", SETUP, alice)
    lone_surrogate = Author("al\ud800ice", alice.at)
    with pytest.raises(BadInput, match="U\\+D800"):
        app.record(match.id, parse_entry("card-game", "toss winner=toho"), lone_surrogate)
    assert app.get_match(match.id).version == 1


def test_annotations_are_stored_and_reach_the_replay(app: Touchline, alice: Author) -> None:
    match = app.create_match("card-game", SETUP, alice)
    record_lines(app, match.id, OPENING[:2], alice)
    app.annotate(match.id, 2, "Toho kick off", alice)
    assert [line.text for line in app.load_record(match.id).annotations()] == ["Toho kick off"]
    assert app.version_of(match.id) == 4
    with pytest.raises(BadInput, match="no entry 7"):
        app.annotate(match.id, 7, "nothing there", alice)
    assert app.version_of(match.id) == 4


def test_a_retried_entry_with_its_key_is_not_stale_though_the_version_moved(
    app: Touchline, alice: Author
) -> None:
    match = app.create_match("card-game", SETUP, alice)
    toss = {"kind": "toss", "winner": "toho"}
    first = app.record(match.id, toss, alice, key="t", expected_version=1)
    again = app.record(match.id, toss, alice, key="t", expected_version=1)
    assert again.line == first.line and again.version == 2 and app.version_of(match.id) == 2
