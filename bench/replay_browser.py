"""The browser's part of a replay walk, for `bench/replay.py --browser`.

The replay page's script shows each step by swapping the step's frame in; for a game with a
twin of its situation template in script (web/situation_scripts.py) it also draws the step's
situation from the data the run carried. This opens the replay page of the long match in
headless Chromium (Playwright; the page's requests answered by the web app through Flask's test
client, no server), fetches every run of frames both ways the script can ask for them (drawn by
the server, and with the situations as data), and then times, in the page, showing every step
of the match as the script does: the frame swapped in (and, as data, its situation drawn by the
twin), with the browser's style and layout of it forced each step (what a reader's screen costs
either way) and without. The fetching is left out: the server's side is what the walks through
the frames measure. Printed beside the least of 5 loads of the match in a fresh application
(CPU time; the page's times are its own clock's, on one thread of the browser).
"""

from __future__ import annotations

import os
import shutil
import time
from typing import Any

from service.app import Touchline
from service.config import settings_for_url
from web import create_app

ORIGIN = "http://replay.bench.invalid"

# In the page: every run fetched first, then every step shown from them, timed.
SHOW_EVERY_STEP = """async ([total, perRun, asData, layout]) => {
  const root = document.getElementById("replay-frame");
  const twin = window.touchlineSituations && window.touchlineSituations[root.dataset.situations];
  const labels = twin && JSON.parse(root.dataset.labels);
  const words = twin && JSON.parse(root.dataset.words);
  const frames = [];
  for (let first = 0; first <= total; first += perRun) {
    const last = Math.min(total, first + perRun - 1);
    const query = (asData ? "situations=data&" : "") + "from=" + first + "&to=" + last;
    const holder = document.createElement("template");
    holder.innerHTML = await (await fetch(root.dataset.framesUrl + "?" + query)).text();
    for (const frame of holder.content.querySelectorAll("template[data-step]")) {
      frames.push(frame.innerHTML);
    }
  }
  let drawing = 0;
  const start = performance.now();
  for (const html of frames) {
    root.innerHTML = html;
    const place = root.querySelector(".replay-situation[data-situation]");
    if (place) {
      const at = performance.now();
      place.innerHTML = twin(JSON.parse(place.getAttribute("data-situation")), labels, words);
      place.removeAttribute("data-situation");
      drawing += performance.now() - at;
    }
    if (layout) void root.offsetHeight;
  }
  return { shown: frames.length, ms: performance.now() - start, drawing };
}"""


def least_load(url: str, match_id: str, times: int = 5) -> float:
    """The least CPU time of `times` loads of the match, each in a fresh application."""
    found = []
    for _ in range(times):
        app = Touchline(settings_for_url(url))
        cpu = time.process_time()
        app.get_match(match_id)
        found.append(time.process_time() - cpu)
        app.close()
    return min(found)


def chromium() -> str | None:
    return os.environ.get("TOUCHLINE_TEST_CHROMIUM") or shutil.which("chromium")


def browser_walks(url: str, match_id: str, total: int, per_run: int, rounds: int) -> None:
    from playwright.sync_api import sync_playwright

    binary = chromium()
    if binary is None:
        print("  the browser's part: no chromium (TOUCHLINE_TEST_CHROMIUM) to measure it with")
        return
    flask = create_app({"DATABASE_URL": url, "SECRET_KEY": "b" * 64, "TESTING": True})
    client = flask.test_client()

    def answer(route: Any) -> None:
        request = route.request
        path = request.url.removeprefix(ORIGIN)
        got = client.get(path, headers={"Accept-Language": "en"})
        headers = {"Content-Type": got.headers.get("Content-Type", "text/html")}
        route.fulfill(status=got.status_code, headers=headers, body=got.get_data())

    load = least_load(url, match_id)
    shown: dict[str, list[dict[str, float]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=binary, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.route(f"{ORIGIN}/**", answer)
        page.goto(f"{ORIGIN}/matches/{match_id}/replay?step=0")
        for _ in range(rounds):
            for as_data in (False, True):
                for layout in (False, True):
                    key = f"{'as data, drawn by the twin' if as_data else 'drawn by the server'}"
                    key += ", with layout" if layout else ""
                    found = page.evaluate(SHOW_EVERY_STEP, [total, per_run, as_data, layout])
                    shown.setdefault(key, []).append(found)
        browser.close()
    flask.extensions["touchline"].close()
    print(
        f"  the browser showing every step ({total + 1}), least of {rounds}, "
        f"beside a load's least CPU time, {load * 1000:.0f} ms:"
    )
    for key, found in shown.items():
        best = min(found, key=lambda f: f["ms"])
        twin = f", the twin's drawing {best['drawing']:.0f} ms" if best["drawing"] else ""
        print(
            f"    {key:42}{best['ms']:7.0f} ms ({best['ms'] / (total + 1) * 1000:4.0f} µs a step"
            f"{twin}) {best['ms'] / 1000 / load:6.1f}× a load"
        )
