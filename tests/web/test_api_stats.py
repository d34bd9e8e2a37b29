"""The statistics API: counts, a coach's and team's match history with records and
head-to-head, the dice by type, source and named die, and a die named with an entry."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did
from tests.web.api_support import enter

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
RULESET, FULL_MATCH, SETUP = CASES[0][:3]


def test_a_coach_s_history_record_and_head_to_head(client: FlaskClient, service: Touchline) -> None:
    for home, away, score in [("Ann", "Bea", (2, 1)), ("Bea", "Ann", (2, 0))]:
        setup = setup_for(home, away)
        record_all(service, finished_match(*score, sum(score), setup), setup)
    answer = client.get("/api/stats/coaches/ann")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["stats"]["name"] == "Ann" and body["stats"]["matches"] == 2
    (record,) = body["records"]
    assert (record["played"], record["won"], record["drawn"], record["lost"]) == (2, 1, 0, 1)
    assert record["win_rate"] == 0.5 and record["places"] == []
    assert body["head_to_head"] == [
        {"opponent": "Bea", "game": record["game"], "by_placing": False, "met": 2,
         "ahead": 1, "level": 0, "behind": 1}
    ]  # fmt: skip
    assert sorted(m["outcome"] for m in body["matches"]) == ["lost", "won"]
    for match in body["matches"]:
        assert client.get(match["url"]).status_code == 200
        assert match["opponents"][0]["coach"] == "Bea"
    assert client.get("/api/stats/teams/toho").get_json()["stats"]["name"] == "Toho"
    assert client.get("/api/stats/coaches/Nobody").status_code == 404


def test_a_game_of_placings_answers_placings(client: FlaskClient, service: Touchline) -> None:
    ruleset, name, setup = CASES[3][:3]
    match = service.create_match(ruleset, setup, ALICE)
    for line in golden_lines(name):
        record_as_the_table_did(service, match.id, parse_entry(ruleset, line), ALICE)
    body = client.get("/api/stats/coaches/Chen").get_json()
    (record,) = body["records"]
    assert record["by_placing"] and record["places"] == [[2, 1]] and record["win_rate"] is None
    (played,) = body["matches"]
    assert (played["outcome"], played["placing"]) == (None, "2nd of 3")


def test_players_exclude_match_cards(client: FlaskClient, service: Touchline) -> None:
    match = service.create_match(RULESET, SETUP, ALICE)
    for line in golden_lines(FULL_MATCH):
        record_as_the_table_did(service, match.id, parse_entry(RULESET, line), ALICE)
    assert client.get("/api/stats/players/Tsubasa%20Ozora").status_code == 200
    assert client.get("/api/stats/players/Foul").status_code == 404


def test_an_entry_names_its_die_and_the_dice_answer_by_source(
    client: FlaskClient, service: Touchline
) -> None:
    match = service.create_match(RULESET, SETUP, ALICE)
    lines = golden_lines(FULL_MATCH)
    for line in lines[: next(n for n, line in enumerate(lines) if line.startswith("roll"))]:
        record_as_the_table_did(service, match.id, parse_entry(RULESET, line), ALICE)
    refused = enter(client, match.id, "roll nankatsu 5", die_label="red\u202ed6")
    assert refused.status_code == 400
    assert "the die's label" in str(refused.get_json())
    empty = enter(client, match.id, "roll nankatsu 5", die_label="")
    assert empty.status_code == 400 and "die_label" in str(empty.get_json())
    written = enter(client, match.id, "roll nankatsu 5", die_label="red d6")
    assert written.status_code == 201, written.get_json()
    assert written.get_json()["entry"]["die_label"] == "red d6"
    enter(client, match.id, "roll toho ?")
    body = client.get("/api/stats/dice").get_json()
    assert body["coach"] is None and body["by_type"][0]["rolls"] == 2
    assert [(d["source"], d["die"], d["fairness"]["rolls"]) for d in body["by_source"]] == [
        ("table", "red d6", 1),
        ("app", "", 1),
    ]
    assert body["by_source"][0]["fairness"]["counts"] == [0, 0, 0, 0, 1, 0]
    alice = client.get("/api/stats/dice?coach=ALICE").get_json()
    assert alice["by_source"][0]["die"] == "red d6"
    assert client.get("/api/stats/dice?coach=Nobody").status_code == 404
