"""What may legally come next: drives the command-line prompt and the web buttons."""

from __future__ import annotations

from domain.card_game.abilities import may_use
from domain.card_game.cards import CATALOGUE
from domain.card_game.check_shooting import rollers_due, spend_due, spend_type
from domain.card_game.flow import next_drafter
from domain.card_game.shooting import rerolls_available, rolled_dice, save_possible, verdict
from domain.card_game.state import MOTIVATION_CARDS, CardGameState, other, team
from domain.phrase import phrase
from domain.ruleset import Expected

SIDES = ("nankatsu", "toho")
SOURCES = ("table", "app")
DIE = tuple(range(1, 7))


def expected(state: CardGameState) -> tuple[Expected, ...]:
    handler = _PHASES.get(state.phase)
    return tuple(handler(state)) if handler else ()


def _signings(state: CardGameState) -> list[Expected]:
    shown = CATALOGUE.names("signing")
    prompt = phrase(
        "Show 4 of the 8 Signing cards to both coaches ({join}).", join=", ".join(shown)
    )
    return [Expected("signings", prompt)]


def _toss(state: CardGameState) -> list[Expected]:
    prompt = phrase("Flip the Possession token: which team wins the toss?")
    choices = {"winner": SIDES, "source": SOURCES}
    return [Expected("toss", prompt, choices=choices, random=("winner",))]


def _kickoff(state: CardGameState) -> list[Expected]:
    winner = state.toss_winner
    who = state.label(winner) if winner else phrase("The toss winner")
    prompt = phrase("{who} chooses which team kicks off.", who=who)
    return [Expected("kickoff", prompt, by=winner, choices={"coach": SIDES})]


def _et_kickoff(state: CardGameState) -> list[Expected]:
    prompt = phrase("Extra Time: choose at random which team attacks first.")
    choices = {"coach": SIDES, "source": SOURCES}
    return [Expected("et-kickoff", prompt, choices=choices, random=("coach",))]


def _draft(state: CardGameState) -> list[Expected]:
    side = next_drafter(state)
    if side is None:
        return []
    deck = state.match_deck
    sources = tuple(s for s, n in (("pitch", deck.pitch), ("deck", deck.hidden)) if n)
    prompt = phrase(
        "{team} drafts a Match card: from the Pitch ({pitch} face up) or the "
        "Match deck ({hidden} hidden).",
        team=state.label(side),
        pitch=deck.pitch,
        hidden=deck.hidden,
    )
    return [Expected("draft", prompt, by=side, fixed={"coach": side}, choices={"source": sources})]


def _attack(state: CardGameState) -> list[Expected]:
    found: list[Expected] = []
    rnd = state.round
    if not state.attack_over and rnd.turn is not None:
        side = rnd.turn
        count = f"{state.cards_in_play} of {state.card_limit} cards in play"
        if state.coach(side).hand > 0:
            found.append(
                Expected(
                    "play",
                    phrase(
                        "{team} plays a card ({count}) or passes.",
                        team=state.label(side),
                        count=count,
                    ),
                    by=side,
                    fixed={"coach": side},
                )
            )
        found.append(
            Expected(
                "pass",
                phrase("{team} passes.", team=state.label(side)),
                by=side,
                fixed={"coach": side},
            )
        )
    elif state.attacker is not None:
        side = state.attacker
        prompt = phrase("{team} declares a Shot or a Pass.", team=state.label(side))
        found.append(
            Expected(
                "declare",
                prompt,
                by=side,
                fixed={"coach": side},
                choices={"action": ("shot", "pass")},
            )
        )
    return found + _abilities(state) + _motivations(state) + _signs(state)


def _window_cards(state: CardGameState, side: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(card for s, card in state.round.windows if s == side))


def _abilities(state: CardGameState) -> list[Expected]:
    found: list[Expected] = []
    for side in SIDES:
        cards = _window_cards(state, side)
        if cards:
            found += _abilities_of(state, side, cards)
    return found


def _abilities_of(state: CardGameState, side: str, cards: tuple[str, ...]) -> list[Expected]:
    """The ability effects offered for `side`'s cards whose abilities are usable now."""
    found: list[Expected] = []
    label = state.label(side)

    def offer(kind: str, what: str, usable: tuple[str, ...], **more: tuple[str, ...]) -> None:
        field = "via" if kind == "play" else "card"
        # Only cards in play with an ability of this kind left (CG-13.1, CG-1.3).
        usable = tuple(c for c in usable if may_use(state, side, c, kind))
        if usable:
            found.append(
                Expected(
                    kind,
                    phrase(
                        "{label} may use an ability of {join}: {what}.",
                        label=label,
                        join=", ".join(usable),
                        what=what,
                    ),
                    by=side,
                    fixed={"coach": side},
                    choices={field: usable, **more},
                )
            )

    def with_role(role: str) -> tuple[str, ...]:
        return tuple(c for c in cards if CATALOGUE.has_role(c, role))

    offer("gain", phrase("bank points"), cards)
    own = tuple(card.name for card in state.coach(side).area)
    theirs = tuple(card.name for card in state.coach(other(side)).area)
    if own or theirs:
        offer("eliminate", phrase("eliminate a played card"), cards)
        offer("discard", phrase("discard a played card"), cards)
    offer("draw", phrase("draw cards"), cards)
    booked = state.coach(other(side)).booking
    if booked is None or booked.color == "yellow":
        offer(
            "book",
            phrase("book {team}", team=team(other(side))),
            cards,
            target_coach=(other(side),),
        )
    if state.fatigue_supply > 0:
        offer("fatigue", phrase("give a Fatigue card"), cards, target_coach=SIDES)
    if state.coach(other(side)).hand > 0:
        offer(
            "injury",
            phrase("injure a card in {team}'s hand", team=team(other(side))),
            with_role("injury"),
        )
    yellow = tuple(s for s in SIDES if (b := state.coach(s).booking) and b.color == "yellow")
    if yellow:
        offer(
            "unbook",
            phrase("remove a yellow card"),
            with_role("remove-yellow"),
            target_coach=yellow,
        )
    room = state.cards_in_play < state.card_limit
    if state.phase == "attack" and room and state.coach(side).hand > 0:
        offer("play", phrase("play another card from hand"), cards)
    if state.phase == "attack" and not state.attack_over:
        offer("end-attack", phrase("end the Attack Phase"), cards)
    if state.phase == "attack" and state.attacker == side:
        offer(
            "control-and-advance", phrase("Control and Advance"), with_role("control-and-advance")
        )
        shots = tuple(c for c in with_role("special-shot-ability") if side in CATALOGUE.decks(c))
        offer("special-shot", phrase("a Special Shot"), shots)
    return found


def _motivations(state: CardGameState) -> list[Expected]:
    if not state.setup.has("motivation"):
        return []
    found = []
    for side in SIDES:
        coach = state.coach(side)
        if len(coach.motivated) >= MOTIVATION_CARDS:
            continue
        eligible = tuple(
            card.name
            for card in coach.area
            if not card.motivated and CATALOGUE.card_class(card.name) in (None, "initial")
        )
        if eligible:
            prompt = phrase(
                "{team} may motivate {join}.", team=state.label(side), join=", ".join(eligible)
            )
            found.append(
                Expected(
                    "motivate", prompt, by=side, fixed={"coach": side}, choices={"card": eligible}
                )
            )
    return found


def _signs(state: CardGameState) -> list[Expected]:
    if not state.setup.has("signings") or state.phase != "attack":
        return []
    signed = {name for side in SIDES for name in state.coach(side).signed}
    left = tuple(name for name in state.shown_signings if name not in signed)
    if not left:
        return []
    sides = {s for s, _ in state.round.windows}
    turn = state.round.turn
    if turn is not None and turn not in state.round.passed and not state.attack_over:
        sides.add(turn)
    found = []
    for side in SIDES:
        keepers = any(CATALOGUE.has_role(c.name, "goalkeeper") for c in state.coach(side).area)
        room = state.cards_in_play < state.card_limit
        cards = tuple(
            name for name in left if (keepers if CATALOGUE.has_role(name, "goalkeeper") else room)
        )
        if side in sides and cards:
            prompt = phrase(
                "{team} may sign {join}.", team=state.label(side), join=", ".join(cards)
            )
            found.append(
                Expected("sign", prompt, by=side, fixed={"coach": side}, choices={"card": cards})
            )
    return found


def _shooting(state: CardGameState) -> list[Expected]:
    found: list[Expected] = []
    due = spend_due(state)
    if due is not None:
        point = spend_type(state, due)
        banked = state.coach(due).bank.get(point)
        prompt = phrase(
            "{team} spends {point} points (0 to {banked} banked).",
            team=state.label(due),
            point=point,
            banked=banked,
        )
        found.append(
            Expected(
                "spend",
                prompt,
                by=due,
                fixed={"coach": due},
                choices={"points": tuple(range(banked + 1))},
            )
        )
    for side in rollers_due(state):
        prompt = phrase("{team} rolls the die.", team=state.label(side))
        found.append(
            Expected(
                "roll",
                prompt,
                by=side,
                fixed={"coach": side},
                choices={"value": DIE, "source": SOURCES},
                random=("value",),
            )
        )
    if verdict(state) is not None:
        found += _late_options(state)
    return found + _abilities(state) + _motivations(state)


def _late_options(state: CardGameState) -> list[Expected]:
    found = []
    dice = rolled_dice(state)
    for side, card in rerolls_available(state):
        if not may_use(state, side, card, "reroll"):
            continue
        prompt = phrase("{team} may re-roll a die with {card}.", team=state.label(side), card=card)
        found.append(
            Expected(
                "reroll",
                prompt,
                by=side,
                fixed={"coach": side, "card": card},
                choices={"die": dice, "value": DIE, "source": SOURCES},
                random=("value",),
            )
        )
    if save_possible(state) and state.defender is not None:
        side = state.defender
        prompt = phrase(
            "{team}'s goalkeeper may try a save (1 caught, 2–3 corner, 4–6 goal).",
            team=state.label(side),
        )
        found.append(
            Expected(
                "save",
                prompt,
                by=side,
                fixed={"coach": side},
                choices={"value": DIE, "source": SOURCES},
                random=("value",),
            )
        )
    found.append(Expected("resolve", phrase("Settle the phase, declining the remaining options.")))
    return found


def _special(state: CardGameState) -> list[Expected]:
    attacker = state.attacker or "nankatsu"
    known = CATALOGUE.names("special-shot", attacker) + CATALOGUE.names(
        "special-defense", other(attacker)
    )
    hint = phrase(" (known cards: {join})", join=", ".join(known)) if known else ""
    prompt = phrase(
        "Reveal together: {team}'s Special Shot and {team2}'s Special Defense{hint}.",
        team=team(attacker),
        team2=team(other(attacker)),
        hint=hint,
    )
    return [Expected("special-reveal", prompt)]


_PHASES = {
    "signings": _signings,
    "toss": _toss,
    "kickoff": _kickoff,
    "et-kickoff": _et_kickoff,
    "draft": _draft,
    "attack": _attack,
    "shooting": _shooting,
    "special-shot": _special,
}
