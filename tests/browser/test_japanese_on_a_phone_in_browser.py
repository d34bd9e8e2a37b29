"""Issue 15: a TCG opening scored on a phone (390x844, touch) whose browser asks for Japanese:
the page speaks Japanese from the first visit, players are placed and moved by taps on the
field with the page's words in Japanese, and the language switch in the header turns the page
to English and back, remembered from one page to the next."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.log import Entry
from tests.browser.pages import (
    AUTHOR,
    fits_the_phone,
    scorer_link,
    screenshot,
    touchline,
    watch_console,
)
from tests.domain.tcg.tcg_helpers import TABLE as TCG_TABLE
from tests.domain.tcg.tcg_helpers import golden_setup
from tests.opening import record_text

pytestmark = pytest.mark.browser

TCG_SETUP = golden_setup(dice_table="single-die", distance="orthogonal")
PLACED_BY_TAPS = 3


@pytest.fixture
def japanese_phone(new_phone: Callable[..., Any]) -> Page:
    """A phone whose browser asks for Japanese (its Accept-Language is ja-JP)."""
    page: Page = new_phone(locale="ja-JP")
    return page


def tap_first_target(page: Page, area: str) -> None:
    field = page.locator(".glance .pitch.tappable")
    cell = field.locator(f'button[value="{area}"]')
    if area == "goal":
        cell = field.locator("button.goal-mouth.is-target")
    cell.tap()


def test_a_tcg_opening_is_scored_in_japanese_on_a_phone(
    japanese_phone: Page, web_app: Flask, screenshots: Path
) -> None:
    phone = japanese_phone
    service = touchline(web_app)
    match_id = service.create_match("tcg", TCG_SETUP, AUTHOR).id
    problems = watch_console(phone)
    phone.goto(scorer_link(web_app, match_id))
    expect(phone).to_have_url(f"/matches/{match_id}/live")
    expect(phone.locator("html")).to_have_attribute("lang", "ja")
    expect(phone.get_by_role("navigation", name="言語")).to_be_visible()
    expect(phone.locator(".field-prompt").first).to_contain_text(
        "光っているエリアをタップしてください。"
    )
    fits_the_phone(phone)
    screenshot(phone, screenshots, "ja-live-tcg-placing.png")

    # The placements, each by a tap on a highlighted area; the flash says it in Japanese.
    for number in range(1, PLACED_BY_TAPS + 1):
        first = service.get_match(match_id).expected[0]
        area = str(first.choices["area"][0])
        tap_first_target(phone, area)
        expect(phone.locator(".flash.ok")).to_contain_text(f"記録 {number}: ")
        placed = service.get_match(match_id).log[-1]
        assert isinstance(placed, Entry)
        assert (placed.action["player"], placed.action["area"]) == (first.fixed["player"], area)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "ja-live-tcg-placed.png")

    # The rest of the opening as the table played it, then a move by two taps.
    lines = TCG_TABLE.golden_lines("normal_time_match.txt")
    for line in lines[PLACED_BY_TAPS:24]:
        record_text(service, match_id, line, AUTHOR)
    phone.goto(f"/matches/{match_id}/live")
    move = next(e for e in service.get_match(match_id).expected if e.kind == "move")
    mover = str(move.fixed["player"])
    phone.get_by_role("link", name=re.compile(rf"^{re.escape(mover)}を.+から動かす$")).tap()
    expect(phone.locator(".field-prompt").first).to_contain_text("光っているエリアをタップ")
    expect(phone.get_by_role("link", name="キャンセル")).to_be_visible()
    screenshot(phone, screenshots, "ja-live-tcg-moving.png")
    to = str(move.choices["to"][-1])
    number = len(service.get_match(match_id).log) + 1
    phone.locator(f'.glance .pitch.tappable button[value="{to}"]').tap()
    expect(phone.locator(".flash.ok")).to_contain_text(f"記録 {number}: ")
    moved = service.get_match(match_id).log[-1]
    assert isinstance(moved, Entry)
    assert (moved.action["kind"], moved.action["to"]) == ("move", to)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "ja-live-tcg-moved.png")

    # The switch: English, remembered on the match page; then Japanese again.
    languages = phone.get_by_role("navigation", name="言語")
    languages.get_by_role("link", name="English").tap()
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone).to_have_url(f"/matches/{match_id}/live")
    phone.goto(f"/matches/{match_id}")
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    phone.get_by_role("navigation", name="Language").get_by_role("link", name="日本語").tap()
    expect(phone.locator("html")).to_have_attribute("lang", "ja")
    expect(phone.get_by_role("link", name="新しい試合")).to_be_visible()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "ja-match-page.png")
    assert problems == []
