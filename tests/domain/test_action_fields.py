"""ActionCodec.describe: each entry kind's fields as a form asks for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from domain.actions import ActionCodec, FieldSpec
from domain.registry import find_ruleset, ruleset_names
from domain.ruleset import MalformedAction


@dataclass(frozen=True)
class Sample:
    kind: ClassVar[str] = "sample"
    side: Literal["home", "away"]
    player: str
    count: int = 1
    pass_: bool = False
    note: str | None = None
    dice: tuple[int, ...] = ()
    metals: tuple[Literal["gold", "silver"], ...] = ()


CODEC = ActionCodec([Sample])


def test_every_field_type_is_described_in_declaration_order() -> None:
    assert CODEC.describe("sample") == (
        FieldSpec("side", "choice", True, None, ("home", "away")),
        FieldSpec("player", "text", True),
        FieldSpec("count", "int", False, 1),
        FieldSpec("pass", "bool", False, False),
        FieldSpec("note", "text", False, None),
        FieldSpec("dice", "list", False, (), (), "int"),
        FieldSpec("metals", "list", False, (), ("gold", "silver"), "choice"),
    )


def test_an_unknown_kind_is_a_malformed_action() -> None:
    with pytest.raises(MalformedAction, match="unknown entry kind"):
        CODEC.describe("nonsense")


def test_the_card_game_play_asks_for_its_card_and_points() -> None:
    fields = {f.name: f for f in find_ruleset("card-game").codec.describe("play")}
    assert fields["coach"].options == ("nankatsu", "toho")
    assert fields["card"].required and fields["card"].type == "text"
    assert (fields["pass"].type, fields["pass"].default) == ("int", 0)
    assert not fields["via"].required


@pytest.mark.parametrize("name", ruleset_names())
def test_every_kind_of_every_game_can_be_described(name: str) -> None:
    codec = find_ruleset(name).codec
    for kind in codec.kinds:
        described = codec.describe(kind)
        assert tuple(f.name for f in described) == codec.field_names(kind)
