"""Applying the entries that frame a match: signings, toss, kick-offs, drafts."""

from __future__ import annotations

from domain.card_game import consequences as cc
from domain.card_game.actions import Draft, EtKickoff, Kickoff, Signings, Toss
from domain.card_game.cards import CATALOGUE
from domain.card_game.flow import Step, after_draft, begin_period
from domain.card_game.state import CardGameState, MatchDeck, team
from domain.frozen import replace
from domain.phrase import phrase


def apply_signings(state: CardGameState, action: Signings) -> Step:
    names = tuple(dict.fromkeys(CATALOGUE.canonical(name) for name in action.cards))
    state = replace(state, shown_signings=names, phase="toss")
    text = phrase("Signing cards on show: {join}.", join=", ".join(names))
    return state, [cc.SigningsShown(text, cards=names)]


def apply_toss(state: CardGameState, action: Toss) -> Step:
    state = replace(state, toss_winner=action.winner, phase="kickoff")
    text = phrase("{team} win the toss and choose who kicks off.", team=team(action.winner))
    return state, [cc.TossWon(text, team=action.winner)]


def apply_kickoff(state: CardGameState, action: Kickoff) -> Step:
    state = replace(state, whistle=action.coach)
    return begin_period(state, 1, action.coach)


def apply_et_kickoff(state: CardGameState, action: EtKickoff) -> Step:
    state = replace(state, et_starter=action.coach)
    return begin_period(state, 3, action.coach)


def apply_draft(state: CardGameState, action: Draft) -> Step:
    if state.phase != "draft":
        raise ValueError("no Match card draft is due")
    deck = state.match_deck
    if action.source == "pitch":
        deck = MatchDeck(pitch=max(0, deck.pitch - 1), hidden=deck.hidden)
    else:
        deck = MatchDeck(pitch=deck.pitch, hidden=max(0, deck.hidden - 1))
    side = action.coach
    coach = state.coach(side)
    # A card from the hidden deck stays secret: only a Pitch card may carry a name.
    name = CATALOGUE.canonical(action.card) if action.card and action.source == "pitch" else None
    coach = replace(
        coach,
        hand=coach.hand + 1,
        owned=coach.owned + 1,
        drafted=(*coach.drafted, name) if name else coach.drafted,
    )
    rnd = replace(state.round, drafted=(*state.round.drafted, side))
    state = replace(state.with_coach(coach), match_deck=deck, round=rnd)
    where = (
        phrase("{name} from the Pitch", name=name)
        if name
        else (
            phrase("a card from the Pitch")
            if action.source == "pitch"
            else phrase("the top card of the Match deck")
        )
    )
    drafted = cc.Drafted(
        phrase("{team} take {where}.", team=team(side), where=where),
        team=side,
        source=action.source,
        card=name,
    )
    state, more = after_draft(state)
    return state, [drafted, *more]
