"""The replay on a phone: stepping with the keyboard, a deep link to one step, and a scorer's
annotation shown as plain text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.browser.pages import (
    become_scorer,
    fits_the_phone,
    match_after_opening,
    screenshot,
    watch_console,
)

pytestmark = pytest.mark.browser

TOTAL = 11  # the entries of the shared opening


def expect_step(page: Page, step: int) -> None:
    """The heading, the address, the slider and the timeline all show the same step (in the
    opening, whose log holds only entries, line N of the log is step N)."""
    title = "Kick-off" if step == 0 else f"Line {step}" + (" (the latest)" if step == TOTAL else "")
    expect(page.locator("#step-title")).to_have_text(title)
    expect(page).to_have_url(re.compile(rf"\?at={step}(#.*)?$"))
    expect(page.locator("#replay-slider")).to_have_value(str(step))
    expect(page.locator("#timeline [aria-current=step]")).to_have_attribute("id", f"step-{step}")


def test_the_replay_steps_with_the_keyboard(phone: Page, web_app: Flask, screenshots: Path) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at=0")
    expect_step(phone, 0)
    expect(phone.locator(".frame .entry")).to_contain_text("Kick-off: the situation before")
    phone.locator("h1").click()  # the page, not a field, has the focus

    for step in range(1, 5):
        phone.keyboard.press("ArrowRight")
        expect_step(phone, step)
    expect(phone.locator(".frame .entry-line")).to_contain_text("Line 4:")
    phone.keyboard.press("ArrowLeft")
    expect_step(phone, 3)
    phone.keyboard.press("End")
    expect_step(phone, TOTAL)
    expect(phone.locator(".frame .score")).to_contain_text("1")
    phone.keyboard.press("Home")
    expect_step(phone, 0)
    # Page Down jumps to the next goal: the last roll.
    phone.keyboard.press("PageDown")
    expect_step(phone, TOTAL)
    # The browser's Back button walks the same steps back.
    phone.go_back()
    expect_step(phone, 0)
    phone.keyboard.press("ArrowRight")
    expect_step(phone, 1)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "09-replay-keyboard.png")
    assert problems == []


def test_quick_arrow_presses_each_count(phone: Page, web_app: Flask) -> None:
    # A reader holding the arrow key, or tapping it fast, moves one step per press.
    match_id = match_after_opening(web_app)
    phone.goto(f"/matches/{match_id}/replay?at=0")
    expect_step(phone, 0)
    for _ in range(3):
        phone.keyboard.press("ArrowRight")
    expect_step(phone, 3)


def test_a_deep_link_opens_that_very_step(phone: Page, web_app: Flask, screenshots: Path) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at=5")
    expect_step(phone, 5)
    entry = phone.locator(".frame .entry-line")
    expect(entry).to_contain_text("Line 5:")
    expect(entry.locator(".sentence")).to_contain_text("Toho: Kojiro Hyuga (Shot 3, Pass 1)")
    expect(phone.locator("#step-5")).to_contain_text("Kojiro Hyuga")
    back = phone.get_by_role("link", name="Previous step (line 4)")
    expect(back).to_have_attribute("href", re.compile(r"\?at=4$"))
    share = phone.get_by_role("link", name="Link to this line")
    expect(share).to_have_attribute("href", re.compile(rf"/matches/{match_id}/replay\?at=5$"))
    fits_the_phone(phone)
    screenshot(phone, screenshots, "10-replay-deep-link.png")
    assert problems == []


def test_a_scorer_annotates_a_step_as_plain_text(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id)
    phone.goto(f"/matches/{match_id}/replay?at=3")
    expect_step(phone, 3)
    note = "Alice drafts blind: <b>not bold</b> & fine"
    phone.get_by_label("Annotate this step").fill(note)
    phone.get_by_role("button", name="Add annotation").tap()

    expect(phone).to_have_url(re.compile(r"\?at=3#annotations$"))
    expect(phone.locator("#annotations .note-text")).to_have_text(note)
    expect(phone.locator("#annotations .muted").first).to_contain_text("Carol")
    under_the_step = phone.locator("#step-3 .notes li")
    expect(under_the_step).to_contain_text(note)
    # The markup stays text: no element was made of it.
    expect(phone.locator("#annotations b, #timeline b")).to_have_count(0)
    expect(phone.locator("#step-2 .notes, #step-4 .notes")).to_have_count(0)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "11-replay-annotated.png")
    assert problems == []


def test_a_half_written_annotation_survives_stepping_away_and_back(
    phone: Page, web_app: Flask
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id)
    phone.goto(f"/matches/{match_id}/replay?at=3")
    phone.get_by_label("Annotate this step").fill("Alice hesitated before")
    phone.locator("a[data-rel=forward]").tap()
    expect_step(phone, 4)
    expect(phone.get_by_label("Annotate this step")).to_have_value("")
    phone.locator("a[data-rel=back]").tap()
    expect_step(phone, 3)
    expect(phone.get_by_label("Annotate this step")).to_have_value("Alice hesitated before")
    assert problems == []


def test_stepping_through_a_run_asks_the_server_once(phone: Page, web_app: Flask) -> None:
    # The script fetches the frames of a run of steps in one request and steps through them
    # without asking again; the whole opening fits in one run.
    match_id = match_after_opening(web_app)
    asked: list[str] = []
    phone.on(
        "request", lambda request: asked.append(request.url) if "/replay/" in request.url else None
    )
    phone.goto(f"/matches/{match_id}/replay?at=0")
    expect_step(phone, 0)
    phone.locator("h1").click()
    for step in range(1, 6):
        phone.keyboard.press("ArrowRight")
        expect_step(phone, step)
    phone.keyboard.press("End")
    expect_step(phone, TOTAL)
    expect(phone.locator(".frame .score")).to_contain_text("1")
    phone.keyboard.press("ArrowLeft")
    expect_step(phone, TOTAL - 1)
    phone.go_back()
    expect_step(phone, TOTAL)
    frames = [url for url in asked if "/replay/frames?" in url]
    assert len(frames) == 1, asked
    assert not [url for url in asked if "/replay/frame?" in url], asked
    assert frames[0].endswith(f"from=1&to={TOTAL}")
