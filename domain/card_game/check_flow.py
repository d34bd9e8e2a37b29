"""Checks for the entries that frame a match: signings, toss, kick-offs and Match card drafts."""

from __future__ import annotations

from domain.card_game.actions import Draft, EtKickoff, Kickoff, Signings, Toss
from domain.card_game.cards import CATALOGUE
from domain.card_game.flow import next_drafter
from domain.card_game.identity import not_now
from domain.card_game.state import CardGameState, team
from domain.phrase import phrase
from domain.ruleset import Violation


def check_signings(state: CardGameState, action: Signings) -> list[Violation]:
    if state.phase != "signings":
        return [not_now("CG-12.3", phrase("Showing the Signing cards"), state)]
    found = []
    names = [CATALOGUE.canonical(name) for name in action.cards]
    if len(names) != 4 or len(set(names)) != 4:
        found.append(Violation("CG-12.3", phrase("show exactly 4 different Signing cards.")))
    unknown = [n for n in names if CATALOGUE.card_class(n) != "signing"]
    if unknown:
        found.append(
            Violation("CG-12.3", phrase("not Signing cards: {join}.", join=", ".join(unknown)))
        )
    return found


def check_toss(state: CardGameState, action: Toss) -> list[Violation]:
    if state.phase != "toss":
        return [not_now("CG-3.1", phrase("The toss"), state)]
    return []


def check_kickoff(state: CardGameState, action: Kickoff) -> list[Violation]:
    if state.phase != "kickoff":
        return [not_now("CG-3.1", phrase("Choosing who kicks off"), state)]
    return []


def check_et_kickoff(state: CardGameState, action: EtKickoff) -> list[Violation]:
    if state.phase != "et-kickoff":
        return [not_now("CG-9.3", phrase("Choosing who attacks first in Extra Time"), state)]
    return []


def check_draft(state: CardGameState, action: Draft) -> list[Violation]:
    if state.phase != "draft":
        if state.extra_time:
            return [Violation("CG-9.1", phrase("no Match cards are drafted in Extra Time."), False)]
        if state.injury_time and state.phase == "attack":
            return [
                Violation("CG-7.3", phrase("no Match cards are drafted in Injury Time."), False)
            ]
        return [not_now("CG-4.2", phrase("Drafting a Match card"), state)]
    side = action.coach
    if side in state.round.drafted:
        return [
            Violation(
                "CG-4.2", phrase("{team} already drafted this round.", team=team(side)), False
            )
        ]
    deck = state.match_deck
    if (deck.pitch if action.source == "pitch" else deck.hidden) == 0:
        where = phrase("the Pitch is") if action.source == "pitch" else phrase("the Match deck is")
        return [Violation("CG-4.2", phrase("{where} empty.", where=where), False)]
    found = []
    due = next_drafter(state)
    if due is not None and due != side:
        found.append(
            Violation(
                "CG-4.2",
                phrase("the Defending Coach drafts first: it is {team}'s draft.", team=team(due)),
            )
        )
    if action.card is not None:
        found += _named_draft(state, action.source, action.card)
    return found


def _named_draft(state: CardGameState, source: str, card: str) -> list[Violation]:
    if source == "deck":
        return [
            Violation(
                "CG-4.2", phrase("the top card of the Match deck is hidden: leave out its name.")
            )
        ]
    entries = CATALOGUE.entries(card)
    if not entries:
        return []
    half = "1st-half" if state.period == 1 else "2nd-half"
    if not any(e.card_class == "match" and e.deck in (half, "unknown") for e in entries):
        name = CATALOGUE.canonical(card)
        return [
            Violation(
                "CG-4.2",
                phrase(
                    "{name} is not a Match card of the {half}.",
                    name=name,
                    half=phrase("1st half") if state.period == 1 else phrase("2nd half"),
                ),
            )
        ]
    return []
