"""Two phones scoring one match: what one records never turns the other's tap into a different
entry. The first phone is told ("changed on another phone"), its page is redrawn in place only
when nothing is being touched, and a tap on a button drawn before the change stores nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.log import Entry
from tests.browser.pages import (
    AUTHOR,
    become_scorer,
    fits_the_phone,
    new_match,
    screenshot,
    touchline,
    watch_console,
)
from tests.browser.test_scoring_in_browser import entry_form, in_force, recorded
from tests.domain.tcg.tcg_helpers import TABLE as TCG_TABLE
from tests.domain.tcg.tcg_helpers import golden_setup, raw_setup
from tests.opening import OPENING, record_text

pytestmark = pytest.mark.browser

TCG_SETUP = raw_setup(dice_table="single-die", distance="orthogonal")

# Toss and kick-off: next, Nankatsu (the defender) drafts, then Toho, with the same two buttons
# in the same place: exactly where a swapped page turns one coach's tap into the other's.
BEFORE_THE_DRAFT = OPENING[:2]
NANKATSU_DRAFTS = "Nankatsu (Alice) drafts"
TOHO_DRAFTS = "Toho (Bob) drafts"


def drafting_match(web_app: Flask) -> str:
    match_id = new_match(web_app)
    for line in BEFORE_THE_DRAFT:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    return match_id


def drafts(web_app: Flask, match_id: str) -> list[tuple[str, str]]:
    """The drafts in force: (coach, source)."""
    return [
        (action["coach"], action["source"])
        for action in in_force(web_app, match_id)
        if action["kind"] == "draft"
    ]


def changed_notice(page: Page) -> Any:
    return page.locator("[data-changed]")


def mark_document(page: Page) -> None:
    """A mark on this document: a reload would lose it."""
    page.evaluate("() => { window.sameDocument = true; }")


def same_document(page: Page) -> bool:
    return bool(page.evaluate("() => window.sameDocument === true"))


def test_a_tap_held_down_while_another_phone_records_stores_nothing(
    phone: Page, new_phone: Callable[..., Page], web_app: Flask, screenshots: Path
) -> None:
    match_id = drafting_match(web_app)
    problems = watch_console(phone, expected_failures=(f"/matches/{match_id}/entries",))
    become_scorer(phone, web_app, match_id, "Carol")
    other = new_phone()
    become_scorer(other, web_app, match_id, "Dan")
    mark_document(phone)

    # Carol's finger goes down on Nankatsu's "pitch" …
    pitch = entry_form(phone, "draft", NANKATSU_DRAFTS).get_by_role("button", name="pitch")
    box = pitch.bounding_box()
    assert box is not None
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    # … while Dan records Nankatsu's draft on the other phone.
    entry_form(other, "draft", NANKATSU_DRAFTS).get_by_role("button", name="deck").tap()
    recorded(other, 3)

    # Carol's page says so, and leaves the button under her finger as it was drawn.
    expect(changed_notice(phone)).to_be_visible()
    expect(changed_notice(phone)).to_contain_text("changed on another phone")
    assert same_document(phone)
    expect(pitch).to_be_visible()
    # Only what the phone shows: a full-page shot resizes the page, which lifts the finger.
    phone.screenshot(path=screenshots / "20-two-phones-held-tap.png")

    # The finger comes up on a button drawn for the old version: refused, nothing stored.
    phone.mouse.up()
    expect(phone.locator(".notice.stale")).to_contain_text("Nothing was recorded from this tap")
    assert drafts(web_app, match_id) == [("nankatsu", "deck")]
    assert touchline(web_app).version_of(match_id) == 4
    # The answer shows the new situation: Toho's draft is next.
    expect(entry_form(phone, "draft", TOHO_DRAFTS)).to_be_visible()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "21-two-phones-refused.png")
    assert problems == []


# Scroll, and come back once the page has seen the scroll event (it arrives a frame later).
SCROLL_TO = """(y) => new Promise((done) => {
    window.addEventListener("scroll", () => done(), { once: true });
    window.scrollTo(0, y);
})"""


def button_at(page: Page, x: float, y: float) -> str:
    """The button under a point, as "prompt of its form / its text"."""
    return str(
        page.evaluate(
            """([x, y]) => {
                const button = document.elementFromPoint(x, y).closest("button");
                const form = button && button.closest("form");
                const prompt = form && form.querySelector(".prompt");
                const text = (element) => (element ? element.textContent : "?");
                return text(prompt) + " / " + text(button);
            }""",
            [x, y],
        )
    )


def test_an_untouched_page_is_redrawn_in_place_and_a_tap_aimed_before_is_held_back(
    phone: Page, new_phone: Callable[..., Page], web_app: Flask, screenshots: Path
) -> None:
    match_id = drafting_match(web_app)
    problems = watch_console(phone)
    # The page's clock stands still from here on unless the test moves it: the moments the page
    # waits for (an idle moment, a redraw settling) come exactly when the test says.
    phone.clock.install()
    become_scorer(phone, web_app, match_id, "Carol")
    other = new_phone()
    become_scorer(other, web_app, match_id, "Dan")
    mark_document(phone)
    # Carol has opened the full situation from the keyboard and scrolled down a little.
    summary = phone.locator(".full-situation > summary")
    summary.focus()
    phone.keyboard.press("Enter")
    expect(phone.locator(".full-situation")).to_have_attribute("open", "")
    phone.evaluate(SCROLL_TO, 120)
    # Then she reads: the clock stops well after her last touch, key and scroll.
    phone.clock.pause_at(phone.evaluate("() => Date.now()") + 2_000)
    pitch = entry_form(phone, "draft", NANKATSU_DRAFTS).get_by_role("button", name="pitch")
    box = pitch.bounding_box()
    assert box is not None and box["y"] > 0
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert button_at(phone, x, y).startswith(NANKATSU_DRAFTS)
    assert button_at(phone, x, y).endswith("/ pitch")

    entry_form(other, "draft", NANKATSU_DRAFTS).get_by_role("button", name="deck").tap()
    recorded(other, 3)

    # Nothing was being touched: the page is redrawn in place, where it was, and says why.
    notice = changed_notice(phone)
    expect(notice).to_contain_text(
        "Changed on another phone: Nankatsu draft the top card of the Match deck"
    )
    expect(entry_form(phone, "draft", TOHO_DRAFTS)).to_be_visible()
    expect(phone.locator("[data-version-label]")).to_have_text("4")
    assert same_document(phone)
    assert phone.evaluate("() => window.scrollY") == 120
    expect(phone.locator(".full-situation")).to_have_attribute("open", "")
    expect(phone.locator(".full-situation > summary")).to_be_focused()
    for form in phone.locator("form[data-entry-form]").all():
        expect(form.locator('input[name="expected_version"]')).to_have_value("4")
    # What the phone shows (a full-page shot would resize the page and lose its scroll).
    phone.screenshot(path=screenshots / "22-two-phones-redrawn.png")

    # Toho's "pitch" now stands where Nankatsu's was. A tap begun at once was aimed at the page
    # as it was drawn before: it is held back, and nothing is stored.
    assert button_at(phone, x, y).startswith(TOHO_DRAFTS)
    assert button_at(phone, x, y).endswith("/ pitch")
    phone.mouse.click(x, y)
    expect(notice).to_contain_text("The buttons changed just before your tap")
    assert touchline(web_app).version_of(match_id) == 4
    assert same_document(phone)
    phone.screenshot(path=screenshots / "23-two-phones-tap-held-back.png")

    # Once the new buttons have been on show a moment, a tap records what they say.
    phone.clock.run_for(1_000)
    entry_form(phone, "draft", TOHO_DRAFTS).get_by_role("button", name="pitch").tap()
    recorded(phone, 4)
    assert drafts(web_app, match_id) == [("nankatsu", "deck"), ("toho", "pitch")]
    assert problems == []


def test_a_half_filled_form_is_not_redrawn_away(
    phone: Page, new_phone: Callable[..., Page], web_app: Flask, screenshots: Path
) -> None:
    match_id = new_match(web_app)
    for line in OPENING[:4]:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    problems = watch_console(phone, expected_failures=(f"/matches/{match_id}/entries",))
    become_scorer(phone, web_app, match_id, "Carol")
    other = new_phone()
    become_scorer(other, web_app, match_id, "Dan")
    mark_document(phone)
    toho_plays = entry_form(phone, "play", "Toho (Bob) plays a card")
    toho_plays.get_by_label("card", exact=True).fill("Kojiro Hyuga")
    for name, value in (("shot", "3"), ("pass", "1"), ("defense", "0")):  # said, never 0 by default
        toho_plays.get_by_label(name, exact=True).fill(value)
    phone.locator(".live-head .meta").click()  # done typing: the focus leaves the field

    # Dan records Toho's card on his phone meanwhile.
    record_text(touchline(web_app), match_id, OPENING[4], AUTHOR)

    notice = changed_notice(phone)
    expect(notice).to_contain_text("What you filled in stays here")
    expect(notice.get_by_role("link", name="Show the new situation")).to_be_visible()
    assert same_document(phone)
    expect(toho_plays.get_by_label("card", exact=True)).to_have_value("Kojiro Hyuga")
    expect(phone.locator("[data-version-label]")).to_have_text("5")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "24-two-phones-half-filled.png")

    # Sending it anyway: it was drawn for the old version, so it is refused and stores nothing.
    toho_plays.get_by_role("button", name="Play").tap()
    expect(phone.locator(".notice.stale")).to_contain_text("Nothing was recorded from this tap")
    assert touchline(web_app).version_of(match_id) == 6
    assert problems == []


def test_without_scripts_a_tap_on_a_page_another_phone_overtook_stores_nothing(
    new_phone: Callable[..., Page], web_app: Flask, screenshots: Path
) -> None:
    match_id = drafting_match(web_app)
    plain = new_phone(java_script_enabled=False)
    become_scorer(plain, web_app, match_id, "Carol")
    record_text(touchline(web_app), match_id, "draft coach=nankatsu source=deck", AUTHOR)

    entry_form(plain, "draft", NANKATSU_DRAFTS).get_by_role("button", name="pitch").tap()

    expect(plain.locator(".notice.stale")).to_contain_text("Nothing was recorded from this tap")
    assert drafts(web_app, match_id) == [("nankatsu", "deck")]
    expect(entry_form(plain, "draft", TOHO_DRAFTS)).to_be_visible()
    screenshot(plain, screenshots, "25-two-phones-no-script.png")


# -- a pick on the TCG's field across another phone's entry (issue 14) ---------------------

MIDFIELD = "Tsubasa Ozora"  # may still move once Hajime Taki has moved (golden line 25)


def moving_tcg_match(web_app: Flask) -> str:
    """A TCG match where Nankatsu's players move: golden lines 1 to 24, under the readings
    the golden match was recorded with (a player moves within 2 areas a phase, TCG-6.2)."""
    service = touchline(web_app)
    setup = golden_setup(dice_table="single-die", distance="orthogonal")
    match_id = service.create_match("tcg", setup, AUTHOR).id
    for line in TCG_TABLE.golden_lines("normal_time_match.txt")[:24]:
        record_text(service, match_id, line, AUTHOR)
    return match_id


def move_targets(web_app: Flask, match_id: str, player: str) -> list[str]:
    return [
        str(area)
        for option in touchline(web_app).get_match(match_id).expected
        if option.kind == "move" and option.fixed.get("player") == player
        for area in option.choices["to"]
    ]


def test_a_pick_on_the_field_outlasts_another_phone_s_entry_while_it_stands(
    phone: Page, new_phone: Callable[..., Page], web_app: Flask, screenshots: Path
) -> None:
    match_id = moving_tcg_match(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id, "Carol")
    other = new_phone()
    become_scorer(other, web_app, match_id, "Dan")
    field = phone.locator(".glance .pitch.tappable")

    # Carol picks Tsubasa to move him …
    phone.get_by_role("link", name=f"Move {MIDFIELD} from").tap()
    expect(phone.locator(".field-prompt")).to_contain_text(f"move {MIDFIELD}")
    mark_document(phone)
    # … while Dan moves Hajime Taki on the other phone.
    other.get_by_role("link", name="Move Hajime Taki from").tap()
    other.locator('.glance .pitch.tappable button[value="b3"]').tap()
    expect(other.locator(".flash.ok")).to_contain_text("Recorded 25:")

    # Carol's page is redrawn in place with Tsubasa still picked, his moves as they are now.
    expect(changed_notice(phone)).to_contain_text("Changed on another phone")
    expect(phone.locator("[data-version-label]")).to_have_text(
        str(touchline(web_app).version_of(match_id))
    )
    expect(phone.locator(".field-prompt")).to_contain_text(f"move {MIDFIELD}")
    expect(field.locator("button.is-target")).to_have_count(
        len(move_targets(web_app, match_id, MIDFIELD))
    )
    expect(phone.locator("[data-pick-lost]")).to_have_count(0)
    assert same_document(phone)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "live-tcg-pick-kept.png")
    # Once the redrawn field has been on show a moment, the tap moves him.
    phone.wait_for_timeout(1_000)
    field.locator('button[value="c5"]').tap()
    expect(phone.locator(".flash.ok")).to_contain_text("Recorded 26:")
    moved = touchline(web_app).get_match(match_id).log[-1]
    assert isinstance(moved, Entry)
    assert (moved.action["player"], moved.action["to"]) == (MIDFIELD, "c5")
    assert problems == []


def test_a_pick_another_phone_s_entry_took_away_is_said_plainly(
    phone: Page, new_phone: Callable[..., Page], web_app: Flask, screenshots: Path
) -> None:
    match_id = moving_tcg_match(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id, "Carol")
    other = new_phone()
    become_scorer(other, web_app, match_id, "Dan")
    phone.get_by_role("link", name="Move Hajime Taki from").tap()
    expect(phone.locator(".field-prompt")).to_contain_text("move Hajime Taki")
    mark_document(phone)
    # Dan moves the very player Carol picked: he may not move again this turn.
    other.get_by_role("link", name="Move Hajime Taki from").tap()
    other.locator('.glance .pitch.tappable button[value="b3"]').tap()
    expect(other.locator(".flash.ok")).to_contain_text("Recorded 25:")

    lost = phone.locator("[data-pick-lost]")
    expect(lost).to_contain_text("Your pick, Hajime Taki, no longer stands")
    expect(changed_notice(phone)).to_contain_text("Your pick, Hajime Taki, no longer stands")
    # No other player's move is offered in its place: Carol picks again.
    expect(phone.locator(".glance .pitch.tappable button.is-target")).to_have_count(0)
    expect(phone.locator(".field-prompt")).to_contain_text("Tap a ringed player to move them.")
    assert same_document(phone)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "live-tcg-pick-lost.png")
    assert touchline(web_app).get_match(match_id).log[-1].number == 25
    assert problems == []
