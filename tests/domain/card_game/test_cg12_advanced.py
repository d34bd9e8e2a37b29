"""CG-12 advanced rules: Motivation, Assured Success, Signings (each a match option)."""

from dataclasses import replace

from cg_helpers import (
    GAME,
    SHOWN,
    attacking,
    broken,
    fill,
    force,
    kinds,
    new_match,
    of_kind,
    passes,
    play,
    rules,
    with_bank,
)

from domain.card_game.state import Bank, CardGameState

LAWTON = 'play toho "Lucas Lawton" 0 1 2'
MOTIVATE = 'motivate toho "Lucas Lawton" 1 2 3 cost=defense,defense,pass'


def _lawton_played() -> CardGameState:
    state = attacking("nankatsu", options=("motivation",))
    state = with_bank(state, "toho", pass_=1, defense=2)
    state, _ = play(state, 'play nankatsu "Tsubasa Ozora" 3 2 1', LAWTON, "pass nankatsu")
    return state


def test_cg_12_1_example_motivating_lucas_lawton() -> None:
    """Rulebook example: Yolanda spends 2 Defense and 1 Pass to motivate Lucas Lawton."""
    state, consequences = play(_lawton_played(), MOTIVATE)
    assert kinds(consequences) == ["motivated"]
    (card,) = state.toho.area
    assert (card.name, card.shot, card.pass_, card.defense, card.motivated) == (
        "Lucas Lawton",
        1,
        2,
        3,
        True,
    )
    assert state.toho.bank == Bank()
    assert (state.toho.eliminated, state.toho.owned) == (1, 14)
    # The motivated card's abilities may be used at once.
    assert rules(state, 'gain toho "Lucas Lawton" defense') == []


def test_cg_12_1_motivation_may_come_later_in_the_round() -> None:
    state, _ = play(_lawton_played(), "pass toho", "declare nankatsu pass")
    assert rules(state, MOTIVATE) == []


def test_cg_12_1_the_cost_must_be_in_the_bank() -> None:
    state = with_bank(_lawton_played(), "toho", defense=1)
    (violation,) = broken(state, MOTIVATE)
    assert violation.rule == "CG-2.3" and violation.overridable
    state, _ = force(state, MOTIVATE)
    assert state.toho.bank.defense == 0


def test_cg_12_1_a_player_is_motivated_once_and_match_cards_never() -> None:
    state, _ = play(_lawton_played(), MOTIVATE)
    assert rules(state, 'motivate toho "Lucas Lawton" 1 1 1') == ["CG-12.1"]
    state, _ = play(state, 'play toho "Outstanding Save" 0 0 2')
    assert rules(state, 'motivate toho "Outstanding Save" 1 1 1') == ["CG-12.1"]


def test_cg_12_1_each_team_has_four_motivation_cards() -> None:
    state = _lawton_played()
    state = state.with_coach(replace(state.toho, motivated=("A", "B", "C", "D")))
    assert rules(state, MOTIVATE) == ["CG-12.1"]


def test_cg_12_1_motivation_needs_the_option_and_a_played_player() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 2 1')
    (violation,) = broken(state, 'motivate nankatsu "Tsubasa Ozora" 4 4 4')
    assert (violation.rule, violation.overridable) == ("CG-12.1", False)
    (violation,) = broken(_lawton_played(), 'motivate toho "Kojiro Hyuga" 4 4 4')
    assert (violation.rule, violation.overridable) == ("CG-12.1", False)


def _rolled(attacker_die: int, defender_die: int, options: tuple[str, ...]) -> list[str]:
    state, _ = play(attacking(options=options), 'play nankatsu "Weak" 0 0 0')
    state, _ = play(state, 'play toho "Wall" 0 0 9')
    state, consequences = play(
        passes(state),
        "declare nankatsu pass",
        f"roll nankatsu {attacker_die}",
        f"roll toho {defender_die}",
    )
    resolved = of_kind(consequences, "phase-resolved")[0].data
    return [resolved["winner"], resolved["assured_success"]]


def test_cg_12_2_assured_success_a_6_against_a_1_wins_whatever_the_totals() -> None:
    assert _rolled(6, 1, ("assured-success",)) == ["nankatsu", True]
    assert _rolled(6, 1, ()) == ["toho", False]
    assert _rolled(5, 1, ("assured-success",)) == ["toho", False]


def _signings_attack() -> CardGameState:
    state = attacking("nankatsu", options=("signings",))
    return with_bank(state, "nankatsu", shot=2, defense=2)


def test_cg_12_3_the_four_signing_cards_are_shown_before_the_toss() -> None:
    state = new_match(options=("signings",))
    assert [e.kind for e in GAME.expected(state)] == ["signings"]
    assert rules(state, 'signings "Shun Nitta,Jun Misugi"') == ["CG-12.3"]
    assert rules(state, 'signings "Shun Nitta,Jun Misugi,Taro Misaki,Tsubasa Ozora"') == ["CG-12.3"]
    state, consequences = play(state, f"signings {SHOWN!r}")
    assert consequences[0].data["cards"] == SHOWN.split(",")
    assert state.phase == "toss"


def test_cg_12_3_a_field_player_is_signed_in_the_coachs_turn_and_joins_the_play() -> None:
    state, consequences = play(
        _signings_attack(), 'sign nankatsu "Jun Misugi" 2 3 1 cost=shot,shot'
    )
    assert kinds(consequences) == ["signed"]
    assert state.cards_in_play == 1 and state.nankatsu.bank.shot == 0
    assert rules(state, 'sign toho "Jun Misugi" 1 1 1') == ["CG-12.3"]
    assert rules(state, 'gain nankatsu "Jun Misugi" pass') == []


def test_cg_12_3_signing_only_in_ones_own_turn() -> None:
    assert rules(_signings_attack(), 'sign toho "Shun Nitta" 1 1 1') == ["CG-12.3"]


def test_cg_12_3_only_a_shown_card_can_be_signed() -> None:
    (violation,) = broken(_signings_attack(), 'sign nankatsu "Hiroshi Jito" 1 1 1')
    assert (violation.rule, violation.overridable) == ("CG-12.3", False)


def test_cg_12_3_no_field_signing_once_the_limit_is_reached() -> None:
    state = fill(_signings_attack(), 8)
    state, _ = play(state, 'play nankatsu "Ninth" 1 1 1')
    assert rules(state, 'sign nankatsu "Shun Nitta" 1 1 1') == ["CG-12.3"]


def test_cg_12_3_a_signed_goalkeeper_replaces_a_goalkeeper_already_played() -> None:
    state = _signings_attack()
    assert rules(state, 'sign nankatsu "Taichi Nakanishi" 0 0 4') == ["CG-12.3"]
    state, _ = play(state, 'play nankatsu "Yuzo Morisaki" 0 0 3')
    line = 'sign nankatsu "Taichi Nakanishi" 0 0 4 cost=defense,defense replaces="Yuzo Morisaki"'
    state, consequences = play(state, line)
    assert kinds(consequences) == ["signed", "card-discarded"]
    assert [c.name for c in state.nankatsu.area] == ["Taichi Nakanishi"]
    assert state.nankatsu.discard == 1


def test_cg_12_3_signings_need_the_option() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 2 1')
    (violation,) = broken(state, 'sign nankatsu "Jun Misugi" 1 1 1')
    assert (violation.rule, violation.overridable) == ("CG-12.3", False)
