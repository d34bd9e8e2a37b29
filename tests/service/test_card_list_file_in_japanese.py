"""A card list file's problems in Japanese for a Japanese reader, each naming its line; the
English reads as before (tests/service/test_card_lists.py)."""

from __future__ import annotations

import pytest

from domain.match import Author
from service.app import Touchline
from service.errors import BadInput
from service.i18n import translated
from tests.service.test_card_lists import LIST


@pytest.mark.parametrize(
    ("data", "japanese"),
    [
        (LIST + "1 1 toho Half a card\n", "8 行目: カードは shot, pass, defense（整数）"),
        (LIST + "1 1 1 toho Kojiro Hyuga\n", "8 行目: Kojiro Hyuga は 5 行目にもうあります"),
        (LIST + "1 1 1 osaka Someone\n", "8 行目: サイドは nankatsuまたはtohoまたは- です"),
        (LIST + "1 -1 1 toho Someone\n", "8 行目: pass -1 は印刷された値ではありません"),
        (LIST + "1 1 1 toho Bad\x1bName\n", "8 行目: カードの名前"),
        (LIST.replace("game card-game", "game chess"), "3 行目: 'chess' というゲームはありません"),
        ("3 1 0 toho Kojiro Hyuga\n", "2 行目: 見出しの前でファイルが終わっています"),
        (LIST.encode() + b"1 1 1 toho \xff\n", "8 行目: UTF-8 のテキストではありません"),
        (b"#" * (512 * 1024 + 1), "カードリストは 524288 バイトまでです"),
    ],
    ids=["a-card", "twice", "side", "value", "control", "game", "header", "utf-8", "size"],
)
def test_a_bad_card_list_is_said_in_japanese_naming_its_line(
    app: Touchline, alice: Author, data: str | bytes, japanese: str
) -> None:
    with pytest.raises(BadInput) as refused:
        app.import_card_list(data, alice)
    said = refused.value.args[0]
    assert japanese in translated(said, "ja")
    assert translated(said, "en") == str(refused.value)
    assert app.card_list("card-game").cards == ()
