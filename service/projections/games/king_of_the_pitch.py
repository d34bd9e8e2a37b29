"""King of the Pitch: duels, crowns, levels and dice from a match's log.

Die types: a duel roll holds its level's dice (`LEVEL_DICE`); only the crown level has five,
the d8 last. A V.A.R. re-roll replaces the team's lowest die, chosen as the engine chooses it.
Penalties and the opening roll are d6.
"""

from __future__ import annotations

from typing import Any

from domain.king_of_the_pitch.dice import lowest_die
from domain.king_of_the_pitch.values import LEVEL_DICE, LEVELS
from domain.match import MatchRecord
from domain.standings import MatchResult
from service.projections.games.fold import COACH, TEAM, Contribution, consequences

FACES_BY_COUNT = {len(faces): faces for faces in LEVEL_DICE.values()}


def coaches(setup: dict[str, Any]) -> dict[str, str]:
    return {t["team"]: t["coach"] for t in setup["teams"]}


def faces_of(dice: list[int]) -> tuple[int, ...]:
    return FACES_BY_COUNT.get(len(dice), (6,) * len(dice))


def fold(match: MatchRecord) -> Contribution:
    out = Contribution()
    coach = coaches(match.setup)
    crowns = dict.fromkeys(coach, 0)
    highest: dict[str, int] = {}

    def each(colour: str, stat: str) -> None:
        out.count(COACH, coach[colour], stat)
        out.count(TEAM, colour, stat)

    out.score = " · ".join(f"{colour} 0" for colour in coach)
    for _line, c in consequences(match):
        kind, data = c["kind"], c.get("data") or {}
        if kind == "turn-started":
            out.phase = f"turn {data['turn']}"
        elif kind == "duel-started":
            out.phase = "duel"
            for colour, level in data["levels"].items():
                each(colour, "duels_played")
                highest[colour] = max(highest.get(colour, 0), LEVELS.index(level))
        elif kind == "duel-won":
            each(data["winner"], "duels_won")
        elif kind == "crown":
            each(data["team"], "crowns")
            crowns[data["team"]] = data["crowns"]
        elif kind == "game-ended":
            out.finished, out.phase = True, "game over"
            out.winner = coach[data["winner"]]
            out.result = _result(match.setup, coach, data["winner"], data["score"])
        out.score = " · ".join(f"{colour} {n}" for colour, n in crowns.items())
    for colour, level in highest.items():
        # "Levels reached": one count per level a team fought a duel at or above.
        for name in LEVELS[1 : level + 1]:
            each(colour, f"reached_{name}")
    _count_dice(match, out, coach)
    return out


def _result(
    setup: dict[str, Any], coach: dict[str, str], winner: str, score: dict[str, int]
) -> MatchResult:
    """Ranked by crowns; level teams share a place, or go clockwise from the winner (KP-7.1),
    as the engine's `result()` ranks them."""
    seats = list(coach)
    clockwise = setup.get("settings", {}).get("tie-break") == "clockwise"
    start = seats.index(winner)
    order = seats[start:] + seats[:start] if clockwise else seats
    places: list[list[str]] = []
    for colour in sorted(order, key=lambda c: -score[c]):
        if not clockwise and places and score[places[-1][0]] == score[colour]:
            places[-1].append(colour)
        else:
            places.append([colour])
    ranking = tuple(tuple(coach[c] for c in place) for place in places)
    return MatchResult(ranking, {coach[c]: int(n) for c, n in score.items()})


def _count_dice(match: MatchRecord, out: Contribution, coach: dict[str, str]) -> None:
    last_roll: dict[str, list[int]] = {}
    for line in match.effective_entries():
        action: Any = line.action
        kind, source = action["kind"], action.get("source", "table")
        colour = action.get("team")
        if kind == "roll":
            dice = list(action["dice"])
            last_roll[colour] = dice
            for faces, value in zip(faces_of(dice), dice, strict=True):
                out.dice[(coach[colour], faces, value, source)] += 1
        elif kind == "reroll":
            before = last_roll.get(colour, [])
            die_faces = faces_of(before)
            sides = 6
            if before:
                index = lowest_die(before, die_faces)
                sides, before[index] = die_faces[index], action["die"]
            out.dice[(coach[colour], sides, action["die"], source)] += 1
        elif kind == "penalty":
            out.dice[(coach[colour], 6, action["die"], source)] += 1
