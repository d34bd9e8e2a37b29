"""The automatic parts of a match: recovery and draw steps, phase and turn ends, halves.

Everything here follows from an entry without a coach deciding anything, so it runs inside
`apply` and reports what happened as consequences.
"""

from __future__ import annotations

from domain.consequences import FinalResult, ShootOutStarted
from domain.frozen import replace
from domain.phrase import phrase
from domain.ruleset import Consequence
from domain.tcg import consequences as tc
from domain.tcg.setup import other
from domain.tcg.state import (
    HAND_LIMIT,
    PHASE_COST,
    Pending,
    ShootOut,
    SideState,
    TcgState,
    Turn,
)

Step = tuple[TcgState, list[Consequence]]


def score_line(state: TcgState) -> str:
    """`Nankatsu 1 – 0 Toho`: the team lists' names, a listed team's read in the reader's
    language (`service.i18n.translated`)."""
    return phrase(
        "{home} {home_goals} – {away_goals} {away}",
        home=state.setup.home.name,
        home_goals=state.home.goals,
        away_goals=state.away.goals,
        away=state.setup.away.name,
    )


def _draw(state: TcgState, side: str) -> Step:
    """TCG-5.2: draw to 6; holding 6 or more, draw 1 (then discard, an entry)."""
    hand = state.side(side)
    wanted = 1 if hand.hand >= HAND_LIMIT else HAND_LIMIT - hand.hand
    drawn = min(wanted, hand.library)
    new = replace(hand, hand=hand.hand + drawn, library=hand.library - drawn)
    state = state.with_side(side, new)
    if new.library == 0 and not state.turn.deck_ran_out:
        state = replace(state, turn=replace(state.turn, deck_ran_out=True))
    text = phrase(
        "{name} draw {drawn} ({library} left in the half deck).",
        name=state.setup.team(side).name,
        drawn=drawn,
        library=new.library,
    )
    return state, [tc.CardsDrawn(text, side=side, drawn=drawn)]


def close_phase(state: TcgState) -> TcgState:
    """The phase player's main step is over: keep what cost he has left for this turn's
    battle, the only thing it may still pay for (a costed reverse card, TCG-8.7)."""
    turn = state.turn
    return replace(state, turn=turn.with_kept(turn.phase_side, turn.cost))


def start_phase(state: TcgState, side: str) -> Step:
    """TCG-5.1 recovery (4 cost; unspent cost has vanished) and TCG-5.2 draw.

    TCG-5.6: no cost is carried over (each phase starts from PHASE_COST, `moved` afresh), a
    player acts the phase he comes on (no summoning sickness), and there is no discard phase:
    the only discard is the draw step's, down to the hand limit."""
    turn = replace(state.turn, phase_side=side, cost=PHASE_COST, gained=PHASE_COST, moved=())
    state = replace(state, turn=turn)
    state, consequences = _draw(state, side)
    main = "attack" if side == turn.attacker else "defense"
    phase = "discard" if state.side(side).hand > HAND_LIMIT else main
    return replace(state, phase=phase), consequences


def main_phase(state: TcgState) -> str:
    return "attack" if state.turn.phase_side == state.turn.attacker else "defense"


def start_turn(state: TcgState) -> Step:
    """A new turn: the side holding the ball attacks."""
    attacker = state.ball_side or "home"
    number = state.turn.number + 1
    state = replace(state, turn=Turn(number=number, attacker=attacker), battle=None, pending=None)
    text = phrase(
        "Turn {number} of half {half}: {name} attack.",
        number=number,
        half=state.half,
        name=state.setup.team(attacker).name,
    )
    started = tc.TurnStarted(text, turn=number, half=state.half, attacker=attacker)
    state, drawn = start_phase(state, attacker)
    return state, [started, *drawn]


def end_turn(state: TcgState, pending: Pending | None = None) -> Step:
    """The turn is over: the half may end (TCG-4.1); else the pending restart or a new turn."""
    state = replace(state, battle=None, pending=pending)
    if state.turn.deck_ran_out:
        return end_half(state)
    return after_pending(state)


def after_pending(state: TcgState) -> Step:
    pending = state.pending
    if pending is None:
        return start_turn(state)
    phase = {
        "kickoff": "kickoff",
        "goal-kick": "restart",
        "out-of-play": "restart",
        "loose-ball": "gather",
    }[pending.kind]
    return replace(state, phase=phase), []


def reset_positions(side: SideState) -> SideState:
    return replace(side, players=tuple(replace(p, area=p.home_area) for p in side.players))


def end_half(state: TcgState) -> Step:
    consequences: list[Consequence] = [
        tc.HalfEnded(
            phrase(
                "End of half {half}: {score_line}.", half=state.half, score_line=score_line(state)
            ),
            half=state.half,
            score=state.score,
        )
    ]
    if state.half == 1:
        # TCG-4.2: hands, 1st-half decks and trash leave the game; players to their places.
        for side in ("home", "away"):
            old = state.side(side)
            fresh = replace(reset_positions(old), hand=0, library=old.reserve, reserve=0, trash=0)
            state = state.with_side(side, fresh)
        first_defender = other(state.first_attacker or "home")
        state = replace(
            state,
            half=2,
            ball=None,
            ball_side=None,
            pending=Pending("kickoff", first_defender),
            phase="kickoff",
        )
        return state, consequences
    # TCG-4.3: the 2nd half ran like the 1st; more goals wins, a tie goes to TCG-9.
    if state.home.goals != state.away.goals:
        return finish(state, consequences)
    # TCG-1.2 / TCG-9: level after the 2nd half, a penalty shoot-out. The side that kicked off
    # the match kicks first (the source does not say; see docs/rules/tcg.md).
    state = replace(
        state,
        phase="kickers",
        ball=None,
        ball_side=None,
        pending=None,
        shoot_out=ShootOut(first=state.first_attacker or "home"),
    )
    consequences.append(ShootOutStarted(phrase("Level: a penalty shoot-out.")))
    return state, consequences


def finish(state: TcgState, consequences: list[Consequence]) -> Step:
    state = replace(state, phase="over", ball=None, ball_side=None, pending=None)
    shoot = state.shoot_out
    penalties = (
        phrase(" Penalties {home}–{away}.", home=shoot.scored("home"), away=shoot.scored("away"))
        if shoot is not None
        else ""
    )
    text = phrase(
        "Full time: {score_line}.{penalties}", score_line=score_line(state), penalties=penalties
    )
    consequences.append(tc.FullTime(text, score=state.score))
    # The view reads the flow's score line, so it is imported where needed.
    from domain.tcg.view import match_result

    result = match_result(state)
    assert result is not None
    consequences.append(FinalResult(ranking=result.ranking, score=result.scores))
    return state, consequences
