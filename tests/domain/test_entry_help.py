"""`help KIND` in words, and the fields a typed entry still lacks: a card's printed values are
said by the table (CG-1.3), never silently 0; a Fatigue card has none (CG-10.2)."""

from __future__ import annotations

from domain.entry_help import as_offered, kind_help, missing_fields
from domain.registry import find_ruleset
from domain.ruleset import Expected

CARD_GAME = find_ruleset("card-game")


def test_help_of_a_kind_names_each_field_required_or_not_with_its_values() -> None:
    found = kind_help(CARD_GAME, "draft")
    fields = {field.name: field for field in found.fields}
    assert found.summary.startswith("CG-4.2")
    assert fields["coach"].required and fields["coach"].values == ("nankatsu", "toho")
    assert fields["source"].values == ("pitch", "deck")
    assert not fields["card"].required and fields["card"].default == "none"
    assert fields["card"].meaning == "the Pitch card taken (only from the Pitch)"


def test_help_gives_the_japanese_names_of_the_values_that_have_them() -> None:
    fields = {field.name: field for field in kind_help(CARD_GAME, "draft").fields}
    assert fields["coach"].japanese == ("南葛", "東邦")
    assert fields["source"].japanese == ()  # no Japanese name listed for pitch or deck
    reroll = {field.name: field for field in kind_help(CARD_GAME, "reroll").fields}
    assert reroll["die"].values == ("nankatsu", "toho", "save")
    assert reroll["die"].japanese == ("南葛", "東邦", "save")
    king_of_the_pitch = find_ruleset("king-of-the-pitch")
    king = {field.name: field for field in kind_help(king_of_the_pitch, "sign").fields}
    assert king["colour"].japanese == ("金", "銀", "銅")


def test_a_cards_printed_values_are_required_in_help() -> None:
    fields = {field.name: field for field in kind_help(CARD_GAME, "play").fields}
    assert all(fields[name].required for name in ("shot", "pass", "defense"))
    assert not fields["via"].required


def test_the_example_fills_what_the_situation_fixes_and_the_names_seen() -> None:
    now = [Expected("play", "Toho plays", by="toho", fixed={"coach": "toho"})]
    example = kind_help(CARD_GAME, "play", now, ["Kojiro Hyuga"]).example
    assert example == "play coach=toho card='Kojiro Hyuga' shot=0 pass=0 defense=0"


def test_a_play_without_its_printed_values_lacks_them_but_a_fatigue_card_has_none() -> None:
    typed = {"kind": "play", "coach": "toho", "card": "Kojiro Hyuga", "shot": "3"}
    assert missing_fields(CARD_GAME, typed) == ("pass", "defense")
    assert missing_fields(CARD_GAME, {"kind": "play", "coach": "toho", "card": "fatigue"}) == ()
    assert missing_fields(CARD_GAME, {"kind": "play", "coach": "toho"}) == (
        "card",
        "shot",
        "pass",
        "defense",
    )


def test_a_value_the_app_rolls_is_not_missing() -> None:
    assert missing_fields(CARD_GAME, {"kind": "roll", "coach": "toho", "value": "?"}) == ()
    assert missing_fields(CARD_GAME, {"kind": "roll", "coach": "toho"}) == ("value",)


def test_a_value_is_written_as_the_situation_offers_it_when_only_its_case_differs() -> None:
    now = [
        Expected(
            "place",
            "home GK",
            fixed={"side": "home", "player": "Yuzo Morisaki"},
            choices={"area": ["goal"]},
        ),
        Expected(
            "place",
            "away GK",
            fixed={"side": "away", "player": "Ken Wakashimazu"},
            choices={"area": ["goal"]},
        ),
    ]
    typed = {"kind": "place", "side": "home", "player": "yuzo MORISAKI", "area": "GOAL"}
    assert as_offered(typed, now) == {
        "kind": "place",
        "side": "home",
        "player": "Yuzo Morisaki",
        "area": "goal",
    }
    # What the situation does not offer stays as typed, for the rules to judge.
    assert as_offered({"kind": "place", "area": "Z9"}, now) == {"kind": "place", "area": "Z9"}
