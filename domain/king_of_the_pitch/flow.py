"""The automatic parts of the game: turns passing clockwise and the line being refilled.

Nothing here is a coach's decision, so it runs inside `apply` and reports what happened.
"""

from __future__ import annotations

from domain.frozen import replace
from domain.king_of_the_pitch import consequences as kc
from domain.king_of_the_pitch.state import KingState
from domain.phrase import phrase
from domain.ruleset import Consequence

Step = tuple[KingState, list[Consequence]]


def start_turn(state: KingState, colour: str) -> Step:
    state = replace(state, phase="turn", turn=colour, turns=state.turns + 1)
    text = phrase("Turn {turns}: {team} to act.", turns=state.turns, team=state.label(colour))
    return state, [kc.TurnStarted(text, team=colour, turn=state.turns)]


def turn_ready(state: KingState) -> Step:
    """Once the line is full (or the deck is empty) the team whose turn comes acts (KP-4.1)."""
    assert state.turn is not None
    if state.needs_refill:
        return replace(state, phase="reveal"), []
    return start_turn(state, state.turn)


def end_turn(state: KingState) -> Step:
    """One action per turn (KP-4): play passes clockwise (KP-3.5)."""
    assert state.turn is not None
    return turn_ready(replace(state, turn=state.next_after(state.turn), duel=None))
