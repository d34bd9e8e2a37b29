"""Shared helpers for the King of the Pitch rules tests: setups, entering lines, replays."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from domain.king_of_the_pitch.actions import CODEC
from domain.king_of_the_pitch.ruleset import KingOfThePitch
from domain.king_of_the_pitch.state import Cubes, KingState
from domain.notation import parse_action
from domain.ruleset import Consequence, Violation

GAME = KingOfThePitch()
GOLDEN = Path(__file__).parent / "golden"
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


def action(line: str) -> Any:
    return GAME.action_from_dict(parse_action(CODEC, line))


def broken(state: KingState, line: str) -> tuple[Violation, ...]:
    return GAME.check(state, action(line))


def rules(state: KingState, line: str) -> list[str]:
    return [v.rule for v in broken(state, line)]


def play(state: KingState, *lines: str) -> tuple[KingState, list[Consequence]]:
    """Enter lines that must all be legal; return the state and every consequence."""
    consequences: list[Consequence] = []
    for line in lines:
        problems = broken(state, line)
        assert not problems, f"{line!r} refused: {problems}"
        outcome = GAME.apply(state, action(line))
        state = outcome.state
        consequences += outcome.consequences
    return state, consequences


def force(state: KingState, line: str) -> tuple[KingState, list[Consequence]]:
    """Apply a line the table plays on despite its (overridable) violations."""
    assert all(v.overridable for v in broken(state, line))
    outcome = GAME.apply(state, action(line))
    return outcome.state, list(outcome.consequences)


def kinds(consequences: list[Consequence]) -> list[str]:
    return [c.kind for c in consequences]


def of_kind(consequences: list[Consequence], kind: str) -> list[Consequence]:
    return [c for c in consequences if c.kind == kind]


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


def golden_lines(name: str) -> list[str]:
    text = (GOLDEN / name).read_text("utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def replay(raw: dict[str, Any], lines: list[str]) -> tuple[KingState, list[Consequence]]:
    return play(GAME.initial_state(GAME.make_setup(raw)), *lines)


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
