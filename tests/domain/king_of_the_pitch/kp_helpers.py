"""Shared helpers for the King of the Pitch rules tests: setups, entering lines, replays."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from domain.king_of_the_pitch.ruleset import KingOfThePitch
from domain.king_of_the_pitch.state import Cubes, KingState
from tests.domain.table import Table
from tests.domain.table import kinds as kinds
from tests.domain.table import of_kind as of_kind

GAME = KingOfThePitch()
GOLDEN = Path(__file__).parent / "golden"

TABLE = Table(GAME, GOLDEN)
action, broken, rules, play, force = (
    TABLE.action,
    TABLE.broken,
    TABLE.rules,
    TABLE.play,
    TABLE.force,
)
golden_lines, replay = TABLE.golden_lines, TABLE.replay

COACHES = {"blue": "Alice", "green": "Bob", "yellow": "Carol", "red": "Dan", "orange": "Eve"}
# Five harmless cards for the opening line: the end card (slot 1) is a bronze defender.
OPENING_LINE = (
    "reveal player colour=bronze position=2 price=bronze",
    "reveal player colour=silver position=9 price=silver",
    "reveal match price=bronze",
    "reveal var price=silver",
    "reveal bonus price=gold",
)


def raw_setup(
    teams: tuple[str, ...] = ("blue", "green"),
    options: tuple[str, ...] = (),
    **settings: str,
) -> dict[str, Any]:
    return {
        "teams": [{"team": t, "coach": COACHES[t]} for t in teams],
        "options": list(options),
        "settings": {k.replace("_", "-"): v for k, v in settings.items()},
    }


def new_game(
    teams: tuple[str, ...] = ("blue", "green"), options: tuple[str, ...] = (), **settings: str
) -> KingState:
    return GAME.initial_state(GAME.make_setup(raw_setup(teams, options, **settings)))


def started(
    teams: tuple[str, ...] = ("blue", "green"), options: tuple[str, ...] = (), **settings: str
) -> KingState:
    """The first team won the opening roll and is King; the line holds OPENING_LINE."""
    state = new_game(teams, options, **settings)
    rolls = [f"roll {teams[0]} 6"] + [f"roll {t} 1" for t in teams[1:]]
    state, _ = play(state, *rolls, *OPENING_LINE)
    return state


def with_team(state: KingState, colour: str, **changes: Any) -> KingState:
    """A state with a team's board changed directly, to set up a rules test quickly."""
    if "cubes" in changes and isinstance(changes["cubes"], tuple):
        changes["cubes"] = Cubes(*changes["cubes"])
    return state.with_team(replace(state.team(colour), **changes))


def turn_of(state: KingState, colour: str) -> KingState:
    return replace(state, turn=colour)


def challenged(
    challenger: str = "green",
    king: str = "blue",
    teams: tuple[str, ...] = ("blue", "green"),
    **boards: dict[str, Any],
) -> KingState:
    """`challenger` has just played a MATCH card against the King; `boards` tweak teams."""
    state = started(teams) if king == teams[0] else replace(started(teams), king=king)
    for colour, changes in boards.items():
        state = with_team(state, colour, **changes)
    state = with_team(turn_of(state, challenger), challenger, match=1)
    state, _ = play(state, f"challenge {challenger}")
    return state


# The setups of the golden games in golden/ (see each file's header).
TWO_TEAMS_SETUP = raw_setup(("blue", "green"))
THREE_TEAMS_SETUP = raw_setup(("blue", "green", "yellow"), crowns="4")
FIVE_TEAMS_SETUP = raw_setup(
    ("blue", "green", "yellow", "red", "orange"), ("captains",), crowns="3"
)
