"""Each refusal the engine makes, with its rule ID and whether a table may play on through it."""

from collections.abc import Callable
from dataclasses import replace

import pytest
from cg_helpers import (
    attacking,
    broken,
    end_half,
    fill,
    force,
    kicked_off,
    new_match,
    passes,
    play,
    with_bank,
    with_booking,
)

from domain.card_game.state import Booking, CardGameState


def _after(builder: Callable[[], CardGameState], *lines: str) -> Callable[[], CardGameState]:
    return lambda: play(builder(), *lines)[0]


def _signings() -> CardGameState:
    return with_bank(attacking(options=("signings",)), "nankatsu", defense=1)


def _shot_won(keeper: str) -> CardGameState:
    """Nankatsu win a Shot; Teppei Kisugi's unused re-roll keeps the phase open."""
    state = _after(attacking, 'play nankatsu "Teppei Kisugi" 5 0 0', keeper)()
    return play(passes(state), "declare nankatsu shot", "roll nankatsu 4", "roll toho 1")[0]


def _ninth_played_with_cards_in_hand() -> CardGameState:
    state = fill(attacking(), 8)
    state = state.with_coach(replace(state.nankatsu, hand=2, deck=state.nankatsu.deck - 2))
    return play(state, 'play nankatsu "Ninth" 1 1 1')[0]


def _injury_on_empty_hand() -> CardGameState:
    state = play(attacking(), "play nankatsu Injury")[0]
    return state.with_coach(replace(state.toho, hand=0, deck=state.toho.deck + state.toho.hand))


def _declared() -> CardGameState:
    return play(passes(attacking()), "declare nankatsu pass")[0]


def _rerolls_left() -> CardGameState:
    state = _after(attacking, 'play nankatsu "Teppei Kisugi" 1 1 1', "pass toho")()
    return play(passes(state), "declare nankatsu pass", "roll nankatsu 4")[0]


def _extra_time() -> CardGameState:
    state, _ = end_half(kicked_off())
    return end_half(state)[0]


def _red_nankatsu() -> CardGameState:
    state = replace(attacking(), period=2)
    state = play(state, "play nankatsu Substitution 0 0 0")[0]
    return with_booking(state, "nankatsu", Booking("red", -1, -1, -1))


CASES: list[tuple[str, Callable[[], CardGameState], str, str, bool]] = [
    # Card identity (CG-1.3, CG-2.5, CG-10.1, CG-11.2, CG-12.3)
    ("negative values", attacking, 'play nankatsu "Tsubasa" -1 0 0', "CG-1.3", True),
    ("first match", lambda: attacking(variant="first-match"),
     'play nankatsu "Control and Advance"', "CG-2.5", True),
    ("special card from hand", attacking, "play toho \"Tiger's Bicycle Kick\"", "CG-4.3", True),
    ("yellow/red from hand", attacking, 'play nankatsu "Yellow/Red"', "CG-10.1", True),
    ("signing not signed", attacking, 'play nankatsu "Jun Misugi" 1 1 1', "CG-12.3", True),
    # Framing entries
    ("signings not due", kicked_off, 'signings "Shun Nitta"', "CG-12.3", False),
    ("et-kickoff not due", attacking, "et-kickoff toho", "CG-9.3", False),
    ("draft not due", attacking, "draft toho deck", "CG-4.2", False),
    # Turns
    ("pass outside attack", kicked_off, "pass toho", "CG-4.3", False),
    ("pass after the limit", lambda: fill(attacking(), 9), "pass toho", "CG-4.4", True),
    ("a 10th card even by an ability", _ninth_played_with_cards_in_hand,
     'play nankatsu "Tenth" 1 1 1 via=Ninth', "CG-4.4", True),
    ("motivate outside a round", lambda: kicked_off(options=("motivation",)),
     'motivate nankatsu "Tsubasa"', "CG-12.1", False),
    ("sign outside attack", lambda: kicked_off(options=("signings",)),
     'sign nankatsu "Shun Nitta"', "CG-12.3", False),
    ("sign beyond the bank", _signings, 'sign nankatsu "Shun Nitta" cost=shot', "CG-2.3", True),
    ("replace a keeper not played", _signings,
     'sign nankatsu "Taichi Nakanishi" replaces="Yuzo Morisaki"', "CG-12.3", False),
    ("replace a field player", _after(_signings, 'play nankatsu "Tsubasa" 1 1 1'),
     'sign nankatsu "Taichi Nakanishi" replaces=Tsubasa', "CG-12.3", True),
    # Abilities
    ("ability outside a round", kicked_off, 'gain nankatsu "Tsubasa" shot', "CG-4.3", False),
    ("end attack in shooting", _declared,
     'end-attack nankatsu "Tsubasa"', "CG-4.5", False),
    ("injury on an empty hand", _injury_on_empty_hand, "injury nankatsu Injury", "CG-10.5", True),
    ("unbook a red card", _red_nankatsu, "unbook nankatsu Substitution", "CG-10.1", False),
    ("control and advance later", _declared,
     'control-and-advance nankatsu "Control and Advance"', "CG-10.3", False),
    ("special shot later", _declared,
     'special-shot nankatsu "Nankatsu Special Shot"', "CG-11.1", False),
    ("the other team's special shot card",
     lambda: force(attacking(), 'play nankatsu "Toho Special Shot"')[0],
     'special-shot nankatsu "Toho Special Shot"', "CG-11.1", True),
    ("reveal without a special shot", attacking, 'special-reveal "A" "B" blocks=A',
     "CG-11.2", False),
    # Shooting/Passing Phase
    ("declare twice", _declared,
     "declare nankatsu shot", "CG-5.2", False),
    ("spend not due", attacking, "spend nankatsu 1", "CG-5.3", False),
    ("negative spend",
     _after(lambda: with_bank(passes(attacking()), "nankatsu", pass_=2), "declare nankatsu pass"),
     "spend nankatsu -1", "CG-5.3", False),
    ("reroll outside shooting", attacking, 'reroll nankatsu "Teppei Kisugi" toho 3',
     "CG-10.6", False),
    ("reroll an unrolled die", _rerolls_left, 'reroll nankatsu "Teppei Kisugi" toho 3',
     "CG-10.6", False),
    ("save outside shooting", attacking, "save toho 1", "CG-10.4", False),
    ("save twice", _after(lambda: _shot_won('play toho "Ken Wakashimazu" 0 0 3'), "save toho 3"),
     "save toho 1", "CG-10.4", False),
    ("save without a keeper", lambda: _shot_won("pass toho"), "save toho 1", "CG-10.4", True),
    ("resolve before the dice", attacking, "resolve", "CG-5.5", False),
    ("draft before extra time starts", _extra_time, "draft toho deck", "CG-4.2", False),
    ("play before kick-off", new_match, 'play toho "Kojiro"', "CG-4.3", False),
]  # fmt: skip


@pytest.mark.parametrize(
    ("builder", "line", "rule", "overridable"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_refusal_cites_its_rule(
    builder: Callable[[], CardGameState], line: str, rule: str, overridable: bool
) -> None:
    violations = broken(builder(), line)
    assert (rule, overridable) in [(v.rule, v.overridable) for v in violations], violations
