"""Matches stored before the support (TCG-7.5) and move-limit (TCG-6.2) settings existed keep
the readings they were recorded under; new matches name every setting."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tcg_helpers import GAME, raw_setup

from domain.ruleset import SetupError
from domain.tcg.setup import CHOICES, RECORDED_BEFORE


def _stored_by_the_release_before() -> dict:
    """A setup as the release before these settings stored it: its three settings named."""
    raw = raw_setup(dice_table="single-die")
    canonical = GAME.setup_to_dict(GAME.make_setup(raw))
    settings = {k: v for k, v in canonical["settings"].items() if k not in RECORDED_BEFORE}
    return {**canonical, "settings": settings}


def test_a_setup_stored_before_takes_the_readings_of_then() -> None:
    """TCG-7.5 support=anywhere and TCG-6.2 move-limit=per-phase, the engine's then."""
    setup = GAME.make_setup(GAME.recorded_setup(_stored_by_the_release_before()))
    assert (setup.support, setup.move_limit) == ("anywhere", "per-phase")
    assert setup.dice_table == "single-die"


def test_new_input_takes_the_source_s_readings_and_stores_them() -> None:
    """A new match names every setting, so reading it as stored changes nothing."""
    canonical = GAME.setup_to_dict(GAME.make_setup(raw_setup()))
    assert canonical["settings"]["support"] == "adjacent"
    assert canonical["settings"]["move-limit"] == "per-move"
    assert GAME.recorded_setup(canonical) == canonical


@given(
    support=st.sampled_from(CHOICES["support"]),
    move_limit=st.sampled_from(CHOICES["move-limit"]),
)
def test_a_stored_setup_naming_the_settings_keeps_them(support: str, move_limit: str) -> None:
    raw = raw_setup(support=support, move_limit=move_limit)
    canonical = GAME.setup_to_dict(GAME.make_setup(raw))
    again = GAME.make_setup(GAME.recorded_setup(canonical))
    assert (again.support, again.move_limit) == (support, move_limit)


def test_a_setting_of_no_known_value_is_refused() -> None:
    with pytest.raises(SetupError, match="support must be one of adjacent, same-area, anywhere"):
        GAME.make_setup(raw_setup(support="nearby"))
