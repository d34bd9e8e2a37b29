"""Issue 13: a game's situation drawn by the browser while stepping through a replay
(web/situation_scripts.py) is the situation the server draws, at every step of the game's
golden matches, in English and in Japanese; the page stepped by its keys shows, at every step,
the frame the server answers for it, the controls moved by the script included, in every
game; and the page without its script is the server's."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from domain.registry import find_ruleset
from service.entries import parse_entry
from tests.browser.pages import AUTHOR, fits_the_phone, screenshot, touchline, watch_console
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did
from tests.service.test_timeline import GOLDEN
from web.replay import FRAMES_PER_RUN
from web.situation_scripts import SCRIPT

pytestmark = pytest.mark.browser


def has_twin(ruleset: str) -> bool:
    package = find_ruleset(ruleset).presentation.templates
    if not package:
        return False
    folder = Path(__import__(package, fromlist=["_"]).__file__ or "").parent
    return (folder / "templates" / SCRIPT).exists()


TWINNED = sorted({name for ruleset, name, *_ in CASES if has_twin(ruleset)})


def golden_match(web_app: Flask, name: str) -> tuple[str, int]:
    ruleset, setup = next((r, s) for r, n, s, *_ in CASES if n == name)
    service = touchline(web_app)
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    return match_id, service.replay(match_id).total


# In the page: every run's situations drawn by the twin from the data the script is sent,
# beside the same run's frames as the server draws them. Both drawings are laid out side by
# side in the page, so that what a reader sees (innerText) is compared as well as the markup
# (parsed and written back by the browser, white space between tags left out).
DRAW_EVERY_STEP = """async ([total, perRun]) => {
  const root = document.getElementById("replay-frame");
  const twin = window.touchlineSituations[root.dataset.situations];
  const labels = JSON.parse(root.dataset.labels);
  const words = JSON.parse(root.dataset.words);
  const url = root.dataset.framesUrl;
  const comparable = (html) => html.replace(/\\s+/g, " ").replace(/>\\s+</g, "><").trim();
  const frames = async (query) => {
    const holder = document.createElement("template");
    holder.innerHTML = await (await fetch(url + "?" + query)).text();
    return holder.content.querySelectorAll("template[data-step]");
  };
  const place = document.createElement("div");
  place.className = "frame";
  document.querySelector("main").append(place);
  const differ = [];
  let drawn = 0;
  for (let first = 0; first <= total; first += perRun) {
    const last = Math.min(total, first + perRun - 1);
    const range = "from=" + first + "&to=" + last;
    const data = await frames("situations=data&" + range);
    const server = await frames(range);
    for (let i = 0; i < data.length; i++) {
      const step = data[i].dataset.step;
      const holder = data[i].content.querySelector(".replay-situation[data-situation]");
      const theirs = server[i].content.querySelector(".replay-situation");
      if (!holder || server[i].dataset.step !== step || theirs.hasAttribute("data-situation")) {
        differ.push(step + ": not a run of data beside a run of drawings");
        continue;
      }
      place.innerHTML = '<div class="replay-situation mine"></div>' +
        '<div class="replay-situation theirs"></div>';
      const mine = place.querySelector(".mine"), drawn_ = place.querySelector(".theirs");
      mine.innerHTML = twin(JSON.parse(holder.dataset.situation), labels, words);
      drawn_.innerHTML = theirs.innerHTML;
      for (const details of place.querySelectorAll("details")) details.open = true;
      const [a, b] = [comparable(mine.innerHTML), comparable(drawn_.innerHTML)];
      const pre = (part) => part.querySelector("pre").textContent;
      if (a !== b) {
        differ.push(step + ": markup\\n" + a + "\\n" + b);
      } else if (mine.innerText !== drawn_.innerText) {
        differ.push(step + ": text\\n" + mine.innerText + "\\n" + drawn_.innerText);
      } else if (pre(mine) !== pre(drawn_)) {
        differ.push(step + ": the situation's text");
      }
      drawn += 1;
    }
  }
  place.remove();
  return { drawn, differ: differ.slice(0, 3) };
}"""


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP"])
@pytest.mark.parametrize("name", TWINNED)
def test_the_twin_draws_the_servers_situation_at_every_step(
    new_phone: Callable[..., Any], web_app: Flask, name: str, locale: str
) -> None:
    phone: Page = new_phone(locale=locale)
    match_id, total = golden_match(web_app, name)
    problems = watch_console(phone)
    phone.goto(f"/matches/{match_id}/replay")
    expect(phone.locator("html")).to_have_attribute("lang", locale[:2])
    found = phone.evaluate(DRAW_EVERY_STEP, [total, FRAMES_PER_RUN])
    assert found["differ"] == []
    assert found["drawn"] == total + 1
    assert problems == []


# The frame on screen and the server's own answer for that step, comparable: the tokens of
# its forms left out (fresh in every drawing), the drafts' text areas as drawn.
SHOWN_AND_SERVERS = """async (step) => {
  const root = document.getElementById("replay-frame");
  const comparable = (html) => html
    .replace(/(name="(?:csrf_token|key)" value=")[^"]*"/g, '$1"')
    .replace(/\\s+/g, " ").replace(/>\\s+</g, "><").trim();
  const answer = await fetch(root.dataset.frameUrl + "?step=" + step);
  const holder = document.createElement("div");
  holder.innerHTML = await answer.text();
  return [comparable(root.innerHTML), comparable(holder.innerHTML)];
}"""


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_stepping_by_keys_shows_the_servers_frame_at_every_step(
    phone: Page, web_app: Flask, screenshots: Path, name: str
) -> None:
    """The situation drawn by the twin where the game has one, and the controls moved by the
    script for every game, give the frame the server draws for the step."""
    match_id, total = golden_match(web_app, name)
    problems = watch_console(phone)
    asked: list[str] = []
    phone.on("request", lambda r: asked.append(r.url) if "/replay/frames" in r.url else None)
    phone.goto(f"/matches/{match_id}/replay?step=0")
    for step in range(total + 1):
        if step:
            phone.keyboard.press("ArrowRight")
        expect(phone.locator(".frame")).to_have_attribute("data-step", str(step))
        expect(phone.locator(".replay-situation[data-situation]")).to_have_count(0)
        expect(phone.locator(".replay-controls-place")).to_have_count(0)
        shown, servers = phone.evaluate(SHOWN_AND_SERVERS, step)
        assert shown == servers, f"step {step}"
        if step == 40:
            fits_the_phone(phone)
            game = GOLDEN[name][0]
            screenshot(phone, screenshots, f"replay-phone-{game}-stepped-by-script.png")
    # Back from the end by the runs before, drawn by the script as well.
    phone.keyboard.press("End")
    for step in range(total - 1, max(total - 40, 0), -1):
        phone.keyboard.press("ArrowLeft")
        expect(phone.locator(".frame")).to_have_attribute("data-step", str(step))
    shown, servers = phone.evaluate(SHOWN_AND_SERVERS, max(total - 39, 1))
    assert shown == servers
    assert asked and all("controls=script" in url for url in asked)
    assert all(("situations=data" in url) == (name in TWINNED) for url in asked)
    assert problems == []


def test_without_the_script_the_server_draws_every_step(
    new_phone: Callable[..., Any], web_app: Flask, screenshots: Path
) -> None:
    phone: Page = new_phone(java_script_enabled=False)
    match_id, _ = golden_match(web_app, TWINNED[0])
    phone.goto(f"/matches/{match_id}/replay?step=10")
    situation = phone.locator(".frame .replay-situation .situation")
    expect(situation).to_have_count(1)
    before = situation.inner_html()
    phone.get_by_role("link", name=re.compile(r"^Next step")).first.click()
    expect(phone.locator(".frame")).to_have_attribute("data-step", "11")
    expect(phone).to_have_url(re.compile(r"\?at=\d+$"))
    expect(phone.locator(".frame .replay-situation .situation")).to_have_count(1)
    assert phone.locator(".frame .replay-situation .situation").inner_html() != before
    screenshot(phone, screenshots, "replay-phone-situation-without-script.png")
