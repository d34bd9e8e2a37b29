"""Browser tests: the real app on a local port, driven in headless Chromium by Playwright.

They run when Chromium is found (`TOUCHLINE_TEST_CHROMIUM`, else `chromium` on the PATH) and
skip otherwise; CI sets the variable, so there a missing browser fails the run. Playwright
drives the system's Chromium: it never downloads a browser of its own. Each test saves a
screenshot of every page it visits under test-output/screenshots/ (or $TOUCHLINE_TEST_OUTPUT).

Every phone watches the app's Content-Security-Policy: a page answered without it, or anything
the browser blocks or reports under it, fails the test that opened the phone.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.live_server import serving
from web import create_app
from web.asgi import LiveApp

CHROMIUM_VARIABLE = "TOUCHLINE_TEST_CHROMIUM"
OUTPUT_VARIABLE = "TOUCHLINE_TEST_OUTPUT"
# A phone held in one hand (the size of a common 6.1" phone, in CSS pixels).
PHONE = {"width": 390, "height": 844}
# Without the networking flags Chromium keeps calling home, and a closed network refuses it.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium() -> str | None:
    configured = os.environ.get(CHROMIUM_VARIABLE)
    if configured:
        if not Path(configured).exists():
            raise RuntimeError(f"{CHROMIUM_VARIABLE}={configured} does not exist")
        return configured
    return shutil.which("chromium")


@pytest.fixture(scope="session")
def chromium_path() -> str:
    found = _chromium()
    if found is None:
        pytest.skip(f"Chromium not found (install Debian's chromium or set {CHROMIUM_VARIABLE})")
    return found


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = Path(os.environ.get(OUTPUT_VARIABLE, "test-output")) / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def web_app(tmp_path: Path) -> Flask:
    url = f"sqlite:///{tmp_path / 'browser.sqlite3'}"
    # Streams that look often: a spectator's page sees an entry within a fraction of a second.
    config = {"STREAM_SECONDS": 5, "POLL_SECONDS": 0.2}
    return create_app(
        {"DATABASE_URL": url, "SECRET_KEY": "browser-test-secret-key-of-32-characters", **config}
    )


@pytest.fixture
def base_url(web_app: Flask) -> Iterator[str]:
    """The app served as `touchline serve` serves it (uvicorn), on a free local port."""
    with serving(LiveApp(web_app, threads=8)) as url:
        yield url


@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[Any]:
    # One browser per test module, not per session: Playwright's synchronous API keeps an event
    # loop running in the main thread while it is open, and any later test that runs its own
    # loop there (asyncio.run) would fail for as long as the browser stayed open.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


# Run in every document before its own scripts: the browser reports each blocked script, style
# or frame as a `securitypolicyviolation` event, which this passes on to the console.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` in ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
});
"""


class PolicyWatch:
    """What a browser context saw go against the Content-Security-Policy."""

    def __init__(self, origin: str) -> None:
        self.origin = origin  # the app's: a page of another site is not ours to check
        self.problems: list[str] = []

    def attach(self, context: Any) -> None:
        context.add_init_script(script=REPORT_VIOLATIONS)
        context.on("console", self._console)
        context.on("response", self._response)

    def _console(self, message: Any) -> None:
        text = message.text
        if message.type == "error" and (
            text.startswith("CSP violation") or "Content Security Policy" in text
        ):
            self.problems.append(f"{message.page.url if message.page else '?'}: {text}")

    def _response(self, response: Any) -> None:
        # Every document the app serves must carry the policy, or the watch proves nothing.
        ours = response.url.startswith(self.origin)
        document = response.request.resource_type == "document"
        if ours and document and "content-security-policy" not in response.headers:
            self.problems.append(f"{response.url}: answered without a Content-Security-Policy")


@pytest.fixture
def policy_watch(base_url: str) -> PolicyWatch:
    """The Content-Security-Policy watch of the test's phones (a test that provokes a
    violation on purpose reads it here, and clears what it expected)."""
    return PolicyWatch(base_url)


@pytest.fixture
def new_phone(
    browser: Any, base_url: str, policy_watch: PolicyWatch
) -> Iterator[Callable[..., Any]]:
    """Opens phones: pages in phone-sized, touch-enabled browser contexts of their own (each
    with its own cookies, as two phones at one table). Options go to `new_context`."""
    contexts: list[Any] = []
    watch = policy_watch

    def open_phone(**options: Any) -> Any:
        context = browser.new_context(
            **{
                "viewport": PHONE,
                "is_mobile": True,
                "has_touch": True,
                "base_url": base_url,
                "accept_downloads": True,
                **options,
            }
        )
        context.set_default_timeout(10_000)
        watch.attach(context)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()
    assert watch.problems == [], "Content-Security-Policy problems:\n" + "\n".join(watch.problems)


@pytest.fixture
def phone(new_phone: Callable[..., Any]) -> Any:
    """A page in a phone-sized, touch-enabled browser context of its own."""
    return new_phone()
