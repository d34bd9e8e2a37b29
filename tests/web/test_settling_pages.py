"""Disputes, rulings and confirmations on the pages: each line shown at its moment, the open
disputes flagged, the result's status, and forms that write once and, refused, store nothing
and say why."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from markupsafe import escape

from domain.log import Confirmation, Dispute, Ruling
from domain.match import Author
from domain.registry import find_ruleset
from domain.rulebook import digest_of, rule_text
from service.app import Touchline
from service.entries import parse_entry
from tests.opening import OPENING, record_text
from tests.service.projections.pj_driver import finished_match
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did
from tests.web.conftest import become_everyone, csrf_token, post_form

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")


@pytest.fixture
def played(service: Touchline, match_id: str) -> str:
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    return match_id


@pytest.fixture
def finished(service: Touchline, match_id: str) -> str:
    """A card-game match Nankatsu won 1-0."""
    for action in finished_match(1, 0):
        service.record(match_id, action, AUTHOR)
    return match_id


def lines(service: Touchline, match_id: str, kind: type) -> list[Any]:
    return [line for line in service.load_record(match_id).log if isinstance(line, kind)]


def html_of(client: FlaskClient, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200, (path, answer.status_code)
    return answer.get_data(as_text=True)


def log_item(html: str, number: int) -> str:
    """Log line `number` as the match page draws it, from its <li> to the next line's."""
    start = html.rindex("<li", 0, html.index(f'id="entry-{number}"'))
    end = html.find('<li class="log-line', start + 1)
    return html[start : end if end != -1 else None]


def dispute(client: FlaskClient, match_id: str, on: int | str, reason: str, **extra: str) -> Any:
    data = {"on": str(on), "reason": reason, "key": f"key-{on}-{len(reason)}", **extra}
    return post_form(client, f"/matches/{match_id}/disputes", data)


def rule(client: FlaskClient, match_id: str, number: int, **fields: Any) -> Any:
    data = {"key": f"ruling-{number}", **fields}
    return post_form(client, f"/matches/{match_id}/disputes/{number}/ruling", data)


# -- disputes ------------------------------------------------------------------------------


def test_a_scorer_disputes_an_entry_from_the_log_and_the_match_page_flags_it(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_everyone(client, played)
    page = html_of(client, f"/matches/{played}")
    assert f'href="/matches/{played}/entries/10/dispute"' in log_item(page, 10)
    form = html_of(client, f"/matches/{played}/entries/10/dispute")
    assert "<code>roll coach=toho value=5</code>" in form
    assert 'name="key"' in form and 'name="csrf_token"' in form

    answer = dispute(client, played, 10, "the die rolled off the table")
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(f"/matches/{played}#entry-12")
    (stored,) = lines(service, played, Dispute)
    assert (stored.on, stored.reason, stored.by) == (10, "the die rolled off the table", "scorer")

    page = html_of(client, f"/matches/{played}")
    banner = page[page.index('class="open-disputes"') :]
    assert "1 open dispute" in banner
    assert f'href="/matches/{played}#entry-12">Dispute 12</a>' in banner
    assert f'href="/matches/{played}/disputes/12/ruling"' in banner
    # At its moment in the log, and with the entry it concerns.
    assert "<strong>Dispute</strong> of" in log_item(page, 12) and "open" in log_item(page, 12)
    assert "the die rolled off the table" in log_item(page, 10)


def test_a_double_tap_disputes_once(client: FlaskClient, service: Touchline, played: str) -> None:
    become_everyone(client, played)
    for _ in range(2):
        assert dispute(client, played, 10, "off the table").status_code == 303
    assert len(lines(service, played, Dispute)) == 1


@pytest.mark.parametrize(
    ("on", "reason", "status", "message"),
    [
        ("10", "   ", 400, "say what is disputed and why"),
        ("10", "x" * 501, 400, "at most 500 characters"),
        ("99", "no such entry", 400, "line 99 is not an entry of this match"),
        ("ten", "a word", 400, "is not an entry number"),
        ("result", "no result yet", 400, "the match has no result yet"),
    ],
)
def test_a_refused_dispute_stores_nothing_and_says_why(
    client: FlaskClient,
    service: Touchline,
    played: str,
    on: str,
    reason: str,
    status: int,
    message: str,
) -> None:
    become_everyone(client, played)
    answer = dispute(client, played, on, reason)
    assert answer.status_code == status
    assert message in answer.get_data(as_text=True)
    assert lines(service, played, Dispute) == []


def test_an_undone_entry_cannot_be_disputed(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.undo(played, AUTHOR)
    become_everyone(client, played)
    assert 'entries/11/dispute"' not in html_of(client, f"/matches/{played}")
    answer = dispute(client, played, 11, "too late")
    assert answer.status_code == 400
    assert "entry 11 was undone" in answer.get_data(as_text=True)
    assert lines(service, played, Dispute) == []


def test_without_the_scorer_link_there_is_no_form_and_a_post_is_refused(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    page = html_of(client, f"/matches/{played}")
    assert "/dispute" not in page and "/correct" not in page
    assert client.get(f"/matches/{played}/entries/10/dispute").status_code == 403
    assert dispute(client, played, 10, "who am I?").status_code == 403
    assert lines(service, played, Dispute) == []


def test_a_post_without_the_csrf_token_stores_nothing(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_everyone(client, played)
    answer = client.post(f"/matches/{played}/disputes", data={"on": "10", "reason": "r"})
    assert answer.status_code == 400
    assert lines(service, played, Dispute) == []


def test_a_dispute_from_the_replay_step_goes_back_to_that_step(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_everyone(client, played)
    step = html_of(client, f"/matches/{played}/replay?at=10")
    assert "Dispute entry 10…" in step and 'name="return_to" value="replay"' in step
    answer = dispute(client, played, 10, "off the table", return_to="replay")
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(f"/matches/{played}/replay?at=10#disputes")
    step = html_of(client, f"/matches/{played}/replay?at=10")
    frame = step.split('id="timeline"')[0]
    assert "off the table" in frame and "badge-open" in frame


# -- rulings -------------------------------------------------------------------------------


def test_a_ruling_that_the_entry_stands_cites_the_rules_with_their_text(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.dispute(played, 10, "off the table", AUTHOR)
    become_everyone(client, played)
    page = html_of(client, f"/matches/{played}/disputes/12/ruling")
    assert '<datalist id="rule-ids">' in page and '<option value="CG-5.4">' in page
    assert 'list="rule-ids"' in page and 'name="decision" value="stands"' in page
    assert f'href="/matches/{played}/entries/10/correct?dispute=12"' in page

    answer = rule(client, played, 12, decision="stands", rules=["cg-5.4", ""], text="it landed")
    assert answer.status_code == 303
    (ruling,) = lines(service, played, Ruling)
    assert (ruling.dispute, ruling.decision, ruling.rules) == (12, "stands", ("CG-5.4",))

    page = html_of(client, f"/matches/{played}")
    assert 'class="open-disputes"' not in page
    item = log_item(page, 13)
    assert "<strong>Ruling</strong> on dispute" in item and "the entry stands" in item
    assert '<strong class="rule-id">CG-5.4</strong> Both roll their die simultaneously' in item
    assert "it landed" in item
    assert "ruled" in log_item(page, 12)


def test_a_ruling_citing_a_rule_the_game_does_not_have_stores_nothing(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.dispute(played, 10, "off the table", AUTHOR)
    become_everyone(client, played)
    answer = rule(client, played, 12, decision="stands", rules=["CG-99.9"], text="kept text")
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert "&#39;CG-99.9&#39; is not a rule of" in page
    assert 'value="CG-99.9"' in page and "kept text" in page  # the form keeps what was given
    answer = rule(client, played, 12, decision="stands", rules=[""], text="no rule")
    assert answer.status_code == 400
    assert "name at least one rule ID" in answer.get_data(as_text=True)
    assert lines(service, played, Ruling) == []


def test_a_ruling_to_replay_strikes_the_entries_from_there_on(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.dispute(played, 11, "Nankatsu rolled before Toho declared", AUTHOR)
    become_everyone(client, played)
    answer = rule(client, played, 12, decision="replay", replay_from="9", rules=["CG-5.1"])
    assert answer.status_code == 303
    (ruling,) = lines(service, played, Ruling)
    assert ruling.replayed == (9, 10, 11)
    page = html_of(client, f"/matches/{played}")
    assert "is-replayed" in log_item(page, 9) and "<del>" in log_item(page, 9)
    assert "replay from entry" in log_item(page, 13)
    replay = html_of(client, f"/matches/{played}/replay")
    assert 'Line 8 <span class="muted">(the latest)</span>' in replay
    assert "Replayed after this step: <del>line 9, Toho declare a Shot</del>" in replay


def test_nobody_rules_twice_on_one_dispute(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.dispute(played, 10, "off the table", AUTHOR)
    become_everyone(client, played)
    assert rule(client, played, 12, decision="stands", rules=["CG-5.4"]).status_code == 303
    again = post_form(
        client,
        f"/matches/{played}/disputes/12/ruling",
        {"key": "another", "decision": "stands", "rules": "CG-5.4"},
    )
    assert again.status_code == 400
    assert "already ruled on" in again.get_data(as_text=True)
    assert len(lines(service, played, Ruling)) == 1
    assert "already ruled on" in html_of(client, f"/matches/{played}/disputes/12/ruling")


# -- the result ----------------------------------------------------------------------------


def test_each_coach_confirms_the_result_and_the_match_page_says_so(
    client: FlaskClient, service: Touchline, finished: str
) -> None:
    become_everyone(client, finished)
    page = html_of(client, f"/matches/{finished}")
    status = page[page.index('class="result-status') :]
    assert "Result unconfirmed: awaiting Nankatsu (Alice) and Toho (Bob)" in status
    assert "Confirm the result for Nankatsu (Alice)" in status
    assert f'href="/matches/{finished}/result/dispute"' in status

    for side in ("nankatsu", "nankatsu"):  # the second tap confirms nothing more
        answer = post_form(
            client, f"/matches/{finished}/confirmations", {"side": side, "key": f"c-{side}"}
        )
        assert answer.status_code == 303
    page = html_of(client, f"/matches/{finished}")
    assert "confirmed by Nankatsu (Alice), awaiting Toho (Bob)" in page
    assert "Confirm the result for Nankatsu (Alice)" not in page
    post_form(client, f"/matches/{finished}/confirmations", {"side": "toho", "key": "c-toho"})
    page = html_of(client, f"/matches/{finished}")
    assert "Result confirmed by Nankatsu (Alice) and Toho (Bob)" in page
    assert [c.side for c in lines(service, finished, Confirmation)] == ["nankatsu", "toho"]
    confirmation = log_item(page, len(service.load_record(finished).log))
    assert "<strong>Toho (Bob)</strong> confirmed the result" in confirmation
    # Confirmed: the scorers may no longer correct an entry on their own.
    assert "/correct" not in page


def test_a_confirmation_before_the_end_stores_nothing_and_says_why(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_everyone(client, played)
    page = html_of(client, f"/matches/{played}")
    assert "Confirm the result" not in page
    answer = post_form(client, f"/matches/{played}/confirmations", {"side": "toho", "key": "k"})
    assert answer.status_code == 422
    assert "the match has no result yet" in answer.get_data(as_text=True)
    assert lines(service, played, Confirmation) == []


def test_a_coach_disputes_the_result(
    client: FlaskClient, service: Touchline, finished: str
) -> None:
    become_everyone(client, finished)
    form = html_of(client, f"/matches/{finished}/result/dispute")
    assert 'name="on" value="result"' in form
    answer = dispute(client, finished, "result", "the last roll was a 6, not a 1")
    assert answer.status_code == 303
    (stored,) = lines(service, finished, Dispute)
    assert stored.on is None
    page = html_of(client, f"/matches/{finished}")
    assert "Result disputed: 1 open dispute" in page
    assert re.search(r"Dispute \d+</a>\s+of the result", page)
    replay = html_of(client, f"/matches/{finished}/replay")
    assert "the last roll was a 6, not a 1" in replay.split('id="timeline"')[1]


def test_the_pages_work_for_spectators_and_show_no_controls(
    client: FlaskClient, service: Touchline, finished: str
) -> None:
    service.dispute(finished, None, "the last roll was a 6", AUTHOR)
    page = html_of(client, f"/matches/{finished}")
    assert "Result disputed" in page and "Rule on" not in page and "Confirm the result" not in page
    assert client.get(f"/matches/{finished}/result/dispute").status_code == 403
    answer = client.post(
        f"/matches/{finished}/confirmations",
        data={"side": "toho", "csrf_token": csrf_token(client)},
    )
    assert answer.status_code == 403
    assert lines(service, finished, Confirmation) == []


# One finished golden match per game: a dispute of its result is ruled in that game's rules.
GAMES = {
    ruleset: (name, setup)
    for ruleset, name, setup, _, _ in reversed(CASES)
    if name
    in (
        "card_game/golden/full_match.txt",
        "king_of_the_pitch/golden/three_teams.txt",
        "tcg/golden/normal_time_match.txt",
    )
}


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_each_game_s_result_is_disputed_ruled_on_its_own_rules_and_confirmed(
    client: FlaskClient, service: Touchline, ruleset: str
) -> None:
    name, setup = GAMES[ruleset]
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    become_everyone(client, match_id)
    assert dispute(client, match_id, "result", "the last die was misread").status_code == 303
    number = lines(service, match_id, Dispute)[0].number
    page = html_of(client, f"/matches/{match_id}/disputes/{number}/ruling")
    prefix = find_ruleset(ruleset).rules_prefix
    digest = list(digest_of(find_ruleset(ruleset)))
    assert digest and all(rule.startswith(f"{prefix}-") for rule in digest)
    assert f'<option value="{digest[0]}">' in page
    # Another game's rule is refused; this game's is cited with its text.
    other = "KP-1.1" if prefix != "KP" else "CG-1.1"
    assert rule(client, match_id, number, decision="stands", rules=other).status_code == 400
    assert rule(client, match_id, number, decision="stands", rules=digest[0]).status_code == 303
    page = html_of(client, f"/matches/{match_id}")
    text = rule_text(find_ruleset(ruleset), digest[0])
    assert f'<strong class="rule-id">{digest[0]}</strong> {escape(text)}' in page
    for side in service.load_record(match_id).sides():
        post_form(client, f"/matches/{match_id}/confirmations", {"side": side, "key": side})
    assert "Result confirmed by" in html_of(client, f"/matches/{match_id}")
