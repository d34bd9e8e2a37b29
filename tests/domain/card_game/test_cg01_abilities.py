"""CG-1.3 a card's Optional Abilities (at most two, the same ones all match) and CG-13.1 a card
out of play uses none.

Rulebook, "Card Example": "Each card carries: [...] 5. Optional Ability 1. 6. Optional Ability
2. 7. Mandatory Action if it is used Optional Ability 1."
Rulebook, "Clarifications on Optional Abilities": "Eliminate Card. The card is returned to the
box." and "Play card. Take it from your hand to your team's Play Area and execute its Optional
Abilities."
"""

from cg_helpers import (
    GAME,
    action,
    attacking,
    draft_both,
    force,
    passes,
    play,
    quick_round,
)

from domain.card_game.abilities import declared
from domain.card_game.state import CardGameState
from domain.printed import NO_CARDS
from domain.ruleset import Violation

RYO = '"Ryo Ishizaki"'


def broken(state: CardGameState, line: str) -> tuple[Violation, ...]:
    """The rules a new entry breaks: judged with a card list (here none), as the table's
    entries are; without one, the entry is judged as made before these checks (below)."""
    return GAME.check(state, action(line), NO_CARDS)


def rules(state: CardGameState, line: str) -> list[str]:
    return [v.rule for v in broken(state, line)]


def _ryo_played() -> CardGameState:
    state, _ = play(attacking(), f"play nankatsu {RYO} 1 1 1")
    return state


def _offered(state: CardGameState, kind: str) -> tuple[str, ...]:
    field = "via" if kind == "play" else "card"
    offers = [e for e in GAME.expected(state) if e.kind == kind and e.by == "nankatsu"]
    return tuple(card for e in offers for card in e.choices.get(field, ()))


def test_cg_13_1_an_eliminated_card_gains_nothing_and_ends_no_attack() -> None:
    # The reproduction: Lucas Milton removes itself from the match ("You can remove this card
    # from the match"), then its turn's window was still open to it for `gain`, `end-attack`.
    state, _ = play(attacking("toho"), 'play toho "Lucas Milton" 1 1 1')
    state, _ = play(state, 'eliminate toho "Lucas Milton" "Lucas Milton"')
    for line in ('gain toho "Lucas Milton" shot', 'end-attack toho "Lucas Milton"'):
        (violation,) = broken(state, line)
        assert violation.rule == "CG-13.1" and violation.overridable
        assert "back in the box" in violation.message
    assert "Lucas Milton" not in {
        c for e in GAME.expected(state) for c in e.choices.get("card", ())
    }


def test_cg_13_1_a_card_discarded_by_its_own_ability_uses_no_more() -> None:
    state, _ = play(_ryo_played(), f"discard nankatsu {RYO} {RYO}")
    (violation,) = broken(state, f"draw nankatsu {RYO}")
    assert (violation.rule, violation.overridable) == ("CG-13.1", True)
    assert "left the Play Area" in violation.message


def test_cg_1_3_one_play_uses_at_most_two_abilities_each_once() -> None:
    # The reproduction: Ryo Ishizaki gained shot twice, then pass and defense, then booked the
    # opponent and gave a Fatigue card, all in one play.
    state, _ = play(_ryo_played(), f"gain nankatsu {RYO} shot")
    (twice,) = broken(state, f"gain nankatsu {RYO} shot")
    assert (twice.rule, twice.overridable) == ("CG-1.3", True)
    assert "already used its ability to gain 1 point" in twice.message
    state, _ = play(state, f"gain nankatsu {RYO} pass,defense")
    (third,) = broken(state, f"book nankatsu {RYO} toho -1 -1 -1")
    assert (third.rule, third.overridable) == ("CG-1.3", True)
    assert "at most two Optional Abilities" in third.message
    assert rules(state, f"fatigue nankatsu {RYO} toho") == ["CG-1.3"]
    assert _offered(state, "book") == ()


def test_cg_1_3_the_abilities_first_used_are_the_cards_for_the_match() -> None:
    state, _ = play(_ryo_played(), f"gain nankatsu {RYO} shot", f"draw nankatsu {RYO}")
    assert declared(state, "Ryo Ishizaki") == ("gain 1 point", "draw 1 card")
    state, _ = quick_round(state, "keeps")  # Ryo goes to the discard pile (CG-6.1)
    state = draft_both(state)
    assert (state.round.number, state.round.turn) == (2, "nankatsu")
    state, _ = play(state, f"play nankatsu {RYO} 1 1 1")
    side = "nankatsu"
    (claimed,) = broken(state, f"book {side} {RYO} toho -1 -1 -1")
    assert (claimed.rule, claimed.overridable) == ("CG-1.3", True)
    assert "as declared earlier in this match, are: gain 1 point and draw 1 card" in (
        claimed.message
    )
    assert rules(state, f"gain {side} {RYO} defense") == []
    assert rules(state, f"gain {side} {RYO} shot,pass") == ["CG-1.3"]
    # Overridden, the third claim is played on but does not become one of the card's two.
    state, _ = force(state, f"book {side} {RYO} toho -1 -1 -1")
    assert declared(state, "Ryo Ishizaki") == ("gain 1 point", "draw 1 card")


def test_cg_1_3_a_motivation_card_has_abilities_of_its_own() -> None:
    state = attacking(options=("motivation",))
    state, _ = play(state, f"play nankatsu {RYO} 1 1 1")
    state, _ = play(state, f"gain nankatsu {RYO} shot", f"draw nankatsu {RYO}")
    state, _ = play(state, f"motivate nankatsu {RYO} 2 2 2")
    # CG-12.1: "its abilities may be used" — the Motivation card's, not the Initial card's.
    state, _ = play(state, f"book nankatsu {RYO} toho -1 -1 -1")
    assert declared(state, "Ryo Ishizaki (Motivation card)") == ("give a Yellow/Red card",)


def test_cg_1_3_a_re_roll_is_one_of_the_cards_two_abilities() -> None:
    state, _ = play(attacking(), 'play nankatsu "Teppei Kisugi" 1 1 1')
    state, _ = play(state, 'gain nankatsu "Teppei Kisugi" shot', 'draw nankatsu "Teppei Kisugi"')
    state = passes(state)
    state, _ = play(state, "declare nankatsu pass", "roll nankatsu 1", "roll toho 6")
    assert rules(state, 'reroll nankatsu "Teppei Kisugi" nankatsu 6') == ["CG-1.3"]
    assert not any(e.kind == "reroll" and e.by == "nankatsu" for e in GAME.expected(state))


def test_cg_1_3_a_card_played_again_in_the_round_is_a_new_play() -> None:
    state, _ = play(_ryo_played(), f"gain nankatsu {RYO} shot", f"discard nankatsu {RYO} {RYO}")
    state, _ = play(state, "pass toho", f"play nankatsu {RYO} 1 1 1")
    assert rules(state, f"gain nankatsu {RYO} pass") == []
    assert rules(state, f"book nankatsu {RYO} toho -1 -1 -1") == ["CG-1.3"]  # a third ability


def test_cg_13_1_and_cg_1_3_do_not_judge_an_entry_made_before_them() -> None:
    # A match file's line the table did not override is judged without a card list, as its
    # printed values are (RoutedRuleset.check): files written before these checks import.
    state, _ = play(attacking("toho"), 'play toho "Lucas Milton" 1 1 1')
    state, _ = play(state, 'eliminate toho "Lucas Milton" "Lucas Milton"')
    assert rules(state, 'gain toho "Lucas Milton" shot') == ["CG-13.1"]
    assert GAME.check(state, action('gain toho "Lucas Milton" shot')) == ()
    state, _ = play(_ryo_played(), f"gain nankatsu {RYO} shot", f"draw nankatsu {RYO}")
    assert rules(state, f"book nankatsu {RYO} toho -1 -1 -1") == ["CG-1.3"]
    assert GAME.check(state, action(f"book nankatsu {RYO} toho -1 -1 -1")) == ()
