"""A game's board on the pages in Japanese: the text board (「テキストで」) and the scoreboard's
labels are the rules' words in the page's language; names typed stay as typed; English pages
are unchanged."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from service.app import Touchline
from tests.domain.king_of_the_pitch.kp_helpers import TABLE as KP_TABLE
from tests.domain.king_of_the_pitch.kp_helpers import THREE_TEAMS_SETUP
from tests.opening import OPENING
from tests.web.api_support import enter
from tests.web.test_live_rulesets import started

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}


def board(page: str) -> str:
    found = re.search(r'<pre class="situation-text">(.*?)</pre>', page, re.S)
    assert found, page[:300]
    return html.unescape(found.group(1))


def score_names(page: str) -> list[str]:
    return [html.unescape(n) for n in re.findall(r'<span class="score-name">([^<]*)</span>', page)]


def test_the_card_game_board_and_scoreboard_in_japanese(client: FlaskClient, match_id: str) -> None:
    for line in OPENING[:6]:
        assert enter(client, match_id, line).status_code == 201
    page = client.get(f"/matches/{match_id}", headers=JA).get_data(as_text=True)
    text = board(page)
    assert text.splitlines()[0] == "南葛 0 – 0 東邦"
    assert "前半、ラウンド1、東邦の攻撃" in text and "プレイ中: 大空翼" in text
    assert "phase" not in text and "hand" not in text
    assert score_names(page) == ["南葛（Alice）", "東邦（Bob）"]
    english = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert board(english).splitlines()[:2] == [
        "Nankatsu 0 – 0 Toho",
        "1st half, round 1; Toho attack; phase attack",
    ]
    assert score_names(english) == ["Nankatsu (Alice)", "Toho (Bob)"]
    replay = client.get(f"/matches/{match_id}/replay?at=6", headers=JA).get_data(as_text=True)
    assert board(replay) == text


def test_a_king_of_the_pitch_board_in_japanese(client: FlaskClient, service: Touchline) -> None:
    lines = KP_TABLE.golden_lines("three_teams.txt")[:31]
    match_id = started(service, "king-of-the-pitch", THREE_TEAMS_SETUP, lines)
    text = board(client.get(f"/matches/{match_id}", headers=JA).get_data(as_text=True))
    assert "キング・オブ・ザ・ピッチ: 青（Alice）" in text and "列: 1: " in text
    assert not re.search(r"\b(?:crowns|cubes|hand|deck|discard|phase|player no)\b", text)
    english = board(client.get(f"/matches/{match_id}").get_data(as_text=True))
    assert "King of the Pitch: Blue (Alice)" in english and "Line: 1: " in english


def test_the_replay_controls_and_the_card_game_situation_name_lines_in_japanese(
    client: FlaskClient, match_id: str
) -> None:
    """The controls' names of a line (and the words the script moves them with), the match
    deck's counts and the period before the kick-off read in the page's language."""
    for line in OPENING[:6]:
        assert enter(client, match_id, line).status_code == 201
    replay = client.get(f"/matches/{match_id}/replay?at=3", headers=JA).get_data(as_text=True)
    assert 'aria-label="前のステップ (2 行目)"' in replay, replay
    assert 'aria-valuetext="3 行目"' in replay
    assert 'data-kick-off="キックオフ"' in replay and 'data-line-number="# 行目"' in replay
    assert "(line " not in replay and "hidden</dd>" not in replay
    start = client.get(f"/matches/{match_id}/replay?at=0", headers=JA).get_data(as_text=True)
    assert "<strong>キックオフ前</strong>" in start
    assert "<strong>Before the kick-off</strong>" not in start
    english = client.get(f"/matches/{match_id}/replay?at=3").get_data(as_text=True)
    assert 'aria-label="Previous step (line 2)"' in english and "on the Pitch" in english
