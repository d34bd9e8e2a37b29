"""The replay's score chart to a Japanese reader: its tap targets, description and key in
Japanese (the card game's full match: goals, yellow and red cards), and its drawings kept for
one language never shown to a reader of another."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from service.app import Touchline
from service.entries import parse_entry
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did
from tests.web.test_replay import AUTHOR

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en"}


def full_match(service: Touchline) -> str:
    ruleset, name, setup = CASES[0][:3]  # the card game's: goals, yellow and red cards
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    return str(match_id)


def chart_of(client: FlaskClient, match_id: str, headers: dict[str, str]) -> str:
    page = client.get(f"/matches/{match_id}/replay", headers=headers).get_data(as_text=True)
    chart = page[page.index('<figure class="chart score-chart">') :]
    return chart[: chart.index("</figure>")]


def words_read(chart: str) -> list[str]:
    """The texts a reader of the chart reads or hears: its tap targets' labels and its text."""
    said = re.findall(r'aria-label="([^"]*)"', chart) + re.findall(r">([^<]+)<", chart)
    return [html.unescape(text) for text in said]


def test_the_chart_and_its_key_say_no_english_word_to_a_japanese_reader(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = full_match(service)
    chart = chart_of(client, match_id, JA)
    # The sides' labels are the names the players typed (a team's, a coach's).
    typed = {
        word
        for label in service.replayed(match_id).timeline.labels.values()
        for word in re.findall(r"[A-Za-z]+", label)
    }
    english = {
        word
        for text in words_read(chart)
        for word in re.findall(r"[A-Za-z]{2,}", text)
        if word not in typed
    }
    assert not english, english
    assert '<span class="key card-key yellow-card">イエローカード</span>' in chart
    assert '<span class="key card-key red-card">レッドカード</span>' in chart
    desc = re.search(r"<desc [^>]*>([^<]*)</desc>", chart)
    assert desc is not None and "イエローカード" in desc.group(1), chart
    labels = re.findall(r'aria-label="([^"]*)"', chart)
    assert any("のゴール" in label for label in labels), labels
    assert any("行目" in label for label in labels), labels


def test_the_timeline_names_the_kick_off_in_japanese(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = full_match(service)
    page = client.get(f"/matches/{match_id}/replay", headers=JA).get_data(as_text=True)
    kick_off = page[page.index('id="step-0"') :]
    kick_off = kick_off[: kick_off.index("</li>")]
    assert "キックオフ" in kick_off and "Kick-off" not in kick_off, kick_off


def test_a_chart_drawn_for_one_language_is_never_shown_in_another(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = full_match(service)
    english = chart_of(client, match_id, EN)
    japanese = chart_of(client, match_id, JA)
    again = chart_of(client, match_id, EN)
    assert again == english
    assert "Yellow card" in english and "Line " in english and "GOAL for " in english
    assert "Yellow card" not in japanese and "Line " not in japanese
    assert "GOAL for " not in japanese
    assert chart_of(client, match_id, JA) == japanese
