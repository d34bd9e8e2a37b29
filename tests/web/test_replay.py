"""The replay page: it opens at the line of the log its address names, steps by plain links,
shows goals, halves and annotations on the timeline, draws the score, and takes annotations
from scorers."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.match import ANNOTATION_LIMIT, Author, MatchRecord
from service.app import Touchline
from service.entries import parse_entry
from tests.links import use
from tests.opening import OPENING, record_text
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did
from tests.service.test_timeline import GOLDEN
from tests.web.conftest import csrf_token, token, without_csrf_tokens
from web import charts, create_app

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")
# The opening's last entry (step 11) is Toho's roll that scores.
GOAL_STEP = 11


@pytest.fixture
def played(service: Touchline, match_id: str) -> str:
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    return match_id


def page(client: FlaskClient, match_id: str, query: str = "") -> str:
    response = client.get(f"/matches/{match_id}/replay{query}")
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def link_for(html: str, rel: str) -> str | None:
    """The ?at=N a control points to, or None when it is shown disabled."""
    found = re.search(rf'href="[^"]*\?at=(\d+)"\s+data-step="\d+"\s+data-rel="{rel}"', html)
    return found.group(1) if found else None


def become_scorer(client: FlaskClient, match_id: str) -> None:
    client.get(f"/in/{token(match_id)}")


def annotate(client: FlaskClient, match_id: str, on: int | str, text: str, **extra: str) -> object:
    data = {"on": str(on), "text": text, **extra}
    if "csrf_token" not in extra:
        data["csrf_token"] = csrf_token(client, f"/matches/{match_id}/replay")
    return client.post(f"/matches/{match_id}/annotations", data=data)


def stored_notes(service: Touchline, match_id: str) -> list[str]:
    return [note.text for note in service.load_record(match_id).annotations()]


# -- opening at a step -------------------------------------------------------------------


def test_opens_exactly_at_the_step_in_the_address(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    html = page(client, played, "?at=3")
    assert '<h2 id="step-title" tabindex="-1">Line 3</h2>' in html
    assert 'data-step="3" data-total="11" data-line="3"' in html
    entry = service.replay(played, 3).entry
    assert entry is not None
    assert f"Line {entry.number}:" in html
    assert '<strong class="sentence">Nankatsu draft a card from the Pitch</strong>' in html
    assert "<code>draft coach=nankatsu source=pitch</code>" in html
    assert re.search(r'<li id="step-3"[^>]*aria-current="step"', html)
    assert html.count('aria-current="step"') == 1


def test_without_a_step_it_opens_at_the_last_one(client: FlaskClient, played: str) -> None:
    html = page(client, played)
    assert 'Line 11 <span class="muted">(the latest)</span>' in html
    assert "GOAL for Toho" in html


def test_step_zero_is_the_kick_off(client: FlaskClient, played: str) -> None:
    html = page(client, played, "?at=0")
    assert '<h2 id="step-title" tabindex="-1">Kick-off</h2>' in html
    assert "Kick-off: the situation before the first entry." in html
    assert link_for(html, "back") is None
    assert link_for(html, "first") is None


@pytest.mark.parametrize("at", ["12", "-1", "x", "3.5", "1e3", "+3", "1_0"])
def test_a_step_out_of_range_or_not_a_number_is_a_clear_400(
    client: FlaskClient, played: str, at: str
) -> None:
    response = client.get(f"/matches/{played}/replay?at={at}")
    assert response.status_code == 400
    assert "its log has lines 0 to 11" in response.get_data(as_text=True)
    assert client.get(f"/matches/{played}/replay/frame?at={at}").status_code == 400


def test_an_unknown_match_is_a_404(client: FlaskClient) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    assert client.get(f"/matches/{missing}/replay").status_code == 404
    assert client.get(f"/matches/{missing}/replay/frame?at=0").status_code == 404


def test_the_frame_fragment_holds_one_step_without_the_page(
    client: FlaskClient, played: str
) -> None:
    response = client.get(f"/matches/{played}/replay/frame?at=5")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'id="timeline"' not in html
    assert "Line 5" in html
    assert link_for(html, "back") == "4" and link_for(html, "forward") == "6"


# -- controls and timeline -----------------------------------------------------------------


def test_buttons_and_slider_point_at_the_right_steps(client: FlaskClient, played: str) -> None:
    html = page(client, played, "?at=3")
    links = {rel: link_for(html, rel) for rel in ("first", "back", "forward", "last")}
    assert links == {"first": "0", "back": "2", "forward": "4", "last": "11"}
    assert link_for(html, "next-goal") == str(GOAL_STEP)
    assert link_for(html, "previous-goal") is None
    # The slider moves over the entries in force: it sends their place, `step`.
    assert 'type="range" name="step" min="0" max="11"\n           value="3"' in html
    assert "Line 3" in page(client, played, "?step=3")
    copy = re.search(r'class="copy-link" href="([^"]+)"', html)
    assert copy is not None and copy[1].endswith(f"/matches/{played}/replay?at=3")
    last = page(client, played, "?at=11")
    assert link_for(last, "forward") is None and link_for(last, "previous-goal") is None
    assert link_for(page(client, played, "?at=10"), "next-goal") == "11"


def test_the_timeline_links_every_step_and_marks_the_goal(client: FlaskClient, played: str) -> None:
    html = page(client, played, "?at=2")
    for step in range(12):
        assert f'href="/matches/{played}/replay?at={step}" data-step="{step}"' in html
    goal_item = re.search(r'<li id="step-11"[^>]*class="goal\s', html)
    assert goal_item is not None
    assert html.count('class="mark goal-mark"') == 1


def test_the_score_chart_has_one_marker_per_goal(client: FlaskClient, played: str) -> None:
    html = page(client, played, "?at=4")
    assert '<svg viewBox="0 0 480 180" role="group"' in html
    assert '<title id="score-chart-title">Score over the match</title>' in html
    assert html.count('class="goal-marker') == 1
    assert "step 4 is marked" in html


def test_the_step_comes_before_its_controls_and_the_chart_after_them(
    client: FlaskClient, played: str
) -> None:
    # In the page's own order, which a screen reader and a page without styles follow too.
    html = page(client, played, "?at=5")
    order = [
        'class="consequences"',
        'class="replay-situation"',
        'class="entry card"',
        'class="step-bar"',
        'class="replay-controls"',
        'class="chart score-chart"',
        'id="annotations"',
        'id="timeline"',
    ]
    assert [html.index(part) for part in order] == sorted(html.index(part) for part in order)
    bar = html[
        html.index('class="step-bar"') : html.index("</nav>", html.index('class="step-bar"'))
    ]
    assert link_for(bar, "back") == "4" and link_for(bar, "forward") == "6"
    assert "5 / 11" in bar


def chart_links(html: str) -> list[tuple[str, str, str]]:
    """The score chart's links: (the ?at=N, data-step, the accessible name) of each column."""
    chart = html[html.index('<figure class="chart score-chart">') :]
    chart = chart[: chart.index("</figure>")]
    return re.findall(
        r'<a class="step-column" href="[^"]*\?at=(\d+)" data-step="(\d+)" aria-label="([^"]*)">',
        chart,
    )


def test_the_score_chart_links_every_step_of_a_short_match(
    client: FlaskClient, played: str
) -> None:
    html = page(client, played, "?at=4")
    links = chart_links(html)
    assert [(at, step) for at, step, _ in links] == [(str(n), str(n)) for n in range(12)]
    names = [name for _, _, name in links]
    # Each column is named by the line of the log it opens (the short match holds only entries,
    # so its lines and steps have the same numbers).
    assert names[:GOAL_STEP] == ["Kick-off"] + [f"Line {n}" for n in range(1, GOAL_STEP)]
    assert names[GOAL_STEP].startswith(f"Line {GOAL_STEP}: GOAL")
    # Links of the page itself, so they work without the script.
    assert re.search(rf'href="/matches/{played}/replay\?at=0" data-step="0" aria-label', html)
    widths = [float(w) for w in re.findall(r'<rect x="[\d.]+" y="0" width="([\d.]+)"', html)]
    assert len(widths) == 12 and min(widths) >= charts.MIN_COLUMN


def test_a_long_match_chart_cuts_its_steps_into_columns_a_finger_can_tap(
    client: FlaskClient, service: Touchline
) -> None:
    ruleset, name, setup = CASES[0][:3]  # the card game's full match: 156 steps, 5 goals
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    timeline = service.replayed(match_id).timeline
    html = page(client, match_id)
    links = chart_links(html)
    assert 1 < len(links) <= (charts.SCORE_WIDTH - charts.LEFT - charts.RIGHT) // charts.MIN_COLUMN
    columns = charts.step_columns(timeline)
    assert [c.step for c in columns] == [int(step) for _, step, _ in links]
    # Each column's address names the log line of its step, as every other control does.
    assert [str(timeline.line_of(c.step)) for c in columns] == [at for at, _, _ in links]
    # Together the columns hold every step once, in order, each linking to one of its own.
    held = [step for c in columns for step in range(c.first, c.last + 1)]
    assert held == list(range(timeline.total + 1))
    assert all(c.first <= c.step <= c.last for c in columns)
    assert all(c.width >= charts.MIN_COLUMN for c in columns)
    # A column holding a goal jumps to it: a tap near a goal's marker goes to that goal.
    for c in columns:
        goals = [g for g in timeline.goal_steps if c.first <= g <= c.last]
        if goals:
            assert c.step == goals[0] and "GOAL" in c.label


def test_the_timeline_marks_goals_and_bookings_in_words(
    client: FlaskClient, service: Touchline
) -> None:
    ruleset, name, setup = CASES[0][:3]
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    html = page(client, match_id)
    timeline = html[html.index('id="timeline"') :]
    marks = re.findall(
        r'<p class="mark ([a-z-]+)-mark"><span class="mark-label">([^<]+)</span>', timeline
    )
    assert marks.count(("goal", "Goal")) == 5
    assert ("yellow-card", "Yellow card") in marks and ("red-card", "Red card") in marks
    assert ("notable", "Extra Time") in marks
    yellow = timeline.index('class="mark yellow-card-mark"')
    assert "Yellow card for " in timeline[yellow : timeline.index("</p>", yellow)]


def test_the_score_chart_marks_each_booking_as_a_card_a_tap_jumps_to(
    client: FlaskClient, service: Touchline
) -> None:
    """Issue 14: the chart shows each yellow and red card (a card of its colour above the axis,
    named in words in the chart's description, its key and the tap target holding it), and a
    column holding a booking but no goal jumps to the booking."""
    ruleset, name, setup = CASES[0][:3]  # the card game's full match: yellow and red cards
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    timeline = service.replayed(match_id).timeline
    booked = {
        kind: [m.step for m in timeline.moments for mark in m.marks if mark.kind == kind]
        for kind in ("yellow-card", "red-card")
    }
    assert booked["yellow-card"] and booked["red-card"]
    html = page(client, match_id)
    chart = html[html.index('<figure class="chart score-chart">') :]
    chart = chart[: chart.index("</figure>")]
    for kind, steps in booked.items():
        assert chart.count(f'class="card-marker {kind}"') == len(steps)
        count = len(steps)
        words = f"{count} {kind.replace('-', ' ')}{'s' if count != 1 else ''}"
        assert re.search(rf"<desc [^>]*>[^<]*{words}[^<]*</desc>", chart), words
    assert '<span class="key card-key yellow-card">Yellow card</span>' in chart
    assert '<span class="key card-key red-card">Red card</span>' in chart
    columns = charts.step_columns(timeline)
    assert [c.step for c in columns] == [int(step) for _, step, _ in chart_links(html)]
    cards = sorted(step for steps in booked.values() for step in steps)
    jumped = 0
    for c in columns:
        goals = [g for g in timeline.goal_steps if c.first <= g <= c.last]
        held = [step for step in cards if c.first <= step <= c.last]
        if held and not goals:
            jumped += 1
            assert c.step == held[0]
        if c.step in cards:
            said = [m.text for m in timeline.moments[c.step].marks if m.kind in booked]
            assert all(text in c.label for text in said), c.label
    assert jumped, "the match books a player away from any goal"


def test_a_short_match_chart_marks_no_card_when_none_was_shown(
    client: FlaskClient, played: str
) -> None:
    html = page(client, played)
    assert "card-marker" not in html and "card-key" not in html
    assert '<span class="key goal-key">Goal</span>' in html


@pytest.mark.parametrize(("ruleset", "name", "setup", "goals"), [
    (c[0], c[1], c[2], sum(c[4].values())) for c in CASES
    if c[1] in ("card_game/golden/full_match.txt", "king_of_the_pitch/golden/three_teams.txt",
                "tcg/golden/normal_time_match.txt")
])  # fmt: skip
def test_each_game_replays_with_a_marker_per_goal_or_crown(
    client: FlaskClient, service: Touchline, ruleset: str, name: str, setup: dict, goals: int
) -> None:
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    html = page(client, match_id)
    assert html.count('class="goal-marker') == goals
    assert html.count('class="mark goal-mark"') == goals
    middle = len(golden_lines(name)) // 2
    assert f"Line {middle}</h2>" in page(client, match_id, f"?at={middle}")


# -- annotations -------------------------------------------------------------------------


def test_a_scorer_annotates_a_step_and_sees_it_under_that_step(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_scorer(client, played)
    assert 'name="on" value="3"' in page(client, played, "?at=3")
    response = annotate(client, played, 3, "Nankatsu took the pitch card")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/matches/{played}/replay?at=3#annotations")
    html = page(client, played, "?at=3")
    step3 = html[html.index('<li id="step-3"') : html.index('<li id="step-4"')]
    assert "Nankatsu took the pitch card" in step3
    assert "Nankatsu took the pitch card" in html[: html.index('id="timeline"')]
    next_frame = page(client, played, "?at=4").split('id="timeline"')[0]
    assert "Nankatsu took the pitch card" not in next_frame


def test_the_kick_off_takes_annotations_on_entry_zero(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_scorer(client, played)
    assert annotate(client, played, 0, "Cup final").status_code == 303
    assert stored_notes(service, played) == ["Cup final"]


def test_annotations_are_plain_text_escaped(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_scorer(client, played)
    annotate(client, played, 2, '<script>alert("x")</script> & <b>bold</b>')
    html = page(client, played, "?at=2")
    assert "<script>alert" not in html and "<b>bold</b>" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html


def test_non_scorers_see_no_form_and_may_not_post(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    assert 'name="text"' not in page(client, played, "?at=3")
    assert annotate(client, played, 3, "sneaky").status_code == 403
    assert stored_notes(service, played) == []


def test_a_post_without_the_csrf_token_is_refused(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_scorer(client, played)
    response = client.post(f"/matches/{played}/annotations", data={"on": "3", "text": "hi"})
    assert response.status_code == 400
    assert stored_notes(service, played) == []


@pytest.mark.parametrize(
    ("on", "text", "message"),
    [
        ("3", "   ", "needs some text"),
        ("3", "x" * (ANNOTATION_LIMIT + 1), f"at most {ANNOTATION_LIMIT} characters"),
        ("99", "on nothing", "no entry 99"),
        ("three", "on a word", "not an entry number"),
    ],
)
def test_bad_annotations_are_a_400_and_store_nothing(
    client: FlaskClient, service: Touchline, played: str, on: str, text: str, message: str
) -> None:
    become_scorer(client, played)
    response = annotate(client, played, on, text)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert stored_notes(service, played) == []


def test_a_note_on_an_entry_undone_later_stays_on_the_replay_with_that_entry(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    become_scorer(client, played)
    annotate(client, played, 11, "Disputed: the die fell off the table")
    service.undo(played, AUTHOR)
    html = page(client, played)
    assert "Line 10 <span" in html
    # Under step 10, where it was made, struck through, with its note.
    assert "Undone after this step: <del>line 11, Nankatsu roll 2</del>" in html
    timeline = html[html.index('id="step-10"') :]
    assert "Disputed: the die fell off the table" in timeline[: timeline.index("</li>")]
    assert stored_notes(service, played) == ["Disputed: the die fell off the table"]
    assert "Disputed" not in page(client, played, "?at=9").split('id="timeline"')[0]


# -- what was said about an entry stays with it (notes and disputes), whatever became of it --


def step_item(html: str, step: int) -> str:
    """The timeline's item for one step, up to the next step's."""
    start = html.index(f'<li id="step-{step}"')
    end = html.find('<li id="step-', start + 1)
    return html[start : end if end != -1 else None]


@pytest.mark.usefixtures("ticking_csrf_clock")
def test_a_note_and_a_dispute_on_an_entry_corrected_later_stay_with_it_on_the_replay(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.annotate(played, 10, "the die fell off the table", AUTHOR)
    service.dispute(played, 10, "Toho's die rolled off the table", AUTHOR)
    correction = service.correct(
        played, 10, parse_entry("card-game", "roll coach=toho value=1"), "rolled again", AUTHOR
    ).line
    html = page(client, played)
    # The correction counts at the place of entry 10: still eleven steps.
    assert "Line 11 <span" in html and 'data-total="11"' in html
    tenth = step_item(html, 10)
    assert "Toho roll 1" in tenth
    assert "corrects entry 10" in tenth
    assert "<del>line 10: Toho roll 5</del>" in tenth
    assert "corrected by <a" in tenth and f"#entry-{correction.number}" in tenth
    assert "the die fell off the table" in tenth
    assert "Toho&#39;s die rolled off the table" in tenth
    # The step itself shows the replaced entry with what was said about it, at the number of
    # the line it replaced and at the correction's own.
    assert f'href="/matches/{played}/replay?at={correction.number}" data-step="10"' in html
    frame = without_csrf_tokens(page(client, played, "?at=10").split('id="timeline"')[0])
    at_correction = page(client, played, f"?at={correction.number}").split('id="timeline"')[0]
    assert frame == without_csrf_tokens(at_correction)
    assert f"Line {correction.number} (the correction of line 10)" in frame
    assert "the die fell off the table" in frame and "rolled off the table" in frame


def test_a_dispute_on_an_entry_undone_later_stays_with_it_on_the_replay(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.dispute(played, 11, "Nankatsu rolled a 3, not a 2", AUTHOR)
    service.undo(played, AUTHOR)
    html = page(client, played)
    assert "Line 10 <span" in html
    assert "Undone after this step: <del>line 11, Nankatsu roll 2</del>" in html
    tenth = step_item(html, 10)
    assert "<del>line 11: Nankatsu roll 2</del>" in tenth
    assert "Nankatsu rolled a 3, not a 2" in tenth
    assert "open" in tenth


def test_the_log_keeps_notes_and_disputes_with_a_corrected_entry(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    service.annotate(played, 10, "the die fell off the table", AUTHOR)
    service.dispute(played, 10, "Toho's die rolled off the table", AUTHOR)
    service.correct(
        played, 10, parse_entry("card-game", "roll coach=toho value=1"), "rolled again", AUTHOR
    )
    html = client.get(f"/matches/{played}").get_data(as_text=True)
    start = html.index('id="entry-10"')
    tenth = html[start : html.index("</li>", start)]
    assert '<del><span class="entry">Toho roll 5</span></del>' in tenth
    assert "corrected by" in tenth and "rolled again" in tenth
    assert "the die fell off the table" in tenth
    assert "Toho&#39;s die rolled off the table" in tenth


def test_the_chart_drawn_once_marks_each_step_as_a_fresh_drawing_does(
    service: Touchline, played: str
) -> None:
    """Issue 13: stepping redraws only the current step's mark on a chart drawn once."""
    timeline = service.replayed(played).timeline
    stepped = [charts.score_chart(timeline, step) for step in range(timeline.total + 1)]
    for step, chart in enumerate(stepped):
        charts._DRAWN.clear()
        assert chart == charts.score_chart(timeline, step)
        assert chart.current == step


@pytest.mark.usefixtures("ticking_csrf_clock")
def test_a_run_of_frames_holds_each_steps_frame_as_the_one_frame_answer(
    client: FlaskClient, played: str
) -> None:
    answer = client.get(f"/matches/{played}/replay/frames?from=3&to={GOAL_STEP}")
    assert answer.status_code == 200
    frames = re.findall(
        r'<template data-step="(\d+)">(.*?)</template>\n', answer.get_data(as_text=True), re.S
    )
    assert [int(step) for step, _ in frames] == list(range(3, GOAL_STEP + 1))
    for step, html in frames:
        alone = client.get(f"/matches/{played}/replay/frame?at={step}")
        assert html == alone.get_data(as_text=True), f"step {step}"


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("to=3", "from is missing"),
        ("from=1", "to is missing"),
        ("from=x&to=3", "from=x"),
        ("from=0&to=99", "to=99"),
        ("from=5&to=3", "to=3 is before from=5"),
    ],
)
def test_a_bad_run_of_frames_is_a_400_naming_the_bound(
    client: FlaskClient, played: str, query: str, named: str
) -> None:
    answer = client.get(f"/matches/{played}/replay/frames?{query}")
    assert answer.status_code == 400
    assert named in answer.get_data(as_text=True)


def test_a_run_holds_at_most_so_many_frames(
    client: FlaskClient, service: Touchline, played: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("web.replay.FRAMES_PER_RUN", 4)
    assert client.get(f"/matches/{played}/replay/frames?from=0&to=3").status_code == 200
    refused = client.get(f"/matches/{played}/replay/frames?from=0&to=4")
    assert refused.status_code == 400
    assert "at most 4 steps" in refused.get_data(as_text=True)


# -- drawn situations kept per match version and step (issue 13) --------------------------

# The situation is followed by the step's entry card (replay_frame.html).
SITUATION = re.compile(
    r'<div class="replay-situation">\s*(.*?)\s*</div>\s*<div class="entry card">', re.S
)


def situations_of(client: FlaskClient, match_id: str, steps: list[int]) -> dict[int, str]:
    """The situation each frame of `steps` shows, fetched in runs as the page's script does."""
    shown: dict[int, str] = {}
    for first in range(0, len(steps), 32):
        run = steps[first : first + 32]
        low, high = min(run), max(run)
        answer = client.get(f"/matches/{match_id}/replay/frames?from={low}&to={high}")
        assert answer.status_code == 200
        frames = re.findall(
            r'<template data-step="(\d+)">(.*?)</template>\n', answer.get_data(as_text=True), re.S
        )
        for step, html in frames:
            found = SITUATION.search(html)
            assert found, f"step {step} shows no situation"
            shown[int(step)] = found.group(1)
    return shown


def freshly_drawn(app: Flask, record: MatchRecord) -> dict[int, str]:
    """Each step's situation drawn from a fold of the actions from the kick-off."""
    rules = record.ruleset
    labels = dict(rules.side_labels(record.made_setup()))
    state = rules.initial_state(rules.make_setup(record.setup))
    states = [state]
    for line in record.effective_entries():
        state = rules.apply(state, rules.action_from_dict(line.action)).state
        states.append(state)
    with app.test_request_context():
        template = app.jinja_env.get_template("replay_situation.html")
        return {
            step: template.render(
                ruleset=record.ruleset_name,
                situation=rules.view(state),
                labels=labels,
                text=rules.render(state),
            ).strip()
            for step, state in enumerate(states)
        }


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_frame_forward_and_back_drawn_or_kept_shows_a_fresh_folds_situation(
    store_url: str, name: str
) -> None:
    app = use(create_app({"DATABASE_URL": store_url, "SECRET_KEY": "s" * 64, "TESTING": True}))
    service: Touchline = app.extensions["touchline"]
    ruleset, setup, _ = GOLDEN[name]
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    expected = freshly_drawn(app, service.load_record(match_id))
    steps = list(expected)
    client = app.test_client()
    kept = app.extensions.get("drawn_situations")
    assert kept is None or len(kept) == 0
    drawn = situations_of(client, match_id, steps)
    assert len(app.extensions["drawn_situations"]) == len(steps)
    shown_again = situations_of(client, match_id, steps[::-1])
    for step in steps:
        assert drawn[step] == expected[step], f"step {step}, drawn"
        assert shown_again[step] == expected[step], f"step {step}, kept"
    app.extensions["touchline"].close()


def test_a_kept_situation_is_never_shown_for_another_version(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    before = situations_of(client, played, [GOAL_STEP])[GOAL_STEP]
    # The same steps, other rolls: a new version of the match whose step 11 scores nothing
    # (Toho's 3 + 1 against Nankatsu's 1 + 6).
    service.undo(played, AUTHOR)
    service.undo(played, AUTHOR)
    record_text(service, played, "roll coach=toho value=1", AUTHOR)
    record_text(service, played, "roll coach=nankatsu value=6", AUTHOR)
    after = situations_of(client, played, [GOAL_STEP])[GOAL_STEP]
    assert after != before
    assert after == freshly_drawn(client.application, service.load_record(played))[GOAL_STEP]
