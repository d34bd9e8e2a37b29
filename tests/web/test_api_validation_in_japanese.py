"""The JSON API's validation messages (marshmallow's, webargs' and our schemas') in the
request's language: the body keeps its shape, field names stay the keys they are, and the
English and the OpenAPI document are the same as ever."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
# A body with a missing field, a field of the wrong type, one too long, an unknown one, and a
# ruleset not among the choices.
BAD_MATCH = {"ruleset": "chess", "setup": [], "league": "x" * 81, "colour": "red"}


def errors(client: FlaskClient, headers: dict[str, str] | None = None) -> dict[str, Any]:
    answer = client.post("/api/matches", json=BAD_MATCH, headers=headers or {})
    assert answer.status_code == 400
    found: dict[str, Any] = answer.get_json()["errors"]["json"]
    return found


def test_a_japanese_reader_sees_each_field_s_message_in_japanese(client: FlaskClient) -> None:
    found = errors(client, JA)
    assert set(found) == {"by", "setup", "league", "ruleset", "colour"}
    assert found["by"] == ["必須の項目がありません。"]
    assert found["setup"] == ["オブジェクト（名前と値の組）ではありません。"]
    assert found["league"] == ["長さは 1 から 80 にしてください。"]
    assert found["colour"] == ["知らない項目です。"]
    [choices] = found["ruleset"]
    assert choices.startswith("次のどれかにしてください: ") and "card-game" in choices


def test_in_english_the_messages_are_marshmallow_s_own(client: FlaskClient) -> None:
    found = errors(client)
    assert found["by"] == ["Missing data for required field."]
    assert found["setup"] == ["Not a valid mapping type."]
    assert found["league"] == ["Length must be between 1 and 80."]
    assert found["colour"] == ["Unknown field."]
    assert found["ruleset"][0].startswith("Must be one of: ")


def test_our_schemas_own_messages_are_in_japanese_under_their_key(client: FlaskClient) -> None:
    answer = client.get("/api/links", headers=JA)
    assert answer.status_code in (400, 422)
    assert answer.get_json()["errors"]["query"]["league"] == ["リーグか試合を指定してください"]
    english = client.get("/api/links").get_json()["errors"]["query"]["league"]
    assert english == ["give a league or a match"]


def test_a_body_that_is_not_json_is_said_in_japanese(client: FlaskClient) -> None:
    answer = client.post("/api/matches", data="{nope", content_type="application/json", headers=JA)
    assert answer.get_json()["errors"] == {"json": ["本文が正しい JSON ではありません。"]}


def test_the_openapi_document_is_the_same_in_either_language(client: FlaskClient) -> None:
    english = client.get("/api/openapi.json").get_json()
    assert client.get("/api/openapi.json", headers=JA).get_json() == english
