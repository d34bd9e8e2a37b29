"""The pages in Japanese: chosen by the switch on every page (remembered in a cookie), else by
the browser's Accept-Language, else English; the page says its language and every answer says
what it varied by. The JSON API keeps its fields and codes and words its messages the same way.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.opening import OPENING
from tests.web.api_support import enter, scorer
from tests.web.conftest import become_scorer, post_form

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', page)
    assert found, page[:200]
    return found.group(1)


def test_english_is_the_default(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert html_lang(page) == "en"
    assert ">New match</a>" in page and "新しい試合" not in page


@pytest.mark.parametrize(
    "header", ["ja", "ja-JP", "fr-CA, ja;q=0.8, en;q=0.5", "JA-jp;q=0.9, de;q=0.1"]
)
def test_the_browser_s_accept_language_chooses_japanese(client: FlaskClient, header: str) -> None:
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert html_lang(page) == "ja"
    assert ">新しい試合</a>" in page and ">リーグ</a>" in page


def test_a_language_touchline_does_not_speak_falls_back_to_english(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "de, fr;q=0.5"}).get_data(as_text=True)
    assert html_lang(page) == "en"


def test_every_answer_varies_with_the_language_and_the_cookie(client: FlaskClient) -> None:
    vary = client.get("/", headers=JA).headers["Vary"]
    assert "Accept-Language" in vary and "Cookie" in vary


def test_the_switch_is_remembered_and_wins_over_the_browser(client: FlaskClient) -> None:
    page = client.get("/leagues").get_data(as_text=True)
    assert '<a href="/language/ja?next=/leagues" lang="ja" hreflang="ja">日本語</a>' in page
    answer = client.get("/language/ja?next=/leagues")
    assert answer.status_code == 303 and answer.headers["Location"] == "/leagues"
    assert "lang=ja" in answer.headers["Set-Cookie"]
    page = client.get("/leagues").get_data(as_text=True)
    assert html_lang(page) == "ja" and "リーグはまだありません。" in page
    assert 'lang="ja" hreflang="ja" aria-current="true">日本語</a>' in page
    client.get("/language/en?next=/")
    page = client.get("/", headers=JA).get_data(as_text=True)
    assert html_lang(page) == "en"


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "leagues"])
def test_the_switch_goes_back_only_to_a_page_of_this_site(client: FlaskClient, target: str) -> None:
    answer = client.get("/language/ja", query_string={"next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_an_unknown_language_forgets_the_choice(client: FlaskClient) -> None:
    client.get("/language/ja")
    client.get("/language/xx")
    assert html_lang(client.get("/").get_data(as_text=True)) == "en"


def test_an_entry_is_recorded_and_refused_in_japanese(client: FlaskClient, match_id: str) -> None:
    become_scorer(client, match_id)
    client.get("/language/ja")
    live = f"/matches/{match_id}/live"
    refused = post_form(
        client,
        f"/matches/{match_id}/entries",
        {"kind": "kickoff", "coach": "toho", "expected_version": "1", "key": "k1"},
    )
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "記録しませんでした: この記録はルールに反します。" in page
    assert "<strong>CG-3.1</strong>" in page
    recorded = post_form(
        client,
        f"/matches/{match_id}/entries",
        {"kind": "toss", "winner": "toho", "expected_version": "1", "key": "k2"},
        follow_redirects=True,
    )
    page = recorded.get_data(as_text=True)
    assert recorded.request.path == live
    assert "記録 1: " in page
    assert "ログ" in page


def test_the_error_pages_speak_japanese(client: FlaskClient) -> None:
    answer = client.get("/no/such/page", headers=JA)
    assert answer.status_code == 404
    page = answer.get_data(as_text=True)
    assert "そのようなページはありません" in page and ">ホーム</a>" in page


def test_the_api_keeps_its_codes_and_words_its_message_in_the_reader_s_language(
    client: FlaskClient, match_id: str
) -> None:
    english = enter(client, match_id, "kickoff coach=toho").get_json()
    answer = client.post(
        f"/api/matches/{match_id}/entries",
        json={"text": "kickoff coach=toho", "by": "alice"},
        headers={**JA, **scorer(match_id)},
    )
    japanese = answer.get_json()
    assert answer.status_code == 422
    assert japanese.keys() == english.keys()
    assert japanese["error"] == english["error"]
    assert japanese["violations"] == english["violations"]
    assert english["message"].startswith("the entry breaks the rules: CG-3.1: ")
    assert japanese["message"].startswith("この記録はルールに反します: CG-3.1: ")
    assert "Accept-Language" in answer.headers["Vary"]


def test_the_new_match_form_is_in_japanese(client: FlaskClient) -> None:
    page = client.get("/matches/new", headers=JA).get_data(as_text=True)
    assert "新しい試合を記録" in page and "試合を作成" in page


def test_a_scored_opening_reads_in_japanese(client: FlaskClient, match_id: str) -> None:
    for line in OPENING[:3]:
        assert enter(client, match_id, line).status_code == 201
    page = client.get(f"/matches/{match_id}", headers=JA).get_data(as_text=True)
    assert html_lang(page) == "ja"
    assert "3 行、新しい順" in page
    # Times as Japanese writes them; English keeps the log's ISO form.
    assert re.search(
        r"<time datetime=\"[^\"]+\">\d{4}/\d{2}/\d{2} \d{1,2}:\d{2}:\d{2} UTC</time>", page
    )
    english = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert re.search(
        r"<time datetime=\"[^\"]+\">\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC</time>", english
    )


def test_a_replay_drawn_in_one_language_is_not_shown_in_the_other(
    client: FlaskClient, match_id: str
) -> None:
    """The situations and the score chart are drawn once per match version and kept: a reader
    in Japanese and one in English each get the drawing in their own language, whoever came
    first."""
    for text in OPENING[:5]:
        assert enter(client, match_id, text).status_code == 201
    japanese = client.get(f"/matches/{match_id}/replay?at=5", headers=JA).get_data(as_text=True)
    assert "試合を通したスコア" in japanese and 'aria-label="状況"' in japanese
    english = client.get(f"/matches/{match_id}/replay?at=5").get_data(as_text=True)
    assert "Score over the match" in english
    assert 'aria-label="Situation"' in english
    japanese_again = client.get(f"/matches/{match_id}/replay?at=5", headers=JA).get_data(
        as_text=True
    )
    assert "試合を通したスコア" in japanese_again and 'aria-label="状況"' in japanese_again
    assert "Score over the match" not in japanese_again


def test_a_match_s_status_reads_in_japanese(client: FlaskClient, match_id: str) -> None:
    page = client.get(f"/matches/{match_id}", headers=JA).get_data(as_text=True)
    assert 'class="status status-in-progress">進行中' in page
    home = client.get("/", headers=JA).get_data(as_text=True)
    assert "· 進行中" in home and "in progress" not in home
    english = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'class="status status-in-progress">in progress' in english
    assert client.get(f"/api/matches/{match_id}", headers=JA).get_json()["status"] == "in progress"


def test_no_such_match_is_said_in_japanese(client: FlaskClient) -> None:
    missing = "00000000-0000-0000-0000-000000000000"
    answer = client.get(f"/matches/{missing}", headers=JA)
    assert answer.status_code == 404
    assert f"ID {missing} の試合はありません" in answer.get_data(as_text=True)
    api = client.get(f"/api/matches/{missing}", headers=JA).get_json()
    assert api["error"] == "Not Found" and api["message"] == f"ID {missing} の試合はありません"
    english = client.get(f"/api/matches/{missing}").get_json()
    assert english["message"] == f"no match with id {missing}"


def test_a_stale_version_is_said_in_japanese(client: FlaskClient, match_id: str) -> None:
    assert enter(client, match_id, OPENING[0]).status_code == 201
    answer = client.post(
        f"/api/matches/{match_id}/entries",
        json={"text": OPENING[1], "by": "alice", "expected_version": 1},
        headers={**JA, **scorer(match_id)},
    )
    assert answer.status_code == 409 and answer.get_json()["current_version"] == 2
    assert answer.get_json()["message"] == (
        "試合が更新されました（現在のバージョンは 2、表示していたのは 1）: "
        "読み込み直してから入力し直してください"
    )
    english = enter(client, match_id, OPENING[1], expected_version=1).get_json()
    assert english["message"] == (
        "the match has changed (now at version 2, you saw 1): reload it and enter again"
    )
