"""The new-match form in Japanese: every game's labels, choices, their names and help, seats
and notes are the rules' phrases in the page's language; in English they read as before."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from tests.web.conftest import post_form

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
# What the form may keep in Latin letters: the games' titles, Touchline's name, the names on
# the cards (shown with their Japanese), a value to type, the card printed as CAPTAIN TRANSFER.
KEPT = re.compile(
    r"Touchline|English|Captain Tsubasa(: The Card Game| TCG \(2002\))?|King of the Pitch"
    r"|Nankatsu|Toho|blue|green|yellow|red|orange|none|Captain transfer|TOML|[A-Z]+-[\d.]+"
)


def shown_text(page: str) -> list[str]:
    page = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", "\n", page))
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_the_setup_form_reads_in_japanese(client: FlaskClient) -> None:
    page = client.get("/matches/new", headers=JA).get_data(as_text=True)
    english = [line for line in shown_text(page) if re.search(r"[A-Za-z]{3,}", KEPT.sub("", line))]
    assert not english
    for said in (
        "ホームのチームリストファイル（TOML）",
        "…またはアウェイのチームリストを貼り付け",
        "<strong>隣のエリアまで</strong>",
        ">初めての対戦</option>",
        "> 確実な成功</label>",
        '<option value="">（空席）</option>',
    ):
        assert said in page, said


def test_the_setup_form_in_english_is_unchanged(client: FlaskClient) -> None:
    page = client.get("/matches/new").get_data(as_text=True)
    for said in (
        "Home team list file (TOML)",
        "…or paste the away team list",
        "<strong>Adjacent</strong>",
        ">First match</option>",
        "> Assured success</label>",
        '<option value="">(empty seat)</option>',
        "the most banked points of each type a coach may hold",
        "King of the Pitch: 2 to 5 teams in seating order",
    ):
        assert said in page, said


def test_a_half_filled_seat_is_named_in_japanese_and_in_english(client: FlaskClient) -> None:
    data = {"ruleset": "king-of-the-pitch", "kp-colour-1": "blue", "kp-coach-1": "Alice"}
    half = {**data, "kp-colour-2": "green"}
    japanese = post_form(client, "/matches/new", half, headers=JA).get_data(as_text=True)
    assert "席 2: チームの色とコーチの両方を指定してください" in japanese
    english = post_form(client, "/matches/new", half).get_data(as_text=True)
    assert "seat 2: give both the team&#39;s colour and its coach" in english
