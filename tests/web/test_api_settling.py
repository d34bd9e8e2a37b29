"""Disputes, rulings, corrections and confirmations through the API: each happy path, each
refusal with its status (and nothing stored), idempotency keys, the 422 that lists the entries
a correction makes illegal, and a corrected goal followed by the score, the standings and the
statistics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.links import bearer, role_token
from tests.opening import OPENING
from tests.service.projections.pj_helpers import record_all
from tests.service.test_card_lists import TWO_PLAYS
from tests.web.api_support import enter, scorer, version

LEAGUE = "Spring Cup 2027"
GOLDEN = Path(__file__).parent.parent / "domain" / "card_game" / "golden" / "first_match.txt"
# The rulebook's first match, which Toho (Bob) win 2-1.
FIRST_MATCH = {
    "home": {"team": "Toho", "coach": "Bob"},
    "away": {"team": "Nankatsu", "coach": "Alice"},
    "variant": "first-match",
}


@pytest.fixture
def opened(client: FlaskClient, match_id: str) -> str:
    """The shared opening: Toho score with entry 11 (roll 5 against 2)."""
    for line in OPENING:
        assert enter(client, match_id, line).status_code == 201
    return match_id


@pytest.fixture
def finished(service: Touchline) -> str:
    """The rulebook's first match, played to its end in the league: Toho win 2-1."""
    service.create_league(LEAGUE, "card-game", Author("org", "2026-11-29T20:00:00+00:00"))
    lines = [line for line in GOLDEN.read_text().splitlines() if line and line[0] != "#"]
    actions = [parse_entry("card-game", line) for line in lines]
    return str(record_all(service, actions, FIRST_MATCH, league=LEAGUE).id)


def post(client: FlaskClient, match_id: str, what: str, **body: Any) -> Any:
    """As the role that may: a referee rules, a coach confirms their side, a scorer the rest."""
    if what == "rulings":
        headers = bearer(role_token("referee", match_id))
    elif what == "confirmations" and isinstance(body.get("side"), str):
        headers = bearer(role_token("coach", match_id, body["side"]))
    else:
        headers = scorer(match_id)
    return client.post(
        f"/api/matches/{match_id}/{what}", json={"by": "alice", **body}, headers=headers
    )


def match(client: FlaskClient, match_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/matches/{match_id}").get_json()
    return answer


def refused(client: FlaskClient, match_id: str, status: int, what: str, **body: Any) -> Any:
    """Post a request that must be refused with `status`, and check it stored nothing."""
    before = version(client, match_id)
    answer = post(client, match_id, what, **body)
    assert answer.status_code == status, answer.get_json()
    assert version(client, match_id) == before
    return answer.get_json()


# -- disputes -------------------------------------------------------------------------------


def test_a_dispute_is_written_and_open(client: FlaskClient, opened: str) -> None:
    answer = post(client, opened, "disputes", on=10, reason="the die rolled off", by="bob")
    assert answer.status_code == 201
    line = answer.get_json()["entry"]
    assert (line["type"], line["on"], line["reason"], line["by"]) == (
        "dispute",
        10,
        "the die rolled off",
        "bob",
    )
    assert answer.get_json()["version"] == 13
    status = match(client, opened)["result_status"]
    assert status == {
        "state": "in-play",
        "confirmed_by": [],
        "awaiting": ["nankatsu", "toho"],
        "open_disputes": [12],
    }


def test_a_dispute_on_no_entry_or_with_no_reason_is_refused(
    client: FlaskClient, opened: str
) -> None:
    body = refused(client, opened, 400, "disputes", on=99, reason="x")
    assert body["message"] == "line 99 is not an entry of this match"
    body = refused(client, opened, 400, "disputes", on=None, reason="x")
    assert "no result yet" in body["message"]
    refused(client, opened, 400, "disputes", on=10, reason="")
    refused(client, opened, 400, "disputes", on=0, reason="x")
    refused(client, opened, 400, "disputes", reason="x")


def test_settling_needs_a_valid_link(client: FlaskClient, opened: str) -> None:
    for what, body in [
        ("disputes", {"on": 10, "reason": "x"}),
        ("rulings", {"dispute": 12, "decision": "stands", "rules": ["CG-5.4"]}),
        ("corrections", {"replaces": 10, "text": "roll toho 1", "reason": "x"}),
        ("confirmations", {"side": "toho"}),
    ]:
        answer = client.post(f"/api/matches/{opened}/{what}", json={"by": "eve", **body})
        assert answer.status_code == 401, what
        wrong = {"Authorization": "Bearer not-the-token"}
        answer = client.post(
            f"/api/matches/{opened}/{what}", json={"by": "eve", **body}, headers=wrong
        )
        assert answer.status_code == 401, what
    assert version(client, opened) == 12


def test_a_retried_dispute_is_written_once(client: FlaskClient, opened: str) -> None:
    first = post(client, opened, "disputes", on=10, reason="off the table", key="d1")
    again = post(client, opened, "disputes", on=10, reason="off the table", key="d1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json()
    body = refused(client, opened, 422, "disputes", on=9, reason="x", key="d1")
    assert "the idempotency key 'd1' was used for line 12" in body["message"]


# -- rulings --------------------------------------------------------------------------------


def test_a_ruling_that_corrects_writes_the_correction_and_cites_the_rule_text(
    client: FlaskClient, opened: str
) -> None:
    assert post(client, opened, "disputes", on=10, reason="off the table").status_code == 201
    answer = post(
        client,
        opened,
        "rulings",
        dispute=12,
        decision="corrected",
        rules=["cg-5.4"],
        text="a die off the table is rolled again",
        correction={"replaces": 10, "text": "roll toho 1"},
        by="rita",
    )
    assert answer.status_code == 201, answer.get_json()
    ruling = answer.get_json()["entry"]
    assert (ruling["type"], ruling["decision"], ruling["rules"], ruling["correction"]) == (
        "ruling",
        "corrected",
        ["CG-5.4"],
        13,
    )
    log = match(client, opened)["log"]
    correction = log[12]
    assert correction["type"] == "correction" and correction["replaces"] == 10
    assert correction["action"] == {"kind": "roll", "coach": "toho", "value": 1, "source": "table"}
    assert correction["reason"] == "a die off the table is rolled again"
    assert (correction["dispute"], correction["rules"]) == (12, ["CG-5.4"])
    assert log[9]["corrected_by"] == 13
    assert log[13]["cited"] == [
        {"rule": "CG-5.4", "text": "Both roll their die simultaneously and add it."}
    ]
    assert match(client, opened)["result_status"]["open_disputes"] == []


def test_a_ruling_names_an_unknown_rule_and_a_closed_dispute(
    client: FlaskClient, opened: str
) -> None:
    assert post(client, opened, "disputes", on=5, reason="Hyuga's shot is 4").status_code == 201
    stands = {"dispute": 12, "decision": "stands"}
    body = refused(client, opened, 400, "rulings", **stands, rules=["CG-1.3", "CG-99.1"])
    assert "'CG-99.1' is not a rule of Captain Tsubasa" in body["message"]
    refused(client, opened, 400, "rulings", **stands, rules=[])
    refused(client, opened, 400, "rulings", dispute=12, decision="maybe", rules=["CG-1.3"])
    body = refused(client, opened, 400, "rulings", dispute=5, decision="stands", rules=["CG-1.3"])
    assert body["message"] == "line 5 is not a dispute of this match"
    assert post(client, opened, "rulings", **stands, rules=["CG-1.3"]).status_code == 201
    body = refused(client, opened, 400, "rulings", **stands, rules=["CG-1.3"])
    assert body["message"] == "dispute 12 was already ruled on"


def test_a_ruling_to_replay_takes_the_entries_out(client: FlaskClient, opened: str) -> None:
    assert post(client, opened, "disputes", on=9, reason="a pass was declared").status_code == 201
    answer = post(
        client, opened, "rulings", dispute=12, decision="replay", rules=["CG-5.2"], replay_from=9
    )
    assert answer.status_code == 201
    assert answer.get_json()["entry"]["replayed"] == [9, 10, 11]
    data = match(client, opened)
    assert [line["retracted"] for line in data["log"][8:11]] == [True, True, True]
    assert data["situation"]["score"] == {"nankatsu": 0, "toho": 0}


def test_a_ruling_is_written_once_under_its_key(client: FlaskClient, opened: str) -> None:
    assert post(client, opened, "disputes", on=5, reason="x").status_code == 201
    body = {"dispute": 12, "decision": "stands", "rules": ["CG-1.3"], "key": "r1"}
    first, again = post(client, opened, "rulings", **body), post(client, opened, "rulings", **body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json() == first.get_json()


# -- corrections ----------------------------------------------------------------------------


def test_a_correction_that_needs_decisions_lists_the_entries_and_stores_nothing(
    client: FlaskClient, opened: str
) -> None:
    correction = {"replaces": 2, "text": "kickoff nankatsu", "reason": "misread"}
    body = refused(client, opened, 422, "corrections", **correction)
    illegal = {entry["number"]: entry for entry in body["illegal"]}
    assert sorted(illegal) == [3, 5, 9, 10, 11]
    assert illegal[3]["kind"] == "draft" and illegal[3]["keepable"] is True
    assert [v["rule"] for v in illegal[3]["violations"]] == ["CG-4.2"]
    assert illegal[9]["keepable"] is False
    assert illegal[9]["violations"][0] == {
        "rule": "CG-5.2",
        "message": "only the Attacking Coach (Nankatsu) declares.",
        "overridable": False,
    }
    # The same request through a referee's ruling needs the same decisions.
    assert post(client, opened, "disputes", on=2, reason="Nankatsu kicked off").status_code == 201
    ruling = {"dispute": 12, "decision": "corrected", "rules": ["CG-3.2"]}
    body = refused(
        client,
        opened,
        422,
        "rulings",
        **ruling,
        correction={"replaces": 2, "text": "kickoff nankatsu"},
    )
    assert sorted(entry["number"] for entry in body["illegal"]) == [3, 5, 9, 10, 11]

    decisions = {"3": "keep", "5": "keep", "9": "withdraw", "10": "withdraw", "11": "withdraw"}
    body = refused(
        client, opened, 400, "corrections", **correction, decisions={**decisions, "9": "keep"}
    )
    assert "entry 9 cannot be kept" in body["message"]
    answer = post(client, opened, "corrections", **correction, decisions=decisions, key="c1")
    assert answer.status_code == 201, answer.get_json()
    written = answer.get_json()["entry"]
    assert (written["kept"], written["withdrawn"]) == ([3, 5], [9, 10, 11])
    again = post(client, opened, "corrections", **correction, decisions=decisions, key="c1")
    assert again.status_code == 200 and again.get_json() == answer.get_json()
    log = match(client, opened)["log"]
    assert (log[2]["override"], log[2]["violations"][0]["rule"]) == ("misread", "CG-4.2")


def test_a_correction_is_refused_when_it_breaks_a_rule_or_changes_nothing(
    client: FlaskClient, opened: str
) -> None:
    body = refused(
        client, opened, 422, "corrections", replaces=3, text="draft toho pitch", reason="x"
    )
    assert [v["rule"] for v in body["violations"]] == ["CG-4.2"]
    body = refused(client, opened, 400, "corrections", replaces=10, text="roll toho 5", reason="x")
    assert body["message"] == "entry 10 already records exactly this"
    refused(client, opened, 400, "corrections", replaces=99, text="roll toho 5", reason="x")
    refused(client, opened, 400, "corrections", replaces=10, text="roll toho 5")
    refused(
        client,
        opened,
        400,
        "corrections",
        replaces=10,
        text="roll toho 1",
        action={"kind": "roll", "coach": "toho", "value": 1},
        reason="x",
    )
    body = refused(
        client,
        opened,
        409,
        "corrections",
        replaces=10,
        text="roll toho 1",
        reason="x",
        expected_version=3,
    )
    assert body["current_version"] == 12


def test_a_corrected_goal_changes_the_score_the_standings_and_the_statistics(
    client: FlaskClient, service: Touchline, finished: str
) -> None:
    assert service.coach_stats("Alice").counts["goals"] == 1
    before = client.get(f"/api/leagues/{LEAGUE}/standings").get_json()["standings"]
    assert [(r["competitor"], r["goals_for"], r["goals_against"]) for r in before] == [
        ("Bob", 2, 1),
        ("Alice", 1, 2),
    ]
    # Nankatsu's die showed 1, not 6: the shot that scored never reached the keeper.
    correction = {"replaces": 30, "text": "roll nankatsu 1", "reason": "misread die"}
    body = refused(client, finished, 422, "corrections", **correction)
    assert [(e["number"], e["kind"], e["keepable"]) for e in body["illegal"]] == [
        (32, "save", False)
    ]
    answer = post(client, finished, "corrections", **correction, decisions={"32": "withdraw"})
    assert answer.status_code == 201, answer.get_json()

    data = match(client, finished)
    assert data["situation"]["score"] == {"nankatsu": 0, "toho": 2}
    assert data["result"]["summary"] == "Toho win 2–0."
    after = client.get(f"/api/leagues/{LEAGUE}/standings").get_json()["standings"]
    assert [(r["competitor"], r["goals_for"], r["goals_against"]) for r in after] == [
        ("Bob", 2, 0),
        ("Alice", 0, 2),
    ]
    assert service.coach_stats("Alice").counts.get("goals", 0) == 0


# -- confirmations --------------------------------------------------------------------------


def test_confirming_before_the_end_is_refused(client: FlaskClient, opened: str) -> None:
    body = refused(client, opened, 422, "confirmations", side="toho")
    assert "the match has no result yet" in body["message"]


def test_each_side_confirms_then_a_scorer_correction_is_a_conflict(
    client: FlaskClient, finished: str
) -> None:
    assert match(client, finished)["result_status"]["state"] == "unconfirmed"
    # No link confirms a side the match does not have: a coach's link is for its own side.
    before = version(client, finished)
    coach = bearer(role_token("coach", finished, "toho"))
    answer = client.post(
        f"/api/matches/{finished}/confirmations",
        json={"side": "juventus", "by": "x"},
        headers=coach,
    )
    assert answer.status_code == 403 and version(client, finished) == before
    first = post(client, finished, "confirmations", side="toho", by="bob")
    assert first.status_code == 201
    line = first.get_json()["entry"]
    assert (line["type"], line["side"], line["result"]["summary"]) == (
        "confirmation",
        "toho",
        "Toho win 2–1.",
    )
    again = post(client, finished, "confirmations", side="toho", by="bob")
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert post(client, finished, "confirmations", side="nankatsu").status_code == 201
    assert match(client, finished)["result_status"] == {
        "state": "confirmed",
        "confirmed_by": ["toho", "nankatsu"],
        "awaiting": [],
        "open_disputes": [],
    }
    correction = {"replaces": 30, "text": "roll nankatsu 1", "reason": "misread"}
    body = refused(client, finished, 409, "corrections", **correction, decisions={"32": "withdraw"})
    assert "only a referee's ruling may correct it now" in body["message"]


def test_a_referees_plain_correction_of_a_confirmed_result_says_to_rule_on_a_dispute(
    client: FlaskClient, finished: str
) -> None:
    """docs/disputes.md: once every coach confirmed, only a referee's ruling on a dispute may
    correct; a referee's plain correction is a conflict whose answer says why and what to do
    instead, in the reader's language."""
    for side, coach in (("toho", "bob"), ("nankatsu", "alice")):
        assert post(client, finished, "confirmations", side=side, by=coach).status_code == 201
    correction = {"replaces": 30, "text": "roll nankatsu 1", "reason": "misread", "by": "ref"}
    referee = bearer(role_token("referee", finished))
    before = version(client, finished)
    said = {}
    for language, headers in (("en", {}), ("ja", {"Accept-Language": "ja"})):
        answer = client.post(
            f"/api/matches/{finished}/corrections",
            json={**correction, "decisions": {"32": "withdraw"}},
            headers={**referee, **headers},
        )
        assert answer.status_code == 409, answer.get_json()
        said[language] = answer.get_json()["message"]
    assert version(client, finished) == before
    assert said["en"] == (
        "every coach confirmed the result: only a referee's ruling may correct it now; a coach "
        "or the scorer disputes the entry, then a referee rules it corrected"
    )
    assert said["ja"] == (
        "コーチ全員が結果を確定しました。今後これを訂正できるのは審判の裁定だけです。"
        "コーチか記録係がこの記録に異議を出し、審判が訂正の裁定をしてください"
    )


# -- the match file -------------------------------------------------------------------------


def test_a_settled_match_exports_and_imports_equal(client: FlaskClient, opened: str) -> None:
    for what, body in [
        ("disputes", {"on": 10, "reason": "off the table"}),
        (
            "rulings",
            {
                "dispute": 12,
                "decision": "corrected",
                "rules": ["CG-5.4"],
                "correction": {"replaces": 10, "text": "roll toho 1"},
            },
        ),
        (
            "corrections",
            {
                "replaces": 2,
                "action": {"kind": "kickoff", "coach": "nankatsu"},
                "reason": "misread",
                "decisions": {
                    "3": "keep",
                    "5": "keep",
                    "9": "withdraw",
                    "11": "withdraw",
                    "13": "withdraw",
                },
            },
        ),
        ("disputes", {"on": 4, "reason": "drafted from the pitch"}),
        ("rulings", {"dispute": 16, "decision": "stands", "rules": ["CG-4.2"], "key": "r1"}),
    ]:
        answer = post(client, opened, what, **body)
        assert answer.status_code == 201, answer.get_json()
    text = client.get(f"/api/matches/{opened}/export").get_data(as_text=True)
    imported = client.post("/api/matches/import", data=text, content_type="text/plain")
    assert imported.status_code == 201, imported.get_json()
    copy = imported.get_json()["match"]
    original = match(client, opened)
    assert copy["log"] == original["log"]
    assert copy["result_status"] == original["result_status"]


def test_cg_1_3_a_correction_of_a_cards_first_play_lists_its_later_plays(
    client: FlaskClient, match_id: str
) -> None:
    """CG-1.3: Hyuga printed Shot 4, not 3, at his first play: his second play (entry 14),
    typed 3 1 0, now breaks CG-1.3 against the corrected values, naming the card."""
    for line in TWO_PLAYS:
        assert enter(client, match_id, line).status_code == 201
    # The first play taught the installation's list Shot 3, which stands: hence the override.
    correction = {
        "replaces": 5,
        "text": "play toho 'Kojiro Hyuga' 4 1 0",
        "reason": "misread",
        "override": "the card says 4",
    }
    body = refused(client, match_id, 422, "corrections", **correction)
    (illegal,) = body["illegal"]
    assert illegal["number"] == 14 and illegal["keepable"] is True
    (violation,) = illegal["violations"]
    assert violation["rule"] == "CG-1.3"
    assert violation["message"].startswith("Kojiro Hyuga prints Shot 4, Pass 1, Defense 0")
    answer = post(client, match_id, "corrections", **correction, decisions={"14": "keep"})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["entry"]["kept"] == [14]


def test_a_corrected_roll_keeps_its_die_unless_the_body_names_another(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for number, line in enumerate(OPENING, start=1):
        body = {"text": line, "die_label": "red d6"} if number == 10 else {"text": line}
        answer = client.post(
            f"/api/matches/{match_id}/entries",
            json={"by": "alice", **body},
            headers=scorer(match_id),
        )
        assert answer.status_code == 201, answer.get_json()
    correction = {"replaces": 10, "text": "roll toho 1", "reason": "misread"}
    answer = post(client, match_id, "corrections", **correction)
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["entry"]["die_label"] == "red d6"
    correction = {"replaces": 12, "text": "roll toho 2", "reason": "again", "die_label": "blue"}
    assert (
        post(client, match_id, "corrections", **correction).get_json()["entry"]["die_label"]
        == "blue"
    )
    correction = {"replaces": 13, "text": "roll toho 3", "reason": "again", "die_label": ""}
    assert (
        post(client, match_id, "corrections", **correction).get_json()["entry"]["die_label"] is None
    )
