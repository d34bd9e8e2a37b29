"""A league's card list on a phone: its organizer reaches it from the navigation, imports a
card list file by upload (a bad line keeps nothing and is named), sees each card with its
printed values and where it was learned, and downloads the list as the file the command line
exports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.browser.pages import (
    AUTHOR,
    fits_the_phone,
    link_path,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)

pytestmark = pytest.mark.browser

LEAGUE = "Spring Cup"
FILE = """touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
3 3 1 nankatsu Tsubasa Ozora
0 0 0 - Control and Advance
"""


def test_an_organizer_imports_a_card_list_on_a_phone_and_sees_its_cards(
    phone: Page, web_app: Flask, screenshots: Path, tmp_path: Path
) -> None:
    service = touchline(web_app)
    service.create_league(LEAGUE, "card-game", AUTHOR)
    # The refused import answers 400, as a refused form does.
    problems = watch_console(
        phone, expected_failures=("/import?league=Spring+Cup#league-spring-cup-import",)
    )
    phone.goto(link_path(web_app, "organizer", league=LEAGUE, person="Olga"))

    phone.goto("/")
    phone.get_by_role("navigation", name="Site").get_by_role("link", name="Cards").tap()
    phone.get_by_role("link", name="Captain Tsubasa: The Card Game").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Card lists of Captain Tsubasa: The Card Game"
    )
    section = phone.locator("#league-spring-cup")
    expect(section.get_by_text("No cards yet.")).to_be_visible()

    # A file with a bad line: refused, naming the line, and nothing kept.
    bad = tmp_path / "bad.cards"
    bad.write_text(FILE + "x 1 0 toho Nobody\n", encoding="utf-8")
    section.get_by_label("Card list file", exact=True).set_input_files(bad)
    section.get_by_role("button", name=f"Import into {LEAGUE}").tap()
    problem = phone.locator("#league-spring-cup-file-problem")
    expect(problem).to_contain_text("line 7: a card is its shot, pass, defense")
    expect(phone.get_by_role("alert")).to_contain_text("Nothing was imported")
    # The answer opens at the form that was refused, not at the top of a long page.
    expect(problem).to_be_in_viewport()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "cards-refused.png")
    assert service.card_list("card-game", LEAGUE).cards == ()

    good = tmp_path / "club.cards"
    good.write_text(FILE, encoding="utf-8")
    section = phone.locator("#league-spring-cup")
    section.get_by_label("Card list file", exact=True).set_input_files(good)
    section.get_by_role("button", name=f"Import into {LEAGUE}").tap()
    expect(phone.locator(".flash.ok")).to_have_text(
        "Imported: the file held 3 cards, 3 of them new or changed."
    )
    rows = phone.locator("#league-spring-cup table.cards tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(1).locator(".card-name")).to_have_text("Tsubasa Ozora（大空翼）")
    expect(rows.nth(1).locator("td")).to_have_text(["3", "3", "1"])
    expect(rows.nth(1).locator(".card-facts")).to_contain_text(["nankatsu", "imported by Olga"])
    expect(rows.nth(2).locator(".card-facts").first).to_have_text("any side")
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, ".list-index a, .card-list h2 a, .downloads a")
    screenshot(phone, screenshots, "cards-imported.png")

    # A misprint put right: the card's own line, edited and imported.
    section.get_by_role("link", name="Correct its values: Tsubasa Ozora").tap()
    expect(phone).to_have_url(re.compile(r"correct=Tsubasa\+Ozora#league-spring-cup-import$"))
    pasted = phone.locator("#league-spring-cup-text")
    expect(pasted).to_be_in_viewport()
    text = pasted.input_value()
    assert text.endswith("values shot pass defense\n3 3 1 nankatsu Tsubasa Ozora\n")
    pasted.fill(text.replace("3 3 1 nankatsu", "3 2 1 nankatsu"))
    screenshot(phone, screenshots, "cards-correcting.png")
    section.get_by_role("button", name=f"Import into {LEAGUE}").tap()
    expect(phone.locator(".flash.ok")).to_have_text(
        "Imported: the file held 1 card, 1 of them new or changed."
    )
    expect(rows.nth(1).locator("td")).to_have_text(["3", "2", "1"])
    expect(rows).to_have_count(3)

    with phone.expect_download() as started:
        section.get_by_role("link", name="Download the card list file").tap()
    saved = tmp_path / started.value.suggested_filename
    started.value.save_as(saved)
    assert started.value.suggested_filename == "card-game-spring-cup.cards"
    assert saved.read_text(encoding="utf-8") == service.export_card_list("card-game", LEAGUE)

    # The league's page leads to its list.
    phone.goto(f"/leagues/{LEAGUE}")
    phone.get_by_role("link", name="Card list of the league").tap()
    expect(phone).to_have_url("/cards/card-game#league-spring-cup")
    assert problems == []
