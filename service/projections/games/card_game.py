"""Captain Tsubasa: The Card Game: statistics, dice and the situation from a match's log.

A player card "takes part" in the phases of the round it was played in: its shots, passes
and defenses count for it, and a goal counts for every card of the scoring side in play that
round (for a Special Shot, the Special Shot card itself).
"""

from __future__ import annotations

from typing import Any

from domain.card_game.state import PERIOD_NAMES
from domain.match import MatchRecord
from domain.standings import MatchResult
from service.projections.games.fold import COACH, PLAYER, TEAM, Contribution, consequences

SEATS = ("home", "away")
PLURAL = {"shot": "shots", "pass": "passes"}


def coaches(setup: dict[str, Any]) -> dict[str, str]:
    """Side key (the team, lower case) -> coach."""
    return {setup[seat]["team"].casefold(): setup[seat]["coach"] for seat in SEATS}


def teams(setup: dict[str, Any]) -> dict[str, str]:
    return {setup[seat]["team"].casefold(): setup[seat]["team"] for seat in SEATS}


def fold(match: MatchRecord) -> Contribution:
    out = Contribution()
    coach, team = coaches(match.setup), teams(match.setup)
    sides = [setup_side["team"].casefold() for setup_side in (match.setup[s] for s in SEATS)]
    out.score = "–".join("0" for _ in sides)
    in_play: dict[str, list[str]] = {side: [] for side in sides}
    special: dict[str, str | None] = dict.fromkeys(sides)

    def each(side: str, stat: str, cards: list[str] | None = None, by: int = 1) -> None:
        out.count(COACH, coach[side], stat, by)
        out.count(TEAM, team[side], stat, by)
        for card in cards or []:
            out.count(PLAYER, card, stat, by)

    for _line, c in consequences(match):
        kind, data = c["kind"], c.get("data") or {}
        if kind == "round-started":
            in_play = {side: [] for side in sides}
            special = dict.fromkeys(sides)
            out.phase = f"{PERIOD_NAMES.get(data['period'], '')}, round {data['round']}"
        elif kind == "card-played":
            in_play[data["team"]].append(data["card"])
            each(data["team"], "cards_played", [data["card"]])
        elif kind in ("card-eliminated", "card-discarded"):
            cards = in_play.get(data["team"], [])
            if data["card"] in cards:
                cards.remove(data["card"])
        elif kind == "phase-resolved":
            attacker, winner, action = data["attacker"], data["winner"], data["action"]
            defender = next(s for s in sides if s != attacker)
            each(attacker, f"{PLURAL[action]}_tried", in_play[attacker])
            each(defender, "defenses_tried", in_play[defender])
            if winner == attacker:
                each(attacker, f"{PLURAL[action]}_won", in_play[attacker])
            else:
                each(defender, "defenses_won", in_play[defender])
        elif kind == "special-shot":
            special[data["team"]] = data["card"]
            each(data["team"], "special_shots", [data["card"]])
        elif kind == "goal":
            scorer = data["team"]
            card = special[scorer]
            each(scorer, "goals", [card] if card else in_play[scorer])
            out.score = "–".join(str(data["score"][side]) for side in sides)
        elif kind == "possession":
            each(data["team"], "possession_won")
        elif kind in ("yellow-card", "red-card"):
            each(data["team"], kind.replace("-", "_") + "s")
        elif kind == "goalkeeper-save":
            each(data["team"], "saves_tried")
            if data["outcome"] != "goal":
                each(data["team"], "goalkeeper_saves")
        elif kind == "extra-time":
            out.phase = "Extra Time"
        elif kind == "match-ended":
            out.finished, out.phase = True, "full time"
            out.score = "–".join(str(data["score"][side]) for side in sides)
            out.winner = None if data["winner"] is None else coach[data["winner"]]
            _record_outcome(out, coach, team, data["winner"])
            out.result = _result(coach, data["winner"], data["score"])
    _count_dice(match, out, coach)
    return out


def _record_outcome(
    out: Contribution, coach: dict[str, str], team: dict[str, str], winner: str | None
) -> None:
    for side in coach:
        outcome = "drawn" if winner is None else "won" if side == winner else "lost"
        out.count(COACH, coach[side], f"matches_{outcome}")
        out.count(TEAM, team[side], f"matches_{outcome}")


def _result(coach: dict[str, str], winner: str | None, score: dict[str, int]) -> MatchResult:
    """A draw (after Extra Time) shares first place: the shared Secondary Championship."""
    goals = {coach[side]: int(n) for side, n in score.items()}
    if winner is None:
        return MatchResult((tuple(coach.values()),), goals)
    loser = next(side for side in coach if side != winner)
    return MatchResult(((coach[winner],), (coach[loser],)), goals)


def _count_dice(match: MatchRecord, out: Contribution, coach: dict[str, str]) -> None:
    """Every d6 in force: rolls, re-rolls (counted for the die's owner) and saves."""
    saver: str | None = None
    for line in match.effective_entries():
        action: dict[str, Any] = dict(line.action)
        kind, source = action["kind"], action.get("source", "table")
        if kind == "roll":
            out.dice[(coach[action["coach"]], 6, action["value"], source)] += 1
        elif kind == "save":
            saver = action["coach"]
            out.dice[(coach[saver], 6, action["value"], source)] += 1
        elif kind == "reroll":
            owner = saver if action["die"] == "save" else action["die"]
            out.dice[(coach[owner or action["coach"]], 6, action["value"], source)] += 1
