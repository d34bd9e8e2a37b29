"""Cards used in a main step: supporter, tactics, reverse set and discard, rank change.

Card effects are printed free text the engine cannot read; it enforces what the rules say
about every card of a type (costs, once per turn, the reverse zone) and records the rest.
"""

from __future__ import annotations

from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Violation
from domain.tcg import actions as act
from domain.tcg import consequences as tc
from domain.tcg import guards
from domain.tcg.flow import Step
from domain.tcg.state import COST_CAP, REVERSE_LIMIT, ReverseSlot, TcgState


def _acting(state: TcgState, side: str, rule: str) -> list[Violation]:
    problems = guards.in_phase(state, rule, "attack", "defense")
    return problems or guards.phase_player(state, side, rule)


def _played(state: TcgState, side: str, name: str) -> TcgState:
    hand = state.side(side)
    hand = replace(hand, hand=max(0, hand.hand - 1), trash=hand.trash + 1, used=(*hand.used, name))
    return state.with_side(side, hand)


def check_supporter(state: TcgState, action: act.Supporter) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-8.5")
    if problems:
        return problems
    card = guards.deck_card(state, action.side, action.card, "supporter", "TCG-8.5", problems)
    if action.side in state.turn.supporters:
        problems.append(
            Violation("TCG-8.5", phrase("one supporter card a turn has been used already"))
        )
    if card and state.turn.gained + card.gain > COST_CAP:
        problems.append(
            Violation(
                "TCG-6.1",
                phrase(
                    "{card} gains {gain}, but at most {value} more cost can be gained this phase",
                    card=card.name,
                    gain=card.gain,
                    value=COST_CAP - state.turn.gained,
                ),
            )
        )
    return problems


def apply_supporter(state: TcgState, action: act.Supporter) -> Step:
    card = state.setup.team(action.side).deck_card(action.card)
    assert card is not None
    gain = max(0, min(card.gain, COST_CAP - state.turn.gained))
    turn = replace(
        state.turn,
        cost=state.turn.cost + gain,
        gained=state.turn.gained + gain,
        supporters=(*state.turn.supporters, action.side),
    )
    state = _played(replace(state, turn=turn), action.side, card.name)
    text = phrase(
        "{team} use {card} (+{gain} cost).",
        team=state.label(action.side),
        card=card.name,
        gain=gain,
    )
    return state, [tc.Supporter(text, side=action.side, card=card.name)]


def check_tactics(state: TcgState, action: act.Tactics) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-8.6")
    if problems:
        return problems
    card = guards.deck_card(state, action.side, action.card, "tactics", "TCG-8.6", problems)
    if action.side in state.turn.tactics:
        problems.append(
            Violation("TCG-8.6", phrase("one tactics card a turn has been used already"))
        )
    if card:
        guards.afford(state, card.name, card.cost, problems)
    return problems


def apply_tactics(state: TcgState, action: act.Tactics) -> Step:
    card = state.setup.team(action.side).deck_card(action.card)
    assert card is not None
    turn = replace(
        state.turn,
        cost=max(0, state.turn.cost - card.cost),
        tactics=(*state.turn.tactics, action.side),
    )
    state = _played(replace(state, turn=turn), action.side, card.name)
    text = phrase(
        "{team} use {card} ({cost} cost).",
        team=state.label(action.side),
        card=card.name,
        cost=card.cost,
    )
    return state, [tc.Tactics(text, side=action.side, card=card.name)]


def check_set_reverse(state: TcgState, action: act.SetReverse) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-8.7")
    if problems:
        return problems
    side = state.side(action.side)
    if side.hand < 1:
        problems.append(
            Violation("TCG-8.7", phrase("{team} hold no cards", team=state.label(action.side)))
        )
    if action.side in state.turn.reverse_set:
        problems.append(
            Violation("TCG-8.7", phrase("one reverse card a turn has been set already"))
        )
    if len(side.reverse) >= REVERSE_LIMIT:
        problems.append(
            Violation(
                "TCG-8.7",
                phrase(
                    "{reverse_limit} reverse cards are set already", reverse_limit=REVERSE_LIMIT
                ),
            )
        )
    return problems


def apply_set_reverse(state: TcgState, action: act.SetReverse) -> Step:
    side = state.side(action.side)
    slot = ReverseSlot(set_turn=state.turn.number)
    side = replace(side, hand=max(0, side.hand - 1), reverse=(*side.reverse, slot))
    turn = replace(state.turn, reverse_set=(*state.turn.reverse_set, action.side))
    state = replace(state.with_side(action.side, side), turn=turn)
    text = phrase(
        "{team} set a reverse card face down ({count} set).",
        team=state.label(action.side),
        count=len(side.reverse),
    )
    return state, [tc.ReverseSet(text, side=action.side, set=len(side.reverse))]


def check_drop_reverse(state: TcgState, action: act.DropReverse) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-5.3")
    if not problems and not 1 <= action.slot <= len(state.side(action.side).reverse):
        problems.append(
            Violation(
                "TCG-5.3", phrase("no reverse card is set in slot {slot}", slot=action.slot), False
            )
        )
    return problems


def apply_drop_reverse(state: TcgState, action: act.DropReverse) -> Step:
    side = state.side(action.side)
    reverse = side.reverse[: action.slot - 1] + side.reverse[action.slot :]
    side = replace(side, reverse=reverse, trash=side.trash + 1)
    state = state.with_side(action.side, side)
    text = phrase("{team} discard a set reverse card unseen.", team=state.label(action.side))
    return state, [tc.ReverseDropped(text, side=action.side)]


def check_rank_change(state: TcgState, action: act.RankChange) -> list[Violation]:
    problems = _acting(state, action.side, "TCG-8.3")
    if problems:
        return problems
    player = guards.find_player(state, action.side, action.player, "TCG-8.3", problems)
    card = guards.deck_card(state, action.side, action.card, "player", "TCG-8.3", problems)
    if player is None or card is None:
        return problems
    if not card.answers_to(player.card.name):
        problems.append(
            Violation(
                "TCG-8.3",
                phrase("a rank change swaps same-name cards: {card}", card=player.card.name),
            )
        )
    if (player.position == "GK") != (card.position == "GK"):
        text = phrase("the team must keep exactly one goalkeeper")
        problems.append(Violation("TCG-8.4", text, False))
    guards.afford(state, phrase("the rank change"), card.cost, problems)
    return problems


def apply_rank_change(state: TcgState, action: act.RankChange) -> Step:
    side = state.side(action.side)
    player = side.player(action.player)
    card = state.setup.team(action.side).deck_card(action.card)
    assert player is not None and card is not None
    state = state.with_side(action.side, side.with_player(replace(player, card=card)))
    state = _played(state, action.side, card.name)
    turn = replace(state.turn, cost=max(0, state.turn.cost - card.cost))
    state = replace(state, turn=turn)
    text = phrase(
        "Rank change: {player} becomes the {card} card in hand ({cost} cost).",
        player=player.label,
        card=card.name,
        cost=card.cost,
    )
    return state, [tc.RankChange(text, side=action.side, player=player.label, card=card.name)]
