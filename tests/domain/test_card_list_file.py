"""The card list file: written then read gives the same cards, whatever their names hold;
anything a name may not hold is refused with its line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.card_game.printed import PRINTED
from domain.card_list_file import CardListFileError, read_card_list, write_card_list
from domain.printed import CardLibrary, PrintedCard
from domain.text import NAME_LIMIT, BadText, checked_text


def _recordable(name: str) -> bool:
    try:
        return checked_text(name, "name", NAME_LIMIT) == name
    except BadText:
        return False


NAMES = st.text(min_size=1, max_size=NAME_LIMIT).filter(_recordable)
CARDS = st.lists(
    st.builds(
        PrintedCard,
        NAMES,
        st.tuples(*(st.integers(0, 99) for _ in PRINTED.fields)),
        st.sampled_from(("", *PRINTED.sides)),
    ),
    max_size=20,
    unique_by=lambda card: card.key,
)


@settings(deadline=None)
@given(CARDS)
def test_written_then_read_gives_the_same_cards(cards: list[PrintedCard]) -> None:
    text = write_card_list("card-game", PRINTED, CardLibrary(tuple(cards)))
    read = read_card_list(text.encode("utf-8"))
    assert read.game == "card-game" and read.cards == tuple(cards)


@settings(deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_read_or_refused_with_a_line(text: str) -> None:
    try:
        read_card_list(text)
    except CardListFileError as error:
        assert str(error).startswith(("line ", "the file holds"))


def test_a_byte_order_mark_and_windows_line_ends_are_read() -> None:
    text = "\ufefftouchline card list 1\r\ngame card-game\r\nvalues shot pass defense\r\n"
    text += "1 2 3 -   Two  spaces  inside \r\n"
    (card,) = read_card_list(text.encode("utf-8")).cards
    assert card == PrintedCard("Two  spaces  inside", (1, 2, 3), "")


def test_a_file_too_big_is_refused_before_it_is_read() -> None:
    with pytest.raises(CardListFileError, match="at most 524288"):
        read_card_list(b"#" * (512 * 1024 + 1))
