"""The audit on a phone: from the match page to its audit, filtered to its overrides, the
league's audit across its matches, and the CSV download."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.match import Author, CorrectionRequest
from service.entries import parse_entry
from tests.browser.pages import (
    fits_the_phone,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.opening import OPENING, SETUP, record_text

pytestmark = pytest.mark.browser

LEAGUE = "Spring Cup 2027"
SCORER = Author("alice", "2026-11-30T21:00:00+00:00", "phone", "L-alice")
REFEREE = Author("rita", "2026-11-30T21:30:00+00:00", "web", "L-rita")
COACH = Author("bob", "2026-11-30T21:40:00+00:00", "phone", "L-bob")


def settled_match(web_app: Flask) -> str:
    """A league match with an override, a dispute ruled by a correction that kept entries as
    overrides and withdrew others, and an undo."""
    service = touchline(web_app)
    match_id = service.create_match("card-game", SETUP, SCORER, LEAGUE).id
    for line in OPENING:
        record_text(service, match_id, line, SCORER)
    disputed = service.dispute(match_id, 2, "Nankatsu kicked off, we all saw it", COACH)
    decisions = {3: "keep", 5: "keep", 9: "withdraw", 10: "withdraw", 11: "withdraw"}
    service.rule(
        match_id,
        disputed.line.number,
        "corrected",
        ["CG-4.1"],
        "the kick-off was Nankatsu's",
        REFEREE,
        correction=CorrectionRequest(
            2, parse_entry("card-game", "kickoff coach=nankatsu"), decisions=decisions
        ),
    )
    return match_id


def test_the_overrides_of_a_match_and_of_its_league_on_a_phone(
    phone: Page, web_app: Flask, screenshots: Path, tmp_path: Path
) -> None:
    service = touchline(web_app)
    service.create_league(LEAGUE, "card-game", SCORER)
    match_id = settled_match(web_app)
    other = service.create_match("card-game", SETUP, SCORER, LEAGUE).id
    for line in OPENING[:2]:
        record_text(service, other, line, SCORER)
    record_text(
        service,
        other,
        "draft coach=toho source=deck",
        SCORER,
        override="=Toho asked to draft first, Nankatsu agreed",
    )
    problems = watch_console(phone)

    phone.goto(f"/matches/{match_id}")
    phone.locator(".match-links").get_by_role("link", name="Audit").tap()
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Audit")
    items = phone.locator(".audit-item")
    expect(items).to_have_count(6)  # dispute, correction, two kept overrides, withdrawal, ruling
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, ".audit-filter summary, .downloads a, .audit-head a")
    screenshot(phone, screenshots, "30-match-audit.png")

    phone.locator(".audit-filter summary").tap()
    phone.get_by_label("override").check()
    phone.get_by_role("button", name="Show").tap()
    expect(items).to_have_count(2)
    expect(phone.locator(".audit-filter summary")).to_have_text("Filter: kind override")
    expect(items.first.locator(".audit-reason")).to_have_text("Reason: the kick-off was Nankatsu's")
    expect(items.first.locator(".who")).to_have_text("by rita · web · link L-rita")
    expect(phone).to_have_url(f"/matches/{match_id}/audit?kind=override&by=&since=&until=")
    taps_fit_a_thumb(phone, ".audit-filter button, .audit-filter .button, .audit-filter label")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "31-match-audit-overrides.png")

    phone.goto(f"/leagues/{LEAGUE}")
    phone.get_by_role("link", name="Audit of the league").tap()
    phone.locator(".audit-filter summary").tap()
    phone.get_by_label("override").check()
    phone.get_by_role("button", name="Show").tap()
    expect(phone.get_by_role("heading", level=2)).to_contain_text("3 items across 2 matches")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "32-league-audit-overrides.png")

    with phone.expect_download() as started:
        phone.locator(".downloads").get_by_role("link", name="CSV", exact=True).tap()
    download = started.value
    assert download.suggested_filename == "spring-cup-2027-audit.csv"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    rows = list(csv.DictReader(io.StringIO(saved.read_text(encoding="utf-8"), newline="")))
    assert [row["kind"] for row in rows] == ["override"] * 3
    assert "'=Toho asked to draft first, Nankatsu agreed" in [row["reason"] for row in rows]
    assert problems == []
