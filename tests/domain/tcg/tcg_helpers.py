"""Shared helpers for the TCG rules tests: team lists, setups, entering lines, replaying files."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from domain.notation import parse_action
from domain.ruleset import Consequence, Violation
from domain.tcg.actions import CODEC
from domain.tcg.ruleset import Tcg
from domain.tcg.state import TcgState

GAME = Tcg()
HERE = Path(__file__).parent
TEAMS = HERE / "teams"
GOLDEN = HERE / "golden"

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


def new_match(**settings: str) -> TcgState:
    return GAME.initial_state(GAME.make_setup(raw_setup(**settings)))


def action(line: str) -> Any:
    return GAME.action_from_dict(parse_action(CODEC, line))


def broken(state: TcgState, line: str) -> tuple[Violation, ...]:
    return GAME.check(state, action(line))


def rules(state: TcgState, line: str) -> list[str]:
    return [v.rule for v in broken(state, line)]


def play(state: TcgState, *lines: str) -> tuple[TcgState, list[Consequence]]:
    """Enter lines that must all be legal; return the state and every consequence."""
    consequences: list[Consequence] = []
    for line in lines:
        problems = broken(state, line)
        assert not problems, f"{line!r} refused: {[str(p) for p in problems]}"
        outcome = GAME.apply(state, action(line))
        state = outcome.state
        consequences += outcome.consequences
    return state, consequences


def force(state: TcgState, line: str) -> tuple[TcgState, list[Consequence]]:
    """Apply a line the table plays on despite its (overridable) violations."""
    assert all(v.overridable for v in broken(state, line))
    outcome = GAME.apply(state, action(line))
    return outcome.state, list(outcome.consequences)


def kinds(consequences: list[Consequence]) -> list[str]:
    return [c.kind for c in consequences]


def of_kind(consequences: list[Consequence], kind: str) -> list[Consequence]:
    return [c for c in consequences if c.kind == kind]


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


def golden_lines(name: str) -> list[str]:
    text = (GOLDEN / name).read_text("utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def replay(raw: dict[str, Any], lines: list[str]) -> tuple[TcgState, list[Consequence]]:
    state = GAME.initial_state(GAME.make_setup(raw))
    return play(state, *lines)


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
