"""What may legally come next: drives the command-line prompt and the web buttons.

Every offered choice is run through the same checks as an entry, so whatever is offered is
legal (a card in hand is a claim the engine cannot see: it offers every card not yet shown).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.phrase import phrase
from domain.ruleset import Expected
from domain.tcg import actions as act
from domain.tcg.battle import card_setter, flipper
from domain.tcg.field import AREAS, PLACES
from domain.tcg.guards import available
from domain.tcg.judge import dice_count
from domain.tcg.rules import legal
from domain.tcg.setup import SIDES, other
from domain.tcg.state import FieldPlayer, TcgState, unplaced
from domain.tcg.support import may_support
from domain.tcg.words import word

SOURCES = ("table", "app")
DIE = tuple(range(1, 7))
# The phases a coach ends, as the prompt names them.
PHASE_WORDS = {"attack": phrase("attack"), "defense": phrase("defense")}


def expected(state: TcgState) -> tuple[Expected, ...]:
    handler = _PHASES.get(state.phase)
    return tuple(handler(state)) if handler else ()


def _placement(state: TcgState) -> list[Expected]:
    found = []
    for side in SIDES:
        waiting = unplaced(state, side)
        if not waiting:
            continue
        label = waiting[0][0]
        areas = [a for a in PLACES if legal(state, act.Place(side, label, a))]  # type: ignore[arg-type]
        prompt = phrase("{team}: where does {label} start?", team=state.label(side), label=label)
        fixed = {"side": side, "player": label}
        found.append(Expected("place", prompt, side, fixed, {"area": areas}))
    return found


def _toss(state: TcgState) -> list[Expected]:
    choices = {"winner": SIDES, "source": SOURCES}
    prompt = phrase("Which side has the ball at the start?")
    return [Expected("toss", prompt, choices=choices, random=("winner",))]


def _players(state: TcgState, side: str, make: Callable[[FieldPlayer], object]) -> list[str]:
    return [p.label for p in state.side(side).players if legal(state, make(p))]


def _kickoff(state: TcgState) -> list[Expected]:
    side = state.pending.side if state.pending and state.pending.side else "home"
    players = _players(state, side, lambda p: act.Kickoff(side, p.label))  # type: ignore[arg-type]
    prompt = phrase("{team} kick off: who gets the ball?", team=state.label(side))
    return [Expected("kickoff", prompt, side, {"side": side}, {"player": players})]


def _discard(state: TcgState) -> list[Expected]:
    side = state.turn.phase_side
    prompt = phrase(
        "{team} hold {hand} cards: discard one.", team=state.label(side), hand=state.side(side).hand
    )
    cards = available(state, side)
    return [Expected("discard", prompt, side, {"side": side}, {"card": cards})]


def _cards(state: TcgState, side: str) -> list[Expected]:
    found: list[Expected] = []
    fixed = {"side": side}
    for kind, cls in (("supporter", act.Supporter), ("tactics", act.Tactics)):
        cards = [c for c in available(state, side, kind) if legal(state, cls(side, c))]  # type: ignore[arg-type]
        if cards:
            prompt = phrase("{team} use a {kind} card.", team=state.label(side), kind=word(kind))
            found.append(Expected(kind, prompt, side, fixed, {"card": cards}))
    if legal(state, act.SetReverse(side)):  # type: ignore[arg-type]
        found.append(
            Expected(
                "set-reverse",
                phrase("{team} set a reverse card.", team=state.label(side)),
                side,
                fixed,
            )
        )
    slots = list(range(1, len(state.side(side).reverse) + 1))
    if slots:
        prompt = phrase("{team} discard a set reverse card.", team=state.label(side))
        found.append(Expected("drop-reverse", prompt, side, fixed, {"slot": slots}))
    for player in state.side(side).players:
        cards = [
            c
            for c in available(state, side, "player")
            if legal(state, act.RankChange(side, player.label, c))  # type: ignore[arg-type]
        ]
        if cards:
            prompt = phrase(
                "{team} rank-change {player}.", team=state.label(side), player=player.label
            )
            found.append(
                Expected(
                    "rank-change", prompt, side, {**fixed, "player": player.label}, {"card": cards}
                )
            )
    return found


def _moves(state: TcgState, side: str) -> list[Expected]:
    found = []
    for player in state.side(side).players:
        areas = [
            a
            for a in PLACES
            if legal(state, act.Move(side, player.label, a))  # type: ignore[arg-type]
        ]
        if areas:
            prompt = phrase(
                "{team} move {player} from {area}.",
                team=state.label(side),
                player=player.label,
                area=player.area,
            )
            fixed = {"side": side, "player": player.label}
            found.append(Expected("move", prompt, side, fixed, {"to": areas}))
    return found


def _main(state: TcgState) -> list[Expected]:
    side = state.turn.phase_side
    fixed = {"side": side}
    found: list[Expected] = []
    if state.phase == "attack":
        receivers = _players(state, side, lambda p: act.Pass(side, p.label))  # type: ignore[arg-type]
        if receivers:
            prompt = phrase("{team}: {ball} passes.", team=state.label(side), ball=state.ball)
            found.append(Expected("pass", prompt, side, fixed, {"receiver": receivers}))
        if legal(state, act.Shoot(side)):  # type: ignore[arg-type]
            found.append(Expected("shoot", phrase("{ball} shoots.", ball=state.ball), side, fixed))
    else:
        for kind, cls in (("tackle", act.Tackle), ("pass-cut", act.PassCut)):
            players = _players(state, side, lambda p, c=cls: c(side, p.label))  # type: ignore[misc]
            if players:
                prompt = phrase(
                    "{team}: who makes the {kind}?", team=state.label(side), kind=word(kind)
                )
                found.append(Expected(kind, prompt, side, fixed, {"player": players}))
    found += _moves(state, side)
    found += _cards(state, side)
    if legal(state, act.EndPhase(side)):  # type: ignore[arg-type]
        found.append(
            Expected(
                "end",
                phrase(
                    "{team} end the {phase} phase.",
                    team=state.label(side),
                    phase=PHASE_WORDS.get(state.phase, state.phase),
                ),
                side,
                fixed,
            )
        )
    return found


def _reverse(state: TcgState) -> list[Expected]:
    side = flipper(state)
    if side is None:
        return []
    fixed = {"side": side}
    found = [
        Expected(
            "no-flip", phrase("{team} flip no reverse card.", team=state.label(side)), side, fixed
        )
    ]
    for slot in range(1, len(state.side(side).reverse) + 1):
        cards = [
            c
            for c in available(state, side, "reverse")
            if legal(state, act.Flip(side, slot, c))  # type: ignore[arg-type]
        ]
        if cards:
            left = state.turn.kept_by(side)
            prompt = phrase(
                "{team} flip the reverse card in slot {slot} (a card that costs pays "
                "from the {left} cost left).",
                team=state.label(side),
                slot=slot,
                left=left,
            )
            found.append(Expected("flip", prompt, side, {**fixed, "slot": slot}, {"card": cards}))
    return found


def _battle_card(state: TcgState) -> list[Expected]:
    side = card_setter(state)
    if side is None:
        return []
    prompt = phrase(
        "{team} set a battle card face down (revealed with the other's).", team=state.label(side)
    )
    return [Expected("battle-card", prompt, side, {"side": side}, {"card": available(state, side)})]


def _support(state: TcgState) -> list[Expected]:
    battle = state.battle
    if battle is None:
        return []
    side = battle.receiver
    players = [p.label for p in state.side(side).players if may_support(state, battle, p)]
    prompt = phrase(
        "{team}: which players support {receiver_player} (+1 each)?",
        team=state.label(side),
        receiver_player=battle.receiver_player,
    )
    return [Expected("support", prompt, side, {"side": side}, {"players": players})]


def _tie(state: TcgState) -> list[Expected]:
    faces = (6,) * dice_count(state)
    prompt = phrase(
        "Tie: roll {count} d6 ({dice_table} table).",
        count=len(faces),
        dice_table=state.setup.dice_table,
    )
    return [Expected("tie-dice", prompt, choices={"source": SOURCES}, dice={"dice": faces})]


def _landing(state: TcgState) -> list[Expected]:
    prompt = phrase(
        "The keeper punched: roll for the landing and enter the area where the ball lands."
    )
    choices = {"roll": DIE, "area": AREAS, "source": SOURCES}
    return [Expected("land", prompt, choices=choices, random=("roll",))]


def _gather(state: TcgState) -> list[Expected]:
    area = state.pending.area if state.pending else None
    found = []
    for side in SIDES:
        players = _players(state, side, lambda p, s=side: act.Gather(s, p.label))  # type: ignore[misc]
        if players:
            prompt = phrase(
                "Who takes the ball in {area}? ({team})", area=area, team=state.label(side)
            )
            found.append(Expected("gather", prompt, side, {"side": side}, {"player": players}))
    return found


def _restart(state: TcgState) -> list[Expected]:
    side = state.pending.side if state.pending and state.pending.side else "home"
    players = _players(state, side, lambda p: act.Restart(side, p.label))  # type: ignore[arg-type]
    prompt = phrase("{team} restart: who gets the ball?", team=state.label(side))
    found = [Expected("restart", prompt, side, {"side": side}, {"player": players})]
    for each in (side, other(side)):
        for player in state.side(each).players:
            cards = [
                c
                for c in available(state, each, "player")
                if legal(state, act.Substitute(each, player.label, c))  # type: ignore[arg-type]
            ]
            if cards:
                prompt = phrase(
                    "{team} substitute {player}.", team=state.label(each), player=player.label
                )
                fixed = {"side": each, "player": player.label}
                found.append(Expected("substitute", prompt, each, fixed, {"card": cards}))
    return found


def _kickers(state: TcgState) -> list[Expected]:
    shoot = state.shoot_out
    found = []
    for side in SIDES:
        if shoot is not None and not shoot.kickers_of(side):
            players = [p.label for p in state.side(side).players]
            prompt = phrase("{team} name 5 penalty takers in order.", team=state.label(side))
            found.append(Expected("kickers", prompt, side, {"side": side}, {"players": players}))
    return found


def _penalties(state: TcgState) -> list[Expected]:
    if state.shoot_out is None:
        return []
    side = state.shoot_out.next_side
    prompt = phrase("{team} kick: roll the kicker's d6, then the keeper's.", team=state.label(side))
    return [
        Expected(
            "penalty", prompt, side, {"side": side}, {"source": SOURCES}, dice={"dice": (6, 6)}
        )
    ]


_PHASES: dict[str, Callable[[TcgState], list[Expected]]] = {
    "placement": _placement,
    "toss": _toss,
    "kickoff": _kickoff,
    "discard": _discard,
    "attack": _main,
    "defense": _main,
    "reverse": _reverse,
    "battle-card": _battle_card,
    "support": _support,
    "tie": _tie,
    "landing": _landing,
    "gather": _gather,
    "restart": _restart,
    "kickers": _kickers,
    "penalties": _penalties,
}
