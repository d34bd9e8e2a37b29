"""An imported match on a phone: labelled imported on the home page, the match page and the
replay, with who imported it and the file's fingerprint, which wraps rather than widening the
page."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.match import Author
from schemas.match_import import import_match_file
from tests.browser.pages import fits_the_phone, screenshot, touchline, watch_console

pytestmark = pytest.mark.browser

FULL_MATCH = Path(__file__).parent.parent / "schemas" / "v1" / "card_game_full_match.touchline"


def test_an_imported_match_says_so_on_every_page(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    importer = Author("carol", "2026-11-30T10:00:00+00:00", "cli@club")
    match_id = import_match_file(touchline(web_app), FULL_MATCH.read_bytes(), importer).view.id
    problems = watch_console(phone)

    phone.goto("/")
    item = phone.locator(".match-item").filter(has_text="Nankatsu (Alice) vs Toho (Bob)")
    expect(item.locator(".imported-badge")).to_have_text("imported")
    item.get_by_role("link").tap()
    expect(phone).to_have_url(f"/matches/{match_id}")
    provenance = phone.get_by_role("region", name="Imported")
    expect(provenance).to_contain_text("Imported by carol")
    expect(provenance).to_contain_text("b2765ff5-2946-44e6-844e-969ad1c2d01f")
    expect(phone.locator("#entry-156 .claimed")).to_have_text("per the file")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "30-imported-match.png")

    phone.get_by_role("link", name="Replay").tap()
    expect(phone.get_by_role("region", name="Imported")).to_contain_text("Imported by carol")
    expect(phone.locator(".entry .claimed")).to_have_text("(per the imported file)")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "31-imported-replay.png")
    assert problems == []
