"""Correcting an earlier entry on the pages: picked with the scoring buttons or typed, written
with a reason (or, for a referee's ruling, rule IDs), and when later entries become illegal,
listed with their rule IDs for a keep or withdraw each before anything is stored."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from domain.log import Correction, Ruling
from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, record_text
from tests.service.projections.pj_driver import finished_match
from tests.service.test_card_lists import TWO_PLAYS
from tests.web.conftest import become_everyone, post_form
from tests.web.test_settling_pages import html_of, log_item

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")
# The opening: 11 entries, then its version (the creation is version 1).
VERSION = 12


@pytest.fixture
def played(client: FlaskClient, service: Touchline, match_id: str) -> str:
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    become_everyone(client, match_id)
    return match_id


def corrections(service: Touchline, match_id: str) -> list[Correction]:
    return [line for line in service.load_record(match_id).log if isinstance(line, Correction)]


def correct(client: FlaskClient, match_id: str, number: int, **fields: Any) -> Any:
    data = {"key": f"correct-{number}-{len(fields)}", "expected_version": str(VERSION), **fields}
    return post_form(client, f"/matches/{match_id}/entries/{number}/correct", data)


def test_the_page_offers_what_the_rules_allowed_at_the_entry_s_place(
    client: FlaskClient, played: str
) -> None:
    page = html_of(client, f"/matches/{played}/entries/10/correct")
    assert "Correct entry 10" in page and "<code>roll coach=toho value=5</code>" in page
    # Toho's roll, as the scoring page offered it then: a die to tap, which only picks.
    picker = page[page.index("What should entry 10 have been?") :]
    assert f'<form method="get" action="/matches/{played}/entries/10/correct"' in picker
    assert 'name="value" value="1"' in picker and "Roll for me" not in picker
    assert 'name="csrf_token"' not in picker.split('class="settle-form notation-form"')[0]
    assert 'name="entry" type="text" value="roll coach=toho value=5"' in picker


def test_a_scorer_corrects_an_entry_picked_with_the_buttons(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    page = html_of(client, f"/matches/{played}/entries/10/correct?kind=roll&coach=toho&value=1")
    assert "<code>roll coach=toho value=1</code>" in page
    assert 'name="entry" value="roll coach=toho value=1"' in page
    assert f'name="expected_version" value="{VERSION}"' in page and 'name="key"' in page
    assert corrections(service, played) == []  # picking writes nothing

    answer = correct(client, played, 10, entry="roll coach=toho value=1", reason="off the table")
    assert answer.status_code == 303
    (line,) = corrections(service, played)
    assert (line.replaces, line.reason, line.action["value"]) == (10, "off the table", 1)
    page = html_of(client, f"/matches/{played}")
    original = log_item(page, 10)
    assert '<del><span class="entry">Toho roll 5</span></del>' in original
    assert "<code>roll coach=toho value=5</code>" in original
    assert "corrected by" in original and "off the table" in original
    assert "<strong>Correction</strong> of" in log_item(page, line.number)


def test_a_typed_entry_is_read_in_the_notation(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    page = html_of(client, f"/matches/{played}/entries/10/correct?entry=roll+toho+3")
    assert "<code>roll coach=toho value=3</code>" in page
    answer = client.get(f"/matches/{played}/entries/10/correct?entry=roll+toho+seven")
    assert answer.status_code == 400
    assert "value" in answer.get_data(as_text=True)
    assert corrections(service, played) == []


def test_later_entries_made_illegal_are_listed_to_keep_or_withdraw_then_sent_again(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    # Toho passed instead of playing Hyuga: their pass at entry 7 now breaks CG-4.3.
    answer = correct(client, played, 5, entry="pass coach=toho", reason="Hyuga stayed in hand")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "1 later entry breaks the rules" in page
    decide = page[page.index('id="decide-7"') :]
    assert "<code>pass coach=toho</code>" in decide and "<strong>CG-4.3</strong>" in decide
    assert 'name="decide-7" value="keep"' in decide and 'name="decide-7" value="withdraw"' in decide
    assert "Hyuga stayed in hand" in page  # the reason is kept for the second send
    assert corrections(service, played) == []

    answer = correct(
        client,
        played,
        5,
        entry="pass coach=toho",
        reason="Hyuga stayed in hand",
        **{"decide-7": "keep"},
    )
    assert answer.status_code == 303
    (line,) = corrections(service, played)
    assert line.kept == (7,) and line.withdrawn == ()
    kept = log_item(html_of(client, f"/matches/{played}"), 7)
    assert "⚑" in kept and "<strong>Override</strong>" in kept
    assert '<strong class="rule-id">CG-4.3</strong>' in kept
    assert "kept by the correction on" in kept and "Hyuga stayed in hand" in kept
    replay = html_of(client, f"/matches/{played}/replay?at=7")
    assert "⚑ override CG-4.3" in replay


def test_an_entry_that_cannot_be_kept_is_offered_only_to_withdraw(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    # Nankatsu kicked off instead: Toho's Shot (9) and both rolls break rules no table may.
    answer = correct(client, played, 2, entry="kickoff coach=nankatsu", reason="wrong side")
    assert answer.status_code == 422
    decide = answer.get_data(as_text=True)
    decide = decide[decide.index('id="decide-9"') :]
    assert 'name="decide-9" value="keep" required disabled' in decide
    assert 'name="decide-9" value="withdraw" checked' in decide
    assert corrections(service, played) == []


def test_a_corrected_entry_that_breaks_a_rule_asks_why_the_table_played_it(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    answer = correct(client, played, 3, entry="draft coach=toho source=pitch", reason="r")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "the corrected entry breaks the rules at its place" in page
    assert "<strong>CG-4.2</strong>" in page and 'name="override"' in page
    assert corrections(service, played) == []


def test_a_referee_rules_that_the_entry_is_corrected(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.dispute(played, 6, "Tsubasa was passed, not played", AUTHOR)
    page = html_of(
        client, f"/matches/{played}/entries/6/correct?dispute=12&kind=pass&coach=nankatsu"
    )
    assert "Rule on dispute 12: correct entry 6" in page
    assert 'list="rule-ids"' in page and 'name="dispute" value="12"' in page
    fields = {"entry": "pass coach=nankatsu", "dispute": "12", "rules": "CG-4.3", "text": "passed"}
    answer = correct(client, played, 6, **fields)
    assert answer.status_code == 422 and 'id="decide-8"' in answer.get_data(as_text=True)
    answer = correct(client, played, 6, **fields, **{"decide-8": "keep"})
    assert answer.status_code == 303
    log = service.load_record(played).log
    (ruling,) = [line for line in log if isinstance(line, Ruling)]
    (line,) = corrections(service, played)
    assert (ruling.decision, ruling.correction, ruling.rules) == (
        "corrected",
        line.number,
        ("CG-4.3",),
    )
    assert (line.dispute, line.kept) == (12, (8,))


def test_a_stale_page_or_a_missing_version_stores_nothing(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    fields = {"entry": "roll coach=toho value=1", "reason": "off the table"}
    answer = post_form(
        client,
        f"/matches/{played}/entries/10/correct",
        {**fields, "key": "a", "expected_version": "3"},
    )
    assert answer.status_code == 409
    answer = post_form(client, f"/matches/{played}/entries/10/correct", {**fields, "key": "b"})
    assert answer.status_code == 400 and "expected_version" in answer.get_data(as_text=True)
    assert corrections(service, played) == []


def test_once_every_coach_confirmed_only_a_ruling_may_correct(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for action in finished_match(1, 0):
        service.record(match_id, action, AUTHOR)
    for side in ("nankatsu", "toho"):
        service.confirm(match_id, side, AUTHOR)
    become_everyone(client, match_id)
    version = service.get_match(match_id).version
    assert "only a referee" in html_of(client, f"/matches/{match_id}/entries/3/correct")
    answer = post_form(
        client,
        f"/matches/{match_id}/entries/3/correct",
        {
            "entry": "draft coach=nankatsu source=deck",
            "reason": "r",
            "key": "k",
            "expected_version": str(version),
        },
    )
    assert answer.status_code == 409
    assert "only a referee" in answer.get_data(as_text=True)
    assert corrections(service, match_id) == []


def test_without_the_scorer_link_nothing_is_corrected(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    assert client.get(f"/matches/{match_id}/entries/10/correct").status_code == 403
    answer = correct(client, match_id, 10, entry="roll coach=toho value=1", reason="r")
    assert answer.status_code == 403
    assert corrections(service, match_id) == []


def test_a_ruling_on_the_result_picks_the_entry_to_correct_by_its_number(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for action in finished_match(1, 0):
        service.record(match_id, action, AUTHOR)
    number = service.dispute(match_id, None, "a die was misread", AUTHOR).line.number
    become_everyone(client, match_id)
    page = html_of(client, f"/matches/{match_id}/disputes/{number}/ruling")
    assert f'action="/matches/{match_id}/correct"' in page and 'name="number"' in page
    answer = client.get(f"/matches/{match_id}/correct?number=5&dispute={number}")
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(
        f"/matches/{match_id}/entries/5/correct?dispute={number}"
    )
    assert client.get(f"/matches/{match_id}/correct?number=five").status_code == 400


def test_cg_1_3_a_corrected_play_typing_other_values_than_the_card_s_is_refused_by_name(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    """CG-1.3: the correction page checks the card's printed values as the scoring page does,
    and asks why the table played on when they differ."""
    for line in TWO_PLAYS:
        record_text(service, match_id, line, AUTHOR)
    become_everyone(client, match_id)
    version = str(service.get_match(match_id).version)
    fields = {"entry": "play toho 'Kojiro Hyuga' 3 2 0", "reason": "misread"}
    answer = post_form(
        client,
        f"/matches/{match_id}/entries/14/correct",
        {**fields, "key": "k1", "expected_version": version},
    )
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "<strong>CG-1.3</strong> Kojiro Hyuga prints Shot 3, Pass 1, Defense 0" in page
    assert "(as recorded earlier in this match)" in page and 'name="override"' in page
    assert corrections(service, match_id) == []
    answer = post_form(
        client,
        f"/matches/{match_id}/entries/14/correct",
        {**fields, "override": "another edition", "key": "k2", "expected_version": version},
    )
    assert answer.status_code == 303
    (line,) = corrections(service, match_id)
    assert [v.rule for v in line.violations] == ["CG-1.3"]


def test_a_corrected_roll_keeps_its_die_and_the_page_may_name_another(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for number, line in enumerate(OPENING, start=1):
        label = "red d6" if number == 10 else None
        record_text(service, match_id, line, AUTHOR, die_label=label)
    become_everyone(client, match_id)
    page = html_of(client, f"/matches/{match_id}/entries/10/correct?entry=roll+toho+1")
    assert 'name="die_label" value="red d6"' in page  # asked, as the scoring page does
    answer = correct(client, match_id, 10, entry="roll coach=toho value=1", reason="misread")
    assert answer.status_code == 303
    assert corrections(service, match_id)[-1].die_label == "red d6"
    answer = post_form(
        client,
        f"/matches/{match_id}/entries/12/correct",
        {
            "entry": "roll coach=toho value=2",
            "reason": "misread again",
            "die_label": "blue d6",
            "key": "die-2",
            "expected_version": str(VERSION + 1),
        },
    )
    assert answer.status_code == 303
    assert corrections(service, match_id)[-1].die_label == "blue d6"
    # An entry no die is rolled for, that named none, is not asked about one.
    page = html_of(client, f"/matches/{match_id}/entries/2/correct?entry=kickoff+nankatsu")
    assert 'name="die_label"' not in page
