"""What the server does for one entry through the API, counted rather than timed: work that
need not be done per entry is done once (bench/entry_cpu.py measures what each saving is worth).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import Schema

from tests.opening import OPENING
from tests.web.api_support import enter, scorer


def test_an_entry_through_the_api_builds_no_schema(
    client: FlaskClient, match_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert enter(client, match_id, OPENING[0]).status_code == 201  # first use: nothing left lazy
    built: list[str] = []
    init = Schema.__init__

    def counting(self: Schema, *args: Any, **kwargs: Any) -> None:
        built.append(type(self).__name__)
        init(self, *args, **kwargs)

    monkeypatch.setattr(Schema, "__init__", counting)
    for text in OPENING[1:3]:
        answer = enter(client, match_id, text)
        assert answer.status_code == 201, answer.get_json()
    assert built == []


def test_the_shared_schema_keeps_nothing_of_a_refused_body(
    client: FlaskClient, match_id: str
) -> None:
    answer = client.post(
        f"/api/matches/{match_id}/entries",
        json={"text": OPENING[0], "by": 7},
        headers=scorer(match_id),
    )
    assert answer.status_code == 400 and "by" in answer.get_data(as_text=True)
    answer = enter(client, match_id, OPENING[0])
    assert answer.status_code == 201 and answer.get_json()["entry"]["number"] == 1
