"""Shared helpers for the TCG rules tests: team lists, setups, entering lines, replaying files."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from domain.tcg.ruleset import Tcg
from domain.tcg.state import TcgState
from tests.domain.table import Table
from tests.domain.table import kinds as kinds
from tests.domain.table import of_kind as of_kind

GAME = Tcg()
HERE = Path(__file__).parent
TEAMS = HERE / "teams"
GOLDEN = HERE / "golden"

TABLE = Table(GAME, GOLDEN)
action, broken, rules, play, force = (
    TABLE.action,
    TABLE.broken,
    TABLE.rules,
    TABLE.play,
    TABLE.force,
)
golden_lines, replay = TABLE.golden_lines, TABLE.replay


# Where the starters go in the tests' standard line-up (team list order).
NANKATSU_PLACES = ("goal", "a8", "b8", "d8", "e8", "c7", "b6", "d6", "c6", "b5", "d5")
TOHO_PLACES = ("goal", "b2", "c2", "d2", "a3", "c3", "e3", "b4", "d4", "c5", "e5")


def team_data(name: str) -> dict[str, Any]:
    return tomllib.loads((TEAMS / name).read_text("utf-8"))


def raw_setup(
    home: str = "nankatsu.toml", away: str = "toho.toml", **settings: str
) -> dict[str, Any]:
    return {
        "home": {"coach": "Alice", "team": team_data(home)},
        "away": {"coach": "Bob", "team": team_data(away)},
        "settings": {key.replace("_", "-"): value for key, value in settings.items()},
    }


# The golden matches were recorded before the `support` and `move-limit` settings existed, under
# the readings the engine had then: they name them (docs/rules/tcg.md).
GOLDEN_SETTINGS = {"support": "anywhere", "move_limit": "per-phase"}


def golden_setup(**settings: str) -> dict[str, Any]:
    """The setup of a golden match: `raw_setup` with the readings it was recorded under."""
    return raw_setup(**{**GOLDEN_SETTINGS, **settings})


def new_match(**settings: str) -> TcgState:
    return GAME.initial_state(GAME.make_setup(raw_setup(**settings)))


def placement_lines(state: TcgState) -> list[str]:
    lines = []
    for side, places in (("home", NANKATSU_PLACES), ("away", TOHO_PLACES)):
        for (label, _), area in zip(unplaced_labels(state, side), places, strict=True):
            lines.append(f'place {side} "{label}" {area}')
    return lines


def unplaced_labels(state: TcgState, side: str) -> list[tuple[str, Any]]:
    from domain.tcg.state import unplaced

    return unplaced(state, side)


def placed(**settings: str) -> TcgState:
    """Both line-ups placed; the toss is next."""
    state = new_match(**settings)
    state, _ = play(state, *placement_lines(state))
    return state


def kicked_off(side: str = "home", player: str = "Tsubasa Ozora", **settings: str) -> TcgState:
    """Turn 1: `side` attacks with the ball at `player`, the draw done (6 cards each)."""
    state = placed(**settings)
    state, _ = play(state, f"toss {side}", f'kickoff {side} "{player}"')
    return state


def with_cost(state: TcgState, cost: int) -> TcgState:
    return replace(state, turn=replace(state.turn, cost=cost))


def arrange(state: TcgState, side: str, label: str, area: str) -> TcgState:
    """Stand a player in an area (a test shortcut around moving and paying)."""
    team = state.side(side)
    player = team.player(label)
    assert player is not None, label
    return state.with_side(side, team.with_player(replace(player, area=area)))


def ball_to(state: TcgState, side: str, label: str, moved: bool = True) -> TcgState:
    """Give the ball to a player; `moved` marks the ball as moved this attack (TCG-5.3)."""
    player = state.side(side).player(label)
    assert player is not None, label
    return replace(
        state, ball=player.label, ball_side=side, turn=replace(state.turn, ball_moved=moved)
    )


def set_hand(state: TcgState, side: str, hand: int) -> TcgState:
    return state.with_side(side, replace(state.side(side), hand=hand))
