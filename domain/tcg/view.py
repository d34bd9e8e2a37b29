"""The public situation as plain data and as text; the result once the match is over."""

from __future__ import annotations

from domain.names import PROPER_NAMES
from domain.phrase import Centred, Joined, lines, listed, phrase
from domain.ruleset import JSON, Result
from domain.tcg.field import COLUMNS, GOAL, ROWS
from domain.tcg.flow import score_line
from domain.tcg.judge import totals
from domain.tcg.setup import SIDES
from domain.tcg.state import FieldPlayer, TcgState
from domain.tcg.words import area_word, phase_word

CELL = 7


def _player(state: TcgState, side: str, player: FieldPlayer) -> dict[str, JSON]:
    return {
        "side": side,
        "label": player.label,
        "card": player.card.name,
        "position": player.position,
        "shot": player.card.shot,
        "keep": player.card.keep,
        "defense": player.card.defense,
        "area": player.area,
        "active": player.active(state.turn.number),
        "ball": state.ball_side == side and state.ball == player.label,
    }


def _grid(state: TcgState) -> list[list[dict[str, JSON]]]:
    ball = state.ball_area()
    rows = []
    for row in range(1, ROWS + 1):
        cells = []
        for column in COLUMNS:
            area = f"{column}{row}"
            cells.append(
                {
                    "area": area,
                    "players": [_player(state, s, p) for s, p in state.in_area(area)],
                    "ball": ball == area,
                }
            )
        rows.append(cells)
    return rows


def _goal_mouths(state: TcgState) -> dict[str, JSON]:
    mouths: dict[str, JSON] = {}
    for side in SIDES:
        keeper = next((p for p in state.side(side).players if p.area == GOAL), None)
        holds = keeper is not None and state.ball_side == side and state.ball == keeper.label
        mouths[side] = {"keeper": keeper.label if keeper else None, "ball": holds}
    return mouths


def _side(state: TcgState, side: str) -> dict[str, JSON]:
    s = state.side(side)
    return {
        "label": state.label(side),
        "team": state.setup.team(side).name,
        "coach": state.setup.coach(side),
        "goals": s.goals,
        "hand": s.hand,
        "library": s.library,
        "second_half_deck": s.reserve,
        "trash": s.trash,
        "reverse_set": len(s.reverse),
        "substitutions": s.substitutions,
        "shown": list(s.used),
        "players": [_player(state, side, p) for p in s.players],
    }


def _battle(state: TcgState) -> JSON:
    battle = state.battle
    if battle is None:
        return None
    both = battle.challenger_card is not None and battle.receiver_card is not None
    attack, defense = totals(state, battle) if both else (None, None)
    return {
        "kind": battle.kind,
        "challenger": battle.challenger,
        "challenger_player": battle.challenger_player,
        "receiver_player": battle.receiver_player,
        # A battle card stays face down until both are set (TCG-7.3).
        "cards": {
            "challenger": battle.challenger_card if both else None,
            "receiver": battle.receiver_card if both else None,
        },
        "totals": {"challenger": attack, "receiver": defense},
        "support": battle.support,
    }


def view(state: TcgState) -> dict[str, JSON]:
    result = match_result(state)
    shoot = state.shoot_out
    return {
        "ruleset": "tcg",
        "phase": phase_word(state.phase),
        "half": state.half,
        "turn": state.turn.number,
        "attacker": state.turn.attacker if state.turn.number else None,
        "phase_side": state.turn.phase_side if state.turn.number else None,
        "score": state.score,
        "cost_left": state.turn.cost,
        "cost_gained": state.turn.gained,
        "ball": {
            "side": state.ball_side,
            "player": state.ball,
            "area": area_word(state.ball_area()),
        },
        "field": _grid(state),
        "goal_mouths": _goal_mouths(state),
        "sides": {side: _side(state, side) for side in SIDES},
        "battle": _battle(state),
        "pending": None
        if state.pending is None
        else {"kind": state.pending.kind, "side": state.pending.side, "area": state.pending.area},
        "shoot_out": None
        if shoot is None
        else {
            "first": shoot.first,
            "kickers": {side: list(shoot.kickers_of(side)) for side in SIDES},
            "scored": {side: shoot.scored(side) for side in SIDES},
            "kicks": [{"side": s, "scored": ok} for s, ok in shoot.kicks],
        },
        "result": result.to_dict() if result else None,
    }


def _cell(state: TcgState, area: str) -> str:
    text = ""
    for side, _ in state.in_area(area):
        text += "H" if side == "home" else "A"
    if state.ball_area() == area:
        text += "*"
    return (text or ".").center(CELL)


def _goal_line(state: TcgState, side: str) -> str:
    keeper = next((p for p in state.side(side).players if p.area == GOAL), None)
    holds = keeper is not None and state.ball_side == side and state.ball == keeper.label
    inside = f"{keeper.label}{'*' if holds else ''}" if keeper else phrase("empty")
    said = phrase("[{team} goal: {inside}]", team=state.setup.team(side).name, inside=inside)
    return Centred(said, CELL * len(COLUMNS))


# The phase as the board says it: `phase toss` (the key itself in English).
PHASE_SAID = {
    "placement": phrase("phase placement"),
    "toss": phrase("phase toss"),
    "kickoff": phrase("phase kickoff"),
    "discard": phrase("phase discard"),
    "attack": phrase("phase attack"),
    "defense": phrase("phase defense"),
    "reverse": phrase("phase reverse"),
    "battle-card": phrase("phase battle-card"),
    "support": phrase("phase support"),
    "tie": phrase("phase tie"),
    "landing": phrase("phase landing"),
    "gather": phrase("phase gather"),
    "restart": phrase("phase restart"),
    "kickers": phrase("phase kickers"),
    "penalties": phrase("phase penalties"),
    "over": phrase("phase over"),
}
_GOAL = phrase("goal")
_INACTIVE = phrase(" (inactive)")


def _players(state: TcgState, side: str) -> str:
    """A side's players, `label@area`, marked when inactive and when holding the ball: a
    phrase only where a word is (the goal, inactive) or a listed name (大空翼 in Japanese), as
    a replay draws every step."""
    turn = state.turn.number
    said = []
    for p in state.side(side).players:
        ball = "*" if state.ball_side == side and state.ball == p.label else ""
        active = p.active(turn)
        if active and p.area != GOAL and p.label not in PROPER_NAMES:
            said.append(f"{p.label}@{p.area}{ball}")
            continue
        said.append(
            phrase(
                "{label}@{area}{inactive}{ball}",
                label=p.label,
                area=_GOAL if p.area == GOAL else p.area,
                inactive="" if active else _INACTIVE,
                ball=ball,
            )
        )
    return listed(said)


def render(state: TcgState) -> str:
    """The board as lines of phrases (`lines`), each translated where it is shown."""
    said = [score_line(state)]
    said.append(
        phrase(
            "half {half}, turn {turn}; {phase}; cost left {cost}",
            half=state.half,
            turn=state.turn.number,
            phase=PHASE_SAID.get(state.phase) or phrase("phase {phase}", phase=state.phase),
            cost=state.turn.cost,
        )
    )
    said.append(Joined("", (" " * 3, _goal_line(state, "away"))))
    for row in range(1, ROWS + 1):
        cells = "".join(_cell(state, f"{c}{row}") for c in COLUMNS)
        said.append(f"{row:>2} {cells}")
    said.append(Joined("", (" " * 3, _goal_line(state, "home"))))
    said.append("   " + "".join(c.center(CELL) for c in COLUMNS))
    for side in SIDES:
        s = state.side(side)
        said.append(
            phrase(
                "{label}: hand {hand}, library {library}, trash {trash}, "
                "reverse {reverse}, subs {subs}; {players}",
                label=state.label(side),
                hand=s.hand,
                library=s.library,
                trash=s.trash,
                reverse=len(s.reverse),
                subs=s.substitutions,
                players=_players(state, side) or "-",
            )
        )
    return lines(said)


def match_result(state: TcgState) -> Result | None:
    if state.phase != "over":
        return None
    goals = state.score
    shoot = state.shoot_out
    score = score_line(state)
    if goals["home"] != goals["away"]:
        winner = max(SIDES, key=lambda side: goals[side])
        summary = phrase("{score}. {team} win.", score=score, team=state.setup.team(winner).name)
    elif shoot is not None and shoot.scored("home") != shoot.scored("away"):
        winner = max(SIDES, key=shoot.scored)
        summary = phrase(
            "{score}. Penalties {home}–{away}. {team} win.",
            score=score,
            home=shoot.scored("home"),
            away=shoot.scored("away"),
            team=state.setup.team(winner).name,
        )
    else:
        return Result(
            ranking=(SIDES,), scores=goals, summary=phrase("{score}. A draw.", score=score)
        )
    loser = "away" if winner == "home" else "home"
    return Result(ranking=((winner,), (loser,)), scores=goals, summary=summary)
