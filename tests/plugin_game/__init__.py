"""Dice Football, a game that lives outside the application's packages: it proves that a game
is one package and one registration line. `plugged_in` registers it for a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.registry import register, unregister
from tests.plugin_game.ruleset import DiceFootball


@pytest.fixture
def plugged_in() -> Iterator[DiceFootball]:
    game = DiceFootball()
    register(game)
    yield game
    unregister(game.name)
