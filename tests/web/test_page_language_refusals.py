"""The web app's and the API's refusals in the reader's language (Accept-Language, or the
switch): a mistyped entry and its did-you-mean, an idempotency key sent again with another
entry, a link that cannot be issued, a step the match does not have and a setup's problems;
English as before."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.links import bearer
from tests.web.api_support import enter, scorer
from tests.web.conftest import become_scorer, post_form
from tests.web.test_home import CARD_GAME

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}


def test_a_mistyped_entry_and_its_did_you_mean_through_the_api(
    client: FlaskClient, match_id: str
) -> None:
    body = {"text": "toss winner=tohp", "by": "alice"}
    answer = client.post(
        f"/api/matches/{match_id}/entries", json=body, headers={**JA, **scorer(match_id)}
    )
    assert answer.status_code == 400
    assert answer.get_json()["message"] == (
        "toss: winner は nankatsu、toho のいずれかです。'tohp' ではありません"
        "（toho のことですか？）"
    )
    english = enter(client, match_id, "toss winner=tohp").get_json()["message"]
    assert english == "toss: winner must be one of nankatsu, toho, not 'tohp' (did you mean toho?)"
    unread = client.post(
        f"/api/matches/{match_id}/entries",
        json={"text": "toss 'toho", "by": "alice"},
        headers={**JA, **scorer(match_id)},
    )
    assert unread.get_json()["message"] == (
        "\"toss 'toho\" を読めません: 引用符が閉じていません（6 文字目の '）"
    )
    assert client.get(f"/api/matches/{match_id}").get_json()["log"] == []


def test_a_mistyped_entry_on_the_entry_form(client: FlaskClient, match_id: str) -> None:
    become_scorer(client, match_id)
    client.get("/language/ja")
    refused = post_form(
        client,
        f"/matches/{match_id}/entries",
        {"kind": "toss", "winner": "tohp", "expected_version": "1", "key": "k1"},
    )
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "toss: winner は nankatsu、toho のいずれかです。&#39;tohp&#39; ではありません" in page
    assert "（toho のことですか？）" in page
    client.get("/language/en")
    english = post_form(
        client,
        f"/matches/{match_id}/entries",
        {"kind": "toss", "winner": "tohp", "expected_version": "1", "key": "k2"},
    )
    assert "must be one of nankatsu, toho, not &#39;tohp&#39; (did you mean toho?)" in (
        english.get_data(as_text=True)
    )


def test_an_idempotency_key_sent_again_with_another_entry(
    client: FlaskClient, match_id: str
) -> None:
    assert enter(client, match_id, "toss toho", key="K1").status_code == 201
    again = client.post(
        f"/api/matches/{match_id}/entries",
        json={"text": "toss nankatsu", "by": "alice", "key": "K1"},
        headers={**JA, **scorer(match_id)},
    )
    assert again.status_code == 422
    assert again.get_json()["message"] == (
        "再送キー 'K1' は 1 行目（toss の記録）に使われています: "
        "別の内容を送るには新しいキーが必要です"
    )
    english = enter(client, match_id, "toss nankatsu", key="K1").get_json()["message"]
    assert english == (
        "the idempotency key 'K1' was used for line 1 (a toss entry): "
        "a different request needs a new key"
    )


def test_a_link_that_cannot_be_issued(client: FlaskClient) -> None:
    created = client.post(
        "/api/matches",
        json={
            "ruleset": "card-game",
            "setup": {
                "home": {"team": "nankatsu", "coach": "Alice"},
                "away": {"team": "toho", "coach": "Bob"},
            },
            "by": "Sam",
        },
    ).get_json()
    match, scorer_link = created["match"]["id"], bearer(created["scorer_token"])
    body = {"role": "coach", "match": match, "side": "milan", "person": "Bob"}
    answer = client.post("/api/links", json=body, headers={**JA, **scorer_link})
    assert answer.status_code == 400
    assert answer.get_json()["message"] == (
        "この試合に 'milan' というチームはありません（チーム: nankatsu、toho）"
    )
    english = client.post("/api/links", json=body, headers=scorer_link).get_json()["message"]
    assert english == "no side 'milan' in this match (sides: nankatsu, toho)"


def test_a_step_the_match_does_not_have(client: FlaskClient, match_id: str) -> None:
    answer = client.get(f"/api/matches/{match_id}/steps/9", headers=JA)
    assert answer.status_code == 400
    assert answer.get_json()["message"] == (
        "ステップ 9 は範囲外です: この試合のステップは 0 から 0 までです"
    )
    english = client.get(f"/api/matches/{match_id}/steps/9").get_json()["message"]
    assert english == "step 9 is out of range: this match has steps 0 to 0"


def test_a_setup_s_problems_on_the_new_match_form(client: FlaskClient) -> None:
    data = {**CARD_GAME, "cg-away-team": "Nankatsu", "cg-away-coach": "", "cg-bank-cap": "0"}
    client.get("/language/ja")
    refused = post_form(client, "/matches/new", data)
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "両方の席が 南葛 になっています" in page
    assert "away: コーチの名前が必要です" in page
    assert "bank-cap は 1 以上の整数か &#39;none&#39; で指定してください（0 ではなく）" in page
    client.get("/language/en")
    english = post_form(client, "/matches/new", data).get_data(as_text=True)
    assert "both seats name Nankatsu: one coach plays Nankatsu, the other Toho" in english
    assert "away: the coach needs a name" in english


def test_a_setup_s_problems_through_the_api(client: FlaskClient) -> None:
    setup = {"home": {"team": "nankatsu", "coach": "Alice"}, "away": {"team": "東邦"}}
    body = {"ruleset": "card-game", "setup": {**setup, "settings": {"bank-cap": 0}}, "by": "a"}
    answer = client.post("/api/matches", json=body, headers=JA)
    assert answer.status_code == 400
    assert answer.get_json()["message"] == (
        "away: コーチの名前が必要です。bank-cap は 1 以上の整数か 'none' で指定してください"
        "（0 ではなく）"
    )
    english = client.post("/api/matches", json=body).get_json()["message"]
    assert english == (
        "away: the coach needs a name; bank-cap must be a whole number of at least 1 or 'none', "
        "not 0"
    )
