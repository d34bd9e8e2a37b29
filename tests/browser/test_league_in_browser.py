"""A league on a phone: the standings table, its CSV and JSON downloads, and the results that
await a confirmation or a ruling."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from schemas.standings import COLUMNS
from tests.browser.pages import (
    AUTHOR,
    fits_the_phone,
    new_match,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.service.projections.pj_confirmations import LEAGUE as MIXED
from tests.service.projections.pj_confirmations import RESULT_DISPUTE, mixed_league
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all

pytestmark = pytest.mark.browser

LEAGUE = "Spring Cup 2027"


def download(page: Page, link: str, folder: Path) -> tuple[str, str]:
    """Tap a download link; the file's suggested name and its text."""
    with page.expect_download() as started:
        page.locator(".downloads").get_by_role("link", name=link, exact=True).tap()
    file = started.value
    saved = folder / file.suggested_filename
    file.save_as(saved)
    return file.suggested_filename, saved.read_text(encoding="utf-8")


def test_the_standings_download_as_csv_and_json(
    phone: Page, web_app: Flask, screenshots: Path, tmp_path: Path
) -> None:
    service = touchline(web_app)
    service.create_league(LEAGUE, "card-game", AUTHOR)
    # One league match played to the end (Toho, Bob's team, wins 2-1), one still going.
    setup = setup_for("Alice", "Bob")
    record_all(service, finished_match(1, 2, seed=3, setup=setup), setup, LEAGUE)
    new_match(web_app, LEAGUE)
    problems = watch_console(phone)

    phone.goto("/leagues")
    phone.get_by_role("link", name=LEAGUE).tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text(LEAGUE)
    rows = phone.locator("table.standings tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("th")).to_have_text("Bob")
    expect(rows.nth(0).locator("td").nth(-2)).to_have_text("3")
    expect(rows.nth(1).locator("th")).to_have_text("Alice")
    expect(phone.get_by_role("row", name="Nankatsu (Alice) vs Toho (Bob)")).to_have_count(2)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "12-league.png")

    name, text = download(phone, "CSV", tmp_path)
    assert name == "spring-cup-2027-standings.csv"
    table = list(csv.DictReader(text.splitlines()))
    assert text.splitlines()[0] == ",".join(COLUMNS)
    assert [(r["place"], r["competitor"], r["played"], r["points"]) for r in table] == [
        ("1", "Bob", "1", "3"),
        ("2", "Alice", "1", "0"),
    ]
    assert (table[0]["goals_for"], table[0]["goals_against"]) == ("2", "1")

    name, text = download(phone, "JSON", tmp_path)
    assert name == "spring-cup-2027-standings.json"
    data = json.loads(text)
    assert (data["league"], data["ruleset"]) == (LEAGUE, "card-game")
    assert [(r["competitor"], r["points"]) for r in data["standings"]] == [("Bob", 3), ("Alice", 0)]
    assert problems == []


def test_the_download_links_are_big_enough_to_tap(phone: Page, web_app: Flask) -> None:
    # The downloads are what an organiser comes to this page for, on the phone in their hand.
    touchline(web_app).create_league(LEAGUE, "card-game", AUTHOR)
    phone.goto(f"/leagues/{LEAGUE}")
    taps_fit_a_thumb(phone, ".downloads a")


def test_disputed_and_unconfirmed_results_stand_out_and_lead_to_their_dispute(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    league = mixed_league(touchline(web_app))
    problems = watch_console(phone)
    phone.goto(f"/leagues/{MIXED}")
    rows = phone.locator("table.standings tbody tr")
    expect(rows.nth(0).locator("th")).to_have_text("Cid")
    expect(rows.nth(0).locator("td.confirmed")).to_have_text("⚑1 disputed until ruled 0/2")
    expect(rows.nth(2).locator("td.confirmed")).to_have_text("1/2")
    matches = phone.locator("table").nth(1)
    expect(matches.get_by_role("row", name="Nankatsu (Bea) vs Toho (Cid)")).to_contain_text(
        "unconfirmed (awaiting Cid)"
    )
    fits_the_phone(phone)
    screenshot(phone, screenshots, "13-league-confirmations.png")

    rows.nth(0).get_by_role("link", name="⚑1 disputed until ruled").tap()
    expect(phone).to_have_url(f"{phone.url.split('#')[0]}#open-disputes")
    phone.locator(".open-disputes").get_by_role("link", name="Nankatsu (Cid) vs Toho (Ann)").tap()
    expect(phone).to_have_url(f"{phone.url.split('/leagues')[0]}/matches/{league.disputed}"
                              f"#entry-{league.result_dispute}")  # fmt: skip
    expect(phone.locator(f"#entry-{league.result_dispute}")).to_contain_text(RESULT_DISPUTE)
    assert problems == []


def test_the_league_links_to_disputes_are_big_enough_to_tap(phone: Page, web_app: Flask) -> None:
    mixed_league(touchline(web_app))
    phone.goto(f"/leagues/{MIXED}")
    taps_fit_a_thumb(phone, ".open-disputes a, td.confirmed a")
