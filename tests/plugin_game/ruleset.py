"""Dice Football: two teams, a kick-off, d6 rolls, goals and full time.

PG-1 The home or the away side kicks off; nothing else happens before the kick-off.
PG-2 Either side rolls a d6 when it has the ball; the ball goes to the other side after a roll
     below `goal-on`.
PG-3 A side scores only straight after its own roll of `goal-on` or more; the other side
     kicks off again, which here means it has the ball.
PG-4 The referee may blow for full time at any moment after the kick-off; most goals wins,
     equal goals is a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar, Literal

from domain.actions import ActionCodec
from domain.consequences import DieRolled, FinalResult
from domain.declarations import GOALS, Choice, Presentation, Seat, SetupField, SetupForm
from domain.routing import RoutedRuleset
from domain.ruleset import JSON, Consequence, Expected, Participant, Result, SetupError, Violation
from tests.plugin_game.consequences import BallWon, FinalWhistle, KickedOff, Rolled, Scored

SIDES = ("home", "away")
Side = Literal["home", "away"]
FACES = tuple(range(1, 7))
DEFAULT_GOAL_ON = 5


@dataclass(frozen=True)
class KickOff:
    kind: ClassVar[str] = "kickoff"
    side: Side


@dataclass(frozen=True)
class Roll:
    kind: ClassVar[str] = "roll"
    side: Side
    value: int
    source: Literal["table", "app"] = "table"


@dataclass(frozen=True)
class Goal:
    kind: ClassVar[str] = "goal"
    side: Side


@dataclass(frozen=True)
class FullTime:
    kind: ClassVar[str] = "full-time"


CODEC = ActionCodec([KickOff, Roll, Goal, FullTime])
HELP = {
    "kickoff": "kickoff SIDE: the side that kicks off (PG-1)",
    "roll": "roll SIDE VALUE: the d6 of the side with the ball (PG-2)",
    "goal": "goal SIDE: a goal after the side's high roll (PG-3)",
    "full-time": "full-time: the referee ends the match (PG-4)",
}


@dataclass(frozen=True)
class Setup:
    teams: Mapping[str, str]
    coaches: Mapping[str, str]
    goal_on: int = DEFAULT_GOAL_ON

    def label(self, side: str) -> str:
        return f"{self.teams[side]} ({self.coaches[side]})"


@dataclass(frozen=True)
class State:
    setup: Setup
    phase: str = "before"  # before, play, over
    ball: str | None = None
    last_roll: tuple[str, int] | None = None
    score: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))


def _other(side: str) -> str:
    return "away" if side == "home" else "home"


def _seat(side: str) -> Seat:
    return Seat(
        side,
        (
            SetupField(f"{side}-team", f"{side.title()} team", "text", ("team",)),
            SetupField(f"{side}-coach", f"{side.title()} coach", "text", ("coach",)),
        ),
    )


SETUP_FORM = SetupForm(
    prefix="df",
    seats=tuple(_seat(side) for side in SIDES),
    fields=(
        SetupField(
            "goal-on",
            "Roll to score",
            "choice",
            ("settings", "goal-on"),
            tuple(Choice(str(n), f"a {n} or more scores") for n in range(4, 7)),
            str(DEFAULT_GOAL_ON),
            cli="goal-on",
        ),
    ),
)


def _kickoff(state: State, action: KickOff) -> tuple[State, list[Consequence]]:
    text = f"{state.setup.label(action.side)} kicks off."
    return replace(state, phase="play", ball=action.side), [KickedOff(text=text, side=action.side)]


def _roll(state: State, action: Roll) -> tuple[State, list[Consequence]]:
    keeps = action.value >= state.setup.goal_on
    ball = action.side if keeps else _other(action.side)
    text = f"{state.setup.label(action.side)} rolls {action.value}."
    die = DieRolled(side=action.side, faces=6, value=action.value, source=action.source)
    said: list[Consequence] = [Rolled(text=text, side=action.side, value=action.value), die]
    if not keeps:
        said.append(BallWon(text=f"The ball goes to {state.setup.label(ball)}.", side=ball))
    after = replace(state, ball=ball, last_roll=(action.side, action.value))
    return after, said


def _goal(state: State, action: Goal) -> tuple[State, list[Consequence]]:
    score = {**state.score, action.side: state.score[action.side] + 1}
    text = f"Goal for {state.setup.label(action.side)}: {score['home']}–{score['away']}."
    after = replace(state, score=score, ball=_other(action.side), last_roll=None)
    return after, [Scored(text=text, side=action.side, score=score)]


def _full_time(state: State, action: FullTime) -> tuple[State, list[Consequence]]:
    score = dict(state.score)
    text = f"Full time: {score['home']}–{score['away']}."
    after = replace(state, phase="over", ball=None)
    final = FinalResult(ranking=_ranking(score), score=score)
    return after, [FinalWhistle(text=text, score=score), final]


def _ranking(score: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """Most goals wins; equal goals is a draw, both sides sharing first place (PG-4)."""
    home, away = score["home"], score["away"]
    if home == away:
        return (SIDES,)
    return (("home",), ("away",)) if home > away else (("away",), ("home",))


def _check_kickoff(state: State, action: KickOff) -> list[Violation]:
    if state.phase != "before":
        return [Violation("PG-1", "the match has kicked off already.", False)]
    return []


def _check_roll(state: State, action: Roll) -> list[Violation]:
    problems = []
    if state.phase != "play":
        return [Violation("PG-1", "nobody rolls before the kick-off.", False)]
    if action.value not in FACES:
        problems.append(Violation("PG-2", f"a d6 shows 1 to 6, not {action.value}.", False))
    if action.side != state.ball:
        problems.append(Violation("PG-2", f"{action.side} does not have the ball."))
    return problems


def _check_goal(state: State, action: Goal) -> list[Violation]:
    if state.phase != "play":
        return [Violation("PG-1", "no goal before the kick-off.", False)]
    roll = state.last_roll
    if roll is None or roll[0] != action.side or roll[1] < state.setup.goal_on:
        need = state.setup.goal_on
        return [Violation("PG-3", f"a goal needs the side's own roll of {need} or more first.")]
    return []


def _check_full_time(state: State, action: FullTime) -> list[Violation]:
    if state.phase != "play":
        return [Violation("PG-4", "full time comes after the kick-off.", False)]
    return []


ROUTES = {
    KickOff: (_check_kickoff, _kickoff),
    Roll: (_check_roll, _roll),
    Goal: (_check_goal, _goal),
    FullTime: (_check_full_time, _full_time),
}


class DiceFootball(RoutedRuleset):
    name = "dice-football"
    title = "Dice Football"
    rules_prefix = "PG"
    codec = CODEC
    help = HELP
    routes = ROUTES
    setup_form = SETUP_FORM
    league_ranking = GOALS
    presentation = Presentation(templates="tests.plugin_game")

    def make_setup(self, raw: Mapping[str, JSON]) -> Setup:
        problems = []
        teams, coaches = {}, {}
        for side in SIDES:
            seat = raw.get(side)
            team = seat.get("team") if isinstance(seat, Mapping) else None
            coach = seat.get("coach") if isinstance(seat, Mapping) else None
            if not isinstance(team, str) or not team.strip():
                problems.append(f"{side}: the team needs a name")
            if not isinstance(coach, str) or not coach.strip():
                problems.append(f"{side}: the coach needs a name")
            teams[side], coaches[side] = str(team).strip(), str(coach).strip()
        settings = raw.get("settings") or {}
        goal_on = (
            str(settings.get("goal-on", DEFAULT_GOAL_ON)) if isinstance(settings, Mapping) else ""
        )
        if goal_on not in ("4", "5", "6"):
            problems.append(f"goal-on must be 4, 5 or 6, not {goal_on!r}")
        if problems:
            raise SetupError(problems)
        return Setup(teams, coaches, int(goal_on))

    def setup_to_dict(self, setup: Setup) -> dict[str, JSON]:
        seats = {s: {"team": setup.teams[s], "coach": setup.coaches[s]} for s in SIDES}
        return {**seats, "settings": {"goal-on": str(setup.goal_on)}}

    def sides(self, setup: Setup) -> tuple[str, ...]:
        return SIDES

    def side_labels(self, setup: Setup) -> Mapping[str, str]:
        return {side: setup.label(side) for side in SIDES}

    def participants(self, setup: Setup) -> tuple[Participant, ...]:
        return tuple(Participant(side, setup.coaches[side], setup.teams[side]) for side in SIDES)

    def scoreline(self, score: Mapping[str, int]) -> str:
        return f"{score.get('home', 0)}–{score.get('away', 0)}"

    def initial_state(self, setup: Setup) -> State:
        return State(setup)

    def expected(self, state: State) -> tuple[Expected, ...]:
        if state.phase == "before":
            return (Expected("kickoff", "Who kicks off?", choices={"side": SIDES}),)
        if state.phase == "over":
            return ()
        ball = str(state.ball)
        found = [
            Expected(
                "roll",
                f"{state.setup.label(ball)} rolls the d6",
                by=ball,
                fixed={"side": ball},
                choices={"value": FACES},
                random=("value",),
            )
        ]
        roll = state.last_roll
        if roll is not None and roll[1] >= state.setup.goal_on:
            found.append(Expected("goal", "A goal", by=roll[0], fixed={"side": roll[0]}))
        found.append(Expected("full-time", "Full time"))
        return tuple(found)

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        home, away = state.score["home"], state.score["away"]
        summary = f"{state.setup.label('home')} {home}–{away} {state.setup.label('away')}"
        return Result(_ranking(state.score), dict(state.score), summary)

    def view(self, state: State) -> dict[str, JSON]:
        return {
            "score": dict(state.score),
            "phase": state.phase,
            "ball": state.ball,
            "last_roll": state.last_roll[1] if state.last_roll else None,
        }

    def render(self, state: State) -> str:
        labels = self.side_labels(state.setup)
        return (
            f"{labels['home']} {state.score['home']}–{state.score['away']} {labels['away']}\n"
            f"phase {state.phase}, ball {labels.get(str(state.ball), '—')}"
        )
