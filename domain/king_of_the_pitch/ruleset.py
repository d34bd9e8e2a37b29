"""KingOfThePitch: the Ruleset for King of the Pitch (2 to 5 teams), wiring the modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.declarations import CROWNS, EntryFrequency, Presentation
from domain.king_of_the_pitch import actions as act
from domain.king_of_the_pitch import captains as cap
from domain.king_of_the_pitch import duel_apply as da
from domain.king_of_the_pitch import duel_checks as dc
from domain.king_of_the_pitch import table as tb
from domain.king_of_the_pitch import turn_apply as ta
from domain.king_of_the_pitch import turn_checks as tc
from domain.king_of_the_pitch.common import not_now
from domain.king_of_the_pitch.expected import expected
from domain.king_of_the_pitch.flow import Step
from domain.king_of_the_pitch.odds import ODDS
from domain.king_of_the_pitch.options import check_pass
from domain.king_of_the_pitch.sentences import sentence
from domain.king_of_the_pitch.setup import SETUP_FORM, KingSetup, make_setup, setup_to_dict
from domain.king_of_the_pitch.state import KingState, initial_state
from domain.king_of_the_pitch.view import hand_view, match_result, render, view
from domain.phrase import phrase
from domain.routing import RoutedRuleset
from domain.ruleset import JSON, Expected, Participant, Result, Violation

Checker = Callable[[KingState, Any], list[Violation]]
Applier = Callable[[KingState, Any], Step]

_RULES: dict[type, tuple[Checker, Applier]] = {
    act.Reveal: (tb.check_reveal, tb.apply_reveal),
    act.Take: (tc.check_take, ta.apply_take),
    act.Sign: (tc.check_sign, ta.apply_sign),
    act.SellChip: (tc.check_sell_chip, ta.apply_sell_chip),
    act.SellCard: (tc.check_sell_card, ta.apply_sell_card),
    act.Challenge: (tc.check_challenge, da.apply_challenge),
    act.Transfer: (cap.check_transfer, cap.apply_transfer),
    act.Pass: (check_pass, ta.apply_pass),
    act.Declare: (dc.check_declare, da.apply_declare),
    act.Reroll: (dc.check_reroll, da.apply_reroll),
    act.Penalty: (dc.check_penalty, da.apply_penalty),
}


def _check_roll(state: KingState, action: act.Roll) -> list[Violation]:
    # One kind for every roll of several dice: the phase says which roll it is.
    if state.phase == "opening":
        return tb.check_opening_roll(state, action)
    if state.phase == "roll":
        return dc.check_duel_roll(state, action)
    return [not_now("KP-5.3", phrase("A roll"), state)]


def _apply_roll(state: KingState, action: act.Roll) -> Step:
    if state.phase == "opening":
        return tb.apply_opening_roll(state, action)
    return da.apply_duel_roll(state, action)


_RULES[act.Roll] = (_check_roll, _apply_roll)


# How often each kind is entered: the average over the golden matches
# (tests/domain/king_of_the_pitch/golden/), rounded; every kind left out is rarer than once a game.
FREQUENCY = EntryFrequency(
    {
        "reveal": 46,
        "take": 41,
        "sign": 28,
        "roll": 20,
        "challenge": 8,
        "penalty": 7,
        "declare": 3,
        "transfer": 1,
    }
)


class KingOfThePitch(RoutedRuleset):
    name = "king-of-the-pitch"
    title = "King of the Pitch"
    rules_prefix = "KP"
    codec = act.CODEC
    help = act.HELP
    field_help = act.FIELD_HELP
    routes = _RULES
    setup_form = SETUP_FORM
    league_ranking = CROWNS
    presentation = Presentation(templates="domain.king_of_the_pitch")
    entry_frequency = FREQUENCY
    odds = ODDS

    def make_setup(self, raw: Mapping[str, JSON]) -> KingSetup:
        return make_setup(raw)

    def setup_to_dict(self, setup: KingSetup) -> dict[str, JSON]:
        return setup_to_dict(setup)

    def sides(self, setup: KingSetup) -> tuple[str, ...]:
        return setup.colours

    def side_labels(self, setup: KingSetup) -> Mapping[str, str]:
        return {colour: setup.label(colour) for colour in setup.colours}

    def participants(self, setup: KingSetup) -> tuple[Participant, ...]:
        return tuple(Participant(colour, coach, colour) for colour, coach in setup.teams)

    def scoreline(self, score: Mapping[str, int]) -> str:
        return " · ".join(f"{colour} {crowns}" for colour, crowns in score.items())

    def initial_state(self, setup: KingSetup) -> KingState:
        return initial_state(setup)

    def refusal(self, state: KingState, action: Any) -> tuple[Violation, ...]:
        if state.phase == "over":
            return (Violation("KP-7.1", phrase("the game is over."), False),)
        team = getattr(action, "team", None)
        if team is not None and team not in state.setup.colours:
            return (
                Violation("KP-3", phrase("{team} is not playing in this game.", team=team), False),
            )
        return ()

    def expected(self, state: KingState) -> tuple[Expected, ...]:
        return expected(state)

    def sentence(self, action: Any, names: Mapping[str, str]) -> str:
        return sentence(action, names)

    def result(self, state: KingState) -> Result | None:
        return match_result(state)

    def view(self, state: KingState) -> dict[str, JSON]:
        return view(state)

    def scorers_view(self, state: KingState) -> dict[str, JSON]:
        # KP-4.1 「プレイヤーカードは公開せず」: the hands, for the scorers who entered them.
        return {"hands": hand_view(state)}

    def render(self, state: KingState) -> str:
        return render(state)
