"""Issue 13: the replay's frames draw their step-independent parts once — the score chart per
match version with the step filled in, the macros of the templates drawn for every frame made
once per app — and every frame of a golden match of each game is exactly what the templates
drew before, drawing the chart whole and importing the macros in every frame."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from jinja2 import BaseLoader, Environment

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.links import scorer_token, use
from tests.service.test_golden_matches import golden_lines, record_as_the_table_did
from tests.service.test_timeline import GOLDEN
from web import create_app
from web.replay import FRAMES_PER_RUN

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")


class DrawnAsBefore(BaseLoader):
    """The app's templates as they were written before: every macro imported where it is
    used, the chart included whole in every frame."""

    def __init__(self, loader: BaseLoader) -> None:
        self.loader = loader

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, None]:
        source, filename, _ = self.loader.get_source(environment, template)
        source = source.replace(
            '{% set s = macros("situation/_macros.html") %}',
            '{% import "situation/_macros.html" as s %}',
        )
        source = source.replace('{%- set settling = macros("_settling.html") -%}', "")
        source = re.sub(
            r"\{%- set (\w+) = settling\.\1 -%\}", r'{% from "_settling.html" import \1 %}', source
        )
        source = source.replace(
            "{{ drawn_chart(frame, base) }}",
            "{% with chart=frame.chart, labels=frame.timeline.labels %}"
            '{% include "charts/score.html" %}{% endwith %}',
        )
        return source, filename, None


def as_before(app: Flask) -> Flask:
    loader = app.jinja_env.loader
    assert loader is not None
    app.jinja_env.loader = DrawnAsBefore(loader)
    app.jinja_env.cache = {}
    return app


# What differs from one drawing to the next by design: the CSRF token's signature and time,
# a form's fresh idempotency key; and the blank lines the templates' own lines leave.
TOKENS = re.compile(r'(name="(?:csrf_token|key)" value=")[^"]*"')


def comparable(html: str) -> str:
    html = TOKENS.sub(r'\1…"', html)
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html)).strip()


def the_match(service: Touchline, name: str) -> str:
    ruleset, setup, _ = GOLDEN[name]
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    for line in golden_lines(name):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
    return match_id


def frames_of(app: Flask, match_id: str, total: int, scorer: bool) -> dict[int, str]:
    """Every frame, as the runs of the page's script fetch them, and one a request too."""
    client = app.test_client()
    if scorer:
        client.get(f"/in/{scorer_token(match_id)}")
    frames: dict[int, str] = {}
    for first in range(0, total + 1, FRAMES_PER_RUN):
        last = min(first + FRAMES_PER_RUN - 1, total)
        answer = client.get(f"/matches/{match_id}/replay/frames?from={first}&to={last}")
        assert answer.status_code == 200
        html = answer.get_data(as_text=True)
        for step, frame in re.findall(r'<template data-step="(\d+)">(.*?)</template>', html, re.S):
            frames[int(step)] = comparable(frame)
    for step in (0, total // 2, total):
        answer = client.get(f"/matches/{match_id}/replay/frame?step={step}")
        assert comparable(answer.get_data(as_text=True)) == frames[step], f"step {step}"
    return frames


@pytest.mark.parametrize("scorer", [False, True], ids=["reader", "scorer"])
@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_frame_is_what_the_templates_drew_before(
    sqlite_url: str, name: str, scorer: bool
) -> None:
    config = {"DATABASE_URL": sqlite_url, "SECRET_KEY": "s" * 64, "TESTING": True}
    app = use(create_app(config))
    before = as_before(create_app(config))
    service: Touchline = app.extensions["touchline"]
    match_id = the_match(service, name)
    total = service.replay(match_id).total
    drawn = frames_of(app, match_id, total, scorer)
    expected = frames_of(before, match_id, total, scorer)
    assert sorted(drawn) == list(range(total + 1))
    assert "drawn_charts" not in before.extensions, "the old templates draw the chart whole"
    for step in range(total + 1):
        assert drawn[step] == expected[step], f"step {step}"
    # Walked again, back from the end: the chart drawn once, each step filled in.
    again = frames_of(app, match_id, total, scorer)
    assert len(app.extensions["drawn_charts"]) == 1
    assert again == drawn
    for closing in (app, before):
        closing.extensions["touchline"].close()
