"""A card play on a phone (390x844, touch): a card whose printed values are known is picked
and confirmed, two taps; a card not yet known is typed once, and offered from then on."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from domain.log import Entry
from tests.browser.pages import (
    AUTHOR,
    become_scorer,
    fits_the_phone,
    new_match,
    scorer_link,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.opening import OPENING, record_text

pytestmark = pytest.mark.browser

CARDS = """touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
0 0 3 toho Ken Wakashimazu
3 3 1 nankatsu Tsubasa Ozora
"""
MOST_TAPS = 3


class Taps:
    """Counts the taps a scorer makes."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, target: Locator) -> None:
        self.count += 1
        target.tap()


def to_first_play(web_app: Flask) -> str:
    match_id = new_match(web_app)
    for line in OPENING[:4]:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    return match_id


def last_entry(web_app: Flask, match_id: str) -> Entry:
    line = touchline(web_app).get_match(match_id).log[-1]
    assert isinstance(line, Entry)
    return line


def test_a_known_card_is_played_in_two_taps(phone: Page, web_app: Flask, screenshots: Path) -> None:
    touchline(web_app).import_card_list(CARDS, AUTHOR)
    match_id = to_first_play(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id)
    pick = phone.locator("form.card-pick")
    expect(pick).to_contain_text("Kojiro Hyuga")
    expect(pick).to_contain_text("Shot 3, Pass 1, Defense 0")
    expect(pick).not_to_contain_text("Tsubasa Ozora")  # Nankatsu's card; Toho's turn
    screenshot(phone, screenshots, "card-pick-before.png")
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, "form.card-pick .pick span, form.card-pick button")

    taps = Taps()
    taps.tap(pick.locator("label", has_text="Kojiro Hyuga"))
    taps.tap(pick.get_by_role("button", name="Play the card"))
    expect(phone.locator(".flash.ok")).to_contain_text("Recorded 5:")
    assert taps.count <= MOST_TAPS
    assert taps.count == 2
    entry = last_entry(web_app, match_id)
    assert (entry.action["card"], entry.action["shot"], entry.action["pass"]) == (
        "Kojiro Hyuga",
        3,
        1,
    )
    assert entry.action["defense"] == 0
    screenshot(phone, screenshots, "card-pick-after.png")
    assert problems == []


def test_a_card_typed_once_is_offered_at_the_next_match(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    first = to_first_play(web_app)
    become_scorer(phone, web_app, first)
    form = phone.locator("form.kind-play").filter(has=phone.locator(".prompt"))
    form.get_by_label("card", exact=True).fill("Kojiro Hyuga")
    for name, value in (("shot", 3), ("pass", 1), ("defense", 0)):
        form.get_by_label(name, exact=True).fill(str(value))
    form.get_by_role("button", name="Play").tap()
    expect(phone.locator(".flash.ok")).to_contain_text("Recorded 5:")

    second = to_first_play(web_app)
    phone.goto(scorer_link(web_app, second))  # the name given is remembered
    pick = phone.locator("form.card-pick")
    expect(pick).to_contain_text("Kojiro Hyuga")
    expect(phone.locator("details.another-card")).not_to_have_attribute("open", "")
    screenshot(phone, screenshots, "card-pick-learned.png")
    taps = Taps()
    taps.tap(pick.locator("label", has_text="Kojiro Hyuga"))
    taps.tap(pick.get_by_role("button", name="Play the card"))
    expect(phone.locator(".flash.ok")).to_contain_text("Recorded 5:")
    assert taps.count <= MOST_TAPS
    assert last_entry(web_app, second).action["pass"] == 1


def test_another_card_typed_by_a_known_name_fills_its_values(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    """The typed card's field suggests the catalogue and the known cards; a known name fills
    the values it prints, which the scorer may still change."""
    touchline(web_app).import_card_list(CARDS, AUTHOR)
    match_id = to_first_play(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id)
    another = phone.locator("details.another-card")
    another.locator("summary").tap()
    form = another.locator("form.kind-play")
    card = form.get_by_label("card", exact=True)
    names = card.evaluate("field => Array.from(field.list.options, o => o.value)")
    assert "Kojiro Hyuga" in names and "Lucas Milton" in names  # known, and the rulebook's
    assert "Tsubasa Ozora" not in names  # Nankatsu's
    card.fill("kojiro hyuga")
    values = [form.get_by_label(name, exact=True) for name in ("shot", "pass", "defense")]
    for field, value in zip(values, ("3", "1", "0"), strict=True):
        expect(field).to_have_value(value)
    card.fill("Ken Wakashimazu")  # filled for another name: replaced
    expect(values[2]).to_have_value("3")
    values[0].fill("5")  # the scorer's own value stays
    card.fill("Kojiro Hyuga")
    expect(values[0]).to_have_value("5")
    expect(values[1]).to_have_value("1")
    screenshot(phone, screenshots, "card-pick-another-filled.png")
    fits_the_phone(phone)
    assert problems == []
