"""Building the scorer's forms from `expected`, and reading a posted form back into an entry."""

from __future__ import annotations

from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from domain.registry import find_ruleset
from domain.ruleset import Expected
from service.errors import BadInput
from web.entry_forms import LIST_SLOTS, action_from_form, entry_form, grouped

CARD_GAME = find_ruleset("card-game").codec
KING = find_ruleset("king-of-the-pitch").codec
TCG = find_ruleset("tcg").codec


def expected(kind: str, **parts: Any) -> Expected:
    dice = {name: tuple(faces) for name, faces in parts.pop("dice", {}).items()}
    random = tuple(parts.pop("random", ()))
    return Expected(kind, f"{kind}?", dice=dice, random=random, **parts)


def test_a_random_choice_is_tapped_and_may_be_rolled() -> None:
    toss = entry_form(
        CARD_GAME,
        expected(
            "toss",
            choices={"winner": ["nankatsu", "toho"], "source": ["table", "app"]},
            random=["winner"],
        ),
    )
    assert toss.tap is not None and toss.tap.name == "winner"
    assert toss.tap.options == ("nankatsu", "toho")
    assert toss.inputs == () and toss.can_roll


def test_fixed_fields_are_hidden_and_open_fields_become_inputs() -> None:
    play = entry_form(CARD_GAME, expected("play", fixed={"coach": "toho"}))
    assert play.hidden == (("coach", "toho"),)
    widgets = {i.name: (i.widget, i.required, i.default) for i in play.inputs}
    assert widgets == {
        "card": ("text", True, ""),
        "shot": ("number", False, "0"),
        "pass": ("number", False, "0"),
        "defense": ("number", False, "0"),
        "via": ("text", False, ""),
    }
    assert play.tap is None and not play.can_roll


def test_a_choice_with_one_value_is_settled_not_asked() -> None:
    gain = entry_form(
        CARD_GAME, expected("gain", fixed={"coach": "toho"}, choices={"card": ["Kojiro Hyuga"]})
    )
    assert gain.settled == (("card", "Kojiro Hyuga"),)
    assert ("card", "Kojiro Hyuga") in gain.hidden
    assert [i.name for i in gain.inputs] == ["points"]


def test_dice_fields_get_a_pad_per_die() -> None:
    one = entry_form(KING, expected("roll", fixed={"team": "blue"}, dice={"dice": [6]}))
    assert one.tap is not None and one.tap.widget == "dice" and one.tap.faces == (6,)
    several = entry_form(KING, expected("roll", fixed={"team": "blue"}, dice={"dice": [6, 6, 8]}))
    assert several.tap is None
    assert [(i.widget, i.faces) for i in several.inputs] == [("dice", (6, 6, 8))]


def test_many_values_make_a_select_and_several_choices_a_plain_submit() -> None:
    land = entry_form(
        TCG,
        expected(
            "land",
            choices={
                "area": [f"{c}{r}" for c in "abcde" for r in range(1, 10)],
                "roll": [1, 2, 3, 4, 5, 6],
            },
            random=["roll"],
        ),
    )
    assert land.tap is not None and land.tap.name == "roll"
    assert [(i.name, i.widget) for i in land.inputs] == [("area", "select")]
    reveal = entry_form(
        KING,
        expected(
            "reveal",
            choices={
                "card": ["player", "match"],
                "colour": ["gold", "silver"],
                "position": [1, 2, 3],
            },
        ),
    )
    assert reveal.tap is None
    assert [(i.name, i.widget) for i in reveal.inputs][:3] == [
        ("card", "buttons"),
        ("colour", "buttons"),
        ("position", "buttons"),
    ]


def test_forms_are_grouped_by_kind_in_the_order_given() -> None:
    forms = [
        entry_form(TCG, expected(kind, fixed={"side": "home"}))
        for kind in ("restart", "substitute", "restart")
    ]
    assert [(kind, len(group)) for kind, group in grouped(forms)] == [
        ("restart", 2),
        ("substitute", 1),
    ]


def test_a_posted_form_becomes_an_entry() -> None:
    form = MultiDict(
        [
            ("kind", "play"),
            ("coach", "toho"),
            ("card", " Kojiro Hyuga "),
            ("shot", "3"),
            ("pass", ""),
            ("via", ""),
            ("csrf_token", "x"),
        ]
    )
    assert action_from_form(CARD_GAME, form) == {
        "kind": "play",
        "coach": "toho",
        "card": "Kojiro Hyuga",
        "shot": "3",
    }


def test_lists_come_from_numbered_dice_repeated_names_or_commas() -> None:
    dice = MultiDict(
        [("kind", "roll"), ("team", "blue"), ("dice.1", "3"), ("dice.0", "6"), ("dice.2", "1")]
    )
    assert action_from_form(KING, dice)["dice"] == ["6", "3", "1"]
    repeated = MultiDict(
        [("kind", "gain"), ("coach", "toho"), ("card", "K"), ("points", "shot"), ("points", "pass")]
    )
    assert action_from_form(CARD_GAME, repeated)["points"] == ["shot", "pass"]
    commas = MultiDict([("kind", "roll"), ("team", "blue"), ("dice", "6, 2")])
    assert action_from_form(KING, commas)["dice"] == ["6", "2"]
    assert KING.from_dict(action_from_form(KING, commas)).dice == (6, 2)


def test_an_unknown_kind_is_bad_input() -> None:
    with pytest.raises(BadInput, match="unknown entry kind"):
        action_from_form(CARD_GAME, MultiDict([("kind", "dance")]))


def test_a_list_of_choices_is_asked_in_numbered_slots_that_keep_order_and_repeats() -> None:
    # TCG-9.1: the penalty takers are named in kicking order.
    players = ["Hyuga (FW)", "Sawada (MF)", "Matsuyama (MF)", "Misugi (MF)", "Ishizaki (DF)"]
    kickers = entry_form(
        TCG, expected("kickers", fixed={"side": "home"}, choices={"players": players})
    )
    slots = next(i for i in kickers.inputs if i.name == "players")
    assert slots.widget == "slots" and slots.slots == LIST_SLOTS
    posted = MultiDict(
        [("kind", "kickers"), ("side", "home"), ("players.1", "Hyuga (FW)"),
         ("players.0", "Misugi (MF)"), ("players.2", ""), ("players.3", "Sawada (MF)")]
    )  # fmt: skip
    assert action_from_form(TCG, posted)["players"] == ["Misugi (MF)", "Hyuga (FW)", "Sawada (MF)"]
    # A card-game ability may bank the same kind of point twice.
    twice = MultiDict(
        [("kind", "gain"), ("coach", "toho"), ("card", "K"), ("points.0", "shot"),
         ("points.1", "shot")]
    )  # fmt: skip
    assert action_from_form(CARD_GAME, twice)["points"] == ["shot", "shot"]
