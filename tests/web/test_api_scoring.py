"""Writing to a match through the API: the scorer token, rules refusals with their rule IDs,
stale versions, idempotency keys, undo, annotations and abandonment. A refused request stores
nothing."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.opening import OPENING
from tests.web.api_support import create, enter, scorer, version


def test_an_entry_in_the_notation_is_recorded_with_201(client: FlaskClient, match_id: str) -> None:
    answer = enter(client, match_id, OPENING[0])
    assert answer.status_code == 201
    body = answer.get_json()
    assert body["entry"]["action"] == {"kind": "toss", "winner": "toho", "source": "table"}
    assert body["version"] == 2 and body["entry"]["device"] == "api"


def test_an_entry_as_a_json_action_is_recorded(client: FlaskClient, match_id: str) -> None:
    body = {"action": {"kind": "toss", "winner": "toho"}, "by": "alice"}
    answer = client.post(f"/api/matches/{match_id}/entries", json=body, headers=scorer(match_id))
    assert answer.status_code == 201 and answer.get_json()["entry"]["number"] == 1


def test_a_side_in_another_case_is_the_same_side_in_the_notation_and_as_json(
    client: FlaskClient, match_id: str
) -> None:
    answer = enter(client, match_id, "Toss winner=Toho")
    assert answer.status_code == 201
    assert answer.get_json()["entry"]["action"]["winner"] == "toho"
    body = {"action": {"kind": "kickoff", "coach": "TOHO"}, "by": "alice"}
    answer = client.post(f"/api/matches/{match_id}/entries", json=body, headers=scorer(match_id))
    assert answer.status_code == 201
    assert answer.get_json()["entry"]["action"]["coach"] == "toho"


def test_a_value_written_as_a_question_mark_is_rolled_by_the_app(
    client: FlaskClient, match_id: str
) -> None:
    answer = enter(client, match_id, "toss winner=?")
    assert answer.status_code == 201
    assert answer.get_json()["entry"]["action"]["source"] == "app"


def test_writing_without_a_token_is_401_with_a_bearer_challenge(
    client: FlaskClient, match_id: str
) -> None:
    answer = client.post(f"/api/matches/{match_id}/entries", json={"text": "x", "by": "a"})
    assert answer.status_code == 401 and answer.headers["WWW-Authenticate"].startswith("Bearer")
    assert version(client, match_id) == 1


def test_writing_with_another_matchs_token_is_403(client: FlaskClient, match_id: str) -> None:
    other = scorer(create(client).get_json()["match"]["id"])
    answer = client.post(
        f"/api/matches/{match_id}/entries", json={"text": OPENING[0], "by": "a"}, headers=other
    )
    assert answer.status_code == 403 and version(client, match_id) == 1


def test_writing_to_an_unknown_match_is_404(client: FlaskClient) -> None:
    unknown = "00000000-0000-0000-0000-000000000000"
    answer = client.post(
        f"/api/matches/{unknown}/entries",
        json={"text": "x", "by": "a"},
        headers={"Authorization": "Bearer any-token"},
    )
    assert answer.status_code == 404


def test_an_entry_out_of_turn_is_422_with_its_rule_id_and_stores_nothing(
    client: FlaskClient, match_id: str
) -> None:
    answer = enter(client, match_id, "kickoff coach=toho")
    assert answer.status_code == 422
    violations = answer.get_json()["violations"]
    assert [v["rule"] for v in violations] == ["CG-3.1"]
    assert version(client, match_id) == 1


def test_a_stale_expected_version_is_409_with_the_current_version(
    client: FlaskClient, match_id: str
) -> None:
    enter(client, match_id, OPENING[0])
    answer = enter(client, match_id, OPENING[1], expected_version=1)
    assert answer.status_code == 409 and answer.get_json()["current_version"] == 2
    assert version(client, match_id) == 2


def test_the_right_expected_version_is_accepted(client: FlaskClient, match_id: str) -> None:
    assert enter(client, match_id, OPENING[0], expected_version=1).status_code == 201


def test_a_repeated_idempotency_key_answers_200_and_stores_nothing_new(
    client: FlaskClient, match_id: str
) -> None:
    first = enter(client, match_id, "toss winner=?", key="k-1")
    again = enter(client, match_id, "toss winner=?", key="k-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.get_json()["entry"] == first.get_json()["entry"]
    assert version(client, match_id) == 2


def test_an_entry_needs_exactly_one_of_action_and_text(client: FlaskClient, match_id: str) -> None:
    both = {"text": OPENING[0], "action": {"kind": "toss"}, "by": "a"}
    neither = {"by": "a"}
    for body in (both, neither):
        answer = client.post(
            f"/api/matches/{match_id}/entries", json=body, headers=scorer(match_id)
        )
        assert answer.status_code == 400


def test_malformed_json_on_a_write_is_400(client: FlaskClient, match_id: str) -> None:
    answer = client.post(
        f"/api/matches/{match_id}/entries",
        data="{not json",
        content_type="application/json",
        headers=scorer(match_id),
    )
    assert answer.status_code == 400 and answer.get_json()["errors"]


def test_an_unreadable_line_is_400(client: FlaskClient, match_id: str) -> None:
    assert enter(client, match_id, "juggle toho").status_code == 400


def test_undo_retracts_the_latest_entry(client: FlaskClient, match_id: str) -> None:
    enter(client, match_id, OPENING[0])
    answer = client.post(
        f"/api/matches/{match_id}/undo", json={"by": "alice"}, headers=scorer(match_id)
    )
    assert answer.status_code == 201
    assert answer.get_json()["entry"]["retracts"] == 1 and answer.get_json()["version"] == 3


def test_undo_with_nothing_to_undo_is_422(client: FlaskClient, match_id: str) -> None:
    answer = client.post(
        f"/api/matches/{match_id}/undo", json={"by": "alice"}, headers=scorer(match_id)
    )
    assert answer.status_code == 422 and version(client, match_id) == 1


def test_an_annotation_on_the_kick_off_is_201(client: FlaskClient, match_id: str) -> None:
    body = {"on": 0, "text": "Played in the club house", "by": "bob"}
    answer = client.post(
        f"/api/matches/{match_id}/annotations", json=body, headers=scorer(match_id)
    )
    assert answer.status_code == 201 and answer.get_json()["entry"]["type"] == "annotation"


def test_an_annotation_on_a_missing_entry_is_400(client: FlaskClient, match_id: str) -> None:
    body = {"on": 7, "text": "?", "by": "bob"}
    answer = client.post(
        f"/api/matches/{match_id}/annotations", json=body, headers=scorer(match_id)
    )
    assert answer.status_code == 400 and version(client, match_id) == 1


def test_an_abandoned_match_takes_no_more_entries(client: FlaskClient, match_id: str) -> None:
    answer = client.post(
        f"/api/matches/{match_id}/abandon",
        json={"by": "alice", "reason": "the café closed"},
        headers=scorer(match_id),
    )
    assert answer.status_code == 201 and answer.get_json()["entry"]["type"] == "abandonment"
    assert enter(client, match_id, OPENING[0]).status_code == 400
    assert client.get(f"/api/matches/{match_id}").get_json()["status"] == "abandoned"


def test_abandoning_needs_a_reason(client: FlaskClient, match_id: str) -> None:
    answer = client.post(
        f"/api/matches/{match_id}/abandon", json={"by": "alice"}, headers=scorer(match_id)
    )
    assert answer.status_code == 400


def test_writes_need_no_csrf_token(client: FlaskClient, match_id: str) -> None:
    # The app checks CSRF on forms; the API authenticates by bearer token instead.
    assert enter(client, match_id, OPENING[0]).status_code == 201
