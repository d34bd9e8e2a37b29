"""A what-if branch made from the replay on a phone (390 px wide): the "What if…" action at a
step (after stepping there with the script), the page that starts the branch, its scoring
page, the branch listed at its step on the replay, and the comparison side by side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.browser.pages import (
    AUTHOR,
    fits_the_phone,
    match_after_opening,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.opening import record_text

pytestmark = pytest.mark.browser


def test_a_branch_is_made_from_the_replay_on_a_phone_and_compared(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at=8")
    expect(phone.locator("#step-title")).to_have_text("Line 8")
    # Stepped by the script, the frame's action names the new step.
    phone.get_by_role("link", name="Next step (line 9)").tap()
    expect(phone.locator("#step-title")).to_have_text("Line 9")
    what_if = phone.get_by_role("link", name="What if… branch from step 9")
    what_if.scroll_into_view_if_needed()
    expect(phone.locator("#branches")).to_contain_text("No branch from this step yet.")
    taps_fit_a_thumb(phone, ".branch-start")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "branch-1-replay-what-if.png")
    what_if.tap()
    expect(phone.locator("h2#branch-step")).to_have_text("From step 9: line 9")
    phone.get_by_label("Your name").fill("Dan")
    taps_fit_a_thumb(phone, ".branch-form button")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "branch-2-start.png")
    phone.get_by_role("button", name="Start the branch").tap()
    expect(phone).to_have_url(re.compile(r"/matches/[0-9a-f-]{36}/live$"))
    assert f"/matches/{branch_id(web_app, match_id)}/live" in phone.url
    expect(phone.locator(".branch-origin")).to_contain_text("What-if branch of match")
    expect(phone.locator(".live-head")).to_contain_text("entering as Dan")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "branch-3-live.png")
    # Scored on otherwise: Toho's shot rolled 1 and saved.
    branch, service = branch_id(web_app, match_id), touchline(web_app)
    record_text(service, branch, "roll coach=toho value=1", AUTHOR)
    record_text(service, branch, "roll coach=nankatsu value=6", AUTHOR)
    phone.goto(f"/matches/{match_id}/replay?at=9")
    listed = phone.locator("#branches .branch-list li")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Nankatsu 0 – 0 Toho")
    listed.scroll_into_view_if_needed()
    screenshot(phone, screenshots, "branch-4-listed-at-step.png")
    listed.get_by_role("link", name="Compare").tap()
    expect(phone.locator(".compared")).to_have_count(2)
    expect(phone.locator(".compared").first).to_contain_text("Nankatsu 0 – 1 Toho")
    expect(phone.locator(".compared").last).to_contain_text("Nankatsu 0 – 0 Toho")
    expect(phone.locator(".compared-luck")).to_have_count(2)
    expect(phone.locator(".compared-roll").last).to_contain_text("Odds of step 10")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "branch-5-comparison.png")
    assert problems == []


def branch_id(web_app: Flask, match_id: str) -> str:
    [branch] = touchline(web_app).branches_of(match_id)
    return branch.id
