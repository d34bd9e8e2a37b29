"""Settling a match on a phone: disputing an entry, ruling that it is corrected (a later entry
that the correction makes illegal is kept as an override), and confirming the result."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.log import Confirmation, Correction, Dispute, Ruling
from tests.browser.pages import (
    AUTHOR,
    become_scorer,
    fits_the_phone,
    link_path,
    match_after_opening,
    new_match,
    screenshot,
    taps_fit_a_thumb,
    touchline,
    watch_console,
)
from tests.service.projections.pj_driver import finished_match

pytestmark = pytest.mark.browser


def lines_of(web_app: Flask, match_id: str, kind: type) -> list:
    return [line for line in touchline(web_app).load_record(match_id).log if isinstance(line, kind)]


def test_disputing_an_entry_from_the_log_and_from_the_replay(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    problems = watch_console(phone)
    become_scorer(phone, web_app, match_id)
    phone.goto(f"/matches/{match_id}")
    entry = phone.locator("#entry-6")
    expect(entry).to_contain_text("Tsubasa Ozora")
    entry.get_by_role("link", name="Dispute").tap()

    expect(phone.get_by_role("heading", level=1)).to_have_text("Dispute entry 6")
    phone.get_by_label("What is disputed, and why").fill("Tsubasa was passed, not played")
    fits_the_phone(phone)
    taps_fit_a_thumb(phone, ".settle-form button")
    screenshot(phone, screenshots, "20-dispute-entry.png")
    phone.get_by_role("button", name="Dispute entry 6").tap()

    expect(phone).to_have_url(re.compile(rf"/matches/{match_id}#entry-12$"))
    expect(phone.locator(".flash")).to_contain_text("Dispute 12 of entry 6 recorded")
    banner = phone.locator(".open-disputes")
    expect(banner).to_contain_text("1 open dispute")
    expect(banner).to_contain_text("Tsubasa was passed, not played")
    expect(phone.locator("#entry-12")).to_contain_text("open")
    expect(phone.locator("#entry-6 .remarks")).to_contain_text("Tsubasa was passed, not played")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "21-dispute-flagged.png")

    # From the replay: the step's own form, and back to that step.
    phone.goto(f"/matches/{match_id}/replay?at=10")
    phone.get_by_text("Dispute entry 10…").tap()
    phone.get_by_label("What is disputed, and why").fill("the die rolled off the table")
    screenshot(phone, screenshots, "22-replay-dispute-form.png")
    phone.get_by_role("button", name="Dispute entry 10").tap()
    expect(phone).to_have_url(re.compile(r"/replay\?at=10#disputes$"))
    expect(phone.locator("#disputes")).to_contain_text("the die rolled off the table")
    expect(phone.locator("#step-10")).to_contain_text("disputed")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "23-replay-disputed.png")
    assert [d.on for d in lines_of(web_app, match_id, Dispute)] == [6, 10]
    assert problems == []


def test_a_referee_rules_the_entry_corrected_and_keeps_a_later_entry(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = match_after_opening(web_app)
    touchline(web_app).dispute(match_id, 6, "Tsubasa was passed, not played", AUTHOR)
    # The correction first comes back listing the entry it makes illegal: a 422 meant.
    problems = watch_console(phone, expected_failures=("/entries/6/correct",))
    # Rita holds a referee link for this match: she rules, and the log shows her name.
    phone.goto(link_path(web_app, "referee", match=match_id, person="Rita"))
    expect(phone).to_have_url(re.compile(rf"/matches/{match_id}$"))
    phone.get_by_role("link", name="Rule on dispute 12").tap()

    expect(phone.get_by_role("heading", level=1)).to_have_text("Rule on dispute 12")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "24-ruling-page.png")
    phone.get_by_role("link", name="Correct entry 6…").tap()

    expect(phone.get_by_role("heading", level=1)).to_have_text(
        "Rule on dispute 12: correct entry 6"
    )
    taps_fit_a_thumb(phone, ".choose button.tap")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "25-correct-choose.png")
    phone.locator(".choose .entry-form.kind-pass").get_by_role("button", name="Pass").tap()

    expect(phone.locator(".becomes")).to_contain_text("pass coach=nankatsu")
    phone.get_by_label("Rule", exact=True).fill("CG-4.3")
    phone.get_by_label("Explanation").fill("Tsubasa stayed in hand: Nankatsu passed.")
    phone.get_by_role("button", name="Record the ruling: entry 6 corrected").tap()

    # Nankatsu's own pass at entry 8 now breaks CG-4.3: keep it or withdraw it.
    decide = phone.locator("#decide-8")
    expect(decide).to_contain_text("CG-4.3")
    expect(phone.locator(".notice.refused")).to_contain_text("1 later entry breaks the rules")
    assert lines_of(web_app, match_id, Correction) == []
    fits_the_phone(phone)
    screenshot(phone, screenshots, "26-correct-decide.png")
    decide.get_by_label("Keep it, as an override").check()
    phone.get_by_role("button", name="Record the ruling: entry 6 corrected").tap()

    expect(phone.locator(".flash")).to_contain_text("Ruling recorded")
    expect(phone.locator(".open-disputes")).to_have_count(0)
    expect(phone.locator("#entry-6 del")).to_contain_text("Tsubasa Ozora")
    expect(phone.locator("#entry-6 .fate")).to_contain_text("corrected by line 13")
    kept = phone.locator("#entry-8 .override")
    expect(kept).to_contain_text("Override")
    expect(kept).to_contain_text("CG-4.3")
    expect(phone.locator("#entry-14")).to_contain_text("CG-4.3")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "27-ruled-corrected.png")
    (ruling,) = lines_of(web_app, match_id, Ruling)
    (correction,) = lines_of(web_app, match_id, Correction)
    assert (ruling.decision, ruling.correction, ruling.by) == ("corrected", 13, "Rita")
    assert correction.kept == (8,)

    phone.goto(f"/matches/{match_id}/replay?at=6")
    expect(phone.locator(".frame .entry-line")).to_contain_text("the correction of line 6")
    expect(phone.locator("#step-6")).to_contain_text("Tsubasa Ozora")  # struck, with its fate
    fits_the_phone(phone)
    screenshot(phone, screenshots, "28-replay-corrected.png")
    assert problems == []


def test_each_coach_confirms_the_result(phone: Page, web_app: Flask, screenshots: Path) -> None:
    match_id = new_match(web_app)
    for action in finished_match(1, 0):
        touchline(web_app).record(match_id, action, AUTHOR)
    problems = watch_console(phone)
    # Alice's phone holds her coach link: she confirms for her side, and only hers.
    phone.goto(link_path(web_app, "coach", match=match_id, side="nankatsu", person="Alice"))
    status = phone.locator(".result-status")
    expect(status).to_contain_text("Result unconfirmed: awaiting Nankatsu (Alice) and Toho (Bob)")
    expect(phone.get_by_role("button", name="Confirm the result for Toho (Bob)")).to_have_count(0)
    taps_fit_a_thumb(phone, ".result-status .tap")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "29-result-unconfirmed.png")

    phone.get_by_role("button", name="Confirm the result for Nankatsu (Alice)").tap()
    expect(phone.locator(".flash")).to_contain_text("Result confirmed for Nankatsu (Alice)")
    expect(status).to_contain_text("confirmed by Nankatsu (Alice), awaiting Toho (Bob)")
    # Bob opens his coach link on the same phone, handed across the table.
    phone.goto(link_path(web_app, "coach", match=match_id, side="toho", person="Bob"))
    phone.get_by_role("button", name="Confirm the result for Toho (Bob)").tap()
    expect(status).to_contain_text("Result confirmed by Nankatsu (Alice) and Toho (Bob)")
    expect(phone.get_by_role("button", name=re.compile("Confirm the result"))).to_have_count(0)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "30-result-confirmed.png")
    assert [c.side for c in lines_of(web_app, match_id, Confirmation)] == ["nankatsu", "toho"]
    assert problems == []
