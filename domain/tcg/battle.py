"""The Battle Phase steps (TCG-7.1-7.5): reverse flips, battle cards, support.

A battle moves on by itself past steps nobody can take (no set reverse card, an empty hand),
so the scorer is only asked for real decisions.
"""

from __future__ import annotations

from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Violation
from domain.tcg import actions as act
from domain.tcg import consequences as tc
from domain.tcg import guards
from domain.tcg.flow import Step
from domain.tcg.judge import judge
from domain.tcg.state import Battle, TcgState
from domain.tcg.support import support_refusal
from domain.tcg.words import word


def can_flip(state: TcgState, side: str) -> bool:
    """TCG-7.2 / TCG-8.7: a set reverse card and none flipped yet this turn."""
    return bool(state.side(side).reverse) and side not in state.turn.reverse_flipped


def flipper(state: TcgState) -> str | None:
    battle = state.battle
    if battle is None:
        return None
    return next(
        (s for s in (battle.challenger, battle.receiver) if s not in battle.decided_flip), None
    )


def card_setter(state: TcgState) -> str | None:
    battle = state.battle
    if battle is None:
        return None
    if battle.challenger_card is None:
        return battle.challenger
    return battle.receiver if battle.receiver_card is None else None


def begin_battle(state: TcgState, battle: Battle) -> Step:
    challenger = state.label(battle.challenger)
    text = phrase(
        "Battle: {challenger}'s {challenger_player} against {receiver_player} ({kind}).",
        challenger=challenger,
        challenger_player=battle.challenger_player,
        receiver_player=battle.receiver_player,
        kind=word(battle.kind),
    )
    started = tc.BattleStarted(
        text,
        battle=battle.kind,
        challenger=battle.challenger,
        challenger_player=battle.challenger_player,
        receiver_player=battle.receiver_player,
    )
    state, rest = advance(replace(state, battle=battle))
    return state, [started, *rest]


def advance(state: TcgState) -> Step:
    """Skip the steps nobody can take; stop where an entry is needed, or judge."""
    battle = state.battle
    assert battle is not None
    while (side := flipper(state)) is not None:
        if can_flip(state, side):
            return replace(state, phase="reverse"), []
        battle = replace(battle, decided_flip=(*battle.decided_flip, side))
        state = replace(state, battle=battle)
    while (side := card_setter(state)) is not None:
        if state.side(side).hand > 0:
            return replace(state, phase="battle-card"), []
        state = _set_card(state, side, 0)
        battle = state.battle
        assert battle is not None
    if battle.support is None and not one_beats_eight(battle):
        return replace(state, phase="support"), []
    return judge(state)


def one_beats_eight(battle: Battle) -> bool:
    """TCG-7.4: a 1 against an 8 wins outright; no support or effects are counted."""
    return {battle.challenger_card, battle.receiver_card} == {1, 8}


def _set_card(state: TcgState, side: str, point: int) -> TcgState:
    battle = state.battle
    assert battle is not None
    if side == battle.challenger:
        battle = replace(battle, challenger_card=point)
    else:
        battle = replace(battle, receiver_card=point)
    return replace(state, battle=battle)


def _due(state: TcgState, side: str, due: str | None, rule: str) -> list[Violation]:
    if due == side:
        return []
    who = state.label(due) if due else phrase("nobody")
    return [Violation(rule, phrase("it is {who}'s turn to decide", who=who), False)]


def check_flip(state: TcgState, action: act.Flip) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.2", "reverse")
    problems += _due(state, action.side, flipper(state), "TCG-7.2") if not problems else []
    if problems:
        return problems
    slots = state.side(action.side).reverse
    if not 1 <= action.slot <= len(slots):
        return [
            Violation(
                "TCG-8.7",
                phrase("there is no set reverse card in slot {slot}", slot=action.slot),
                False,
            )
        ]
    card = guards.deck_card(
        state, action.side, action.card, "reverse", "TCG-8.7", problems, from_hand=False
    )
    if card and card.wait and slots[action.slot - 1].set_turn == state.turn.number:
        problems.append(
            Violation(
                "TCG-8.7", phrase("{card} has the wait icon and was set this turn", card=card.name)
            )
        )
    problems += _flip_cost(state, action)
    return problems


def _flip_cost(state: TcgState, action: act.Flip) -> list[Violation]:
    """TCG-8.7 「通常はコスト不要であるが、シュート用のカードなど一部にコストが必要なカードも存在
    する。」 (usually free, but some, such as shot cards, need cost): the table enters the
    card's cost as it is turned, paid from what the side kept of its phase (TCG-6)."""
    if action.cost < 0:
        return [
            Violation("TCG-8.7", phrase("a cost is 0 or more, not {cost}", cost=action.cost), False)
        ]
    left = state.turn.kept_by(action.side)
    if action.cost > left:
        text = phrase(
            "{card} costs {cost} and only {left} cost is left (TCG-6)",
            card=action.card,
            cost=action.cost,
            left=left,
        )
        return [Violation("TCG-8.7", text)]
    return []


def apply_flip(state: TcgState, action: act.Flip) -> Step:
    battle = state.battle
    assert battle is not None
    side = state.side(action.side)
    card = state.setup.team(action.side).deck_card(action.card)
    name = card.name if card else action.card
    reverse = side.reverse[: action.slot - 1] + side.reverse[action.slot :]
    side = replace(side, reverse=reverse, trash=side.trash + 1, used=(*side.used, name))
    state = state.with_side(action.side, side)
    if action.side == battle.challenger:
        battle = replace(battle, challenger_bonus=battle.challenger_bonus + action.bonus)
    else:
        battle = replace(battle, receiver_bonus=battle.receiver_bonus + action.bonus)
    battle = replace(battle, decided_flip=(*battle.decided_flip, action.side))
    turn = replace(state.turn, reverse_flipped=(*state.turn.reverse_flipped, action.side))
    if action.cost:
        turn = turn.with_kept(action.side, max(0, turn.kept_by(action.side) - action.cost))
    state = replace(state, battle=battle, turn=turn)
    paid = phrase(", {cost} cost", cost=action.cost) if action.cost else ""
    text = phrase(
        "{team} flip {name} ({bonus:+d}{paid}).",
        team=state.label(action.side),
        name=name,
        bonus=action.bonus,
        paid=paid,
    )
    flipped = tc.ReverseFlipped(text, side=action.side, card=name, bonus=action.bonus)
    state, rest = advance(state)
    return state, [flipped, *rest]


def check_no_flip(state: TcgState, action: act.NoFlip) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.2", "reverse")
    return problems or _due(state, action.side, flipper(state), "TCG-7.2")


def apply_no_flip(state: TcgState, action: act.NoFlip) -> Step:
    battle = state.battle
    assert battle is not None
    battle = replace(battle, decided_flip=(*battle.decided_flip, action.side))
    return advance(replace(state, battle=battle))


def check_battle_card(state: TcgState, action: act.BattleCard) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.3", "battle-card")
    problems += _due(state, action.side, card_setter(state), "TCG-7.3") if not problems else []
    if problems:
        return problems
    card = state.setup.team(action.side).deck_card(action.card)
    card_type = card.type if card else "player"
    guards.deck_card(state, action.side, action.card, card_type, "TCG-7.3", problems)
    return problems


def apply_battle_card(state: TcgState, action: act.BattleCard) -> Step:
    card = state.setup.team(action.side).deck_card(action.card)
    assert card is not None
    side = state.side(action.side)
    side = replace(
        side, hand=max(0, side.hand - 1), trash=side.trash + 1, used=(*side.used, card.name)
    )
    # TCG-8.1: the card's Battle Point is its battle value, whatever else the card is.
    state = _set_card(state.with_side(action.side, side), action.side, card.battle_point)
    text = phrase(
        "{team} set {card} (Battle Point {battle_point}).",
        team=state.label(action.side),
        card=card.name,
        battle_point=card.battle_point,
    )

    state, rest = advance(state)
    return state, [
        tc.BattleCard(text, side=action.side, card=card.name, battle_point=card.battle_point),
        *rest,
    ]


def check_support(state: TcgState, action: act.Support) -> list[Violation]:
    problems = guards.in_phase(state, "TCG-7.5", "support")
    battle = state.battle
    if problems or battle is None:
        return problems
    if action.side != battle.receiver:
        return [Violation("TCG-7.5", phrase("only the receiver of the battle is supported"), False)]
    seen: set[str] = set()
    for label in action.players:
        player = guards.find_player(state, action.side, label, "TCG-7.5", problems)
        if player is None:
            continue
        if player.label == battle.receiver_player:
            # He is the one supported: support adds to him, it is not his own.
            problems.append(
                Violation(
                    "TCG-7.5", phrase("{player} is in the battle already", player=player.label)
                )
            )
        elif (refusal := support_refusal(state, battle, player)) is not None:
            problems.append(Violation("TCG-7.5", refusal))
        if player.label in seen:
            problems.append(
                Violation("TCG-7.5", phrase("{player} is named twice", player=player.label))
            )
        seen.add(player.label)
        guards.must_be_active(state, player, problems)
    return problems


def apply_support(state: TcgState, action: act.Support) -> Step:
    battle = state.battle
    assert battle is not None
    battle = replace(battle, support=len(action.players))
    state = replace(state, battle=battle)
    names = ", ".join(action.players) or "nobody"
    text = phrase(
        "{team} support with {names} (+{count}).",
        team=state.label(action.side),
        names=names,
        count=len(action.players),
    )
    supported = tc.Support(text, side=action.side, players=tuple(action.players))
    state, rest = judge(state)
    return state, [supported, *rest]
