"""The API's match endpoints: rulesets, list, create, read now and at a step, export, import,
and the OpenAPI document that describes them."""

from __future__ import annotations

import schemathesis
from flask import Flask
from flask.testing import FlaskClient

from tests.opening import OPENING
from tests.web.api_support import create, enter, organizer


def test_rulesets_list_every_game_with_its_kinds_of_entry(client: FlaskClient) -> None:
    answer = client.get("/api/rulesets")
    assert answer.status_code == 200
    by_name = {r["name"]: r for r in answer.get_json()}
    assert set(by_name) == {"card-game", "king-of-the-pitch", "tcg"}
    assert (
        by_name["card-game"]["rules_prefix"] == "CG" and "roll" in by_name["card-game"]["actions"]
    )


def test_creating_a_match_answers_201_with_its_state_and_the_scorer_link(
    client: FlaskClient,
) -> None:
    answer = create(client)
    assert answer.status_code == 201
    body = answer.get_json()
    match_id = body["match"]["id"]
    assert body["match"]["version"] == 1 and body["match"]["expected"]
    assert body["scorer_url"] == f"http://localhost/in/{body['scorer_token']}"
    assert body["links"]["entries"].endswith(f"/api/matches/{match_id}/entries")
    # The token is a scorer link of the new match: it writes to it.
    headers = {"Authorization": f"Bearer {body['scorer_token']}"}
    entry = {"text": OPENING[0], "by": "alice"}
    assert client.post(body["links"]["entries"], json=entry, headers=headers).status_code == 201


def test_a_setup_the_ruleset_refuses_is_400_and_creates_nothing(client: FlaskClient) -> None:
    answer = create(client, setup={"home": {"team": "Nankatsu"}})
    assert answer.status_code == 400 and "coach" in answer.get_json()["message"]
    assert client.get("/api/matches").get_json() == []


def test_a_body_missing_a_field_is_400_naming_it(client: FlaskClient) -> None:
    answer = client.post("/api/matches", json={"ruleset": "card-game", "setup": {}})
    assert answer.status_code == 400
    assert "by" in answer.get_json()["errors"]["json"]


def test_an_unknown_ruleset_is_400(client: FlaskClient) -> None:
    assert create(client, ruleset="chess").status_code == 400


def test_malformed_json_is_400(client: FlaskClient) -> None:
    answer = client.post("/api/matches", data="{nope", content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["status"] == 400


def test_a_body_that_is_not_json_is_400(client: FlaskClient) -> None:
    answer = client.post("/api/matches", data="ruleset=card-game", content_type="text/plain")
    assert answer.status_code == 400


def test_a_lone_surrogate_in_a_name_is_400_not_a_failure_to_store(client: FlaskClient) -> None:
    body = '{"ruleset": "card-game", "setup": {}, "by": "\\ud800"}'
    answer = client.post("/api/matches", data=body, content_type="application/json")
    assert answer.status_code == 400


def test_the_list_shows_each_match_once(client: FlaskClient, match_id: str) -> None:
    answer = client.get("/api/matches")
    assert [m["id"] for m in answer.get_json()] == [match_id]


def test_a_match_reads_by_full_id_or_unique_prefix(client: FlaskClient, match_id: str) -> None:
    full = client.get(f"/api/matches/{match_id}").get_json()
    assert client.get(f"/api/matches/{match_id[:6]}").get_json() == full
    assert full["status"] == "in progress" and full["log"] == []


def test_an_unknown_match_is_404_json(client: FlaskClient) -> None:
    answer = client.get("/api/matches/00000000-0000-0000-0000-000000000000")
    assert answer.status_code == 404 and answer.get_json()["error"] == "Not Found"


def test_a_step_shows_the_match_after_that_many_entries(client: FlaskClient, match_id: str) -> None:
    for line in OPENING[:3]:
        assert enter(client, match_id, line).status_code == 201
    answer = client.get(f"/api/matches/{match_id}/steps/2")
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["step"], body["total"], len(body["entries"])) == (2, 3, 2)
    assert body["entry"]["action"]["kind"] == "kickoff"


def test_a_step_out_of_range_is_400_either_side(client: FlaskClient, match_id: str) -> None:
    assert client.get(f"/api/matches/{match_id}/steps/1").status_code == 400
    assert client.get(f"/api/matches/{match_id}/steps/-1").status_code == 400


def test_export_is_a_match_file_attachment(client: FlaskClient, match_id: str) -> None:
    answer = client.get(f"/api/matches/{match_id}/export")
    assert answer.status_code == 200 and answer.mimetype == "text/plain"
    assert answer.headers["Content-Disposition"].startswith("attachment;")
    assert answer.get_data(as_text=True).startswith("# Touchline match file")


def test_export_then_import_gives_the_same_entries(client: FlaskClient, match_id: str) -> None:
    for line in OPENING:
        assert enter(client, match_id, line).status_code == 201
    exported = client.get(f"/api/matches/{match_id}/export").get_data()
    answer = client.post("/api/matches/import", data=exported, content_type="text/plain")
    assert answer.status_code == 201
    imported = answer.get_json()["match"]
    original = client.get(f"/api/matches/{match_id}").get_json()
    assert imported["id"] != match_id and answer.get_json()["scorer_token"]
    assert [line["action"] for line in imported["log"]] == [
        line["action"] for line in original["log"]
    ]
    assert imported["situation"] == original["situation"]


def test_import_takes_the_file_as_json_too(client: FlaskClient, match_id: str) -> None:
    exported = client.get(f"/api/matches/{match_id}/export").get_data(as_text=True)
    answer = client.post("/api/matches/import", json={"text": exported})
    assert answer.status_code == 201


def test_a_broken_file_is_400_naming_the_line_and_imports_nothing(
    client: FlaskClient, match_id: str
) -> None:
    enter(client, match_id, OPENING[0])
    exported = client.get(f"/api/matches/{match_id}/export").get_data(as_text=True)
    broken = exported.replace("toss winner=toho", "toss winner=hamburg")
    answer = client.post("/api/matches/import", data=broken, content_type="text/plain")
    assert answer.status_code == 400 and "line " in answer.get_json()["message"]
    assert len(client.get("/api/matches").get_json()) == 1


def test_import_into_a_league_that_does_not_exist_is_404(
    client: FlaskClient, match_id: str
) -> None:
    exported = client.get(f"/api/matches/{match_id}/export").get_data()
    answer = client.post(
        "/api/matches/import?league=Nowhere",
        data=exported,
        content_type="text/plain",
        headers=organizer("Nowhere"),
    )
    assert answer.status_code == 404 and "Nowhere" in answer.get_json()["message"]


def test_the_openapi_document_is_valid_and_declares_the_bearer_scheme(app: Flask) -> None:
    document = app.test_client().get("/api/openapi.json").get_json()
    schema = schemathesis.openapi.from_dict(document)
    schema.validate()
    assert document["components"]["securitySchemes"]["link"]["scheme"] == "bearer"
    entries = document["paths"]["/api/matches/{match_id}/entries"]["post"]
    assert {"400", "401", "403", "404", "409", "422"} <= set(entries["responses"])


def test_html_pages_keep_their_html_error_pages(client: FlaskClient) -> None:
    page = client.get("/no/such/page")
    assert page.status_code == 404 and page.mimetype == "text/html"
