"""TCG-7 the Battle Phase: reverse flips, battle cards, 1 beats 8, support, outcomes by margin."""

from typing import Any

import pytest
from tcg_helpers import (
    GAME,
    arrange,
    ball_to,
    kicked_off,
    kinds,
    of_kind,
    play,
    rules,
    set_hand,
)

from domain.tcg.state import TcgState

# Tsubasa Ozora (Shot 7) shoots at Ken Wakashimazu (Defense 8). Battle Points of the cards:
# Sanae Nakazawa 1, Nankatsu Cheer Squad 2, Overlap 4, Golden Combi 5, Tsubasa Ozora 8;
# Toho Cheerleaders 1, Toho Brass Band 2, Toho Reserve FW 3, Long Ball 4, Pressing 6,
# Kojiro Hyuga 8.


def shooting() -> TcgState:
    """Tsubasa Ozora has shot from c3; Toho's defense phase is next to end. Tadashi Imai stands
    in c1, next to his goal mouth, where he may support his keeper (TCG-7.5)."""
    state = arrange(kicked_off(), "home", "Tsubasa Ozora", "c3")
    state = arrange(state, "away", "Tadashi Imai", "c1")
    state, _ = play(state, "shoot home")
    return state


def shot_battle(home_card: str, away_card: str, support: str = "") -> tuple[TcgState, list[Any]]:
    return play(
        shooting(),
        "end away",
        f'battle-card home "{home_card}"',
        f'battle-card away "{away_card}"',
        f'support away players="{support}"',
    )


@pytest.mark.parametrize(
    ("home_card", "away_card", "support", "outcome", "totals"),
    [
        ("Tsubasa Ozora", "Toho Brass Band", "", "goal", (15, 10)),
        ("Golden Combi", "Toho Brass Band", "", "goal", (12, 10)),  # ahead by exactly 2
        ("Golden Combi", "Toho Reserve FW", "", "punch", (12, 11)),  # ahead by 1
        ("Overlap", "Long Ball", "", "punch", (11, 12)),  # behind by 1
        ("Golden Combi", "Long Ball", "", "punch", (12, 12)),  # level
        ("Nankatsu Cheer Squad", "Toho Reserve FW", "", "catch", (9, 11)),  # behind by 2
        ("Golden Combi", "Toho Brass Band", "Tadashi Imai", "punch", (12, 11)),  # support +1
    ],
)
def test_shot_outcomes_by_margin(
    home_card: str, away_card: str, support: str, outcome: str, totals: tuple[int, int]
) -> None:
    """TCG-7.6: ahead by 2 or more a goal; behind by 2 or more a catch; within 1 a punch."""
    _, consequences = shot_battle(home_card, away_card, support)
    battle = of_kind(consequences, "battle")[0].data
    assert (battle["challenger_total"], battle["receiver_total"]) == totals
    assert outcome in kinds(consequences)


def test_a_goal_scores_resets_the_field_and_the_opponent_kicks_off() -> None:
    state, consequences = shot_battle("Tsubasa Ozora", "Toho Brass Band")
    goal = of_kind(consequences, "goal")[0]
    assert goal.data == {"side": "home", "score": {"home": 1, "away": 0}}
    assert state.phase == "kickoff" and state.pending.side == "away"
    assert state.home.player("Tsubasa Ozora").area == "c7"
    assert GAME.view(state)["score"] == {"home": 1, "away": 0}


def test_a_catch_makes_the_shooter_inactive_until_the_end_of_the_next_turn() -> None:
    """TCG-7.6 / TCG-5.5."""
    state, _ = shot_battle("Nankatsu Cheer Squad", "Toho Reserve FW")
    assert state.phase == "restart" and state.pending.kind == "goal-kick"
    state, _ = play(state, 'restart away "Ken Wakashimazu"')
    assert state.turn.number == 2
    assert rules(state, 'move away "Kojiro Hyuga" c6') == []
    assert not state.home.player("Tsubasa Ozora").active(2)
    assert state.home.player("Tsubasa Ozora").active(3)


def test_a_punch_lands_where_the_dice_say_and_someone_gathers_the_ball() -> None:
    state, _ = shot_battle("Golden Combi", "Long Ball")
    assert state.phase == "landing"
    assert rules(state, "land roll=7 area=c2") == ["TCG-2.5"]
    state, consequences = play(state, "land roll=4 area=b2")
    assert of_kind(consequences, "ball-landed")[0].data["area"] == "b2"
    state, _ = play(state, 'gather away "Tadashi Imai"')
    assert state.ball == "Tadashi Imai" and state.turn.attacker == "away"


def test_one_beats_eight_outright() -> None:
    """TCG-7.4: a 1 against an 8 wins whatever the stats, and support is skipped."""
    _, consequences = play(
        shooting(),
        "end away",
        'battle-card home "Tsubasa Ozora"',
        'battle-card away "Toho Cheerleaders"',
    )
    assert of_kind(consequences, "battle")[0].data["one_beats_eight"] is True
    assert "catch" in kinds(consequences)
    _, consequences = play(
        shooting(),
        "end away",
        'battle-card home "Sanae Nakazawa"',
        'battle-card away "Kojiro Hyuga"',
    )
    assert "goal" in kinds(consequences)


def test_an_empty_hand_sets_no_battle_card_and_counts_0() -> None:
    """TCG-7.3: the battle moves on by itself for a coach without cards."""
    state = set_hand(shooting(), "home", 0)
    state, consequences = play(state, "end away")
    assert state.phase == "battle-card" and state.battle.challenger_card == 0
    state, consequences = play(state, 'battle-card away "Toho Brass Band"', "support away")
    battle = of_kind(consequences, "battle")[0].data
    assert (battle["challenger_total"], battle["receiver_total"]) == (7, 10)


def _tackling() -> TcgState:
    state = arrange(kicked_off(), "home", "Tsubasa Ozora", "c4")
    state = ball_to(state, "home", "Tsubasa Ozora")
    state, _ = play(state, "end home", 'tackle away "Yoshiro Koike"')
    return state


# Yoshiro Koike (Defense 4) tackles Tsubasa Ozora (Keep 6).
def test_a_won_tackle_sends_the_ball_out_of_play_to_the_tackler() -> None:
    """TCG-7.6: the challenger wins the ball; play is out (substitutions allowed)."""
    state, consequences = play(
        _tackling(), 'battle-card away "Kojiro Hyuga"', 'battle-card home "Overlap"', "support home"
    )
    assert kinds(consequences)[:4] == ["battle-card", "battle-card", "support", "battle"]
    assert "tackle-won" in kinds(consequences) and "out-of-play" in kinds(consequences)
    assert state.phase == "restart" and state.pending.side == "away"
    assert rules(state, 'substitute home "Hanji Urabe" "Nankatsu Reserve MF"') == []


def test_a_lost_tackle_keeps_the_ball_with_the_holder() -> None:
    state, consequences = play(
        _tackling(), 'battle-card away "Long Ball"', 'battle-card home "Overlap"', "support home"
    )
    assert "ball-kept" in kinds(consequences)
    assert state.turn.number == 2 and state.turn.attacker == "home"


def test_a_tied_tackle_is_decided_by_the_high_roll_and_equal_dice_roll_again() -> None:
    """TCG-7.6 (open) dice-table=high-roll: each side rolls, the higher wins the ball."""
    state, _ = play(
        _tackling(), 'battle-card away "Pressing"', 'battle-card home "Overlap"', "support home"
    )
    assert state.phase == "tie"
    assert GAME.expected(state)[0].dice == {"dice": (6, 6)}
    state, _ = play(state, "tie-dice 3,3")
    assert state.phase == "tie"
    state, consequences = play(state, "tie-dice 5,2")
    assert "tackle-won" in kinds(consequences)


def test_the_single_die_table_reads_4_to_6_for_the_challenger() -> None:
    state = arrange(kicked_off(dice_table="single-die"), "home", "Tsubasa Ozora", "c4")
    state = ball_to(state, "home", "Tsubasa Ozora")
    state, _ = play(
        state,
        "end home",
        'tackle away "Yoshiro Koike"',
        'battle-card away "Pressing"',
        'battle-card home "Overlap"',
        "support home",
    )
    assert rules(state, "tie-dice 3,4") == ["TCG-7.6"]
    state, consequences = play(state, "tie-dice 3")
    assert "ball-kept" in kinds(consequences)


def test_reverse_cards_flip_once_a_turn_challenger_first_and_wait_icons_wait() -> None:
    """TCG-7.2 / TCG-8.7: Drive Shot has the wait icon; Desperate Save does not."""
    state = kicked_off()
    state, _ = play(state, "set-reverse home")
    state = arrange(state, "home", "Tsubasa Ozora", "c3")
    state, _ = play(state, "shoot home", "end away")
    assert state.phase == "reverse"
    assert rules(state, 'flip home 1 "Drive Shot"') == ["TCG-8.7"]
    assert rules(state, 'flip home 2 "Desperate Save"') == ["TCG-8.7"]
    assert rules(state, 'flip home 1 "Golden Combi"') == ["TCG-8.7"]
    state, _ = play(state, 'flip home 1 "Desperate Save" bonus=3')
    assert state.battle.challenger_bonus == 3 and state.home.reverse == ()
    assert state.phase == "battle-card"  # Toho hold no set reverse card


def test_support_names_active_teammates_outside_the_battle() -> None:
    """TCG-7.5."""
    state, _ = play(
        shooting(), "end away", 'battle-card home "Overlap"', 'battle-card away "Long Ball"'
    )
    assert rules(state, 'support away "Ken Wakashimazu"') == ["TCG-7.5"]
    assert rules(state, 'support away "Tadashi Imai,Tadashi Imai"') == ["TCG-7.5"]
    assert rules(state, 'support home "Hanji Urabe"') == ["TCG-7.5"]
    assert rules(state, 'support away "Nobody"') == ["TCG-7.5"]


def test_a_battle_card_is_mandatory_while_holding_cards_and_must_be_the_setters() -> None:
    state, _ = play(shooting(), "end away")
    assert rules(state, 'battle-card away "Long Ball"') == ["TCG-7.3"]
    assert rules(state, 'battle-card home "Unknown Card"') == ["TCG-7.3"]
