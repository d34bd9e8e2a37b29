"""A card list names a card once, in either language: Tsubasa Ozora and 大空翼 are one card of
the list (docs/card-list.md#names-in-two-languages)."""

from __future__ import annotations

import pytest

from domain.card_list import CardList
from domain.card_list_file import CardListFileError, read_card_list
from domain.printed import PrintedCard

HEADER = "touchline card list 1\ngame card-game\nvalues shot pass defense\n"


def test_a_file_naming_a_card_in_both_languages_is_refused_naming_both_lines() -> None:
    text = HEADER + "3 3 1 nankatsu Tsubasa Ozora\n3 3 1 nankatsu 大空翼\n"
    with pytest.raises(CardListFileError) as raised:
        read_card_list(text.encode("utf-8"))
    assert str(raised.value) == "line 5: 大空翼 is already on line 4 (as Tsubasa Ozora)"


def test_a_file_may_be_written_in_japanese() -> None:
    text = HEADER + "3 1 0 toho 日向小次郎\n0 0 4 toho 若島津 健\n"
    read = read_card_list(text.encode("utf-8"))
    assert [card.name for card in read.cards] == ["日向小次郎", "若島津 健"]


def test_a_card_recorded_in_one_language_is_replaced_by_the_other() -> None:
    cards = CardList.create("card-game", None)
    cards.record([PrintedCard("Tsubasa Ozora", (3, 3, 1), "nankatsu")], "entry", "alice", "now")
    assert cards.record([PrintedCard("大空翼", (3, 3, 1), "nankatsu")], "file", "alice", "now") == 0
    assert cards.record([PrintedCard("大空翼", (4, 3, 1), "nankatsu")], "file", "alice", "now") == 1
    (card,) = cards.library().cards
    # The list keeps the name the last change wrote.
    assert (card.name, card.values) == ("大空翼", (4, 3, 1))
    assert cards.library().find("tsubasa ozora") == card
