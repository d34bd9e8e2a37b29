"""Issue 14 on a phone: the match page's log reads as a match report, a heading per stretch of
play, the goal, the dice, the override and the note marked in words, and each line's notation
one tap away; the scoring page's log reads the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.browser.pages import (
    AUTHOR,
    become_scorer,
    fits_the_phone,
    match_after_opening,
    screenshot,
    touchline,
    watch_console,
)
from tests.opening import record_text

pytestmark = pytest.mark.browser


def reported_match(web_app: Flask) -> str:
    """The opening (Toho score on line 11), a note on the goal (12), and Nankatsu's draft
    before Toho's, against the rules (13)."""
    match_id = match_after_opening(web_app)
    service = touchline(web_app)
    service.annotate(match_id, 11, "A screamer from the edge of the box", AUTHOR)
    record_text(
        service, match_id, "draft nankatsu pitch", AUTHOR, override="Nankatsu first, house rule"
    )
    return match_id


def test_the_match_page_log_reads_as_a_match_report(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = reported_match(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}")
    log = phone.locator("section.log")
    headings = log.locator("h3.log-period")
    expect(headings.first).to_have_text("1st half, round 2")
    expect(headings.last).to_have_text("Before kick-off")
    goal = log.locator("#entry-11")
    expect(goal.locator(".entry")).to_have_text("Nankatsu roll 2")
    expect(goal.locator(".report-mark-goal")).to_have_text("◉ goal")
    expect(goal.locator(".report-mark-dice")).to_have_text("⚄ die 2")
    expect(goal.locator(".consequences")).to_contain_text("GOAL for Toho! Nankatsu 0 – 1 Toho.")
    expect(log.locator("#entry-5 .entry")).to_have_text("Toho: Kojiro Hyuga (Shot 3, Pass 1)")
    overridden = log.locator("#entry-13")
    expect(overridden.locator(".report-mark-override")).to_have_text("⚑ override")
    expect(log.locator("#entry-12 .entry")).to_have_text(
        "Note on line 11: A screamer from the edge of the box"
    )
    # The notation is one tap away, closed until then.
    notation = goal.locator("details.notation")
    expect(notation.locator("code")).to_be_hidden()
    notation.locator("summary").tap()
    expect(notation.locator("code")).to_have_text("roll coach=nankatsu value=2")
    expect(notation.locator("code")).to_be_visible()
    fits_the_phone(phone)
    goal.scroll_into_view_if_needed()
    screenshot(phone, screenshots, "report-01-match-log.png")
    assert problems == []


def test_the_scoring_page_log_reads_the_same(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = reported_match(web_app)
    become_scorer(phone, web_app, match_id)
    log = phone.locator("section.log")
    expect(log.locator("#entry-11 .report-mark-goal")).to_have_text("◉ goal")
    expect(log.locator("h3.log-period").first).to_have_text("1st half, round 2")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "report-02-live-log.png")
