"""Scoring on a phone: creating a match through the form, tapping in the shared opening on the
live page, a refusal with its rule ID, an undo, and a spectator's page following along."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from domain.log import Entry
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

pytestmark = pytest.mark.browser

LEAGUE = "Spring Cup 2027"


def entry_form(page: Page, kind: str, prompt: str) -> Locator:
    """The live page's form for one kind of entry, told apart from its siblings by its prompt."""
    return page.locator(f"form.kind-{kind}").filter(has=page.locator(".prompt", has_text=prompt))


def recorded(page: Page, number: int) -> None:
    """Wait for the page that comes back after an entry: it says what it recorded."""
    expect(page.locator(".flash.ok")).to_contain_text(f"Recorded {number}:")


def score(page: Page) -> Locator:
    return page.locator(".glance .scoreboard")


def expect_score(page: Page, nankatsu: int, toho: int) -> None:
    expect(score(page).locator(".side-nankatsu .score-goals")).to_have_text(str(nankatsu))
    expect(score(page).locator(".side-toho .score-goals")).to_have_text(str(toho))


def play(page: Page, team: str, card: str, values: dict[str, int], via: str = "") -> None:
    form = entry_form(page, "play", f"{team} plays a card")
    another = page.locator("details.another-card").filter(has=form)
    if another.count() and not another.evaluate("(details) => details.open"):
        another.locator("summary").tap()  # the form for a card not yet known
    form.get_by_label("card", exact=True).fill(card)
    for name in ("shot", "pass", "defense"):
        form.get_by_label(name, exact=True).fill(str(values.get(name, 0)))
    form.get_by_label("via (optional)").fill(via)
    form.get_by_role("button", name="Play").tap()


def in_force(web_app: Flask, match_id: str) -> list[Any]:
    log = touchline(web_app).get_match(match_id).log
    return [line.action for line in log if isinstance(line, Entry) and not line.retracted]


def test_a_match_created_on_the_phone_hands_over_the_scorer_link(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    service = touchline(web_app)
    service.create_league(LEAGUE, "card-game", AUTHOR)
    service.create_league("Kings Only", "king-of-the-pitch", AUTHOR)
    problems = watch_console(phone)

    # A match in a league is its organizer's to create.
    phone.goto(link_path(web_app, "organizer", league=LEAGUE, person="Olga"))
    phone.goto("/matches/new")
    phone.get_by_role("radio", name="Captain Tsubasa: The Card Game").tap()
    form = phone.locator('fieldset[data-ruleset="card-game"]')
    expect(form).to_be_visible()
    expect(phone.locator('fieldset[data-ruleset="tcg"]')).to_be_hidden()
    form.get_by_label("Home team").select_option("Nankatsu")
    form.get_by_label("Home coach").fill("Alice")
    form.get_by_label("Away team").select_option("Toho")
    form.get_by_label("Away coach").fill("Bob")
    # Only the chosen game's leagues can be picked.
    expect(phone.locator('#league option[value="Kings Only"]')).to_be_disabled()
    phone.get_by_label("League").select_option(LEAGUE)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "01-new-match.png")
    phone.get_by_role("button", name="Create the match").tap()

    expect(phone).to_have_url(re.compile(r"/matches/[0-9a-f-]{36}/created$"))
    match_id = phone.url.split("/")[-2]
    expect(phone.get_by_role("heading", level=1)).to_have_text("Nankatsu (Alice) vs Toho (Bob)")
    expect(phone.locator("figure.qr svg")).to_be_visible()
    link = phone.get_by_label("Scorer link (private)")
    expect(link).to_have_value(re.compile(r"^http://127\.0\.0\.1:\d+/in/[A-Za-z0-9_-]{32}$"))
    fits_the_phone(phone)
    screenshot(phone, screenshots, "02-created.png")
    assert service.load_record(match_id).league == LEAGUE

    phone.goto(link.input_value())
    expect(phone).to_have_url(re.compile(rf"/matches/{match_id}/live$"))
    phone.get_by_label("Your name, for the log").fill("Carol")
    phone.get_by_role("button", name="Save").tap()
    expect(phone.locator(".live-head .meta strong")).to_have_text("Carol")
    expect(phone.get_by_label("Your name, for the log")).to_have_count(0)
    expect(entry_form(phone, "toss", "wins the toss")).to_be_visible()
    expect_score(phone, 0, 0)
    fits_the_phone(phone)
    screenshot(phone, screenshots, "03-live-named.png")
    assert problems == []


def test_the_tcg_form_offers_its_support_and_move_limit_settings_on_a_phone(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    """TCG-7.5 support and TCG-6.2 move-limit: the setup form draws them, the source's readings
    chosen, each choice explained."""
    problems = watch_console(phone)
    phone.goto("/matches/new")
    phone.get_by_role("radio", name="Captain Tsubasa TCG (2002)").tap()
    form = phone.locator('fieldset[data-ruleset="tcg"]')
    expect(form).to_be_visible()
    expect(form.get_by_label("Support from")).to_have_value("adjacent")
    expect(form.get_by_label("Move limit")).to_have_value("per-move")
    expect(
        form.get_by_text("supporters stand in the receiving player's area or one area")
    ).to_be_visible()
    form.get_by_label("Support from").scroll_into_view_if_needed()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "tcg-settings-new-match.png")
    assert problems == []


def test_the_opening_is_tapped_in_and_toho_scores(
    phone: Page, web_app: Flask, screenshots: Path
) -> None:
    match_id = new_match(web_app)
    # The refused entry comes back as a 422 page: meant, so not a problem.
    problems = watch_console(phone, expected_failures=(f"/matches/{match_id}/entries",))
    become_scorer(phone, web_app, match_id)
    taps_fit_a_thumb(phone, ".next button.tap")
    screenshot(phone, screenshots, "04-live-toss.png")

    entry_form(phone, "toss", "wins the toss").get_by_role("button", name="Toho (Bob)").tap()
    recorded(phone, 1)
    entry_form(phone, "kickoff", "kicks off").get_by_role("button", name="Toho (Bob)").tap()
    recorded(phone, 2)
    entry_form(phone, "draft", "Nankatsu (Alice) drafts").get_by_role("button", name="pitch").tap()
    recorded(phone, 3)
    entry_form(phone, "draft", "Toho (Bob) drafts").get_by_role("button", name="deck").tap()
    recorded(phone, 4)

    # Naming a card Toho never played as the ability used breaks a rule the table may play
    # through: the page says which rule and offers to enter it anyway, storing nothing yet.
    version = touchline(web_app).version_of(match_id)
    play(phone, "Toho (Bob)", "Kojiro Hyuga", {"shot": 3, "pass": 1}, via="Nobody")
    refusal = phone.locator(".notice.refused")
    expect(refusal).to_contain_text("Not recorded: the entry breaks the rules.")
    expect(refusal.locator(".violations")).to_contain_text("CG-4.3")
    expect(refusal.get_by_role("button", name="Enter anyway")).to_be_visible()
    fits_the_phone(phone)
    screenshot(phone, screenshots, "05-live-refused.png")
    assert touchline(web_app).version_of(match_id) == version

    play(phone, "Toho (Bob)", "Kojiro Hyuga", {"shot": 3, "pass": 1})
    recorded(phone, 5)
    play(phone, "Nankatsu (Alice)", "Tsubasa Ozora", {"shot": 3, "pass": 3, "defense": 1})
    recorded(phone, 6)
    entry_form(phone, "pass", "Toho (Bob) passes").get_by_role("button", name="Pass").tap()
    recorded(phone, 7)
    entry_form(phone, "pass", "Nankatsu (Alice) passes").get_by_role("button", name="Pass").tap()
    recorded(phone, 8)
    entry_form(phone, "declare", "Toho (Bob) declares").get_by_role("button", name="shot").tap()
    recorded(phone, 9)
    taps_fit_a_thumb(phone, ".next button.tap")
    entry_form(phone, "roll", "Toho (Bob) rolls").get_by_role("button", name="value 5").tap()
    recorded(phone, 10)
    # A digit presses the first dice pad: the die the table just rolled, without aiming.
    expect(entry_form(phone, "roll", "rolls").first).to_contain_text("Nankatsu (Alice) rolls")
    # The keys work once the page's script runs (deferred: before DOMContentLoaded), which a
    # busy machine may reach after the text is already there.
    phone.wait_for_load_state("domcontentloaded")
    phone.keyboard.press("2")
    recorded(phone, 11)
    expect_score(phone, 0, 1)
    expect(phone.locator(".flash.ok")).to_contain_text("roll coach=nankatsu value=2")
    fits_the_phone(phone)
    screenshot(phone, screenshots, "06-live-after-goal.png")

    phone.locator(".live-bar").get_by_text("Undo…").tap()
    phone.get_by_role("button", name="Yes, undo entry 11").tap()
    expect(phone.locator(".flash.ok")).to_contain_text("Undone: entry 11 is retracted.")
    expect_score(phone, 0, 0)
    expect(phone.locator(".log-line.is-retracted")).to_contain_text("roll coach=nankatsu value=2")
    screenshot(phone, screenshots, "07-live-undone.png")
    entry_form(phone, "roll", "Nankatsu (Alice) rolls").get_by_role("button", name="value 2").tap()
    recorded(phone, 13)
    expect_score(phone, 0, 1)

    assert in_force(web_app, match_id) == in_force(web_app, match_after_opening(web_app))
    assert problems == []


def test_the_situation_names_the_period_before_the_kickoff(phone: Page, web_app: Flask) -> None:
    # Before the kickoff there is no period yet: the page must not print Python's None.
    match_id = new_match(web_app)
    become_scorer(phone, web_app, match_id)
    for where in (".glance .period", ".full-situation .period"):
        period = " ".join((phone.locator(where).text_content() or "").split())
        assert "None" not in period, f"{where} reads {period!r}"


def test_a_spectator_sees_a_new_entry_without_reloading(
    phone: Page, new_phone: Callable[..., Page], web_app: Flask, screenshots: Path
) -> None:
    match_id = new_match(web_app)
    become_scorer(phone, web_app, match_id)
    spectator = new_phone()
    problems = watch_console(spectator)
    spectator.goto(f"/matches/{match_id}")
    expect(spectator.locator(".log .empty")).to_have_text("Nothing entered yet.")
    # A mark on this document: a reload would lose it.
    spectator.evaluate("() => { window.sameDocument = true; }")

    entry_form(phone, "toss", "wins the toss").get_by_role("button", name="Toho (Bob)").tap()
    recorded(phone, 1)

    newest = spectator.locator("#match-body .log-line .entry").first
    expect(newest).to_have_text("Toho win the toss", timeout=5_000)
    expect(spectator.locator("[data-announce]")).to_have_text("New entry: Toho win the toss")
    assert spectator.evaluate("() => window.sameDocument") is True
    fits_the_phone(spectator)
    screenshot(spectator, screenshots, "08-spectator-updated.png")
    assert problems == []
