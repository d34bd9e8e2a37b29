"""What may legally come next: drives the command-line prompt and the web buttons."""

from __future__ import annotations

from collections.abc import Callable

from domain.king_of_the_pitch.duel_checks import reroll_faces
from domain.king_of_the_pitch.options import turn_options
from domain.king_of_the_pitch.state import CARD_TYPES, KingState
from domain.king_of_the_pitch.values import CUBE_COLOURS, POSITIONS
from domain.phrase import phrase
from domain.ruleset import Expected

SOURCES = ("table", "app")


def expected(state: KingState) -> tuple[Expected, ...]:
    handler = _PHASES.get(state.phase)
    return tuple(handler(state)) if handler else ()


def _opening(state: KingState) -> list[Expected]:
    rolled = dict(state.opening_rolls)
    again = phrase(" again") if len(state.contenders) < len(state.teams) else ""
    return [
        Expected(
            "roll",
            phrase(
                "{team} rolls a d6{again} for the first King of the Pitch.",
                team=state.label(c),
                again=again,
            ),
            by=c,
            fixed={"team": c},
            choices={"source": SOURCES},
            dice={"dice": (6,)},
        )
        for c in state.contenders
        if c not in rolled
    ]


def _reveal(state: KingState) -> list[Expected]:
    deck = state.deck
    cards = tuple(
        card
        for card in CARD_TYPES
        if (card != "player" and deck.left(card) > 0)
        or (card == "player" and deck.gold + deck.silver + deck.bronze > 0)
    )
    metals = tuple(m for m in CUBE_COLOURS if deck.left(m) > 0)
    slot = len(state.line) + 1
    prompt = phrase(
        "Turn the top card of the deck ({total} left) face up into slot "
        "{slot}: its type, and for a player its colour and position, and its "
        "price.",
        total=deck.total,
        slot=slot,
    )
    choices = {"card": cards, "colour": metals, "position": POSITIONS}
    return [Expected("reveal", prompt, choices=choices)]


def _turn(state: KingState) -> list[Expected]:
    return turn_options(state, state.turn) if state.turn else []


def _declare(state: KingState) -> list[Expected]:
    duel = state.duel
    if duel is None or not duel.to_declare:
        return []
    colour = duel.to_declare[0]
    team = state.team(colour)
    second = phrase(" (the King decides second)") if colour == duel.king else ""
    prompt = phrase(
        "{team} declares V.A.R. and/or BONUS for this match{second}.",
        team=state.label(colour),
        second=second,
    )
    choices = {
        "var": (False, True) if team.var else (False,),
        "bonus": (False, True) if team.bonus else (False,),
    }
    return [Expected("declare", prompt, by=colour, fixed={"team": colour}, choices=choices)]


def _roll(state: KingState) -> list[Expected]:
    duel = state.duel
    if duel is None:
        return []
    found = []
    for colour in duel.teams:
        if duel.dice_of(colour) is None:
            faces = duel.faces_of(colour)
            dice = ", ".join(f"d{f}" for f in faces)
            last = phrase(" (the d8 last)") if 8 in faces else ""
            prompt = phrase(
                "{team} rolls {dice}{last}.", team=state.label(colour), dice=dice, last=last
            )
            found.append(
                Expected(
                    "roll",
                    prompt,
                    by=colour,
                    fixed={"team": colour},
                    choices={"source": SOURCES},
                    dice={"dice": faces},
                )
            )
    return found


def _var(state: KingState) -> list[Expected]:
    duel = state.duel
    if duel is None or duel.var_due is None:
        return []
    colour = duel.var_due
    faces = reroll_faces(duel, colour)
    prompt = phrase(
        "V.A.R.: {team} re-rolls their lowest die (d{faces}).",
        team=state.label(colour),
        faces=faces,
    )
    choices = {"die": tuple(range(1, faces + 1)), "source": SOURCES}
    fixed = {"team": colour}
    return [Expected("reroll", prompt, by=colour, fixed=fixed, choices=choices, random=("die",))]


def _shoot_out(state: KingState) -> list[Expected]:
    duel = state.duel
    if duel is None:
        return []
    kicked = dict(duel.penalties)
    choices = {"die": tuple(range(1, 7)), "source": SOURCES}
    return [
        Expected(
            "penalty",
            phrase("Penalty shoot-out: {team} rolls a d6.", team=state.label(c)),
            by=c,
            fixed={"team": c},
            choices=choices,
            random=("die",),
        )
        for c in duel.teams
        if c not in kicked
    ]


_PHASES: dict[str, Callable[[KingState], list[Expected]]] = {
    "opening": _opening,
    "reveal": _reveal,
    "turn": _turn,
    "declare": _declare,
    "roll": _roll,
    "var": _var,
    "shoot-out": _shoot_out,
}
