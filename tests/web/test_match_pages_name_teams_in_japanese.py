"""A match's pages in Japanese (Accept-Language: ja, issue 15): the title in the heading, the
page's <title> and the lists names the teams as the boards do (南葛（Alice） vs 東邦（Bob）), the
coaches as typed; the score, where the match stands, who imported it and the result's
confirmations read in Japanese; English pages are unchanged."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from schemas.match_import import import_match_file
from service.app import Touchline

FULL_MATCH = Path(__file__).parent.parent / "schemas" / "v1" / "card_game_full_match.touchline"
CAROL = Author("carol", "2026-11-30T10:00:00+00:00", "cli@club")
JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en"}


@pytest.fixture
def imported(service: Touchline) -> str:
    service.create_league("Cup", "card-game", CAROL)
    return import_match_file(service, FULL_MATCH.read_bytes(), CAROL, league="Cup").view.id


def page(client: FlaskClient, path: str, headers: dict[str, str]) -> str:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, path
    return html.unescape(response.get_data(as_text=True))


def heading(text: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", text, re.S)
    assert found, text[:300]
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def title(text: str) -> str:
    found = re.search(r"<title>(.*?)</title>", text, re.S)
    assert found, text[:300]
    return found.group(1).strip()


def test_the_match_page_names_the_teams_in_japanese(client: FlaskClient, imported: str) -> None:
    text = page(client, f"/matches/{imported}", JA)
    assert heading(text).startswith("南葛（Alice） vs 東邦（Bob）")
    assert title(text).startswith("南葛（Alice） vs 東邦（Bob）")
    assert "Nankatsu (Alice)" not in text and "Toho (Bob)" not in text
    # Where it stands, who imported it, and whether the coaches confirmed the result.
    assert "終了" in text and "取り込んだ人" in text
    assert "結果は未確定" in text
    english = page(client, f"/matches/{imported}", EN)
    assert heading(english).startswith("Nankatsu (Alice) vs Toho (Bob)")
    assert title(english).startswith("Nankatsu (Alice) vs Toho (Bob)")
    assert "Imported by" in english and "Result unconfirmed" in english


def test_the_replay_and_the_lists_name_the_teams_in_japanese(
    client: FlaskClient, imported: str
) -> None:
    replay = page(client, f"/matches/{imported}/replay", JA)
    assert heading(replay).startswith("南葛（Alice） vs 東邦（Bob）")
    assert "南葛（Alice） vs 東邦（Bob）" in title(replay)
    for path in ("/", "/leagues/Cup"):
        listed = page(client, path, JA)
        assert "南葛（Alice） vs 東邦（Bob）" in listed, path
        assert "Nankatsu (Alice) vs Toho (Bob)" not in listed, path
        assert "未確定" in listed and "unconfirmed (" not in listed, path
        english = page(client, path, EN)
        assert "Nankatsu (Alice) vs Toho (Bob)" in english, path
        assert "unconfirmed (awaiting Alice, Bob)" in english, path


def test_a_coach_whose_name_spells_a_team_keeps_it_on_the_page(
    client: FlaskClient, service: Touchline
) -> None:
    setup = {
        "home": {"team": "nankatsu", "coach": "Toho"},
        "away": {"team": "toho", "coach": "Alice"},
    }
    view = service.create_match("card-game", setup, Author("alice", "2026-11-29T20:00:00+00:00"))
    text = page(client, f"/matches/{view.id}", JA)
    assert heading(text) == "南葛（Toho） vs 東邦（Alice）"
    assert "南葛（Toho） vs 東邦（Alice）" in page(client, "/", JA)
