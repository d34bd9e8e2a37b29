"""The odds of a roll and the luck chart on the replay, held in one hand: the step of a roll
shows each outcome's exact chance, and the luck chart sits beside the score chart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.browser.pages import fits_the_phone, match_after_opening, screenshot, watch_console

pytestmark = pytest.mark.browser

SHOT_ROLL = 10  # the opening's line 10: Toho's die in Toho's Shot, 3 against 1


def test_a_rolls_odds_and_the_luck_chart_show_on_a_phone(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at={SHOT_ROLL}")
    odds = phone.locator(".frame .roll-odds")
    expect(odds).to_be_visible()
    expect(odds.locator("h3")).to_have_text("Odds before the roll: Toho's die in Toho's Shot")
    expect(odds.locator("li").first).to_contain_text("Toho score")
    expect(odds.locator("li").first).to_contain_text("83.3% (5/6)")
    expect(odds.locator(".roll-luck")).to_contain_text("Toho (Bob) +0.17")
    chart = phone.locator(".frame .luck-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("figcaption")).to_contain_text("Toho (Bob) +0.17")
    # The luck chart follows the score chart, as wide.
    score = phone.locator(".frame .score-chart").bounding_box()
    luck = chart.bounding_box()
    assert score is not None and luck is not None
    assert luck["y"] > score["y"] and luck["width"] == pytest.approx(score["width"], abs=1)
    fits_the_phone(phone)
    odds.scroll_into_view_if_needed()
    screenshot(phone, screenshots, "replay-phone-odds.png")
    chart.scroll_into_view_if_needed()
    phone.screenshot(path=screenshots / "replay-phone-luck-chart.png")
    # A step that rolled nothing shows no odds; stepping on keeps the chart.
    phone.get_by_role("link", name="Previous step (line 9)").tap()
    expect(phone.locator("#step-title")).to_have_text("Line 9")
    expect(phone.locator(".frame .roll-odds")).to_have_count(0)
    expect(phone.locator(".frame .luck-chart")).to_be_visible()
    assert problems == []


def test_the_odds_the_luck_and_the_what_if_action_in_japanese_on_a_phone(
    new_phone: Callable[..., Any], web_app: Flask, screenshots: Path
) -> None:
    phone: Page = new_phone(locale="ja-JP")
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay?at={SHOT_ROLL}")
    odds = phone.locator(".frame .roll-odds")
    expect(odds.locator("h3")).to_contain_text("振る前の確率: ")
    expect(odds.locator(".roll-luck")).to_contain_text("この出目の運:")
    expect(odds.locator(".roll-luck")).to_contain_text("ゴール")
    expect(phone.locator(".frame .luck-chart figcaption")).to_contain_text("ここまでの運(ゴール):")
    expect(phone.locator(".frame .branch-start")).to_have_text("もしも… ステップ 10 から分岐する")
    fits_the_phone(phone)
    odds.scroll_into_view_if_needed()
    screenshot(phone, screenshots, "replay-phone-odds-ja.png")
    phone.locator(".frame .branch-start").scroll_into_view_if_needed()
    phone.screenshot(path=screenshots / "replay-phone-what-if-ja.png")
    assert problems == []
