"""The automatic parts of a match: Draw Phase, Discard Phase, halves, Extra Time, the end.

Everything here follows from an entry without a coach deciding anything, so it runs inside
`apply` and reports what happened as consequences.
"""

from __future__ import annotations

from domain.card_game import consequences as cc
from domain.card_game.piles import discard_play_area, draw_up_to, reshuffle_all
from domain.card_game.state import (
    ET_ROUNDS_PER_HALF,
    HAND_SIZE,
    PERIOD_NAMES,
    PITCH_SIZE,
    CardGameState,
    MatchDeck,
    Round,
    new_half_deck,
    other,
    team,
)
from domain.consequences import FinalResult
from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Consequence

Step = tuple[CardGameState, list[Consequence]]


def score_line(state: CardGameState) -> str:
    """`Nankatsu 1 – 0 Toho`, the teams the rules' words (南葛 and 東邦 in Japanese)."""
    return phrase(
        "{home} {home_goals} – {away_goals} {away}",
        home=team("nankatsu"),
        home_goals=state.nankatsu.goals,
        away_goals=state.toho.goals,
        away=team("toho"),
    )


def start_round(state: CardGameState, number: int) -> Step:
    """CG-4.1 Draw Phase for both coaches, then the draft (CG-4.2) or straight to attack."""
    attacker = state.attacker or state.setup.home
    drafting = state.period <= 2 and not state.injury_time and state.match_deck.total > 0
    state = replace(
        state,
        phase="draft" if drafting else "attack",
        round=Round(number=number, turn=attacker),
    )
    consequences: list[Consequence] = [
        cc.RoundStarted(
            phrase(
                "Round {number} of the {period_names}: {team} attack.",
                number=number,
                period_names=PERIOD_NAMES[state.period],
                team=team(attacker),
            ),
            period=state.period,
            round=number,
            attacker=attacker,
        )
    ]
    counts: dict[str, dict[str, int]] = {}
    for side in (attacker, other(attacker)):
        drawn = draw_up_to(state.coach(side), HAND_SIZE)
        state = state.with_coach(drawn.coach)
        counts[side] = {"drawn": drawn.count, "reshuffles": drawn.reshuffles}
    consequences.append(cc.CardsDrawn(_both_draw(attacker, counts), by_side=counts))
    return state, consequences


def _both_draw(attacker: str, counts: dict[str, dict[str, int]]) -> str:
    """What each coach draws up to a full hand, the attacker first: one sentence of its own,
    so that its stored words read again as this phrase, not as parts of others."""
    said: dict[str, object] = {}
    for side, key in ((attacker, ""), (other(attacker), "other_")):
        said[f"{key}team"] = team(side)
        said[f"{key}count"] = counts[side]["drawn"]
        said[f"{key}shuffled"] = (
            phrase(" (discard pile shuffled into a new draw deck)")
            if counts[side]["reshuffles"]
            else ""
        )
    return phrase(
        "{team} draw {count}{shuffled}; {other_team} draw {other_count}{other_shuffled}.", **said
    )


def next_drafter(state: CardGameState) -> str | None:
    """CG-4.2: the Defending Coach drafts first, then the Attacking Coach."""
    if state.phase != "draft" or state.attacker is None:
        return None
    for side in (other(state.attacker), state.attacker):
        if side not in state.round.drafted:
            return side
    return None


def after_draft(state: CardGameState) -> Step:
    """Once both have drafted (or nothing is left), the Attack Phase starts (CG-4.3)."""
    if next_drafter(state) is not None and state.match_deck.total > 0:
        return state, []
    consequences: list[Consequence] = []
    # CG-7.1: Injury Time begins as soon as the last Match cards are drawn from the Pitch.
    if state.match_deck.total == 0 and not state.injury_time:
        state = replace(state, injury_time=True)
        consequences.append(
            cc.InjuryTime(
                phrase(
                    "The last Match cards are drafted: Injury Time in the {period_names}.",
                    period_names=PERIOD_NAMES[state.period],
                ),
                period=state.period,
            )
        )
    return replace(state, phase="attack"), consequences


def finish_round(state: CardGameState, scorer: str | None, new_attacker: str) -> Step:
    """CG-5.6 outcome, then the Discard Phase (CG-6), then the next round or the half's end."""
    consequences: list[Consequence] = []
    old_attacker = state.attacker
    if scorer is not None:
        scoring = state.coach(scorer)
        state = state.with_coach(replace(scoring, goals=scoring.goals + 1))
        consequences.append(
            cc.Scored(
                phrase(
                    "GOAL for {team}! {score_line}.",
                    team=team(scorer),
                    score_line=score_line(state),
                ),
                side=scorer,
                score=state.score,
            )
        )
    if new_attacker != old_attacker:
        consequences.append(
            cc.Ball(phrase("{team} have the ball.", team=team(new_attacker)), side=new_attacker)
        )
    for side in ("nankatsu", "toho"):
        state = state.with_coach(discard_play_area(state.coach(side)))
    # CG-6.2: while the half's Match deck has cards, the Pitch is refilled to 4 face up.
    deck = state.match_deck
    refill = min(PITCH_SIZE - deck.pitch, deck.hidden) if deck.pitch < PITCH_SIZE else 0
    state = replace(
        state,
        attacker=new_attacker,
        match_deck=MatchDeck(pitch=deck.pitch + refill, hidden=deck.hidden - refill),
    )
    lost = new_attacker != old_attacker
    if state.extra_time:
        # CG-9.2: in the last round of an Extra Time half the attacker plays on until losing
        # the ball (a goal passes it too, CG-5.6).
        half_over = lost and state.round.number >= ET_ROUNDS_PER_HALF
    else:
        # CG-7.2 (CG-8.2 for the 2nd half): Injury Time lasts until the attacker loses the ball.
        half_over = lost and state.injury_time
    if not half_over:
        state, more = start_round(state, state.round.number + 1)
        return state, consequences + more
    state, more = end_period(state)
    return state, consequences + more


def begin_period(state: CardGameState, period: int, attacker: str) -> Step:
    deck = new_half_deck(state.setup) if period <= 2 else MatchDeck()
    state = replace(state, period=period, attacker=attacker, match_deck=deck, injury_time=False)
    kickoff = cc.KickedOff(
        phrase(
            "{team} kick off the {period_names}.",
            team=team(attacker),
            period_names=PERIOD_NAMES[period],
        ),
        period=period,
        team=attacker,
    )
    state, more = start_round(state, 1)
    return state, [kickoff, *more]


def _reshuffle_everyone(state: CardGameState) -> CardGameState:
    for side in ("nankatsu", "toho"):
        state = state.with_coach(reshuffle_all(state.coach(side)))
    return state


def end_period(state: CardGameState) -> Step:
    """CG-7.2 / CG-8 / CG-9: halftime, the final whistle, or Extra Time."""
    ended = cc.HalfEnded(
        phrase(
            "End of the {period_names}: {score_line}.",
            period_names=PERIOD_NAMES[state.period],
            score_line=score_line(state),
        ),
        period=state.period,
        score=state.score,
    )
    if state.period == 1:
        # CG-8.1 every coach's cards go back into one deck; banks and drafted cards stay.
        state = _reshuffle_everyone(state)
        state, more = begin_period(state, 2, other(state.whistle or state.setup.home))
        return state, [ended, *more]
    if state.period == 3:
        # Interpretation: the Extra Time 2nd half is kicked off by the other team, as CG-3.2.
        state, more = begin_period(state, 4, other(state.et_starter or state.setup.home))
        return state, [ended, *more]
    # CG-8.2 the 2nd half ended with its Injury Time; CG-8.3 a tie goes to Extra Time.
    if state.period == 2 and state.nankatsu.goals == state.toho.goals:
        state = replace(_reshuffle_everyone(state), phase="et-kickoff", round=Round())
        extra = cc.ExtraTime(
            phrase(
                "Level at {score_line}: Extra Time (7-card limit, no Match cards).",
                score_line=score_line(state),
            ),
            score=state.score,
        )
        return state, [ended, extra]
    return end_match(state, [ended])


def end_match(state: CardGameState, consequences: list[Consequence]) -> Step:
    state = replace(state, phase="over", round=Round())
    goals = state.score
    if goals["nankatsu"] == goals["toho"]:
        # CG-9.4: still tied after Extra Time, both win the Secondary Championship.
        text = phrase(
            "Full time, {score_line}: both share the Secondary Championship.",
            score_line=score_line(state),
        )
        winner = None
    else:
        winner = max(goals, key=lambda side: goals[side])
        text = phrase(
            "Full time, {score_line}: {team} win.", score_line=score_line(state), team=team(winner)
        )
    ending = cc.FullTime(text, score=goals, winner=winner)
    ranking: tuple[tuple[str, ...], ...] = (
        (("nankatsu", "toho"),) if winner is None else ((winner,), (other(winner),))
    )
    final = FinalResult(ranking=ranking, score=goals)
    return state, [*consequences, ending, final]
