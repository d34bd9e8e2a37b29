"""CardGame: the Ruleset for Captain Tsubasa: The Card Game (2024), wiring the modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.card_game import abilities
from domain.card_game import actions as act
from domain.card_game import apply_abilities as ab
from domain.card_game import apply_flow as fl
from domain.card_game import apply_shooting as sh
from domain.card_game import apply_turns as tu
from domain.card_game import check_abilities as cab
from domain.card_game import check_flow as cfl
from domain.card_game import check_play as cpl
from domain.card_game import check_shooting as csh
from domain.card_game.expected import expected
from domain.card_game.flow import Step
from domain.card_game.odds import ODDS
from domain.card_game.printed import PRINTED, learn, printed_face
from domain.card_game.sentences import sentence
from domain.card_game.setup import SETUP_FORM, TEAMS, CardGameSetup, make_setup, setup_to_dict
from domain.card_game.state import CardGameState, initial_state
from domain.card_game.view import match_result, render, view
from domain.declarations import GOALS, EntryFrequency, Presentation
from domain.phrase import phrase
from domain.printed import CardLibrary, PrintedCard
from domain.routing import RoutedRuleset
from domain.ruleset import JSON, Expected, Outcome, Participant, Result, Violation

Checker = Callable[[CardGameState, Any], list[Violation]]
Applier = Callable[[CardGameState, Any], Step]

_RULES: dict[type, tuple[Checker, Applier]] = {
    act.Toss: (cfl.check_toss, fl.apply_toss),
    act.Signings: (cfl.check_signings, fl.apply_signings),
    act.Kickoff: (cfl.check_kickoff, fl.apply_kickoff),
    act.EtKickoff: (cfl.check_et_kickoff, fl.apply_et_kickoff),
    act.Draft: (cfl.check_draft, fl.apply_draft),
    act.Play: (cpl.check_play, tu.apply_play),
    act.Pass: (cpl.check_pass, tu.apply_pass),
    act.Motivate: (cpl.check_motivate, tu.apply_motivate),
    act.Sign: (cpl.check_sign, tu.apply_sign),
    act.Gain: (cab.check_gain, ab.apply_gain),
    act.Eliminate: (cab.check_eliminate, ab.apply_eliminate),
    act.Discard: (cab.check_discard, ab.apply_discard),
    act.Draw: (cab.check_draw, ab.apply_draw),
    act.EndAttack: (cab.check_end_attack, ab.apply_end_attack),
    act.Injury: (cab.check_injury, ab.apply_injury),
    act.Book: (cab.check_book, ab.apply_book),
    act.Unbook: (cab.check_unbook, ab.apply_unbook),
    act.Fatigue: (cab.check_fatigue, ab.apply_fatigue),
    act.ControlAndAdvance: (cab.check_control_and_advance, ab.apply_control_and_advance),
    act.SpecialShot: (cab.check_special_shot, ab.apply_special_shot),
    act.SpecialReveal: (cab.check_special_reveal, ab.apply_special_reveal),
    act.Declare: (csh.check_declare, sh.apply_declare),
    act.Spend: (csh.check_spend, sh.apply_spend),
    act.Roll: (csh.check_roll, sh.apply_roll),
    act.Reroll: (csh.check_reroll, sh.apply_reroll),
    act.Save: (csh.check_save, sh.apply_save),
    act.Resolve: (csh.check_resolve, sh.apply_resolve),
}


# How often each kind is entered: the average over the golden matches
# (tests/domain/card_game/golden/), rounded; a play through another card's ability is counted
# apart from a plain play, and every kind left out is rarer than once a match.
FREQUENCY = EntryFrequency(
    {
        "play": 30,
        "pass": 23,
        "roll": 23,
        "draft": 20,
        "declare": 12,
        "gain": 2,
        "save": 2,
        "spend": 2,
        "resolve": 2,
        "toss": 1,
        "kickoff": 1,
        "book": 1,
        "play.via": 0,
    }
)


class CardGame(RoutedRuleset):
    name = "card-game"
    title = "Captain Tsubasa: The Card Game"
    rules_prefix = "CG"
    codec = act.CODEC
    help = act.HELP
    field_help = act.FIELD_HELP
    routes = _RULES
    setup_form = SETUP_FORM
    league_ranking = GOALS
    presentation = Presentation(templates="domain.card_game")
    entry_frequency = FREQUENCY
    printed = PRINTED
    odds = ODDS

    def make_setup(self, raw: Mapping[str, JSON]) -> CardGameSetup:
        return make_setup(raw)

    def setup_to_dict(self, setup: CardGameSetup) -> dict[str, JSON]:
        return setup_to_dict(setup)

    def sides(self, setup: CardGameSetup) -> tuple[str, ...]:
        return (setup.home, setup.away)

    def side_labels(self, setup: CardGameSetup) -> Mapping[str, str]:
        # Home first, as the score is written: "Toho (Bob) vs Nankatsu (Alice) 2–1".
        return {side: setup.label(side) for side in self.sides(setup)}

    def participants(self, setup: CardGameSetup) -> tuple[Participant, ...]:
        return tuple(
            Participant(side, setup.coach_name(side), TEAMS[side]) for side in self.sides(setup)
        )

    def scoreline(self, score: Mapping[str, int]) -> str:
        return "–".join(str(goals) for goals in score.values())

    def initial_state(self, setup: CardGameSetup) -> CardGameState:
        return initial_state(setup)

    def refusal(self, state: CardGameState, action: Any) -> tuple[Violation, ...]:
        if state.phase == "over":
            return (Violation("CG-8.3", phrase("the match is over."), False),)
        return ()

    def unstated(self, data: Mapping[str, JSON]) -> tuple[str, ...]:
        return act.printed_values_left_out(data)

    def printed_face(self, state: CardGameState, data: Mapping[str, JSON]) -> PrintedCard | None:
        return printed_face(state, data)

    def learned_cards(self, state: CardGameState) -> CardLibrary:
        return state.learned

    def check(
        self, state: CardGameState, action: Any, cards: CardLibrary | None = None
    ) -> tuple[Violation, ...]:
        """The routed checks and the printed values, and then an ability's CG-13.1 and CG-1.3
        checks: by the same `cards` that says whether the printed values are checked, so that
        an entry judged as made before these checks (None: a match file's line the table did
        not override) is judged as its table recorded it."""
        found = super().check(state, action, cards)
        used = abilities.claim(state, action)
        if cards is None or used is None or any(not v.overridable for v in found):
            return found
        return (*found, *abilities.violations(state, used))

    def apply(self, state: CardGameState, action: Any) -> Outcome[CardGameState]:
        outcome = super().apply(state, action)
        if isinstance(action, act.Play | act.Sign):
            fresh = abilities.new_play(outcome.state, action.coach, action.card)
            outcome = Outcome(fresh, outcome.consequences)
        used = abilities.claim(state, action)
        if used is not None:
            # Recorded on the state after the effect: a round the ability ended starts afresh
            # (its uses gone), while the card's declared abilities stay for the match.
            after = outcome.state
            same_round = (after.period, after.round.number) == (state.period, state.round.number)
            outcome = Outcome(abilities.record(after, used, same_round), outcome.consequences)
        if type(action).kind not in PRINTED.kinds:
            return outcome
        learned = learn(state, self.action_to_dict(action), outcome.state)
        return Outcome(learned, outcome.consequences)

    def expected(self, state: CardGameState) -> tuple[Expected, ...]:
        return expected(state)

    def sentence(self, action: Any, names: Mapping[str, str]) -> str:
        return sentence(action, names)

    def result(self, state: CardGameState) -> Result | None:
        return match_result(state)

    def view(self, state: CardGameState) -> dict[str, JSON]:
        return view(state)

    def render(self, state: CardGameState) -> str:
        return render(state)
