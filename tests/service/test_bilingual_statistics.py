"""Statistics per player and team count a card or team under its names in either language
as one subject (domain/names.py); the matches keep each name as it was typed."""

from __future__ import annotations

from typing import Any

import pytest

from service.app import Touchline
from service.errors import NothingKnown
from tests.service.projections.pj_helpers import record_all
from tests.web.conftest import app as app
from tests.web.conftest import service as service

SETUP = {"home": {"team": "Nankatsu", "coach": "Ann"}, "away": {"team": "Toho", "coach": "Bea"}}


def _opening(tsubasa: str) -> list[dict[str, Any]]:
    return [
        {"kind": "toss", "winner": "nankatsu", "source": "table"},
        {"kind": "kickoff", "coach": "nankatsu"},
        {"kind": "draft", "coach": "toho", "source": "deck"},
        {"kind": "draft", "coach": "nankatsu", "source": "deck"},
        {"kind": "play", "coach": "nankatsu", "card": tsubasa, "shot": 3, "pass": 3, "defense": 1},
    ]


def test_a_player_named_in_two_languages_is_one_player(service: Touchline) -> None:
    record_all(service, _opening("Tsubasa Ozora"), SETUP)
    record_all(service, _opening("大空翼"), SETUP)
    assert service.player_stats("大空翼").matches == 2
    assert service.player_stats("tsubasa ozora").matches == 2
    assert service.player_stats("Tsubasa Ozora").name == "Tsubasa Ozora"
    assert service.team_stats("南葛").matches == 2
    with pytest.raises(NothingKnown):
        service.player_stats("岬太郎")
