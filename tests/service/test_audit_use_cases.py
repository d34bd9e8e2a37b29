"""The audit use cases: one match, a league across several matches, the filters, and what a
refused filter or an unknown match or league answers."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.audit import AuditItem
from domain.match import Author
from domain.registry import find_ruleset
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import BadInput, LeagueNotFound, MatchNotFound
from tests.opening import OPENING, SETUP, record_text
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all

LEAGUE = "Spring Cup"


def at(hour: int, minute: int = 0, day: int = 30) -> str:
    return f"2026-11-{day:02d}T{hour:02d}:{minute:02d}:00+00:00"


def person(name: str, when: str, link: str | None = None) -> Author:
    return Author(name, when, "web", link)


def entry(text: str) -> dict[str, Any]:
    return parse_entry("card-game", text)


def played(app: Touchline, setup: Any = SETUP, league: str | None = LEAGUE, **options: Any) -> str:
    """A league match after the card-game opening (Toho score with entry 11)."""
    match_id = app.create_match("card-game", setup, person("alice", at(18)), league).id
    for line in OPENING:
        record_text(app, match_id, line, person("alice", at(18)), **options)
    return match_id


def kinds(items: tuple[AuditItem, ...]) -> list[tuple[int, str, str]]:
    return [(item.line, item.kind, item.by) for item in items]


def test_a_match_audit_names_the_match_and_every_item_in_the_order_of_its_log(
    app: Touchline,
) -> None:
    match_id = played(app, league=None)
    app.dispute(match_id[:6], 10, "the die rolled off the table", person("bob", at(19), "L-bob"))
    app.undo(match_id, person("alice", at(20)))
    app.abandon(match_id, person("carol", at(21)), "the pub closed")
    trail = app.match_audit(match_id[:6])
    assert (trail.scope, trail.name, trail.title, trail.matches) == (
        "match",
        match_id,
        "Nankatsu (Alice) vs Toho (Bob)",
        1,
    )
    assert kinds(trail.items) == [
        (12, "dispute", "bob"),
        (13, "retraction", "alice"),
        (14, "abandonment", "carol"),
    ]
    dispute = trail.items[0]
    assert (dispute.match, dispute.title, dispute.at) == (match_id, trail.title, at(19))
    assert (dispute.device, dispute.link, dispute.entries) == ("web", "L-bob", (10,))


def test_entries_kept_by_a_correction_are_read_as_the_correction_stored_them(
    app: Touchline,
) -> None:
    """CG-4.2, CG-4.3: Nankatsu kicked off, not Toho; Toho's draft and play are kept."""
    match_id = played(app, league=None)
    decisions = {3: "keep", 5: "keep", 9: "withdraw", 10: "withdraw", 11: "withdraw"}
    app.correct(
        match_id,
        2,
        entry("kickoff coach=nankatsu"),
        "the table misread the kick-off",
        person("rita", at(19), "L-rita"),
        decisions=decisions,
    )
    overrides = app.match_audit(match_id, ["override"]).items
    assert [(i.line, i.entries, i.rules, i.by, i.link) for i in overrides] == [
        (12, (3,), ("CG-4.2",), "rita", "L-rita"),
        (12, (5,), ("CG-4.3",), "rita", "L-rita"),
    ]
    assert {i.reason for i in overrides} == {"the table misread the kick-off"}
    [withdrawal] = app.match_audit(match_id, ["retraction"]).items
    assert withdrawal.entries == (9, 10, 11)


def test_an_override_recorded_through_the_service_is_found_by_kind(app: Touchline) -> None:
    match_id = app.create_match("card-game", SETUP, person("alice", at(18))).id
    for line in OPENING[:2]:
        record_text(app, match_id, line, person("alice", at(18)))
    record_text(
        app,
        match_id,
        "draft coach=toho source=deck",
        person("alice", at(18, 5), "L-alice"),
        override="we let Toho draft first",
    )
    [item] = app.match_audit(match_id, ["override"]).items
    assert (item.line, item.rules, item.reason, item.link) == (
        3,
        ("CG-4.2",),
        "we let Toho draft first",
        "L-alice",
    )


def test_a_league_audit_reads_every_match_of_the_league_in_the_order_things_happened(
    app: Touchline,
) -> None:
    app.create_league(LEAGUE, "card-game", person("olga", at(17)))
    first = played(app, setup_for("Ann", "Bea"))
    second = played(app, setup_for("Cid", "Dan"))
    elsewhere = played(app, setup_for("Eve", "Fay"), league=None)
    app.dispute(second, 10, "the die was cocked", person("dan", at(19)))
    app.dispute(first, 9, "Toho never declared", person("bea", at(20)))
    app.undo(first, person("alice", at(21)))
    app.dispute(elsewhere, 10, "not in the league", person("fay", at(19, 30)))
    trail = app.league_audit("spring cup")
    assert (trail.scope, trail.name, trail.title, trail.matches) == (
        "league",
        LEAGUE,
        LEAGUE,
        2,
    )
    assert [(i.match, i.kind, i.by) for i in trail.items] == [
        (second, "dispute", "dan"),
        (first, "dispute", "bea"),
        (first, "retraction", "alice"),
    ]
    assert {i.title for i in trail.items} == {
        "Nankatsu (Ann) vs Toho (Bea)",
        "Nankatsu (Cid) vs Toho (Dan)",
    }


def test_a_league_audit_filters_by_kind_person_and_dates_across_its_matches(
    app: Touchline,
) -> None:
    app.create_league(LEAGUE, "card-game", person("olga", at(17)))
    first = played(app, setup_for("Ann", "Bea"))
    second = played(app, setup_for("Cid", "Dan"))
    app.dispute(first, 10, "cocked die", person("Rita", at(19)))
    app.dispute(second, 10, "cocked die", person("rita", at(9, day=29)))
    app.undo(second, person("rita", at(20)))
    app.undo(first, person("alice", at(21)))
    by_rita = app.league_audit(LEAGUE, by="RITA").items
    assert [(i.match, i.kind) for i in by_rita] == [
        (second, "dispute"),
        (first, "dispute"),
        (second, "retraction"),
    ]
    undone = app.league_audit(LEAGUE, kinds=["retraction"], since="2026-11-30T20:30").items
    assert [(i.match, i.by) for i in undone] == [(first, "alice")]
    on_the_29th = app.league_audit(LEAGUE, since="2026-11-29", until="2026-11-29").items
    assert [(i.match, i.by, i.at) for i in on_the_29th] == [(second, "rita", at(9, day=29))]
    trail = app.league_audit(LEAGUE, kinds=["dispute", "retraction"], by="rita")
    assert trail.filter.kinds == ("dispute", "retraction") and trail.filter.by == "rita"


def test_a_league_audit_works_out_no_game_state(
    app: Touchline, store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each match is read once, as stored: its log says all the audit shows. (Read by another
    process, which has folded no game state of its own before.)"""
    app.create_league(LEAGUE, "card-game", person("olga", at(17)))
    for seed in (1, 2, 3):
        setup = setup_for(f"Home{seed}", f"Away{seed}")
        match = record_all(app, finished_match(1, 1, seed, setup), setup, LEAGUE)
        app.abandon(str(match.id), person("olga", at(22)), f"match {seed} was played twice")

    def folded(*_: Any) -> Any:
        raise AssertionError("the audit applied an entry")

    monkeypatch.setattr(find_ruleset("card-game"), "apply", folded)
    reader = Touchline(settings_for_url(store_url))
    trail = reader.league_audit(LEAGUE)
    reader.close()
    assert [i.kind for i in trail.items] == ["abandonment"] * 3
    assert trail.matches == 3


def test_an_empty_league_has_an_empty_audit(app: Touchline) -> None:
    app.create_league(LEAGUE, "card-game", person("olga", at(17)))
    trail = app.league_audit(LEAGUE)
    assert (trail.matches, trail.items) == (0, ())


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kinds": ["mistake"]}, "kind: 'mistake' is not a kind of audit item"),
        ({"since": "last week"}, "since: 'last week' is not a date"),
        ({"since": "2026-12-01", "until": "2026-11-01"}, "since (2026-12-01) is later than until"),
    ],
)
def test_a_filter_that_cannot_work_is_bad_input(
    app: Touchline, options: dict[str, Any], message: str
) -> None:
    match_id = played(app, league=None)
    with pytest.raises(BadInput, match=re.escape(message)):
        app.match_audit(match_id, **options)
    app.create_league(LEAGUE, "card-game", person("olga", at(17)))
    with pytest.raises(BadInput, match=re.escape(message)):
        app.league_audit(LEAGUE, **options)


def test_an_unknown_match_or_league_is_not_found(app: Touchline) -> None:
    with pytest.raises(MatchNotFound):
        app.match_audit("00000000-0000-0000-0000-000000000000")
    with pytest.raises(LeagueNotFound):
        app.league_audit("No Such Cup")
