"""Dice fairness per source and per named die: the table's physical dice, each by the name the
scorer gave it, apart from the app's own rolls, on both stores."""

from __future__ import annotations

import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import BadInput
from tests.opening import OPENING
from tests.opening import SETUP as OPENING_SETUP
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did

RULESET, FULL_MATCH, SETUP = CASES[0][:3]
LABELS = {"nankatsu": "red d6", "toho": "Blue d6"}


def label_of(line: str) -> str | None:
    """The die each side rolls with at this table: Nankatsu's red, Toho's blue."""
    words = line.split()
    if words[0] in ("roll", "save"):
        return LABELS[words[1]]
    return None


def test_the_table_s_dice_are_told_apart_by_name_and_from_the_app_s(
    app: Touchline, alice: Author
) -> None:
    match = app.create_match(RULESET, SETUP, alice)
    for line in golden_lines(FULL_MATCH):
        record_as_the_table_did(
            app, match.id, parse_entry(RULESET, line), alice, die_label=label_of(line)
        )
    # Another match up to its first roll, which the app makes.
    other = app.create_match(RULESET, SETUP, alice)
    lines = golden_lines(FULL_MATCH)
    for line in lines[: next(n for n, line in enumerate(lines) if line.startswith("roll"))]:
        record_as_the_table_did(app, other.id, parse_entry(RULESET, line), alice)
    rolled = {"kind": "roll", "coach": "nankatsu"}
    app.record(other.id, rolled, alice, roll=True, die_label="red d6")

    everybody = app.dice()
    by_source = app.dice_sources()
    assert [(d.source, d.die, d.fairness.faces) for d in by_source] == [
        ("table", "Blue d6", 6),
        ("table", "red d6", 6),
        ("table", "", 6),  # the re-rolls: no die was named for them
        ("app", "", 6),  # the app rolled it: a die named with it is no physical die
    ]
    # Split by source and die, the rolls are the same rolls as in the totals.
    assert sum(d.fairness.rolls for d in by_source if d.fairness.faces == 6) == sum(
        f.rolls for f in everybody if f.faces == 6
    )
    by_die = {d.die: d.fairness for d in by_source if d.source == "table"}
    assert by_die["red d6"].rolls == sum(
        1 for line in golden_lines(FULL_MATCH) if label_of(line) == "red d6"
    )
    assert by_die["Blue d6"].p_value is not None
    (alices,) = [d for d in app.dice_sources("alice") if d.die == "red d6"]
    assert alices.fairness == by_die["red d6"]


def test_a_bad_die_label_is_refused_and_stores_nothing(app: Touchline, alice: Author) -> None:
    match = app.create_match(RULESET, SETUP, alice)
    with pytest.raises(BadInput, match="the die's label"):
        app.record(match.id, {"kind": "toss", "winner": "toho"}, alice, die_label="red\x07d6")
    assert app.get_match(match.id).version == match.version


# -- through a correction ---------------------------------------------------------------------


def _opening_with_a_named_roll(app: Touchline, alice: Author) -> str:
    """The shared opening, Toho's roll (entry 10) made with the red die."""
    match = app.create_match("card-game", OPENING_SETUP, alice)
    for number, line in enumerate(OPENING, start=1):
        label = "red d6" if number == 10 else None
        app.record(match.id, parse_entry("card-game", line), alice, die_label=label)
    return match.id


def _table_dice(app: Touchline) -> dict[str, tuple[int, ...]]:
    return {d.die: d.fairness.counts for d in app.dice_sources() if d.source == "table"}


def test_a_corrected_roll_keeps_its_die_in_the_store_and_the_statistics(
    app: Touchline, alice: Author, store_url: str
) -> None:
    match_id = _opening_with_a_named_roll(app, alice)
    app.correct(match_id, 10, parse_entry("card-game", "roll toho 1"), "misread", alice)
    assert app.load_record(match_id).log[-1].die_label == "red d6"
    # The red die showed 1, not 5: the statistics of that die say so.
    assert _table_dice(app)["red d6"] == (1, 0, 0, 0, 0, 0)
    fresh = Touchline(settings_for_url(store_url))  # from the stored events
    try:
        assert fresh.load_record(match_id).log[-1].die_label == "red d6"
        assert _table_dice(fresh)["red d6"] == (1, 0, 0, 0, 0, 0)
    finally:
        fresh.close()


def test_a_correction_names_another_die_or_none(app: Touchline, alice: Author) -> None:
    match_id = _opening_with_a_named_roll(app, alice)
    app.correct(
        match_id, 10, parse_entry("card-game", "roll toho 1"), "misread", alice, die_label="blue"
    )
    assert app.load_record(match_id).log[-1].die_label == "blue"
    assert _table_dice(app)["blue"] == (1, 0, 0, 0, 0, 0) and "red d6" not in _table_dice(app)
    app.correct(match_id, 12, parse_entry("card-game", "roll toho 2"), "again", alice, die_label="")
    assert app.load_record(match_id).log[-1].die_label is None
