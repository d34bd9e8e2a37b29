"""The scoring page on a phone (390x844, touch), shaped by what happens most: two screens at most
after any entry of the opening, the latest entry and its undo on screen wherever the page is
scrolled, a goal seen on the scoreboard and in the log, and the TCG's field placing and moving
players by a tap on its cells."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.log import Entry
from tests.browser.conftest import PHONE
from tests.browser.pages import (
    AUTHOR,
    become_scorer,
    fits_the_phone,
    new_match,
    scorer_link,
    screenshot,
    touchline,
    watch_console,
)
from tests.domain.king_of_the_pitch.kp_helpers import TABLE as KP_TABLE
from tests.domain.king_of_the_pitch.kp_helpers import THREE_TEAMS_SETUP
from tests.domain.tcg.tcg_helpers import TABLE as TCG_TABLE
from tests.domain.tcg.tcg_helpers import golden_setup
from tests.opening import OPENING, record_text

pytestmark = pytest.mark.browser

TWO_SCREENS = 2 * PHONE["height"]
# The smallest target WCAG 2.2 allows (2.5.8, target size minimum), in CSS pixels.
LEAST_TARGET = 24
TCG_SETUP = golden_setup(dice_table="single-die", distance="orthogonal")


def page_height(page: Page) -> int:
    height: int = page.evaluate("() => document.documentElement.scrollHeight")
    return height


def nothing_unfolded(page: Page) -> None:
    """The page as it comes: "More", the full situation and the log folded."""
    for name in ("more", "full-situation", "log"):
        folded = page.locator(f'details[data-keep="{name}"]')
        if folded.count():
            expect(folded).not_to_have_attribute("open", "")


def on_screen(page: Page, selector: str) -> bool:
    box = page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
            return [r.top, r.bottom, r.left, r.right, window.innerHeight, window.innerWidth]; }""",
        selector,
    )
    top, bottom, left, right, height, width = box
    return bool(top >= 0 and bottom <= height and left >= 0 and right <= width and bottom > top)


def test_after_every_entry_of_the_opening_the_page_is_two_screens_at_most(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = new_match(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id)
    heights: dict[str, int] = {}
    for number, line in enumerate(OPENING, start=1):
        record_text(touchline(web_app), match_id, line, AUTHOR)
        phone.goto(f"/matches/{match_id}/live")
        nothing_unfolded(phone)
        heights[f"{number} {line}"] = page_height(phone)
        fits_the_phone(phone)
        if number == 5:
            screenshot(phone, screenshots, "live-card-after-a-play.png")
            # The answer to the play comes first: Nankatsu's own play, then the pass.
            prompts = phone.locator(".next > form .prompt").all_text_contents()
            assert prompts[:2] == [
                "Nankatsu (Alice) plays a card (1 of 9 cards in play) or passes.",
                "Nankatsu (Alice) passes.",
            ]
            # Kojiro's abilities are one tap away, not on the page's way.
            expect(phone.locator("details.more > summary")).to_contain_text("8 entries")
            expect(
                phone.get_by_text("may use an ability of Kojiro Hyuga: bank points")
            ).to_be_hidden()
            # The cards in play and their values are on the glance.
            toho = phone.locator(".glance .in-play-side.side-toho")
            expect(toho.get_by_role("row", name="Kojiro Hyuga")).to_contain_text("310")
            phone.locator("details.more > summary").tap()
            expect(
                phone.get_by_text("may use an ability of Kojiro Hyuga: bank points")
            ).to_be_visible()
            screenshot(phone, screenshots, "live-card-more-open.png")
    too_tall = {line: height for line, height in heights.items() if height > TWO_SCREENS}
    assert not too_tall, f"taller than {TWO_SCREENS}px: {too_tall}"
    assert problems == []


def test_the_latest_entry_and_undo_stay_on_screen_wherever_the_page_is_scrolled(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = new_match(web_app)
    for line in OPENING[:6]:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    become_scorer(phone, web_app, match_id)
    # Everything unfolded, so that there is somewhere to scroll to.
    phone.evaluate(
        "() => document.querySelectorAll('details:not(.undo)').forEach((d) => (d.open = true))"
    )
    bottom = page_height(phone) - PHONE["height"]
    assert bottom > PHONE["height"]
    bar = phone.locator(".live-bar")
    for y in (0, bottom // 3, bottom // 2, bottom):
        phone.evaluate("(y) => window.scrollTo(0, y)", y)
        phone.wait_for_function("(y) => Math.abs(window.scrollY - y) < 2", arg=y)
        assert on_screen(phone, ".live-bar"), f"the bar is off screen at y={y}"
        assert on_screen(phone, ".live-bar .undo > summary"), f"Undo is off screen at y={y}"
        assert on_screen(phone, ".live-bar .latest"), f"the latest entry is off screen at y={y}"
        expect(bar.locator(".latest")).to_contain_text("6")
        expect(bar.locator(".latest")).to_contain_text("Tsubasa Ozora")
    screenshot_viewport(phone, screenshots, "live-card-scrolled-bar.png")
    bar.get_by_text("Undo…").tap()
    confirm = bar.get_by_role("button", name="Yes, undo entry 6")
    expect(confirm).to_be_visible()
    assert on_screen(phone, ".live-bar .undo form")
    screenshot_viewport(phone, screenshots, "live-card-undo-asked.png")
    confirm.tap()
    expect(phone.locator(".flash.ok")).to_contain_text("Undone: entry 6 is retracted.")
    expect(phone.locator(".live-bar .latest")).to_contain_text("Kojiro Hyuga")


def test_the_keys_are_hinted_and_the_first_tab_skips_to_the_content(
    phone: Page, web_app: Flask
) -> None:
    match_id = new_match(web_app)
    for line in OPENING[:5]:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    become_scorer(phone, web_app, match_id)
    hint = phone.locator("[data-keys-hint]")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("u undo the latest entry")
    skip = phone.locator(".skip-link")
    assert not on_screen(phone, ".skip-link")
    phone.keyboard.press("Tab")
    expect(skip).to_be_focused()
    assert on_screen(phone, ".skip-link")
    skip.press("Enter")
    expect(phone).to_have_url(re.compile(r"#main$"))
    phone.keyboard.press("u")
    expect(phone.locator(".live-bar details.undo")).to_have_attribute("open", "")


def screenshot_viewport(page: Page, folder: Path, name: str) -> None:
    """What the phone's screen shows now (a full-page shot draws the bar where the page top is)."""
    page.screenshot(path=folder / name)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_goal_is_seen_on_the_scoreboard_and_marked_in_the_log(
    new_phone: Any, web_app: Flask, screenshots: Path, motion: str
) -> None:
    phone: Page = new_phone(reduced_motion=motion)
    match_id = new_match(web_app)
    for line in OPENING[:-1]:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    become_scorer(phone, web_app, match_id)
    form = phone.locator("form.kind-roll").filter(has_text="Nankatsu (Alice) rolls")
    form.get_by_role("button", name="value 2").tap()
    expect(phone.locator(".flash.ok")).to_contain_text("Recorded 11:")
    scored = phone.locator(".glance .score-side.side-toho")
    expect(scored).to_have_class("score-side side-toho just-scored")
    expect(phone.locator(".glance .score-side.side-nankatsu")).not_to_have_class("just-scored")
    news = phone.locator(".glance .score-news")
    expect(news).to_have_attribute("role", "status")
    expect(news).to_contain_text("GOAL for Toho! Nankatsu 0 – 1 Toho.")
    expect(news).to_be_visible()
    assert on_screen(phone, ".glance .score-news")
    # What the style asks for, not what is running: on a loaded machine the pulses may be
    # over before the check.
    animation = phone.evaluate(
        "() => getComputedStyle(document.querySelector('.glance .just-scored')).animationName"
    )
    if motion == "reduce":
        assert animation == "none", "the scoreboard moves although the phone asks for less motion"
    else:
        assert animation == "scored", "the goal does not move the scoreboard"
    screenshot_viewport(phone, screenshots, f"live-card-goal-{motion}.png")
    phone.locator('details[data-keep="log"] > summary').tap()
    goal_line = phone.locator("#entry-11")
    expect(goal_line).to_have_class(re.compile(r"\bis-goal\b"))
    expect(goal_line).to_contain_text("GOAL for Toho!")
    mark = phone.evaluate(
        "() => getComputedStyle(document.querySelector('#entry-11'), '::before').content"
    )
    assert "★" in mark
    expect(phone.locator("#entry-10")).not_to_have_class(re.compile(r"\bis-goal\b"))
    # The next entry quiets the scoreboard; the log keeps its mark.
    record_text(touchline(web_app), match_id, "draft coach=toho source=pitch", AUTHOR)
    phone.goto(f"/matches/{match_id}/live")
    expect(phone.locator(".just-scored")).to_have_count(0)
    expect(phone.locator("#entry-11")).to_have_class(re.compile(r"\bis-goal\b"))


def test_a_tcg_player_is_placed_and_moved_by_tapping_cells(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    service = touchline(web_app)
    match_id = service.create_match("tcg", TCG_SETUP, AUTHOR).id
    problems = watch_console(phone)
    phone.goto(scorer_link(web_app, match_id))
    expect(phone).to_have_url(f"/matches/{match_id}/live")
    first = service.get_match(match_id).expected[0]
    field = phone.locator(".glance .pitch.tappable")
    targets = field.locator("button.is-target")
    expect(targets).to_have_count(len(first.choices["area"]))
    targets_are_big_enough(phone)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "live-tcg-placing.png")
    area = str(first.choices["area"][0])
    cell = field.locator(f'button[value="{area}"]')
    if area == "goal":
        cell = field.locator("button.goal-mouth.is-target")
    cell.tap()
    expect(phone.locator(".flash.ok")).to_contain_text("Recorded 1:")
    placed = service.get_match(match_id).log[-1]
    assert isinstance(placed, Entry)
    assert (placed.action["player"], placed.action["area"]) == (first.fixed["player"], area)

    # On to where players move: a tap on a player, then on where to.
    for line in TCG_TABLE.golden_lines("normal_time_match.txt")[1:24]:
        record_text(service, match_id, line, AUTHOR)
    phone.goto(f"/matches/{match_id}/live")
    move = next(e for e in service.get_match(match_id).expected if e.kind == "move")
    mover = str(move.fixed["player"])
    link = phone.get_by_role("link", name=f"Move {mover} from")
    targets_are_big_enough(phone)
    screenshot(phone, screenshots, "live-tcg-to-move.png")
    link.tap()
    expect(phone.locator(".field-prompt")).to_contain_text(f"move {mover}")
    expect(field.locator("button.is-target")).to_have_count(len(move.choices["to"]))
    targets_are_big_enough(phone)
    screenshot(phone, screenshots, "live-tcg-moving.png")
    to = str(move.choices["to"][-1])
    # The keyboard reaches a cell and Enter taps it.
    field.locator(f'button[value="{to}"]').focus()
    phone.keyboard.press("Enter")
    expect(phone.locator(".flash.ok")).to_contain_text("Recorded 25:")
    moved = service.get_match(match_id).log[-1]
    assert isinstance(moved, Entry)
    assert (moved.action["kind"], moved.action["player"], moved.action["to"]) == ("move", mover, to)
    assert problems == []


def targets_are_big_enough(page: Page) -> None:
    small = page.evaluate(
        """(least) => Array.from(document.querySelectorAll(
                '.pitch.tappable button, .pitch.tappable a'))
            .map((el) => [el.getAttribute('aria-label') || el.textContent.trim(),
                          el.getBoundingClientRect()])
            .filter(([, box]) => box.width < least || box.height < least)
            .map(([name, box]) => `${name} (${box.width | 0}x${box.height | 0})`)""",
        LEAST_TARGET,
    )
    assert not small, f"targets under {LEAST_TARGET}px: {small}"


def test_every_game_s_live_page_at_phone_size(
    new_phone: Any, web_app: Flask, screenshots: Path
) -> None:
    """Screenshots of the three games' live pages, mid-match, for a person to look at; each
    fits the phone's width and, with nothing unfolded, two screens."""
    service = touchline(web_app)
    games = {
        "king-of-the-pitch": (THREE_TEAMS_SETUP, KP_TABLE.golden_lines("three_teams.txt")[:31]),
        "tcg": (TCG_SETUP, TCG_TABLE.golden_lines("normal_time_match.txt")[:60]),
        "card-game": (None, OPENING[:9]),
    }
    for ruleset, (setup, lines) in games.items():
        if setup is None:
            match_id = new_match(web_app)
        else:
            match_id = service.create_match(ruleset, setup, AUTHOR).id
        for line in lines:
            record_text(service, match_id, line, AUTHOR)
        phone: Page = new_phone()
        become_scorer(phone, web_app, match_id)
        nothing_unfolded(phone)
        fits_the_phone(phone)
        screenshot(phone, screenshots, f"live-{ruleset}-mid-match.png")
        screenshot_viewport(phone, screenshots, f"live-{ruleset}-first-screen.png")
        assert page_height(phone) <= TWO_SCREENS, f"{ruleset}: {page_height(phone)}px"


def test_a_goal_entered_on_another_phone_is_said_and_shown_here(
    phone: Page, web_app: Flask
) -> None:
    match_id = new_match(web_app)
    for line in OPENING[:-1]:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id)
    phone.wait_for_load_state("load")
    record_text(touchline(web_app), match_id, OPENING[-1], AUTHOR)
    notice = phone.locator("[data-changed-text]")
    expect(notice).to_contain_text("Changed on another phone: Nankatsu roll 2.")
    expect(notice).to_contain_text("GOAL for Toho! Nankatsu 0 – 1 Toho.")
    expect(phone.locator(".glance .score-side.side-toho")).to_have_class(
        "score-side side-toho just-scored"
    )
    assert problems == []
