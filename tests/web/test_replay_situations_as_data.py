"""Issue 13: the runs of frames for a script holding the game's twin of its situation template
carry each step's situation as data (web/situation_scripts.py): every frame of a golden match
of each game is, but for its situation, the frame the server draws; the data is the step's
situation, text and shown card names; a game without a twin, or a script without one, is sent
the drawings as before; the twin is served under an address naming its version."""

from __future__ import annotations

import html as markup
import json
import re

import pytest
from flask import Flask

from domain.names import bilingual
from service.app import Touchline
from tests.links import use
from tests.service.test_timeline import GOLDEN
from tests.web.test_replay_frames_drawn_once import comparable, the_match
from web import create_app
from web.replay import FRAMES_PER_RUN
from web.situation_scripts import has_twin

FRAME = re.compile(r'<template data-step="(\d+)">(.*?)</template>', re.S)
AS_DATA = re.compile(r'<div class="replay-situation" data-situation="([^"]*)"></div>')
# The situation's place in a frame, up to the entry that follows it.
SITUATION = re.compile(r'<div class="replay-situation".*?(?=<div class="entry card">)', re.S)


@pytest.fixture
def app(sqlite_url: str) -> Flask:
    return use(create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "s" * 64, "TESTING": True}))


def runs(app: Flask, match_id: str, total: int, query: str) -> dict[int, str]:
    client = app.test_client()
    frames: dict[int, str] = {}
    for first in range(0, total + 1, FRAMES_PER_RUN):
        last = min(first + FRAMES_PER_RUN - 1, total)
        answer = client.get(f"/matches/{match_id}/replay/frames?{query}from={first}&to={last}")
        assert answer.status_code == 200
        for step, frame in FRAME.findall(answer.get_data(as_text=True)):
            frames[int(step)] = frame
    return frames


def names_in(value: object) -> set[str]:
    if isinstance(value, dict):
        found = {value["name"]} if isinstance(value.get("name"), str) else set()
        return found.union(*(names_in(member) for member in value.values()))
    if isinstance(value, list):
        return set().union(*(names_in(member) for member in value))
    return set()


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_frame_carries_its_situation_as_data_where_the_game_has_a_twin(
    app: Flask, name: str
) -> None:
    service: Touchline = app.extensions["touchline"]
    match_id = the_match(service, name)
    replayed = service.replay(match_id)
    total = replayed.total
    drawn = runs(app, match_id, total, "")
    as_data = runs(app, match_id, total, "situations=data&")
    assert sorted(as_data) == sorted(drawn) == list(range(total + 1))
    twinned = has_twin(GOLDEN[name][0])
    record = service.load_record(match_id)
    for step in range(total + 1):
        if not twinned:
            assert comparable(as_data[step]) == comparable(drawn[step]), f"step {step}"
            assert "data-situation" not in as_data[step]
            continue
        found = AS_DATA.search(as_data[step])
        assert found, f"step {step} has no situation as data"
        data = json.loads(markup.unescape(found.group(1)))
        view = record.state_at(step)
        assert data["situation"] == record.ruleset.view(view), f"step {step}"
        assert data["text"] == record.ruleset.render(view), f"step {step}"
        shown = {n: bilingual(n) for n in names_in(data["situation"]) if bilingual(n) != n}
        assert data["names"] == shown, f"step {step}"
        rest = SITUATION.sub("", as_data[step])
        assert rest != as_data[step]
        assert comparable(rest) == comparable(SITUATION.sub("", drawn[step])), f"step {step}"
    service.close()


def test_the_page_loads_the_twin_and_its_words_only_for_a_game_with_one(app: Flask) -> None:
    service: Touchline = app.extensions["touchline"]
    client = app.test_client()
    for name, (ruleset, _, _) in sorted(GOLDEN.items()):
        match_id = the_match(service, name)
        page = client.get(f"/matches/{match_id}/replay").get_data(as_text=True)
        script = re.search(r'<script src="(/games/[^"]+/situation\.js\?v=(\w+))"', page)
        if not has_twin(ruleset):
            assert script is None and "data-words" not in page
            continue
        assert script, ruleset
        words = re.search(r'data-words="([^"]*)"', page)
        assert words and json.loads(markup.unescape(words.group(1)))["Total"] == "Total"
        japanese = client.get(
            f"/matches/{match_id}/replay", headers={"Accept-Language": "ja"}
        ).get_data(as_text=True)
        found = re.search(r'data-words="([^"]*)"', japanese)
        assert found and json.loads(markup.unescape(found.group(1)))["Total"] != "Total"
        kept = client.get(script.group(1))
        assert kept.status_code == 200 and kept.mimetype == "text/javascript"
        assert "immutable" in kept.headers["Cache-Control"]
        assert "touchlineSituations" in kept.get_data(as_text=True)
        unversioned = client.get(f"/games/{ruleset}/situation.js")
        assert unversioned.headers["Cache-Control"] == "no-cache"
        assert (
            client.get(
                f"/games/{ruleset}/situation.js", headers={"If-None-Match": f'"{script.group(2)}"'}
            ).status_code
            == 304
        )
    assert client.get("/games/no-such-game/situation.js").status_code == 404
    assert client.get("/games/tcg/situation.js").status_code == 404
    service.close()
