"""The Content-Security-Policy as the browser applies it: code slipped into a page does not run,
no page can be framed, and the watch every browser test relies on reports both."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page

from tests.browser.conftest import PolicyWatch
from tests.browser.pages import become_scorer, new_match

pytestmark = pytest.mark.browser

# Code as an injected text would bring it: an inline script, a style attribute, an event handler.
SLIP_IN = """() => new Promise((done) => {
    const blocked = new Set();
    document.addEventListener("securitypolicyviolation", (event) => {
        blocked.add(event.violatedDirective);
        if (blocked.size === 3) done([...blocked].sort());
    });
    const script = document.createElement("script");
    script.textContent = "window.slippedIn = true;";
    document.body.append(script);
    const box = document.createElement("div");
    box.innerHTML = '<p style="color: red">styled</p>'
        + '<img src="/favicon.svg" onload="window.slippedIn = true">';
    document.body.append(box);
})"""


def test_code_slipped_into_a_page_does_not_run_and_the_watch_reports_it(
    phone: Page, web_app: Flask, policy_watch: PolicyWatch
) -> None:
    match_id = new_match(web_app)
    become_scorer(phone, web_app, match_id)

    blocked = phone.evaluate(SLIP_IN)

    assert blocked == ["script-src-attr", "script-src-elem", "style-src-attr"]
    assert phone.evaluate("() => window.slippedIn === true") is False
    for directive in blocked:
        assert any(f"CSP violation: {directive}" in seen for seen in policy_watch.problems)
    policy_watch.problems.clear()  # provoked on purpose


def test_no_page_can_be_shown_in_a_frame(
    phone: Page, web_app: Flask, base_url: str, policy_watch: PolicyWatch
) -> None:
    match_id = new_match(web_app)
    become_scorer(phone, web_app, match_id)
    phone.goto("/")
    # A frame holding the scoring page, to have taps land on it unseen. Not even a page of the
    # app itself may frame it (another site's page would be refused all the more; the browser
    # keeps a test's made-up site from loading this machine's pages at all, for its own reasons).
    frame_it = """(src) => {
        const frame = document.createElement("iframe");
        frame.src = src;
        document.body.append(frame);
    }"""

    with phone.expect_console_message(lambda message: "frame-ancestors" in message.text) as said:
        phone.evaluate(frame_it, f"{base_url}/matches/{match_id}/live")

    assert "The request has been blocked" in said.value.text
    assert any("frame-ancestors 'none'" in seen for seen in policy_watch.problems)
    policy_watch.problems.clear()  # provoked on purpose
