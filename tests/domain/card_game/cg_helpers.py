"""Shared helpers for the card game rules tests: build setups, enter lines, replay files."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from domain.card_game.ruleset import CardGame
from domain.card_game.state import Bank, Booking, CardGameState
from domain.ruleset import Consequence
from tests.domain.table import Table
from tests.domain.table import kinds as kinds
from tests.domain.table import of_kind as of_kind

GAME = CardGame()
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


SHOWN = "Taichi Nakanishi,Shun Nitta,Jun Misugi,Taro Misaki"

FULL_MATCH_SETUP = {
    "home": {"team": "Nankatsu", "coach": "Alice"},
    "away": {"team": "Toho", "coach": "Bob"},
    "options": ["motivation"],
}
FIRST_MATCH_SETUP = {
    "home": {"team": "Toho", "coach": "Bob"},
    "away": {"team": "Nankatsu", "coach": "Alice"},
    "variant": "first-match",
}


def setup(variant: str = "standard", options: tuple[str, ...] = (), cap: str = "5") -> Any:
    return GAME.make_setup(
        {
            "home": {"team": "Nankatsu", "coach": "Alice"},
            "away": {"team": "Toho", "coach": "Bob"},
            "variant": variant,
            "options": list(options),
            "settings": {"bank-cap": cap},
        }
    )


def new_match(variant: str = "standard", options: tuple[str, ...] = (), cap: str = "5") -> Any:
    return GAME.initial_state(setup(variant, options, cap))


def kicked_off(
    attacker: str = "nankatsu", variant: str = "standard", options: tuple[str, ...] = ()
) -> CardGameState:
    """Round 1 of the 1st half, drafts due."""
    state = new_match(variant, options)
    if "signings" in options:
        state, _ = play(state, f"signings {SHOWN!r}")
    state, _ = play(state, f"toss {attacker}", f"kickoff {attacker}")
    return state


def attacking(
    attacker: str = "nankatsu", variant: str = "standard", options: tuple[str, ...] = ()
) -> CardGameState:
    """Round 1 of the 1st half, after both drafts: the attacker is to play."""
    state = kicked_off(attacker, variant, options)
    defender = "toho" if attacker == "nankatsu" else "nankatsu"
    state, _ = play(state, f"draft {defender} deck", f"draft {attacker} deck")
    return state


def passes(state: CardGameState) -> CardGameState:
    """Both coaches pass, whoever's turn it is."""
    while not state.attack_over:
        assert state.round.turn is not None
        state, _ = play(state, f"pass {state.round.turn}")
    return state


def with_bank(
    state: CardGameState, side: str, shot: int = 0, pass_: int = 0, defense: int = 0
) -> CardGameState:
    coach = state.coach(side)
    return state.with_coach(replace(coach, bank=Bank(shot, pass_, defense)))


def with_booking(state: CardGameState, side: str, booking: Booking | None) -> CardGameState:
    return state.with_coach(replace(state.coach(side), booking=booking))


def fill(state: CardGameState, cards: int) -> CardGameState:
    """Alternate plain players (Shot/Pass/Defense 1) until `cards` are in the Play Areas."""
    number = 0
    while state.cards_in_play < cards:
        side = state.round.turn
        assert side is not None
        number += 1
        state, _ = play(state, f'play {side} "{side} player {number}" 1 1 1')
    return state


def draft_both(state: CardGameState) -> CardGameState:
    while state.phase == "draft":
        (draft,) = GAME.expected(state)
        source = "deck" if "deck" in draft.choices["source"] else "pitch"
        state, _ = play(state, f"draft {draft.by} {source}")
    return state


def quick_round(state: CardGameState, how: str) -> tuple[CardGameState, list[Consequence]]:
    """Play a round with no cards: the attacker 'keeps' (Pass), 'scores' or 'loses' the ball."""
    state = passes(draft_both(state))
    attacker = state.attacker
    assert attacker is not None
    defender = "toho" if attacker == "nankatsu" else "nankatsu"
    declared = "shot" if how == "scores" else "pass"
    dice = (1, 6) if how == "loses" else (6, 1)
    return play(
        state,
        f"declare {attacker} {declared}",
        f"roll {attacker} {dice[0]}",
        f"roll {defender} {dice[1]}",
    )


def end_half(state: CardGameState) -> tuple[CardGameState, list[Consequence]]:
    """Keep the ball until Injury Time, then lose it: the half ends."""
    period = state.period
    while not state.injury_time:
        state, _ = quick_round(state, "keeps")
    consequences: list[Consequence] = []
    while state.period == period and state.phase not in ("over", "et-kickoff"):
        state, consequences = quick_round(state, "loses")
    return state, consequences
