"""Golden matches: whole recorded matches replay, entry by entry, to their known result."""

import pytest
from tcg_helpers import GAME, GOLDEN, golden_lines, golden_setup, kinds, of_kind, replay

from domain.notation import format_action, parse_action
from domain.tcg.actions import CODEC


def test_golden_shoot_out_match() -> None:
    """Both halves (TCG-4), goals, catches, punches, tackles and pass cuts (TCG-7.6),
    substitutions up to the limit (TCG-8.3), then the penalty shoot-out (TCG-9)."""
    state, consequences = replay(golden_setup(), golden_lines("shootout_match.txt"))
    result = GAME.result(state)
    assert result is not None
    assert result.scores == {"home": 1, "away": 1}
    assert result.ranking == (("away",), ("home",))
    goals = [(c.data["side"], c.data["score"]) for c in of_kind(consequences, "goal")]
    assert goals == [("home", {"home": 1, "away": 0}), ("away", {"home": 1, "away": 1})]
    assert [c.data["half"] for c in of_kind(consequences, "half-ended")] == [1, 2]
    assert len(of_kind(consequences, "shoot-out-kick")) == 10
    assert len(of_kind(consequences, "substitution")) == 6
    story = kinds(consequences)
    for kind in ("catch", "punch", "tackle-won", "pass-cut", "reverse-flipped", "tie-dice"):
        assert kind in story
    assert story[-1] == "match-ended"
    assert GAME.expected(state) == ()


def test_golden_normal_time_match_with_the_other_settings() -> None:
    """dice-table=single-die (TCG-7.6) and distance=orthogonal (TCG-11.6)."""
    raw = golden_setup(dice_table="single-die", distance="orthogonal")
    state, consequences = replay(raw, golden_lines("normal_time_match.txt"))
    result = GAME.result(state)
    assert result is not None
    assert result.scores == {"home": 1, "away": 2}
    assert result.winners == ("away",)
    assert "shoot-out" not in kinds(consequences)
    assert [c.data["half"] for c in of_kind(consequences, "half-ended")] == [1, 2]


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.txt")))
def test_golden_files_hold_only_comments_and_action_lines(name: str) -> None:
    for line in golden_lines(name):
        action = GAME.action_from_dict(parse_action(CODEC, line))
        assert GAME.action_from_dict(parse_action(CODEC, format_action(CODEC, action))) == action
