"""TCG-11 the field and TCG-3.2 placement: areas, zones, distances, capacity, the goal mouth."""

from dataclasses import replace

from tcg_helpers import GAME, arrange, kicked_off, new_match, play, rules

from domain.tcg.field import area_distance, area_kind, shot_distance, starting_areas


def test_distances_are_king_moves_by_default_and_orthogonal_by_setting() -> None:
    """TCG-11.6 (open): king-move (Chebyshev) distance unless the setting says orthogonal."""
    assert area_distance("home", "c7", "home", "d5", "king") == 2
    assert area_distance("home", "c7", "home", "d5", "orthogonal") == 3
    assert area_distance("home", "a1", "home", "e9", "king") == 8


def test_the_goal_mouth_lies_one_area_beyond_the_penalty_areas() -> None:
    """TCG-6.2: a shot's distance counts the goal mouth; TCG-11.5 penalty areas front it."""
    assert shot_distance("c1", "home", "king") == 1
    assert shot_distance("a1", "home", "king") == 1
    assert shot_distance("a1", "home", "orthogonal") == 2
    assert shot_distance("c5", "home", "king") == 5
    assert shot_distance("c5", "away", "king") == 5
    assert shot_distance("c8", "away", "king") == 2


def test_named_areas() -> None:
    """TCG-11.5: corners, penalty areas, side areas, free-kick areas and the centre circle."""
    assert [area_kind(a) for a in ("a1", "e9", "c1", "b9", "a5", "e2", "c4", "c5")] == [
        "corner", "corner", "penalty", "penalty", "side", "side", "free-kick", "centre circle",
    ]  # fmt: skip


def test_starting_zones_are_mirrored() -> None:
    """TCG-11.3: DF row 8, MF rows 6-7, FW row 5 for home; rows 2, 3-4, 5 for away."""
    assert starting_areas("DF", "home")[0] == "a8"
    assert starting_areas("DF", "away")[0] == "a2"
    assert len(starting_areas("MF", "away")) == 10
    assert starting_areas("GK", "away") == ("goal",)


def test_a_starter_must_start_in_its_zone() -> None:
    """TCG-11.3 / TCG-3.2."""
    state = new_match()
    assert rules(state, 'place home "Ryo Ishizaki" c7') == ["TCG-11.3"]
    assert rules(state, 'place home "Yuzo Morisaki" c9') == ["TCG-11.3"]
    assert rules(state, 'place home "Ryo Ishizaki" goal') == ["TCG-11.3", "TCG-8.4"]
    assert rules(state, 'place home "Nobody" a8') == ["TCG-3.2"]
    assert not GAME.check(state, GAME.action_from_dict(
        {"kind": "place", "side": "home", "player": "Ryo Ishizaki", "area": "a8"}))  # fmt: skip


def test_area_capacity_three_of_a_side_four_in_all() -> None:
    """TCG-11.4: at most 4 players in an area, at most 3 of one side."""
    state = new_match()
    state, _ = play(
        state,
        'place home "Ryo Ishizaki" a8',
        'place home "Shingo Takasugi" a8',
        'place home "Kazuo Tobe" a8',
    )
    assert rules(state, 'place home "Masao Nakayama" a8') == ["TCG-11.4"]
    state = kicked_off()
    state = arrange(state, "away", "Kojiro Hyuga", "c6")
    state = arrange(state, "away", "Takuma Tanaka", "c6")
    state = arrange(state, "home", "Mamoru Izawa", "c6")
    # c6 now holds Hanji Urabe, Mamoru Izawa and two of Toho: full.
    assert rules(state, 'move home "Tsubasa Ozora" c6') == ["TCG-11.4"]


def test_only_the_goalkeeper_enters_the_goal_mouth_and_outside_it_defends_with_0() -> None:
    """TCG-8.4: a keeper out of the goal mouth has Defense 0 in a shot battle."""
    state = kicked_off()
    assert rules(state, 'move home "Tsubasa Ozora" goal') == ["TCG-6.2", "TCG-8.4"]
    state = arrange(state, "away", "Ken Wakashimazu", "c1")
    state = arrange(state, "home", "Tsubasa Ozora", "c3")
    state = replace(state, turn=replace(state.turn, ball_moved=True))
    state, consequences = play(
        state,
        "shoot home",
        "end away",
        'battle-card home "Sanae Nakazawa"',
        'battle-card away "Toho Brass Band"',
        "support away",
    )
    battle = next(c for c in consequences if c.kind == "battle")
    assert (battle.data["challenger_total"], battle.data["receiver_total"]) == (8, 2)
    assert "goal" in [c.kind for c in consequences]
