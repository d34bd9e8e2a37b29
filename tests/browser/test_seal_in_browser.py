"""The sealed record on a phone: the match page shows the seal of an intact record quietly,
and a clear warning naming the broken event once a stored row was edited in the database;
both fit the phone's width (a digest wraps, never widening the page)."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.match import Author
from tests.browser.pages import fits_the_phone, screenshot, touchline, watch_console
from tests.opening import OPENING, SETUP, record_text
from tests.tamper import StoredRows

pytestmark = pytest.mark.browser

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "phone 1")


def test_the_match_page_shows_the_seal_and_names_a_broken_event(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    service = touchline(web_app)
    match_id = service.create_match("card-game", SETUP, ALICE).id
    for line in OPENING:
        record_text(service, match_id, line, ALICE)
    seal = service.load_record(match_id).seal
    assert seal is not None
    problems = watch_console(phone)

    phone.goto(f"/matches/{match_id}")
    intact = phone.locator("[data-seal=intact]")
    expect(intact).to_contain_text("Record intact")
    expect(intact).to_contain_text(seal[:12])
    expect(intact).to_contain_text("12 events sealed")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "40-seal-intact.png")

    StoredRows(service, match_id).replace(11, b'"toho","value":5,', b'"toho","value":6,')
    phone.reload()
    warning = phone.get_by_role("alert")
    expect(warning).to_contain_text("Record broken")
    expect(warning).to_contain_text("event 11 (entry, log line 10)")
    expect(warning).to_contain_text("its digest does not match its content")
    expect(phone.locator("[data-seal=intact]")).to_have_count(0)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "41-seal-broken.png")
    assert problems == []
