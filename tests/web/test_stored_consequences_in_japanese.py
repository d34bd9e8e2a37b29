"""What followed from an entry, as the pages show it to a Japanese reader: stored as plain
English with the entry, it is read again as the phrase it was made from (the log, the replay's
step, its timeline); an English reader sees the stored text; the JSON API answers it as stored,
as it does the entry's sentence."""

from __future__ import annotations

import html

from flask import Flask
from flask.testing import FlaskClient

from tests.links import use
from tests.opening import OPENING
from tests.web.api_support import enter
from tests.web.conftest import SECRET
from web import create_app

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
TOSS_EN = "Toho win the toss and choose who kicks off."
TOSS_JA = "東邦がトスに勝ち、キックオフする側を選ぶ。"
GOAL_EN = "GOAL for Toho!"
GOAL_JA = "東邦のゴール! 南葛 0 – 1 東邦。"


def reopened(app: Flask) -> FlaskClient:
    """Another process on the same store: it knows the match only from what was stored."""
    again = use(create_app({"DATABASE_URL": app.config["DATABASE_URL"], "SECRET_KEY": SECRET}))
    return again.test_client()


def shown(client: FlaskClient, path: str, headers: dict[str, str] | None = None) -> str:
    return html.unescape(client.get(path, headers=headers or {}).get_data(as_text=True))


def test_the_log_and_the_replay_say_stored_consequences_in_japanese(
    app: Flask, client: FlaskClient, match_id: str
) -> None:
    for line in OPENING:
        assert enter(client, match_id, line).status_code == 201
    for reader in (client, reopened(app)):
        page = shown(reader, f"/matches/{match_id}", JA)
        assert f"→ {TOSS_JA}" in page and TOSS_EN not in page
        step = shown(reader, f"/matches/{match_id}/replay?at=1", JA)
        assert TOSS_JA in step and TOSS_EN not in step
        scored = shown(reader, f"/matches/{match_id}/replay?at={len(OPENING)}", JA)
        assert GOAL_JA in scored and GOAL_EN not in scored
        english = shown(reader, f"/matches/{match_id}")
        assert f"→ {TOSS_EN}" in english and TOSS_JA not in english


def test_the_api_answers_consequences_as_stored(
    app: Flask, client: FlaskClient, match_id: str
) -> None:
    for line in OPENING[:1]:
        assert enter(client, match_id, line).status_code == 201
    for reader in (client, reopened(app)):
        match = reader.get(f"/api/matches/{match_id}", headers=JA).get_json()
        assert match["log"][0]["told"] == [TOSS_EN]
        step = reader.get(f"/api/matches/{match_id}/steps/1", headers=JA).get_json()
        assert step["entry"]["told"] == [TOSS_EN]
        assert step["entry"]["sentence"] == "Toho win the toss"
