"""Tcg: the Ruleset for the Captain Tsubasa Trading Card Game (Konami 2002), wiring the modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.declarations import GOALS, EntryFrequency, Presentation
from domain.printed import CardLibrary
from domain.routing import RoutedRuleset
from domain.ruleset import JSON, Expected, Participant, Result, Violation
from domain.tcg import actions as act
from domain.tcg import rules
from domain.tcg.expected import expected
from domain.tcg.odds import ODDS
from domain.tcg.sentences import sentence
from domain.tcg.setup import (
    SETUP_FORM,
    SIDES,
    TcgSetup,
    make_setup,
    recorded_setup,
    setup_to_dict,
)
from domain.tcg.state import TcgState, initial_state
from domain.tcg.view import match_result, render, view

# How often each kind is entered: the average over the golden matches
# (tests/domain/tcg/golden/), rounded; every kind left out is rarer than once a match.
FREQUENCY = EntryFrequency(
    {
        "battle-card": 51,
        "end": 34,
        "support": 25,
        "place": 22,
        "shoot": 15,
        "move": 14,
        "restart": 12,
        "pass": 8,
        "discard": 7,
        "supporter": 6,
        "pass-cut": 6,
        "substitute": 6,
        "penalty": 5,
        "tackle": 4,
        "land": 4,
        "kickoff": 4,
        "gather": 4,
        "tie-dice": 2,
        "no-flip": 2,
        "tactics": 2,
        "set-reverse": 2,
        "flip": 2,
        "toss": 1,
        "kickers": 1,
    }
)


class Tcg(RoutedRuleset):
    name = "tcg"
    title = "Captain Tsubasa TCG (2002)"
    rules_prefix = "TCG"
    codec = act.CODEC
    help = act.HELP
    field_help = act.FIELD_HELP
    routes = rules.RULES
    setup_form = SETUP_FORM
    league_ranking = GOALS
    presentation = Presentation(templates="domain.tcg", tapped=("place", "move"))
    entry_frequency = FREQUENCY
    odds = ODDS

    def make_setup(self, raw: Mapping[str, JSON]) -> TcgSetup:
        return make_setup(raw)

    def setup_to_dict(self, setup: TcgSetup) -> dict[str, JSON]:
        return setup_to_dict(setup)

    def recorded_setup(self, stored: Mapping[str, JSON]) -> dict[str, JSON]:
        return recorded_setup(stored)

    def sides(self, setup: TcgSetup) -> tuple[str, ...]:
        return SIDES

    def side_labels(self, setup: TcgSetup) -> Mapping[str, str]:
        return {side: setup.label(side) for side in SIDES}

    def participants(self, setup: TcgSetup) -> tuple[Participant, ...]:
        return tuple(Participant(side, setup.coach(side), setup.team(side).name) for side in SIDES)

    def scoreline(self, score: Mapping[str, int]) -> str:
        return "–".join(str(goals) for goals in score.values())

    def initial_state(self, setup: TcgSetup) -> TcgState:
        return initial_state(setup)

    def check(
        self, state: TcgState, action: Any, cards: CardLibrary | None = None
    ) -> tuple[Violation, ...]:
        # The team lists carry every card's printed values (docs/team-list.md): the table
        # types none, so there is no card list to check against.
        return rules.check(state, action)

    def expected(self, state: TcgState) -> tuple[Expected, ...]:
        return expected(state)

    def sentence(self, action: Any, names: Mapping[str, str]) -> str:
        return sentence(action, names)

    def result(self, state: TcgState) -> Result | None:
        return match_result(state)

    def view(self, state: TcgState) -> dict[str, JSON]:
        return view(state)

    def render(self, state: TcgState) -> str:
        return render(state)
