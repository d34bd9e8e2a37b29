"""The replay held in one hand: the situation first with the step bar at the bottom of the
screen, a swipe across the situation to step, a tap on the score chart to jump, and the goals
and bookings marked on the timeline in words."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from service.entries import parse_entry
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    AUTHOR,
    fits_the_phone,
    match_after_opening,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did

pytestmark = pytest.mark.browser

TOTAL = 11  # the entries of the shared opening


def step_title(step: int, total: int = TOTAL) -> str:
    """The heading of a step of the opening, whose log holds only entries: line N is step N."""
    return "Kick-off" if step == 0 else f"Line {step}" + (" (the latest)" if step == total else "")


def expect_step(page: Page, step: int, total: int = TOTAL) -> None:
    expect(page.locator("#step-title")).to_have_text(step_title(step, total))
    expect(page).to_have_url(re.compile(rf"\?at={step}(#.*)?$"))
    expect(page.locator("#timeline [aria-current=step]")).to_have_attribute("id", f"step-{step}")


def full_card_match(web_app: Flask) -> str:
    """The card game's full golden match: five goals, a yellow and a red card, Extra Time."""
    ruleset, name, setup = CASES[0][:3]
    service = touchline(web_app)
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    return match_id


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not shown"
    return found


def drag(
    page: Page,
    start: tuple[float, float],
    end: tuple[float, float],
    lasting: float = 0.1,
    stalling: float = 0,
) -> None:
    """A finger put down at `start`, moved to `end` and lifted within `lasting` seconds, as
    the phone's touch screen reports it (Playwright's own touch screen only taps). Each event
    carries the time the finger was there, so however long the browser takes to be handed the
    events (`stalling` seconds between two, as on a loaded machine), the swipe is as quick or
    as slow as it says."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    began = time.time()

    def touch(kind: str, n: int, x: float | None = None, y: float | None = None) -> None:
        points: list[dict[str, Any]] = [] if x is None else [{"x": x, "y": y}]
        at = began + lasting * n / 7
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points, "timestamp": at})
        time.sleep(stalling)

    touch("touchStart", 0, x0, y0)
    for n in range(1, 7):
        touch("touchMove", n, x0 + (x1 - x0) * n / 6, y0 + (y1 - y0) * n / 6)
    touch("touchEnd", 7)
    cdp.detach()


def across_the_situation(page: Page, dx: float, dy: float = 0, **how: float) -> None:
    situation = box(page.locator(".frame .replay-situation"))
    x = PHONE["width"] / 2
    y = min(situation["y"] + 120, PHONE["height"] / 2)
    drag(page, (x - dx / 2, y - dy / 2), (x + dx / 2, y + dy / 2), **how)


def test_the_situation_comes_first_and_the_step_bar_stays_in_reach(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at=5")
    expect_step(phone, 5)
    situation = box(phone.locator(".frame .replay-situation"))
    bar = box(phone.locator(".step-bar"))
    jumps = box(phone.locator(".replay-controls"))
    # The situation starts on the first screen, above every control.
    assert situation["y"] < PHONE["height"] * 0.9
    assert situation["y"] < bar["y"] and situation["y"] + situation["height"] <= jumps["y"]
    # The bar sits at the bottom of the screen, and stays there while the page is read.
    assert bar["y"] + bar["height"] == pytest.approx(PHONE["height"], abs=1)
    taps_fit_a_thumb(phone, ".step-bar .button")
    expect(phone.locator(".step-bar")).to_contain_text("5 / 11")
    phone.locator("#timeline").scroll_into_view_if_needed()
    assert box(phone.locator(".step-bar"))["y"] == pytest.approx(bar["y"], abs=1)
    phone.get_by_role("link", name="Next step (line 6)").tap()
    expect_step(phone, 6)
    phone.get_by_role("link", name="Previous step (line 5)").tap()
    expect_step(phone, 5)
    # Nothing at the end of the page hides behind the bar.
    phone.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    last = box(phone.locator("p.keys"))
    assert last["y"] + last["height"] <= box(phone.locator(".step-bar"))["y"]
    fits_the_phone(phone)
    phone.evaluate("() => window.scrollTo(0, 0)")
    screenshot(phone, screenshots, "replay-phone-situation-first.png")
    assert problems == []


def test_a_swipe_across_the_situation_steps_forward_and_back(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at=4")
    expect_step(phone, 4)
    across_the_situation(phone, dx=-200)  # to the left: the next step
    expect_step(phone, 5)
    across_the_situation(phone, dx=-200)
    expect_step(phone, 6)
    across_the_situation(phone, dx=200)  # to the right: back
    expect_step(phone, 5)
    # Too short, more up and down than sideways, or too slow (reading, not turning a page):
    # no step.
    across_the_situation(phone, dx=-30)
    across_the_situation(phone, dx=-120, dy=160)
    across_the_situation(phone, dx=-200, lasting=1.5)
    expect_step(phone, 5)
    # A quick swipe counts however late the page is handed its events (a busy phone).
    across_the_situation(phone, dx=-200, stalling=0.2)
    expect_step(phone, 6)
    # The browser's Back walks the swiped steps back.
    phone.go_back()
    expect_step(phone, 5)
    screenshot(phone, screenshots, "replay-phone-swiped.png")
    assert problems == []


def test_a_vertical_swipe_scrolls_the_page_and_steps_nothing(phone: Page, web_app: Flask) -> None:
    match_id = match_after_opening(web_app)
    phone.goto(f"/matches/{match_id}/replay?at=4")
    expect_step(phone, 4)
    before = phone.evaluate("() => window.scrollY")
    across_the_situation(phone, dx=0, dy=-300)  # the finger goes up: the page scrolls down
    phone.wait_for_function(f"() => window.scrollY > {before}")
    expect_step(phone, 4)


def test_a_tap_on_the_score_chart_jumps_to_that_step_in_place(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at=0")
    expect_step(phone, 0)
    phone.evaluate("() => { window.stillThisPage = true; }")
    chart = phone.locator(".score-chart")
    chart.scroll_into_view_if_needed()
    step_three = chart.get_by_role("link", name="Line 3", exact=True)
    # Each column at least WCAG 2.2's smallest target (24 px), and far taller than wide.
    sizes = chart.locator(".step-column").evaluate_all(
        "(links) => links.map((a) => a.getBoundingClientRect()).map((r) => [r.width, r.height])"
    )
    assert len(sizes) == TOTAL + 1
    assert all(width >= 24 and height >= 2 * 44 for width, height in sizes), sizes
    step_three.tap()
    expect_step(phone, 3)
    goal = phone.locator(".score-chart").get_by_role("link", name=re.compile(r"^Line 11: GOAL"))
    goal.tap()
    expect_step(phone, TOTAL)
    # In place: the page was not loaded again.
    assert phone.evaluate("() => window.stillThisPage") is True
    fits_the_phone(phone)
    screenshot(phone, screenshots, "replay-phone-chart-tapped.png")
    assert problems == []


def test_without_the_script_a_tap_on_the_chart_opens_that_step(
    new_phone: Any, web_app: Flask
) -> None:
    match_id = match_after_opening(web_app)
    phone: Page = new_phone(java_script_enabled=False)
    phone.goto(f"/matches/{match_id}/replay?at=0")
    expect(phone.locator("#step-title")).to_have_text(step_title(0))
    phone.locator(".score-chart").get_by_role("link", name="Line 7", exact=True).tap()
    expect(phone).to_have_url(re.compile(r"/replay\?at=7$"))
    expect(phone.locator("#step-title")).to_have_text(step_title(7))
    # The bar's buttons are links too.
    phone.get_by_role("link", name="Next step (line 8)").tap()
    expect(phone.locator("#step-title")).to_have_text(step_title(8))


def test_goals_and_cards_are_marked_on_the_timeline_in_words(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = full_card_match(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay")
    timeline = phone.locator("#timeline")
    yellow = timeline.locator(".yellow-card-mark")
    red = timeline.locator(".red-card-mark")
    goals = timeline.locator(".goal-mark")
    expect(goals).to_have_count(5)
    expect(goals.first.locator(".mark-label")).to_have_text("Goal")
    expect(yellow.locator(".mark-label")).to_have_text("Yellow card")
    expect(yellow).to_contain_text("Yellow card for ")
    expect(red.locator(".mark-label")).to_have_text("Red card")
    # The booking's step is one tap away on the timeline.
    booked = yellow.locator("xpath=ancestor::li[1]")
    step = int(str(booked.get_attribute("data-step")))
    booked.locator("a[data-step]").first.tap()
    total = int(str(phone.locator(".frame").get_attribute("data-total")))
    expect_step(phone, step, total)
    yellow.scroll_into_view_if_needed()
    fits_the_phone(phone)
    phone.screenshot(path=screenshots / "replay-phone-timeline-marks.png")
    assert problems == []


def test_cards_are_marked_on_the_score_chart_and_a_tap_jumps_to_the_booking(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = full_card_match(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at=0")
    total = int(str(phone.locator(".frame").get_attribute("data-total")))
    chart = phone.locator(".frame .score-chart")
    chart.scroll_into_view_if_needed()
    yellow, red = chart.locator(".card-marker.yellow-card"), chart.locator(".card-marker.red-card")
    expect(yellow).to_have_count(1)
    expect(red).to_have_count(1)
    # Seen on the phone: each card a few pixels wide, the red one apart from the yellow one.
    for card in (yellow, red):
        drawn = box(card)
        assert drawn["width"] >= 4 and drawn["height"] >= 6, drawn
    colours = [card.evaluate("(c) => getComputedStyle(c).fill") for card in (yellow, red)]
    assert colours[0] != colours[1], colours
    expect(chart.locator("figcaption")).to_contain_text("Yellow card")
    expect(chart.locator("figcaption")).to_contain_text("Red card")
    # The column holding a card says so in words, and a tap on it opens that very step.
    booking = chart.get_by_role("link", name=re.compile(r"Yellow card for ")).first
    step = int(str(booking.get_attribute("data-step")))
    booking.tap()
    expect_step(phone, step, total)
    current = phone.locator("#timeline [aria-current=step]")
    expect(current.locator(".yellow-card-mark")).to_have_count(1)
    chart = phone.locator(".frame .score-chart")
    chart.scroll_into_view_if_needed()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "replay-phone-chart-cards.png")
    chart.screenshot(path=screenshots / "replay-phone-chart-cards-close.png")
    assert problems == []
