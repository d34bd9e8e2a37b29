"""A coach's page on a phone: the record, head-to-head and match history of a small league,
each link a thumb's height and nothing wider than the screen; a King of the Pitch coach's page
shows placings; the dice page shows each named die apart; a roll names its die on the live
page."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from service.entries import parse_entry
from tests.browser.pages import (
    AUTHOR,
    become_scorer,
    fits_the_phone,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did

pytestmark = pytest.mark.browser

LINKS = "main a"


def small_league(web_app: Flask) -> None:
    service = touchline(web_app)
    service.create_league("Spring", "card-game", AUTHOR)
    played = [
        ("Ann", "Bea", (2, 1)),
        ("Bea", "Ann", (1, 1)),
        ("Cy", "Ann", (0, 2)),
        ("Ann", "Cy", (0, 1)),
    ]
    for home, away, score in played:
        setup = setup_for(home, away)
        record_all(service, finished_match(*score, sum(score) + 5, setup), setup, "Spring")


def test_a_coach_page_shows_the_record_head_to_head_and_history(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    small_league(web_app)
    problems = watch_console(phone)
    phone.goto("/stats")
    phone.get_by_role("link", name="Ann", exact=True).first.tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Ann")
    record = phone.locator("table.record")
    expect(record.locator("tbody tr").first).to_contain_text("2")
    expect(record).to_contain_text("50%")
    h2h = phone.locator("table.head-to-head")
    expect(h2h.get_by_role("link", name="Bea")).to_be_visible()
    expect(h2h.get_by_role("link", name="Cy")).to_be_visible()
    history = phone.locator("ol.history > li")
    expect(history).to_have_count(4)
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, LINKS)
    screenshot(phone, screenshots, "70-stats-coach.png")
    phone.locator("ol.history").scroll_into_view_if_needed()
    screenshot(phone, screenshots, "71-stats-coach-history.png")

    # A match of the history opens its page; head-to-head opens the opponent's.
    first = history.first.get_by_role("link")
    first.tap()
    expect(phone).to_have_url(
        f"/matches/{touchline(web_app).coach_history('Ann').matches[0].match_id}"
    )
    phone.go_back()
    phone.locator("table.head-to-head").get_by_role("link", name="Cy").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Cy")
    assert problems == []


def test_a_placing_coach_page_and_the_named_dice(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    service = touchline(web_app)
    ruleset, name, setup = CASES[4][:3]  # King of the Pitch, five teams
    match = service.create_match(ruleset, setup, AUTHOR)
    for line in golden_lines(name):
        record_as_the_table_did(service, match.id, parse_entry(ruleset, line), AUTHOR)
    card, full, card_setup = CASES[0][:3]
    played = service.create_match(card, card_setup, AUTHOR)
    for line in golden_lines(full):
        label = (
            "red d6"
            if line.startswith("roll nankatsu")
            else "blue d6"
            if line.startswith("roll toho")
            else None
        )
        record_as_the_table_did(
            service, played.id, parse_entry(card, line), AUTHOR, die_label=label
        )

    phone.goto("/stats/coaches/Dana")
    expect(phone.locator("table.placings")).to_contain_text("1st")
    expect(phone.locator("ol.history")).to_contain_text("1st of 5")
    expect(phone.locator("table.record:not(.placings)")).to_have_count(0)
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, LINKS)
    screenshot(phone, screenshots, "72-stats-coach-placings.png")

    phone.goto("/stats/dice")
    named = phone.locator("h3.die-source")
    expect(named.filter(has_text="Table: blue d6")).to_have_count(1)
    expect(named.filter(has_text="Table: red d6")).to_have_count(1)
    phone.get_by_role("heading", name="By source and die").scroll_into_view_if_needed()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "73-stats-dice-by-die.png")


def test_a_roll_names_its_die_on_the_live_page(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    service = touchline(web_app)
    ruleset, name, setup = CASES[0][:3]
    match = service.create_match(ruleset, setup, AUTHOR)
    lines = golden_lines(name)
    for line in lines[: next(n for n, line in enumerate(lines) if line.startswith("roll"))]:
        record_as_the_table_did(service, match.id, parse_entry(ruleset, line), AUTHOR)
    become_scorer(phone, web_app, match.id)
    form = phone.locator("form.kind-roll").first
    form.locator("summary", has_text="Die used").tap()
    form.get_by_label("Name of the die (optional)").fill("red d6")
    screenshot(phone, screenshots, "74-live-die-named.png")
    form.screenshot(path=str(screenshots / "74-live-die-named-form.png"))
    form.get_by_role("button", name="value 5").tap()
    expect(phone.locator("form.kind-roll summary").first).to_have_text("Die used: red d6")
    assert service.load_record(match.id).log[-1].die_label == "red d6"
    fits_the_phone(phone)
