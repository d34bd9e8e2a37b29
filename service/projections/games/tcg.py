"""Captain Tsubasa TCG (2002): battles, shots, goals and dice from a match's log.

Battles count for both sides; a battle is won by the shooter on a goal, the keeper's side on a
catch, the challenger on a won tackle or pass cut, and the receiver when it keeps the ball (a
punch is won by nobody: the dice decide where the ball lands). Dice: each penalty kick's two
d6 (the kicker's for the kicking side, the keeper's for the other) and the tie dice of a
battle (challenger first). The landing die of a punch is the table's, not a coach's, and is
not counted.
"""

from __future__ import annotations

from typing import Any

from domain.match import MatchRecord
from domain.standings import MatchResult
from service.projections.games.fold import COACH, PLAYER, TEAM, Contribution

SIDES = ("home", "away")
# The consequence that settles a battle, and whose side it names as the winner.
BATTLE_WINNERS = {"goal", "catch", "tackle-won", "pass-cut", "ball-kept"}


def coaches(setup: dict[str, Any]) -> dict[str, str]:
    return {side: setup[side]["coach"] for side in SIDES}


def teams(setup: dict[str, Any]) -> dict[str, str]:
    return {side: setup[side]["team"]["name"] for side in SIDES}


def fold(match: MatchRecord) -> Contribution:
    out = Contribution()
    coach, team = coaches(match.setup), teams(match.setup)
    out.score = "0–0"
    shooter: str | None = None
    challenger = "home"
    penalties = dict.fromkeys(SIDES, 0)

    def each(side: str, stat: str, player: str | None = None) -> None:
        out.count(COACH, coach[side], stat)
        out.count(TEAM, team[side], stat)
        if player:
            out.count(PLAYER, player, stat)

    for line in match.effective_entries():
        _count_dice(dict(line.action), out, coach, challenger)
        for c in (c.to_dict() for c in line.consequences):
            kind, data = c["kind"], c.get("data") or {}
            if kind == "turn-started":
                out.phase = f"half {data.get('half', '')}, turn {data.get('turn', '')}".strip()
            elif kind == "battle":
                challenger = data["challenger"]
                for side in SIDES:
                    each(side, "battles")
                    each(side, f"{data['kind'].replace('-', '_')}_battles")
            elif kind == "shot":
                shooter = data["player"]
                each(data["side"], "shots", shooter)
            elif kind == "passed":
                each(data["side"], "passes")
            elif kind == "substitution":
                each(data["side"], "substitutions")
            elif kind == "shoot-out-kick":
                penalties = dict(data["penalties"])
                each(data["side"], "penalties_taken", data["kicker"])
                if data["scored"]:
                    each(data["side"], "penalties_scored", data["kicker"])
            elif kind == "match-ended":
                out.finished, out.phase = True, "full time"
                out.result = _result(coach, data["score"], penalties)
                winners = out.result.places[0]
                out.winner = winners[0] if len(winners) == 1 else None
            if kind == "goal":
                out.score = f"{data['score']['home']}–{data['score']['away']}"
                each(data["side"], "goals", shooter)
            if kind in BATTLE_WINNERS:
                each(data["side"], "battles_won")
    return out


def _result(coach: dict[str, str], score: dict[str, int], penalties: dict[str, int]) -> MatchResult:
    """More goals wins; level goals go to the shoot-out; level after it is a draw (TCG-1.2)."""
    goals = {coach[side]: int(score[side]) for side in SIDES}
    for tally in (score, penalties):
        if tally["home"] != tally["away"]:
            winner = max(SIDES, key=lambda side: tally[side])
            loser = next(side for side in SIDES if side != winner)
            return MatchResult(((coach[winner],), (coach[loser],)), goals)
    return MatchResult((tuple(coach.values()),), goals)


def _count_dice(
    action: dict[str, Any], out: Contribution, coach: dict[str, str], challenger: str
) -> None:
    kind, source = action["kind"], action.get("source", "table")
    dice = action.get("dice") or []
    if kind == "penalty" and len(dice) == 2:
        kicker = action["side"]
        keeper = next(side for side in SIDES if side != kicker)
        out.dice[(coach[kicker], 6, dice[0], source)] += 1
        out.dice[(coach[keeper], 6, dice[1], source)] += 1
    elif kind == "tie-dice":
        receiver = next(side for side in SIDES if side != challenger)
        for side, value in zip((challenger, receiver), dice, strict=False):
            out.dice[(coach[side], 6, value, source)] += 1
