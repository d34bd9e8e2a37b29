"""The browser's part of a replay walk, for `bench/replay.py --browser`.

The replay page's script shows each step from the run of frames it fetched: it swaps the
step's frame in, moves the controls, and for a game with a twin of
its situation template in script (web/situation_scripts.py) draws the step's situation from the
data the run carried. This opens the replay page of the long match in headless Chromium
(Playwright, a phone's viewport; the page's requests answered by the web app through Flask's
test client, no server) and steps through every step by the page's own Right arrow key, timing
in the page each step shown from a run the script holds (its address, the timeline's
highlight, which reads the layout, and the frame), with the whole page's layout forced after
it and without; a step that waits for its run to be fetched is left out (the
server's side is what the walks through the frames measure). With `--before FOLDER` the same
walk by FOLDER's replay.js, which asks for the frames as that checkout did. Printed beside the
least of 5 loads of the match in a fresh application (CPU time; the page's times are its own
clock's, on the browser's one thread).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

from service.app import Touchline
from service.config import settings_for_url
from web import create_app

ORIGIN = "http://replay.bench.invalid"

# In the page: the replay's own script stepping through every step by its Right arrow key,
# from the kick-off. A step whose run the script holds is shown at once (the browser's style
# and layout of it forced when `layout`), and timed; a step that waits for its run to be
# fetched (one in each run of 32: the server's side, measured by the walks through the
# frames) is waited for and left out.
WALK_BY_KEYS = """async ([total, layout]) => {
  const root = document.getElementById("replay-frame");
  const shown = () => root.querySelector(".frame").getAttribute("data-step");
  let ms = 0, timed = 0;
  for (let step = 1; step <= total; step++) {
    const start = performance.now();
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    if (shown() === String(step)) {
      if (layout) void document.documentElement.offsetHeight;
      ms += performance.now() - start;
      timed += 1;
    } else {
      while (shown() !== String(step)) await new Promise((done) => setTimeout(done, 1));
    }
  }
  return { timed, ms };
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


def browser_walks(
    url: str, match_id: str, total: int, rounds: int, before: Path | None = None
) -> None:
    """Every step shown by this checkout's script, and by `before`'s (its replay.js served
    in place of this one's: it asks for the frames as they were, which this server answers
    as that checkout did), each with and without the layout forced."""
    from playwright.sync_api import sync_playwright

    binary = chromium()
    if binary is None:
        print("  the browser's part: no chromium (TOUCHLINE_TEST_CHROMIUM) to measure it with")
        return
    flask = create_app({"DATABASE_URL": url, "SECRET_KEY": "b" * 64, "TESTING": True})
    client = flask.test_client()
    scripts: dict[str, bytes | None] = {"this checkout's script": None}
    if before is not None:
        scripts["the earlier checkout's script"] = (before / "web/static/replay.js").read_bytes()

    def answering(script: bytes | None) -> Any:
        def answer(route: Any) -> None:
            path = route.request.url.removeprefix(ORIGIN)
            if script is not None and path.startswith("/static/replay.js"):
                route.fulfill(status=200, headers={"Content-Type": "text/javascript"}, body=script)
                return
            got = client.get(path, headers={"Accept-Language": "en"})
            headers = {"Content-Type": got.headers.get("Content-Type", "text/html")}
            route.fulfill(status=got.status_code, headers=headers, body=got.get_data())

        return answer

    load = least_load(url, match_id)
    shown: dict[str, list[dict[str, float]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=binary, args=["--no-sandbox"])
        for _ in range(rounds):
            for name, script in scripts.items():
                for layout in (False, True):
                    page = browser.new_page(viewport={"width": 390, "height": 844})
                    page.route(f"{ORIGIN}/**", answering(script))
                    page.goto(f"{ORIGIN}/matches/{match_id}/replay?step=0")
                    found = page.evaluate(WALK_BY_KEYS, [total, layout])
                    shown.setdefault(name + (", with layout" if layout else ""), []).append(found)
                    page.close()
        browser.close()
    flask.extensions["touchline"].close()
    print(
        f"  the browser showing each step by its script (the {total} after the kick-off, but "
        f"those waiting for their run), least of {rounds}, beside a load's least CPU time, "
        f"{load * 1000:.0f} ms:"
    )
    for key, found in shown.items():
        best = min(found, key=lambda f: f["ms"] / max(f["timed"], 1))
        each = best["ms"] / max(best["timed"], 1)
        walk = each * (total + 1)
        print(
            f"    {key:44}{each * 1000:6.0f} µs a step ({best['timed']:.0f} timed): "
            f"{walk:6.0f} ms for every step, {walk / 1000 / load:6.1f}× a load"
        )
