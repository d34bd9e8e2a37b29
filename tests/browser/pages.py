"""Shared by the browser tests: matches set up through the service, the scorer link, a watch on
the browser's console, and the checks every phone page should pass."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from flask import Flask
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from domain.match import Author
from service.app import Touchline
from tests.links import issue
from tests.opening import OPENING, SETUP, record_text

AUTHOR = Author("organiser", "2026-11-29T20:00:00+00:00")
# The smallest comfortable target for a thumb (CSS pixels), as the platforms' guidelines give it.
THUMB = 44


def touchline(web_app: Flask) -> Touchline:
    service: Touchline = web_app.extensions["touchline"]
    return service


def new_match(web_app: Flask, league: str | None = None) -> str:
    """A card-game match, Nankatsu (Alice) vs Toho (Bob), with nothing entered yet."""
    return touchline(web_app).create_match("card-game", SETUP, AUTHOR, league).id


def match_after_opening(web_app: Flask) -> str:
    """A match whose eleven entries are the shared opening: Toho leads 1-0 after step 11."""
    match_id = new_match(web_app)
    for line in OPENING:
        record_text(touchline(web_app), match_id, line, AUTHOR)
    return match_id


def scorer_link(web_app: Flask, match_id: str) -> str:
    """The path of a new scorer link of the match, as `touchline match scorer-link` issues."""
    return link_path(web_app, "scorer", match=match_id, person="scorer")


def link_path(web_app: Flask, role: str, **scope: str) -> str:
    """The path (/in/…) of a new link of `role`, issued by the owner (`touchline link issue`);
    `scope` gives the league or match, a coach's side and the person."""
    return f"/in/{issue(touchline(web_app), role, **scope)}"


def become_scorer(page: Page, web_app: Flask, match_id: str, name: str = "Carol") -> None:
    """Open the scorer link on this phone and give the name the log shows."""
    page.goto(scorer_link(web_app, match_id))
    expect(page).to_have_url(f"/matches/{match_id}/live")
    page.get_by_label("Your name, for the log").fill(name)
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".live-head .meta strong")).to_have_text(name)


def watch_console(page: Page, expected_failures: tuple[str, ...] = ()) -> list[str]:
    """Every error the page's scripts raise or log; a test ends by asserting it is empty.

    A failed load is left out when its address ends with one of `expected_failures` (a page
    the test means to be refused)."""
    problems: list[str] = []
    allowed = expected_failures

    def on_console(message: Any) -> None:
        if message.type != "error":
            return
        source = str(message.location.get("url", ""))
        if message.text.startswith("Failed to load resource") and source.endswith(allowed):
            return
        problems.append(f"{page.url}: console error: {message.text} ({source})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"{page.url}: uncaught {error}"))
    return problems


def fits_the_phone(page: Page) -> None:
    """The page never scrolls sideways: wide content scrolls inside its own box, if at all."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"{page.url} is {widths[0]}px wide on a {widths[1]}px screen"


# The visible controls matching a selector that are less than a thumb high or wide.
_TOO_SMALL = """([selector, least]) => Array.from(document.querySelectorAll(selector))
    .filter((el) => el.offsetParent !== null)
    .map((el) => [el.textContent.trim(), el.getBoundingClientRect()])
    .filter(([, box]) => box.height < least || box.width < least)
    .map(([text, box]) => `${text} (${box.width | 0}x${box.height | 0})`)"""


def taps_fit_a_thumb(page: Page, selector: str) -> None:
    """Every visible control matching `selector` is at least a thumb high and wide.

    The controls are measured once the page has settled: a live update may be swapping a
    part of the page in at the very moment a loaded machine gets round to measuring it."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(
            f"(arguments_) => ({_TOO_SMALL})(arguments_).length === 0",
            arg=[selector, THUMB],
            timeout=5000,
        )
    small = page.evaluate(_TOO_SMALL, [selector, THUMB])
    assert not small, f"too small to tap on {page.url}: {small}"


def screenshot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=folder / name, full_page=True)
