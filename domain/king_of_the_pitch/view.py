"""The public situation as plain data and as a few lines of text; the result once it is over.

Public means what the table sees. Source (KP-4.1): 「プレイヤーカードは公開せず、手札に加えます」
("player cards are added to the hand without being revealed"), and a CAPTAIN card "will be
kept secret until they are used" (KP-8.1): a hand is shown as its count of cards, the captain
card among them. What the cards are, the scorers alone see (`hand_view`).
"""

from __future__ import annotations

from domain.king_of_the_pitch.duel_apply import team_level
from domain.king_of_the_pitch.state import Card, KingState, Team
from domain.king_of_the_pitch.values import LEVEL_DICE, POSITIONS, role
from domain.king_of_the_pitch.words import word
from domain.phrase import Joined, lines, listed, phrase
from domain.ruleset import JSON, Result


def _card(card: Card) -> dict[str, JSON]:
    return {
        "type": card.type,
        "colour": card.colour,
        "position": card.position,
        "price": list(card.price),
    }


def _team(state: KingState, team: Team) -> dict[str, JSON]:
    level = team_level(state, team)
    return {
        "label": state.label(team.colour),
        "coach": state.setup.coach(team.colour),
        "crowns": team.crowns,
        "board": [{"position": p, "role": role(p), "chip": team.chip(p)} for p in POSITIONS],
        "defense": team.defense,
        "attack": team.attack,
        "level": level,
        "dice": list(LEVEL_DICE[level]),
        "cubes": {
            "gold": team.cubes.gold,
            "silver": team.cubes.silver,
            "bronze": team.cubes.bronze,
        },
        "hand": team.cards_in_hand,
        "captain_card": team.captain_card,
        "match": team.match,
        "var": team.var,
        "bonus": team.bonus,
        "captain": team.captain,
    }


def _duel(state: KingState) -> dict[str, JSON] | None:
    duel = state.duel
    if duel is None:
        return None
    return {
        "challenger": duel.challenger,
        "king": duel.king,
        "to_declare": list(duel.to_declare),
        "var": list(duel.var),
        "bonus": list(duel.bonus),
        "faces": {colour: list(faces) for colour, faces in duel.faces},
        "dice": {colour: list(dice) for colour, dice in duel.dice},
        "rerolled": list(duel.rerolled),
        "var_due": duel.var_due,
        "penalties": dict(duel.penalties),
        "shootout_round": duel.shootout_round,
    }


def view(state: KingState) -> dict[str, JSON]:
    result = match_result(state)
    deck = state.deck
    return {
        "ruleset": "king-of-the-pitch",
        "phase": state.phase,
        "score": state.score,
        "crowns_to_win": state.setup.crowns,
        "seating": list(state.setup.colours),
        "king": state.king,
        "turn": state.turn if state.phase != "over" else None,
        "turns": state.turns,
        "opening": {"contenders": list(state.contenders), "rolls": dict(state.opening_rolls)},
        "line": [_card(card) for card in state.line],
        "deck": {
            "total": deck.total,
            "gold": deck.gold,
            "silver": deck.silver,
            "bronze": deck.bronze,
            "match": deck.match,
            "var": deck.var,
            "bonus": deck.bonus,
            "captain-transfer": deck.transfer,
        },
        "discard": state.discard,
        "captains_aside": state.captains_aside,
        "teams": {team.colour: _team(state, team) for team in state.teams},
        "duel": _duel(state),
        "result": result.to_dict() if result else None,
    }


def hand_view(state: KingState) -> dict[str, JSON]:
    """What only the scorers see: each team's hand card by card (they entered every take)."""
    return {
        team.colour: {
            "hand_cards": [_card(card) for card in team.hand],
            "captain_card": team.captain_card,
        }
        for team in state.teams
    }


# The phase as the board says it: `phase turn` (the key itself in English).
PHASE_SAID = {
    "opening": phrase("phase opening"),
    "reveal": phrase("phase reveal"),
    "turn": phrase("phase turn"),
    "declare": phrase("phase declare"),
    "roll": phrase("phase roll"),
    "var": phrase("phase var"),
    "shoot-out": phrase("phase shoot-out"),
    "over": phrase("phase over"),
}
_KING = phrase(" KING")


def _board_line(state: KingState, team: Team) -> str:
    cubes = team.cubes
    return phrase(
        "{label}{king}: crowns {crowns}/{to_win}; D{defense} A{attack} ({level}); cubes "
        "G{gold} S{silver} B{bronze}; hand {hand}, MATCH {match}, V.A.R. {var}, BONUS {bonus}",
        label=state.label(team.colour),
        king=_KING if state.king == team.colour else "",
        crowns=team.crowns,
        to_win=state.setup.crowns,
        defense=team.defense,
        attack=team.attack,
        level=word(team_level(state, team)),
        gold=cubes.gold,
        silver=cubes.silver,
        bronze=cubes.bronze,
        hand=team.cards_in_hand,
        match=team.match,
        var=team.var,
        bonus=team.bonus,
    )


def _chips_line(team: Team) -> str:
    """The board's chips by position, a colour's initial (`.` for white): a chart, not words."""
    return "    " + " ".join(
        f"{p}:{team.chip(p)[0].upper() if team.chip(p) != 'white' else '.'}" for p in POSITIONS
    )


def render(state: KingState) -> str:
    """The board as lines of phrases (`lines`), each translated where it is shown."""
    score = Joined(
        " – ",
        (
            phrase("{team} {crowns}", team=word(colour), crowns=crowns)
            for colour, crowns in state.score.items()
        ),
    )
    king = state.label(state.king) if state.king else phrase("not yet decided")
    turn = state.label(state.turn) if state.turn and state.phase != "over" else "-"
    said: list[str] = [
        score,
        phrase(
            "King of the Pitch: {king}; turn: {turn}; {phase}",
            king=king,
            turn=turn,
            phase=PHASE_SAID.get(state.phase) or phrase("phase {phase}", phase=state.phase),
        ),
    ]
    for team in state.teams:
        said += [_board_line(state, team), _chips_line(team)]
    cards = listed(
        phrase("{slot}: {card}", slot=slot, card=card.describe())
        for slot, card in enumerate(state.line, 1)
    )
    aside = (
        phrase("; {count} captain set aside", count=state.captains_aside)
        if state.captains_aside
        else ""
    )
    said.append(
        phrase(
            "Line: {cards}; deck {deck}, discard {discard}{aside}",
            cards=cards or "-",
            deck=state.deck.total,
            discard=state.discard,
            aside=aside,
        )
    )
    result = match_result(state)
    if result:
        said.append(result.summary)
    return lines(said)


def match_result(state: KingState) -> Result | None:
    """Ranking by crowns; equal crowns share a place, or go clockwise from the winner."""
    if state.phase != "over" or state.winner is None:
        return None
    score = state.score
    seats = state.setup.colours
    start = seats.index(state.winner)
    # Shared places list their teams in seating order; "clockwise" ranks them from the winner.
    order = seats[start:] + seats[:start] if state.setup.tie_break == "clockwise" else seats
    ordered = sorted(order, key=lambda colour: -score[colour])
    places: list[tuple[str, ...]] = []
    for colour in ordered:
        shares = state.setup.tie_break == "shared" and places
        if shares and score[places[-1][0]] == score[colour]:
            places[-1] = (*places[-1], colour)
        else:
            places.append((colour,))
    summary = phrase(
        "{team} win as King of the Pitch with {crowns} crowns.",
        team=state.label(state.winner),
        crowns=score[state.winner],
    )
    return Result(ranking=tuple(places), scores=score, summary=summary)
