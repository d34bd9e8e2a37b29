"""The audit trail of a match's log (domain.audit): which lines make which items, with whom,
when, which entries, rules and reasons; and the filter by kind, person and date."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from domain.audit import (
    KINDS,
    AsWritten,
    AuditFilter,
    AuditItem,
    BadAuditFilter,
    as_written,
    match_audit,
    needs_as_written,
)
from domain.log import Correction, Entry
from domain.match import Author, CorrectionRequest, MatchRecord
from domain.rejudge import KEEP, WITHDRAW
from domain.ruleset import Violation
from service.entries import parse_entry
from tests.opening import OPENING, SETUP
from tests.service.projections.pj_driver import finished_match

SCORER = Author("alice", "2026-11-30T21:00:00+00:00", "web", "scorer-link")
REFEREE = Author("rita", "2026-11-30T21:30:00+00:00", "phone", "referee-link")
COACH = Author("bob", "2026-11-30T21:40:00+00:00", None, "coach-link")
OWNER = Author("owner", "2026-12-01T09:00:00+01:00", "cli@club")


def entry(text: str) -> dict[str, Any]:
    return parse_entry("card-game", text)


def opening() -> MatchRecord:
    """Toho kick off and score with the first shot (entry 11)."""
    match = MatchRecord.start("card-game", SETUP, SCORER)
    for text in OPENING:
        match.record(entry(text), SCORER)
    return match


def finished() -> MatchRecord:
    """A card-game match played to its end: Nankatsu win 1-0."""
    match = MatchRecord.start("card-game", SETUP, SCORER)
    for action in finished_match(1, 0, seed=2, setup=SETUP):
        match.record(action, SCORER)
    assert match.result() is not None
    return match


def audit(match: MatchRecord, **as_written: AsWritten) -> list[AuditItem]:
    written = {int(n.lstrip("n")): value for n, value in as_written.items()}
    return match_audit(str(match.id), "Nankatsu vs Toho", match.ruleset.codec, match.log, written)


def summary(items: list[AuditItem]) -> list[tuple[int, str, str, tuple[int, ...], tuple[str, ...]]]:
    return [(i.line, i.kind, i.by, i.entries, i.rules) for i in items]


def test_plain_entries_and_notes_are_the_match_not_its_audit() -> None:
    match = opening()
    match.annotate(5, "Hyuga looked tired", SCORER)
    assert audit(match) == []


def test_an_entry_recorded_despite_a_rule_is_an_override_with_its_rules_and_reason() -> None:
    """CG-4.2: Toho drafted before Nankatsu, the Defending Coach; the table played on."""
    match = MatchRecord.start("card-game", SETUP, SCORER)
    for text in OPENING[:2]:
        match.record(entry(text), SCORER)
    match.record(entry("draft coach=toho source=deck"), SCORER, override="we let Toho go first")
    [item] = audit(match)
    assert item == AuditItem(
        match=str(match.id),
        title="Nankatsu vs Toho",
        line=3,
        kind="override",
        by="alice",
        at="2026-11-30T21:00:00+00:00",
        device="web",
        link="scorer-link",
        entries=(3,),
        rules=("CG-4.2",),
        reason="we let Toho go first",
        detail="entry 3 entered despite CG-4.2 (the Defending Coach drafts first: it is "
        "Nankatsu's draft.): draft coach=toho source=deck",
    )
    match.undo(SCORER)
    override, undo = audit(match)
    assert override.detail.endswith("; it no longer counts")
    assert (undo.line, undo.kind, undo.entries, undo.reason) == (4, "retraction", (3,), "")
    assert undo.detail == "undo of entry 3: draft coach=toho source=deck"


def test_a_correction_lists_what_it_kept_as_overrides_and_what_it_withdrew() -> None:
    """CG-4.2, CG-4.3: Nankatsu kicked off, not Toho; Toho's draft and play were kept, the
    shot and its dice withdrawn."""
    match = opening()
    decisions = {3: KEEP, 5: KEEP, 9: WITHDRAW, 10: WITHDRAW, 11: WITHDRAW}
    request = CorrectionRequest(2, entry("kickoff coach=nankatsu"), decisions=decisions)
    match.correct(request, REFEREE, "the table misread the kick-off")
    items = audit(match)
    assert summary(items) == [
        (12, "correction", "rita", (2,), ()),
        (12, "override", "rita", (3,), ("CG-4.2",)),
        (12, "override", "rita", (5,), ("CG-4.3",)),
        (12, "retraction", "rita", (9, 10, 11), ()),
    ]
    assert {i.reason for i in items} == {"the table misread the kick-off"}
    assert items[0].detail == (
        "entry 2 corrected: kickoff coach=toho → kickoff coach=nankatsu; "
        "kept as overrides: 3, 5; withdrawn: 9, 10, 11"
    )
    assert items[2].detail.startswith("entry 5 kept by the correction of entry 2 although it broke")
    assert items[3].detail == "entries 9, 10, 11 withdrawn by the correction of entry 2"
    assert {(i.device, i.link) for i in items} == {("phone", "referee-link")}


def test_an_entry_kept_twice_shows_what_it_was_recorded_with_and_each_keeping() -> None:
    """The log holds only the last keeping; the stored events (`as_written`) the rest."""
    first = Violation("CG-4.2", "out of turn")
    second = Violation("CG-4.3", "not your turn")
    third = Violation("CG-5.4", "no roll now")
    author = {"by": "alice", "at": "2026-11-30T21:00:00+00:00"}
    kept = Entry(
        number=2,
        **author,
        action={"kind": "pass", "coach": "toho"},
        override="the second correction's reason",
        violations=(third,),
    )
    log = [
        Entry(number=1, **author, action={"kind": "toss", "winner": "toho"}),
        kept,
        Correction(
            number=3,
            by="rita",
            at="2026-11-30T21:30:00+00:00",
            action={"kind": "toss", "winner": "nankatsu"},
            replaces=1,
            reason="first",
            kept=(2,),
        ),
        Correction(
            number=4,
            by="carl",
            at="2026-11-30T21:50:00+00:00",
            action={"kind": "toss", "winner": "toho"},
            replaces=3,
            reason="the second correction's reason",
            kept=(2,),
        ),
    ]
    codec = MatchRecord.start("card-game", SETUP, SCORER).ruleset.codec
    assert needs_as_written(log) == (2, 3, 4)
    written = {
        2: AsWritten("the table agreed", (first,)),
        3: AsWritten(None, (), {2: (second,)}),
        4: AsWritten(None, (), {2: (third,)}),
    }
    items = [i for i in match_audit("m", "t", codec, log, written) if i.kind == "override"]
    assert [(i.line, i.by, i.entries, i.rules, i.reason) for i in items] == [
        (2, "alice", (2,), ("CG-4.2",), "the table agreed"),
        (3, "rita", (2,), ("CG-4.3",), "first"),
        (4, "carl", (2,), ("CG-5.4",), "the second correction's reason"),
    ]
    # Without the events, the log still says who kept it last and for what.
    items = [i for i in match_audit("m", "t", codec, log) if i.kind == "override"]
    assert [(i.line, i.rules) for i in items] == [(3, ()), (4, ("CG-5.4",))]


def test_the_events_a_correction_stores_say_what_each_kept_entry_broke() -> None:
    match = opening()
    list(match.collect_events())
    decisions = {3: KEEP, 5: KEEP, 9: WITHDRAW, 10: WITHDRAW, 11: WITHDRAW}
    request = CorrectionRequest(2, entry("kickoff coach=nankatsu"), decisions=decisions)
    match.correct(request, REFEREE, "misread")
    [corrected] = match.collect_events()
    written = as_written(corrected)
    assert written is not None and written.override is None
    assert {n: [v.rule for v in broken] for n, broken in written.kept.items()} == {
        3: ["CG-4.2"],
        5: ["CG-4.3"],
    }
    match.abandon(REFEREE, "the pub closed")
    [abandoned] = match.collect_events()
    assert as_written(abandoned) is None


def test_disputes_and_rulings_name_the_entry_the_rules_and_what_became_of_them() -> None:
    """CG-5.4: the die rolled off the table; it is rolled again (the entry corrected)."""
    match = opening()
    disputed = match.dispute(10, "the die rolled off the table", COACH)
    match.rule(
        disputed.number,
        "corrected",
        ["cg-5.4"],
        "a die off the table is rolled again",
        REFEREE,
        correction=CorrectionRequest(10, entry("roll coach=toho value=1")),
    )
    items = audit(match)
    assert summary(items) == [
        (12, "dispute", "bob", (10,), ()),
        (13, "correction", "rita", (10,), ("CG-5.4",)),
        (14, "ruling", "rita", (10,), ("CG-5.4",)),
    ]
    dispute, correction, ruling = items
    assert dispute.reason == "the die rolled off the table"
    assert (
        dispute.detail == "disputes entry 10: roll coach=toho value=5 (ruled at line 14: corrected)"
    )
    assert (dispute.device, dispute.link) == (None, "coach-link")
    assert correction.detail.startswith("entry 10 corrected (ruling on dispute 12): ")
    assert ruling.reason == "a die off the table is rolled again"
    assert ruling.detail == "ruling on dispute 12: entry 10 corrected at line 13"
    ended = finished()
    result_dispute = ended.dispute(None, "the score is wrong", COACH)
    [open_one] = audit(ended)
    assert (open_one.line, open_one.entries) == (result_dispute.number, ())
    assert open_one.detail == "disputes the result (open)"


def test_a_replay_takes_every_entry_from_its_place_out_of_force() -> None:
    """CG-5.2: the declaration was not heard; play goes on again from entry 9."""
    match = opening()
    disputed = match.dispute(9, "nobody heard Toho declare", COACH)
    match.rule(disputed.number, "replay", ["CG-5.2"], "", REFEREE)
    dispute, ruling, replay = audit(match)
    assert summary([ruling, replay]) == [
        (13, "ruling", "rita", (9,), ("CG-5.2",)),
        (13, "retraction", "rita", (9, 10, 11), ("CG-5.2",)),
    ]
    assert ruling.detail == "ruling on dispute 12: play replayed from entry 9"
    assert replay.detail == (
        "entries 9, 10, 11 taken out of force to replay from entry 9 (ruling on dispute 12)"
    )
    assert dispute.detail.endswith("(ruled at line 13: replay)")
    stands = opening()
    disputed = stands.dispute(5, "Hyuga's shot is 4", COACH)
    stands.rule(disputed.number, "stands", ["CG-1.3"], "", REFEREE)
    assert audit(stands)[1].detail == "ruling on dispute 12: entry 5 stands"


def test_confirmations_and_the_abandonment_are_items_too() -> None:
    match = finished()
    side = match.sides()[0]
    confirmed = match.confirm(side, COACH)
    [item] = audit(match)
    assert (item.line, item.kind, item.by) == (confirmed.number, "confirmation", "bob")
    assert item.detail == f"{side} confirms the result: {match.result().summary}"  # type: ignore[union-attr]
    abandoned = opening()
    abandoned.abandon(OWNER, "the pub closed")
    [item] = audit(abandoned)
    assert (item.kind, item.by, item.reason, item.device, item.link) == (
        "abandonment",
        "owner",
        "the pub closed",
        "cli@club",
        None,
    )


# -- the filter ---------------------------------------------------------------------------


def _item(kind: str = "override", by: str = "alice", at: str = "2026-11-30T21:00:00+00:00") -> Any:
    return AuditItem("m", "t", 1, kind, by, at, None, None)


def test_no_filter_admits_everything() -> None:
    assert AuditFilter.parsed().admits(_item(at="not a time"))


def test_the_filter_keeps_the_kinds_asked_for_in_any_case() -> None:
    wanted = AuditFilter.parsed(["Dispute", " override ", "dispute"])
    assert wanted.kinds == ("override", "dispute")
    assert wanted.applied([_item("override"), _item("ruling"), _item("dispute")]) == [
        _item("override"),
        _item("dispute"),
    ]


def test_the_filter_keeps_one_person_in_any_case() -> None:
    wanted = AuditFilter.parsed(by=" Rita ")
    assert wanted.by == "Rita"
    assert [i.by for i in wanted.applied([_item(by="rita"), _item(by="alice")])] == ["rita"]
    assert AuditFilter.parsed(by="  ").by is None


def test_a_date_range_holds_both_whole_days_at_its_ends() -> None:
    wanted = AuditFilter.parsed(since="2026-11-30", until="2026-12-01")
    assert wanted.since == datetime(2026, 11, 30, tzinfo=UTC)
    times = [
        "2026-11-29T23:59:59+00:00",
        "2026-11-30T00:00:00+00:00",
        "2026-12-01T23:59:59+00:00",
        "2026-12-02T00:30:00+01:00",  # 23:30 UTC on the first: inside
        "2026-12-02T00:00:00+00:00",
        "garbled",
    ]
    assert [wanted.admits(_item(at=at)) for at in times] == [
        False,
        True,
        True,
        True,
        False,
        False,
    ]


def test_a_date_in_the_basic_format_is_a_whole_day_too() -> None:
    wanted = AuditFilter.parsed(since="20261130", until="20261130")
    assert wanted.admits(_item(at="2026-11-30T23:59:00+00:00"))
    assert not wanted.admits(_item(at="2026-12-01T00:00:00+00:00"))


def test_a_date_and_time_without_an_offset_is_utc() -> None:
    wanted = AuditFilter.parsed(since="2026-11-30T21:30", until="2026-11-30T21:35:00+00:00")
    assert wanted.since == datetime(2026, 11, 30, 21, 30, tzinfo=UTC)
    assert [wanted.admits(_item(at=a.at)) for a in (SCORER, REFEREE, COACH)] == [
        False,
        True,
        False,
    ]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kinds": ["overrides"]}, "kind: 'overrides' is not a kind of audit item; the kinds: "),
        ({"since": "yesterday"}, "since: 'yesterday' is not a date"),
        ({"until": "2026-13-01"}, "until: '2026-13-01' is not a date"),
        ({"since": "9" * 100}, f"since: '{'9' * 40}…' is not a date"),
        ({"since": "2026-12-01", "until": "2026-11-30"}, "since (2026-12-01) is later than until"),
        ({"by": "ri\x1bta"}, "by holds the control character"),
        ({"by": "r" * 81}, "by holds at most 80 characters"),
    ],
)
def test_a_filter_that_cannot_work_says_which_part_is_wrong(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadAuditFilter) as refused:
        AuditFilter.parsed(**options)
    assert str(refused.value).startswith(message)


def test_the_kinds_are_those_the_audit_makes() -> None:
    assert KINDS == (
        "override",
        "dispute",
        "ruling",
        "correction",
        "retraction",
        "confirmation",
        "abandonment",
    )
