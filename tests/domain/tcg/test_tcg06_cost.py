"""TCG-6 cost and its prices, TCG-5.3 the ball must move, TCG-5.1 recovery."""

from typing import Any

from tcg_helpers import (
    GAME,
    arrange,
    ball_to,
    broken,
    force,
    kicked_off,
    of_kind,
    play,
    rules,
    with_cost,
)


def test_recovery_gives_4_cost_and_the_draw_fills_the_hand_to_6() -> None:
    """TCG-5.1 / TCG-5.2."""
    state = kicked_off()
    assert state.turn.cost == 4
    assert (state.home.hand, state.home.library) == (6, 18)
    assert state.phase == "attack"


def test_a_move_costs_1_an_area_and_crosses_at_most_2_areas() -> None:
    """TCG-6.2, per move as the source says:
    「移動: 移動したエリア分消費、2エリアまで。」 (a move: pay for the areas moved, up to 2 areas).
    A player who moved 2 areas may move again in the same phase while cost is left."""
    state = kicked_off()
    state, consequences = play(state, 'move home "Tsubasa Ozora" c5')
    assert state.turn.cost == 2
    assert of_kind(consequences, "moved")[0].data["dribble"] is True
    assert rules(state, 'move home "Tsubasa Ozora" c4') == []
    assert rules(state, 'move home "Tsubasa Ozora" c2') == ["TCG-6.2", "TCG-6.2"]  # 3 areas, 3 cost
    assert str(broken(state, 'move home "Tsubasa Ozora" c2')[0]) == (
        "TCG-6.2: Tsubasa Ozora may cross at most 2 areas in one move"
    )
    assert rules(state, 'move home "Hajime Taki" a2') == ["TCG-6.2", "TCG-6.2"]
    state, _ = play(state, 'move home "Tsubasa Ozora" c3')
    assert state.turn.moved_by("Tsubasa Ozora") == 4 and state.turn.cost == 0


def test_the_per_phase_move_limit_counts_a_whole_phase() -> None:
    """TCG-6.2 under move-limit=per-phase (the engine's earlier reading, kept for tables that
    play it): a player crosses at most 2 areas in a phase, a tackle's reach included."""
    state = kicked_off(move_limit="per-phase")
    state, _ = play(state, 'move home "Tsubasa Ozora" c5')
    assert rules(state, 'move home "Tsubasa Ozora" c4') == ["TCG-6.2"]
    assert str(broken(state, 'move home "Tsubasa Ozora" c4')[0]) == (
        "TCG-6.2: Tsubasa Ozora may move at most 2 areas a phase (move-limit=per-phase)"
    )


def test_a_tackle_s_reach_is_a_move_of_its_own_per_move() -> None:
    """TCG-6.2 「タックル: ボールを持った相手エリアまでの距離を移動した上でコスト + タックルの宣言で
    1コスト消費。」 (tackle: move the distance to the ball holder's area, paying for it, + 1 cost
    to declare): the reach is one move, at most 2 areas, whatever the tackler moved before."""
    state = _defending()
    state, _ = play(state, 'move away "Hiroshi Furuta" d2')  # c2 to d2: 1 area
    assert rules(state, 'tackle away "Hiroshi Furuta"') == []  # d2 to c4: 2 areas + 1
    per_phase = _defending(move_limit="per-phase")
    per_phase, _ = play(per_phase, 'move away "Hiroshi Furuta" d2')
    assert rules(per_phase, 'tackle away "Hiroshi Furuta"') == ["TCG-6.2"]  # 1 + 2 areas


def test_a_pass_costs_the_distance_and_1_within_an_area() -> None:
    """TCG-6.2: passes."""
    state = kicked_off()
    state, _ = play(state, 'pass home "Hanji Urabe"')  # c7 to c6: 1
    assert state.turn.cost == 3
    state, _ = play(state, 'pass home "Hajime Taki"')  # c6 to b5: 1
    assert state.turn.cost == 2
    state = arrange(state, "home", "Teppei Kisugi", "b5")
    state, _ = play(state, 'pass home "Teppei Kisugi"')  # within b5: still 1
    assert state.turn.cost == 1
    state = arrange(state, "home", "Ryo Ishizaki", "b7")
    assert rules(state, 'pass home "Ryo Ishizaki"') == ["TCG-6.2"]
    assert str(broken(state, 'pass home "Ryo Ishizaki"')[0]) == (
        "TCG-6.2: the pass costs 2 and only 1 cost is left"
    )


def test_a_shot_costs_the_distance_to_the_goal_mouth() -> None:
    """TCG-6.2: shots; from row 4 the goal mouth is 4 areas away."""
    state = arrange(kicked_off(), "home", "Tsubasa Ozora", "c4")
    state, consequences = play(state, "shoot home")
    assert of_kind(consequences, "shot")[0].data["cost"] == 4
    state = arrange(kicked_off(), "home", "Tsubasa Ozora", "c3")
    state = with_cost(state, 2)
    assert (
        str(broken(state, "shoot home")[0]) == "TCG-6.2: the shot costs 3 and only 2 cost is left"
    )


def _defending(**settings: str) -> Any:
    state = kicked_off(**settings)
    state = arrange(state, "home", "Tsubasa Ozora", "c4")
    state = ball_to(state, "home", "Tsubasa Ozora")
    state, _ = play(state, "end home")
    return state


def test_a_tackle_costs_the_reach_plus_1() -> None:
    """TCG-6.2: tackles. Yoshiro Koike reaches c4 from d4 (1) and declares (1)."""
    state = _defending()
    assert state.phase == "defense" and state.turn.cost == 4
    state, consequences = play(state, 'tackle away "Yoshiro Koike"')
    assert of_kind(consequences, "tackle-declared")[0].data["cost"] == 2
    assert state.away.player("Yoshiro Koike").area == "c4"
    assert state.phase == "battle-card"


def test_a_tackle_reaches_at_most_2_areas() -> None:
    state = _defending()
    assert rules(state, 'tackle away "Hiroshi Furuta"') == []  # c2 to c4: 2 areas, 3 cost
    assert rules(state, 'tackle away "Takeshi Sawada"') == []  # a3 to c4: 2 areas
    state = arrange(state, "away", "Takeshi Sawada", "a1")
    assert rules(state, 'tackle away "Takeshi Sawada"') == ["TCG-6.2"]


def test_a_pass_cut_costs_the_reach_to_the_receiver_plus_1() -> None:
    """TCG-6.2: pass cuts, only at the receiver of this turn's pass who still holds the ball."""
    state = kicked_off()
    state, _ = play(state, 'pass home "Hajime Taki"', "end home")
    assert rules(state, 'pass-cut away "Toho Midfielder (2)"') == []  # b4 to b5: 1 + 1
    _, consequences = play(state, 'pass-cut away "Kojiro Hyuga"')  # c5 to b5
    assert of_kind(consequences, "pass-cut-declared")[0].data["cost"] == 2
    state = kicked_off()
    state, _ = play(state, 'move home "Tsubasa Ozora" c6', "end home")
    assert rules(state, 'pass-cut away "Kojiro Hyuga"') == ["TCG-5.4"]


def test_tactics_cost_their_printed_cost() -> None:
    """TCG-6.2 / TCG-8.6: Fighting Spirit costs 3."""
    state, _ = play(kicked_off(), 'tactics home "Fighting Spirit"')
    assert state.turn.cost == 1
    state = with_cost(kicked_off(), 2)
    assert rules(state, 'tactics home "Fighting Spirit"') == ["TCG-6.2"]


def test_at_most_6_cost_is_gained_in_a_phase() -> None:
    """TCG-6.1: 4 from recovery + 2 from Sanae Nakazawa = 6; more is refused or clamped."""
    state, _ = play(kicked_off(), 'supporter home "Sanae Nakazawa"')
    assert (state.turn.cost, state.turn.gained) == (6, 6)
    state = with_cost(kicked_off(), 4)
    from dataclasses import replace

    state = replace(state, turn=replace(state.turn, gained=5))
    assert rules(state, 'supporter home "Sanae Nakazawa"') == ["TCG-6.1"]
    state, _ = force(state, 'supporter home "Sanae Nakazawa"')
    assert (state.turn.cost, state.turn.gained) == (5, 6)


def test_unspent_cost_vanishes_at_the_end_of_the_phase() -> None:
    """TCG-6.1: the defender starts from 4, whatever the attacker left."""
    state, _ = play(kicked_off(), 'move home "Tsubasa Ozora" c6', "end home")
    assert state.turn.phase_side == "away" and state.turn.cost == 4


def test_the_attacker_must_move_the_ball_before_ending() -> None:
    """TCG-5.3: the ball moves at least one area; a pass within an area does not count."""
    state = kicked_off()
    assert rules(state, "end home") == ["TCG-5.3"]
    state = arrange(state, "home", "Hanji Urabe", "c7")
    state, _ = play(state, 'pass home "Hanji Urabe"')
    assert rules(state, "end home") == ["TCG-5.3"]
    state, _ = play(state, 'move home "Hanji Urabe" c6')
    assert rules(state, "end home") == []


def test_with_no_cost_left_the_attack_may_end_without_moving_the_ball() -> None:
    """TCG-5.3 read with TCG-6: when the ball cannot move any more, the phase still ends."""
    state = with_cost(kicked_off(), 0)
    assert rules(state, "end home") == []


def test_an_overridden_price_never_drives_cost_below_zero() -> None:
    state = with_cost(kicked_off(), 1)
    state, _ = force(state, 'move home "Hajime Taki" b3')
    assert state.turn.cost == 0
    assert GAME.view(state)["cost_left"] == 0
