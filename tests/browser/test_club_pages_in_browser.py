"""What a club does on the web rather than at the command line, on a phone: an organizer
creates a league (after a wrong field is named under it) and changes its settings, imports a
match file into it, and a scorer abandons a match after confirming; the new-match form
explains its options."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.browser.pages import (
    AUTHOR,
    fits_the_phone,
    link_path,
    match_after_opening,
    scorer_link,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.schemas.files import by_hand

pytestmark = pytest.mark.browser

LEAGUE = "Autumn Cup"
BUTTONS = "button, .button"


def test_an_organizer_creates_a_league_and_imports_a_match_into_it(
    phone: Page, web_app: Flask, screenshots: Path, tmp_path: Path
) -> None:
    service = touchline(web_app)
    # A match played elsewhere, exported as its file, then hand-edited so that a die shows 9.
    played = match_after_opening(web_app)
    exported = phone.request.get(f"/api/matches/{played}/export").text()
    # The refused forms come back as 400 pages, which the console reports.
    problems = watch_console(phone, ("/leagues/new", "/matches/import"))

    # An organizer link for a league that does not exist yet opens the form that creates it.
    phone.goto(link_path(web_app, "organizer", league=LEAGUE, person="Olga"))
    expect(phone).to_have_url("/leagues/new")
    phone.goto("/leagues")
    taps_fit_a_thumb(phone, BUTTONS)
    screenshot(phone, screenshots, "59-leagues.png")
    phone.get_by_role("link", name="New league").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("New league")
    expect(phone.get_by_label("Name", exact=True)).to_have_value(LEAGUE)
    phone.get_by_label("Points", exact=True).fill("3/one/0")
    phone.get_by_role("button", name="Create the league").tap()
    expect(phone.locator("#points-problem")).to_contain_text("write points as numbers")
    expect(phone.get_by_label("Points", exact=True)).to_have_attribute("aria-invalid", "true")
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, BUTTONS)
    screenshot(phone, screenshots, "60-league-new-refused.png")
    assert service.leagues() == []

    phone.get_by_label("Points", exact=True).fill("2/1/0")
    phone.get_by_label("Tie-breakers, in order").fill("points, wins")
    phone.get_by_role("button", name="Create the league").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text(LEAGUE)
    expect(phone.get_by_role("status").first).to_contain_text("League created")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "61-league-created.png")

    taps_fit_a_thumb(phone, BUTTONS)
    phone.get_by_role("link", name="Edit settings").tap()
    expect(phone.get_by_label("Points", exact=True)).to_have_value("2/1/0")
    phone.get_by_label("Count results the coaches have not all confirmed yet").uncheck()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "62-league-settings.png")
    phone.get_by_role("button", name="Save the settings").tap()
    expect(phone.get_by_role("status").first).to_contain_text("Settings saved")
    assert service.find_league(LEAGUE).count_unconfirmed is False

    broken = tmp_path / "broken.touchline"
    broken.write_text(by_hand(exported).replace("value=5", "value=9", 1), encoding="utf-8")
    phone.goto("/leagues")
    phone.get_by_role("link", name="Import a match file").tap()
    phone.get_by_label("Match file").set_input_files(str(broken))
    phone.get_by_label("League", exact=True).select_option(label=f"{LEAGUE} (card-game)")
    phone.get_by_role("button", name="Import").tap()
    expect(phone.locator("#file-problem")).to_contain_text("line 32: CG-5.4")
    expect(phone.locator("#file-problem")).to_contain_text("nothing was imported")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "63-import-refused.png")

    good = tmp_path / "opening.touchline"
    good.write_text(exported, encoding="utf-8")
    phone.get_by_label("Match file").set_input_files(str(good))
    phone.get_by_label("League", exact=True).select_option(label=f"{LEAGUE} (card-game)")
    phone.get_by_label("Verify every line").check()
    phone.get_by_role("button", name="Import").tap()
    expect(phone.get_by_role("status").first).to_contain_text(f"counting in {LEAGUE}")
    expect(phone.locator(".imported-badge").first).to_have_text("imported")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "64-imported.png")
    assert len(service.league_matches(LEAGUE)) == 1
    assert problems == []


def test_a_scorer_abandons_a_match_after_confirming(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(scorer_link(web_app, match_id))
    phone.get_by_role("link", name="Abandon the match…").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Abandon")
    phone.get_by_label("Why the match stops").fill("the club closes at ten")
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, BUTTONS)
    screenshot(phone, screenshots, "65-abandon-confirm.png")
    phone.get_by_role("button", name="Abandon the match").tap()
    expect(phone).to_have_url(f"/matches/{match_id}")
    expect(phone.get_by_role("link", name="Abandon the match…")).to_have_count(0)
    expect(phone.get_by_role("status").first).to_contain_text(
        "The match is abandoned: the club closes at ten"
    )
    assert touchline(web_app).get_match(match_id).status == "abandoned"
    screenshot(phone, screenshots, "66-abandoned.png")
    assert problems == []


def test_the_new_match_form_explains_its_options(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    touchline(web_app).create_league("Spring Cup", "card-game", AUTHOR)
    problems = watch_console(phone)
    phone.goto("/matches/new")
    options = phone.get_by_role("group", name="Advanced rules")
    expect(options.get_by_label("Assured success")).to_be_visible()
    expect(options).to_contain_text("a 6 against a 1 wins a Shooting or Passing roll (CG-12.2)")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "67-new-match-options.png")
    assert problems == []
