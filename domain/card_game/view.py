"""The public situation as plain data and as a few lines of text; the result once it is over."""

from __future__ import annotations

from domain.card_game.state import PERIOD_NAMES, CardGameState, Coach, PlayedCard, team
from domain.phrase import lines, listed, phrase
from domain.ruleset import JSON, Result

SIDES = ("nankatsu", "toho")


def _coach_view(state: CardGameState, coach: Coach) -> dict[str, JSON]:
    """A coach's part of the situation, worked out once per coach: a step changes one coach
    at most, the other is the very same (frozen) value in the next state, and a replay views
    every step. The view is kept on the coach with the setup it was made for (its names), and
    shared by the situations of every step the coach did not change: a situation is read
    (drawn, encoded, compared), never changed."""
    kept = coach.__dict__.get("_view")
    if kept is not None and kept[0] is state.setup:
        made: dict[str, JSON] = kept[1]
        return made
    made = _made_coach_view(state, coach)
    object.__setattr__(coach, "_view", (state.setup, made))
    return made


def _made_coach_view(state: CardGameState, coach: Coach) -> dict[str, JSON]:
    booking = coach.booking
    return {
        "label": state.label(coach.side),
        "team": team(coach.side),
        "coach": state.setup.coach_name(coach.side),
        "goals": coach.goals,
        "hand": coach.hand,
        "deck": coach.deck,
        "discard": coach.discard,
        "eliminated": coach.eliminated,
        "owned": coach.owned,
        "play_area": [_card_view(card) for card in coach.area],
        "totals": _totals(coach),
        "booking": None
        if booking is None
        else {
            "color": word(booking.color),
            "shot": booking.shot,
            "pass": booking.pass_,
            "defense": booking.defense,
        },
        "bank": {"shot": coach.bank.shot, "pass": coach.bank.pass_, "defense": coach.bank.defense},
        "motivated": list(coach.motivated),
        "signed": list(coach.signed),
        "drafted": list(coach.drafted),
        "fatigue_received": coach.fatigue_received,
        "special_shots": list(coach.special_shots),
        "special_defenses": list(coach.special_defenses),
    }


def _card_view(card: PlayedCard) -> dict[str, JSON]:
    """A card in play as the situation shows it, worked out once per card (kept on it, as a
    coach's view is): a coach's play stays in the area for many steps while the hand, the
    deck and the bank change."""
    made: dict[str, JSON] | None = card.__dict__.get("_view")
    if made is None:
        made = {
            "name": card.name,
            "shot": card.shot,
            "pass": card.pass_,
            "defense": card.defense,
            "motivated": card.motivated,
            "signed": card.signed,
        }
        object.__setattr__(card, "_view", made)
    return made


def _totals(coach: Coach) -> dict[str, JSON]:
    """`card_total` of each point (CG-10.1), in one pass over the play: the view is made for
    every step of a replay, and three passes were a third of it."""
    shot = pass_ = defense = 0
    for card in coach.area:
        shot += card.shot
        pass_ += card.pass_
        defense += card.defense
    booking = coach.booking
    if booking is not None:
        shot += booking.shot
        pass_ += booking.pass_
        defense += booking.defense
    return {"shot": shot, "pass": pass_, "defense": defense}


def view(state: CardGameState) -> dict[str, JSON]:
    rnd = state.round
    shot = rnd.shooting
    result = match_result(state)
    return {
        "ruleset": "card-game",
        "phase": word(state.phase),
        "period": state.period,
        "period_name": PERIOD_NAMES.get(state.period),
        "round": rnd.number,
        "injury_time": state.injury_time,
        "extra_time": state.extra_time,
        "score": state.score,
        "attacker": state.attacker,
        "defender": state.defender,
        "toss_winner": state.toss_winner,
        "whistle": state.whistle,
        "et_starter": state.et_starter,
        "turn": rnd.turn if state.phase == "attack" and not state.attack_over else None,
        "passed": list(rnd.passed),
        "card_limit": state.card_limit,
        "cards_in_play": state.cards_in_play,
        "match_deck": {"pitch": state.match_deck.pitch, "hidden": state.match_deck.hidden},
        "fatigue_supply": state.fatigue_supply,
        "signings": {"shown": list(state.shown_signings)},
        "shooting": None
        if shot is None
        else {
            "declared": word(shot.declared),
            "spent": {"attacker": shot.attacker_spent, "defender": shot.defender_spent},
            "rolls": {"attacker": shot.attacker_roll, "defender": shot.defender_roll},
            "save": shot.save,
        },
        "coaches": {side: _coach_view(state, state.coach(side)) for side in SIDES},
        "result": result.to_dict() if result else None,
    }


# The words for what the situation names by key (a phase, the points a shot is declared on, a
# booking's colour), each a phrase whose English is the key itself: the data reads as before,
# and a page translates the word where it shows it.
WORDS = {
    "signings": phrase("signings"),
    "toss": phrase("toss"),
    "kickoff": phrase("kickoff"),
    "et-kickoff": phrase("et-kickoff"),
    "draft": phrase("draft"),
    "attack": phrase("attack"),
    "shooting": phrase("shooting"),
    "special-shot": phrase("special-shot"),
    "over": phrase("over"),
    "shot": phrase("shot"),
    "pass": phrase("pass"),
    "yellow": phrase("yellow"),
    "red": phrase("red"),
}


def word(key: str | None) -> str | None:
    """`key` as a word of `WORDS` (None and a key without one as they are)."""
    return WORDS.get(key, key) if key is not None else None


# The phase as the board says it: `phase toss` (the key itself in English).
PHASE_SAID = {
    "signings": phrase("phase signings"),
    "toss": phrase("phase toss"),
    "kickoff": phrase("phase kickoff"),
    "et-kickoff": phrase("phase et-kickoff"),
    "draft": phrase("phase draft"),
    "attack": phrase("phase attack"),
    "shooting": phrase("phase shooting"),
    "special-shot": phrase("phase special-shot"),
    "over": phrase("phase over"),
}


def phase_said(phase: str) -> str:
    return PHASE_SAID.get(phase) or phrase("phase {phase}", phase=phase)


def render(state: CardGameState) -> str:
    """The board as lines of phrases (`lines`), each translated where it is shown."""
    said: list[str] = [
        phrase(
            "{home} {home_goals} – {away_goals} {away}",
            home=team("nankatsu"),
            home_goals=state.nankatsu.goals,
            away_goals=state.toho.goals,
            away=team("toho"),
        )
    ]
    said.append(
        phrase(
            "{where}{extra}, round {round}{attack}; {phase}",
            where=PERIOD_NAMES.get(state.period) or phrase("before kick-off"),
            extra=phrase(", Injury Time") if state.injury_time else "",
            round=state.round.number,
            attack=phrase("; {team} attack", team=team(state.attacker)) if state.attacker else "",
            phase=phase_said(state.phase),
        )
    )
    for side in SIDES:
        said.append(_coach_line(state, state.coach(side)))
    if state.period in (1, 2):
        deck = state.match_deck
        said.append(
            phrase(
                "Pitch {pitch} face up, Match deck {hidden} hidden",
                pitch=deck.pitch,
                hidden=deck.hidden,
            )
        )
    return lines(said)


# A coach's booking beside the label: ` [yellow]`.
_BOOKED = {"yellow": phrase(" [yellow]"), "red": phrase(" [red]")}


def _coach_line(state: CardGameState, coach: Coach) -> str:
    """A coach's line of the text, worked out once per coach and kept on it with the setup it
    was made for, as the coach's view is."""
    kept = coach.__dict__.get("_line")
    if kept is not None and kept[0] is state.setup:
        line: str = kept[1]
        return line
    # Card names as they were typed (a page shows them in both languages).
    played = listed(c.name for c in coach.area) or "-"
    booking = coach.booking
    bank = coach.bank
    line = phrase(
        "{label}{booked}: hand {hand}, deck {deck}, discard {discard}; "
        "bank S{shot} P{pass_} D{defense}; played: {played}",
        label=state.label(coach.side),
        booked=_BOOKED.get(booking.color, "") if booking else "",
        hand=coach.hand,
        deck=coach.deck,
        discard=coach.discard,
        shot=bank.shot,
        pass_=bank.pass_,
        defense=bank.defense,
        played=played,
    )
    object.__setattr__(coach, "_line", (state.setup, line))
    return line


def match_result(state: CardGameState) -> Result | None:
    if state.phase != "over":
        return None
    goals = state.score
    if goals["nankatsu"] == goals["toho"]:
        ranking: tuple[tuple[str, ...], ...] = (SIDES,)
        summary = phrase("Draw after Extra Time: both share the Secondary Championship.")
    else:
        winner = max(SIDES, key=lambda side: goals[side])
        loser = "toho" if winner == "nankatsu" else "nankatsu"
        ranking = ((winner,), (loser,))
        summary = phrase(
            "{team} win {goals}–{against}.",
            team=team(winner),
            goals=goals[winner],
            against=goals[loser],
        )
    return Result(ranking=ranking, scores=goals, summary=summary)
