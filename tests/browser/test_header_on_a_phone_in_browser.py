"""The site's header on a phone (390 px wide): one row in English and in Japanese, on the
pages reached from it and on a replay, with each of its links a thumb's size, and the language
switch offering the other language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.browser.pages import THUMB, fits_the_phone, match_after_opening, screenshot
from tests.browser.pages import taps_fit_a_thumb as thumb_sized

pytestmark = pytest.mark.browser

PAGES = ["/", "/matches/new", "/leagues", "/cards", "/stats"]
# Browsers name their locale in the Accept-Language they send; the page follows it.
LOCALES = {"en": "en-GB", "ja": "ja-JP"}
OTHER = {"en": "日本語", "ja": "English"}

# The header's visible parts, each as [what, top, bottom] on the screen.
PARTS = """() => Array.from(document.querySelectorAll("header.top > *, header.top nav a"))
    .filter((el) => el.offsetParent !== null)
    .map((el) => [el.textContent.trim(), el.getBoundingClientRect()])
    .map(([what, box]) => [what, box.top, box.bottom])"""


def header_in_one_row(page: Page) -> None:
    header = page.locator("header.top").bounding_box()
    assert header is not None
    # Two rows of links a thumb high would be twice as tall.
    assert header["height"] < 1.5 * THUMB, f"{page.url}: the header is {header['height']}px high"
    parts = page.evaluate(PARTS)
    lowest_top = max(top for _, top, _ in parts)
    highest_bottom = min(bottom for _, _, bottom in parts)
    assert lowest_top < highest_bottom, f"{page.url}: the header's parts are not side by side"
    fits_the_phone(page)
    thumb_sized(page, "header.top nav a")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_header_keeps_to_one_row_on_a_phone(
    new_phone: Callable[..., Any], web_app: Flask, screenshots: Path, language: str
) -> None:
    phone: Page = new_phone(locale=LOCALES[language])
    match_id = match_after_opening(web_app)
    for path in [*PAGES, f"/matches/{match_id}", f"/matches/{match_id}/replay?at=5"]:
        phone.goto(path)
        expect(phone.locator("html")).to_have_attribute("lang", language)
        header_in_one_row(phone)
    languages = phone.locator("header.top nav.languages")
    expect(languages.get_by_role("link", name=OTHER[language])).to_be_visible()
    screenshot(phone, screenshots, f"header-phone-{language}.png")
