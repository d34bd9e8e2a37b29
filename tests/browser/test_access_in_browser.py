"""Access links on a phone (issue 12 point 1): an organizer issues a referee link from the
league page, the referee opens it on their own phone and rules on a dispute; revoked, the
same link is refused at once."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.log import Ruling
from tests.browser.pages import (
    AUTHOR,
    fits_the_phone,
    link_path,
    match_after_opening,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)

pytestmark = pytest.mark.browser

LEAGUE = "Spring Cup"


def test_an_organizer_appoints_a_referee_who_rules_then_loses_the_link(
    phone: Page, new_phone: Callable[..., Any], web_app: Flask, screenshots: Path
) -> None:
    service = touchline(web_app)
    service.create_league(LEAGUE, "card-game", AUTHOR)
    match_id = match_after_opening(web_app)
    service.dispute(match_id, 6, "Tsubasa was passed, not played", AUTHOR)
    # The match joins the league as the organizer's; the opening is any match's.
    league_match = service.create_match(
        "card-game", service.get_match(match_id).setup, AUTHOR, LEAGUE
    ).id
    problems = watch_console(phone)

    # Olga, the organizer, opens her link: it lands on her league's page, with the Links panel.
    phone.goto(link_path(web_app, "organizer", league=LEAGUE, person="Olga"))
    expect(phone).to_have_url(re.compile(r"/leagues/Spring(%20| )Cup$"))
    panel = phone.locator("#links")
    expect(panel.get_by_role("heading", name="Links")).to_be_visible()
    panel.get_by_label("Person").fill("Rita")
    panel.get_by_label("Role").select_option("referee")
    taps_fit_a_thumb(phone, "#links button")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "40-league-links-panel.png")
    panel.get_by_role("button", name="Issue link").tap()

    expect(phone.get_by_role("heading", level=1)).to_have_text("A referee link for Rita")
    expect(phone.locator("figure.qr svg")).to_be_visible()
    link = phone.get_by_label("Link (private)").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/in/[A-Za-z0-9_-]{32}", link)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "41-link-issued.png")

    # Rita opens it on her own phone and rules on the dispute in a league match.
    rita = new_phone()
    league_dispute = _dispute_in(web_app, league_match)
    # Both refusals at the end are meant: the ruling page and the link, once revoked.
    refusals = (f"/disputes/{league_dispute}/ruling", link.rsplit("/", 1)[1])
    rita_problems = watch_console(rita, expected_failures=refusals)
    rita.goto(link)
    expect(rita).to_have_url(re.compile(r"/leagues/Spring(%20| )Cup$"))
    rita.goto(f"/matches/{league_match}")
    rita.get_by_role("link", name=f"Rule on dispute {league_dispute}").tap()
    rita.get_by_label("Rule", exact=True).fill("CG-5.4")
    rita.get_by_label("Explanation").fill("The coin counts where it lands.")
    fits_the_phone(rita)
    screenshot(rita, screenshots, "42-referee-rules.png")
    rita.get_by_role("button", name="Record the ruling").tap()
    expect(rita.locator(".flash")).to_contain_text("Ruling recorded")
    (ruling,) = [line for line in service.load_record(league_match).log if isinstance(line, Ruling)]
    assert (ruling.decision, ruling.by) == ("stands", "Rita")
    assert ruling.link == service.links(league=LEAGUE)[-1].id
    # The friendly outside the league is not hers to rule on.
    rita.goto(f"/matches/{match_id}")
    expect(rita.get_by_role("link", name=re.compile("Rule on dispute"))).to_have_count(0)

    # Olga revokes Rita's link from the panel; Rita's next ruling page is refused.
    phone.goto(f"/leagues/{LEAGUE}")
    row = phone.locator(".links-list li", has_text="Rita")
    row.get_by_label("Why revoke Rita's link").fill("wrong person")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "43-links-list.png")
    row.get_by_role("button", name="Revoke").tap()
    expect(phone.locator(".links-list li", has_text="Rita")).to_have_count(0)
    answer = rita.goto(f"/matches/{league_match}/disputes/{league_dispute}/ruling")
    assert answer is not None and answer.status == 403
    refused = rita.goto(link)
    assert refused is not None and refused.status == 403
    expect(rita.locator("main")).to_contain_text("revoked")
    screenshot(rita, screenshots, "44-revoked-link.png")
    assert problems == []
    assert rita_problems == []


def _dispute_in(web_app: Flask, match_id: str) -> int:
    """A dispute of the toss in a league match: the line number of the dispute."""
    service = touchline(web_app)
    service.record(match_id, {"kind": "toss", "winner": "toho"}, AUTHOR)
    return service.dispute(match_id, 1, "the coin rolled off the table", AUTHOR).line.number
