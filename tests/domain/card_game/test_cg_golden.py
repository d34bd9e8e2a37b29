"""Golden matches: whole recorded matches replay, entry by entry, to their known result."""

from cg_helpers import (
    FIRST_MATCH_SETUP,
    FULL_MATCH_SETUP,
    GAME,
    golden_lines,
    kinds,
    of_kind,
    replay,
)

from domain.card_game.actions import CODEC
from domain.notation import format_action, parse_action


def test_golden_full_match_replays_to_nankatsu_3_2_after_extra_time() -> None:
    """Both halves, Injury Time (CG-7), a Special Shot (CG-11), goalkeeper saves (CG-10.4),
    a yellow turned red (CG-10.1), a motivation (CG-12.1) and Extra Time (CG-9)."""
    state, consequences = replay(FULL_MATCH_SETUP, golden_lines("full_match.txt"))
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("nankatsu",), ("toho",))
    assert result.scores == {"nankatsu": 3, "toho": 2}
    goals = [(c.data["team"], dict(c.data["score"])) for c in of_kind(consequences, "goal")]
    assert goals == [
        ("nankatsu", {"nankatsu": 1, "toho": 0}),
        ("toho", {"nankatsu": 1, "toho": 1}),
        ("nankatsu", {"nankatsu": 2, "toho": 1}),
        ("toho", {"nankatsu": 2, "toho": 2}),
        ("nankatsu", {"nankatsu": 3, "toho": 2}),
    ]
    story = kinds(consequences)
    for kind in ("special-shot", "motivated", "control-and-advance", "re-rolled", "extra-time"):
        assert kind in story
    assert [c.data["outcome"] for c in of_kind(consequences, "goalkeeper-save")] == [
        "goal",
        "caught",
        "goal",
    ]
    assert [c.kind for c in consequences if c.kind.endswith("-card")] == [
        "yellow-card",
        "red-card",
    ]
    assert [c.data["period"] for c in of_kind(consequences, "injury-time")] == [1, 2]
    assert [c.data["period"] for c in of_kind(consequences, "half-ended")] == [1, 2, 3, 4]
    assert story[-1] == "match-ended"
    assert GAME.expected(state) == ()


def test_golden_first_match_is_decided_in_normal_time() -> None:
    """CG-2.5 first-match variant: 8 Match cards a half, no Fan or Fatigue cards."""
    state, consequences = replay(FIRST_MATCH_SETUP, golden_lines("first_match.txt"))
    result = GAME.result(state)
    assert result is not None
    assert result.ranking == (("toho",), ("nankatsu",))
    assert [c.data["team"] for c in of_kind(consequences, "goal")] == ["toho", "nankatsu", "toho"]
    assert "extra-time" not in kinds(consequences)
    # 11 team cards (no Fan) and one Match card drafted in each of the 8 drafting rounds.
    assert (state.nankatsu.owned, state.toho.owned) == (19, 19)
    assert state.fatigue_supply == 0


def test_golden_files_hold_only_comments_and_action_lines() -> None:
    for name in ("full_match.txt", "first_match.txt"):
        for line in golden_lines(name):
            action = GAME.action_from_dict(parse_action(CODEC, line))
            assert format_action(CODEC, action).split()[0] == line.split()[0]
