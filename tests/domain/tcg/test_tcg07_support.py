"""TCG-7.5 support: who may support the receiver of a battle, from where, and what it adds.

The source (tsubasa-tcg-2002.ja.txt, バトルフェイズ ▽ 支援効果の決定):
「受け側は支援が可能な位置にいるフィールドの選手を使って、任意に支援を行わせる。」
(the receiver has field players who are in positions from which support is possible support
at will) and 「支援に参加した選手 1名に付き、受け側の選手のディフェンス力が +1される。」 (for each
player who joins the support, the receiving player's Defense is raised by 1).
"""

from dataclasses import replace

from tcg_helpers import GAME, arrange, ball_to, broken, kicked_off, of_kind, play, rules

from domain.tcg.state import TcgState

OUTFIELD = (
    "Tadashi Imai",
    "Hiroshi Furuta",
    "Katsuo Shimano",
    "Takeshi Sawada",
    "Kazuki Sorimachi",
    "Toho Midfielder",
    "Toho Midfielder (2)",
    "Yoshiro Koike",
    "Kojiro Hyuga",
    "Takuma Tanaka",
)


def _support_step(**settings: str) -> TcgState:
    """Tsubasa Ozora has shot from b1 at Ken Wakashimazu in his goal mouth; both battle cards
    are set; Toho decide the support. Imai stands in b1, Furuta in c2, Hyuga far off in c7."""
    state = arrange(kicked_off(**settings), "home", "Tsubasa Ozora", "b1")
    state = arrange(state, "away", "Tadashi Imai", "b1")
    state = arrange(state, "away", "Kojiro Hyuga", "c7")
    state = replace(state, turn=replace(state.turn, cost=4))
    state, _ = play(
        state,
        "shoot home",
        "end away",
        'battle-card home "Overlap"',
        'battle-card away "Long Ball"',
    )
    assert state.phase == "support"
    return state


def test_all_ten_outfield_players_no_longer_support_the_keeper_from_anywhere() -> None:
    """TCG-7.5, the reported case: ten supporters, one in c7 while the shot came from b1, gave
    the keeper +10. Only those next to the goal mouth may support (support=adjacent)."""
    state = _support_step()
    everyone = ",".join(OUTFIELD)
    problems = broken(state, f'support away players="{everyone}"')
    refused = {v.message.split(" in ")[0] for v in problems}
    assert all(v.rule == "TCG-7.5" and v.overridable for v in problems)
    assert "Kojiro Hyuga" in refused and "Tadashi Imai" not in refused
    assert str(next(v for v in problems if v.message.startswith("Kojiro Hyuga"))) == (
        "TCG-7.5: Kojiro Hyuga in c7 is not in or next to Ken Wakashimazu's area (the goal "
        "mouth), from where support is possible (support=adjacent)"
    )
    assert rules(state, 'support away players="Tadashi Imai"') == []


def test_the_support_step_offers_only_players_in_supporting_positions() -> None:
    """TCG-7.5: the choices are what the check accepts."""
    state = _support_step()
    (offer,) = GAME.expected(state)
    assert offer.choices["players"] == ["Tadashi Imai"]


def test_adjacent_means_the_receiving_player_s_area_or_one_area_from_it() -> None:
    """TCG-7.5 support=adjacent, one area as TCG-11.6 counts it (king moves by default)."""
    state = _support_step()
    state = arrange(state, "away", "Hiroshi Furuta", "a1")  # a corner, diagonal to the mouth
    state = arrange(state, "away", "Katsuo Shimano", "d2")  # two rows from the goal mouth
    assert rules(state, 'support away "Hiroshi Furuta"') == []
    assert rules(state, 'support away "Katsuo Shimano"') == ["TCG-7.5"]
    orthogonal = arrange(_support_step(distance="orthogonal"), "away", "Hiroshi Furuta", "a1")
    assert rules(orthogonal, 'support away "Hiroshi Furuta"') == ["TCG-7.5"]


def test_same_area_support_comes_only_from_the_receiving_player_s_area() -> None:
    """TCG-7.5 support=same-area: a keeper in his goal mouth can then have no support."""
    state = _support_step(support="same-area")
    assert rules(state, 'support away "Tadashi Imai"') == ["TCG-7.5"]


def test_anywhere_is_the_earlier_reading_every_active_teammate_supports() -> None:
    """TCG-7.5 support=anywhere: what the engine did before the setting (and what matches
    stored then were recorded under): ten supporters give +10."""
    state = _support_step(support="anywhere")
    everyone = ",".join(OUTFIELD)
    state, consequences = play(state, f'support away players="{everyone}"')
    battle = of_kind(consequences, "battle")[0].data
    assert battle["receiver_total"] == 8 + 4 + 10  # Defense 8, Long Ball 4, ten supporters


def test_the_receiving_keeper_does_not_support_himself() -> None:
    """TCG-7.5 「支援に参加した選手 1名に付き、受け側の選手のディフェンス力が +1される。」 (each
    player who joins the support raises the receiving player's Defense by 1): support is what
    other players add to him, so the receiving goalkeeper is never his own supporter."""
    state = _support_step()
    assert str(broken(state, 'support away "Ken Wakashimazu"')[0]) == (
        "TCG-7.5: Ken Wakashimazu is in the battle already"
    )
    state = _support_step(support="anywhere")
    assert rules(state, 'support away "Ken Wakashimazu"') == ["TCG-7.5"]


def _tackle_near_the_goal(**settings: str) -> TcgState:
    """Hajime Taki holds the ball in c1, just before Toho's goal mouth; Tadashi Imai tackles
    him; now Nankatsu (the receiver) decide the support. Izawa stands in b1, Urabe in c3."""
    state = arrange(kicked_off(**settings), "home", "Hajime Taki", "c1")
    state = arrange(state, "home", "Mamoru Izawa", "b1")
    state = arrange(state, "home", "Hanji Urabe", "c3")
    state = arrange(state, "away", "Tadashi Imai", "c1")
    state = ball_to(state, "home", "Hajime Taki")
    state, _ = play(
        state,
        "end home",
        'tackle away "Tadashi Imai"',
        'battle-card away "Long Ball"',
        'battle-card home "Overlap"',
    )
    assert state.phase == "support" and state.battle.receiver == "home"
    return state


def test_a_keeper_in_his_goal_mouth_is_no_field_player_and_supports_nobody() -> None:
    """TCG-7.5 「支援が可能な位置にいるフィールドの選手」 (field players in positions from which
    support is possible), where the source divides the playing space into 「45エリアで構成される
    共用のフィールドや、それぞれのゴールマウス」 (the shared field of 45 areas, and each goal
    mouth): a goalkeeper in his goal mouth is not on the field. Toho's keeper may not support
    the tackle in c1, next to his goal mouth, while he stands in it."""
    state = arrange(kicked_off("away", "Kojiro Hyuga"), "away", "Kojiro Hyuga", "c8")
    state = arrange(state, "away", "Takuma Tanaka", "c9")
    state = arrange(state, "home", "Kazuo Tobe", "c9")
    state = ball_to(state, "away", "Takuma Tanaka")
    state, _ = play(
        state,
        "end away",
        'tackle home "Kazuo Tobe"',
        'battle-card home "Overlap"',
        'battle-card away "Long Ball"',
    )
    assert state.phase == "support"
    assert str(broken(state, 'support away "Ken Wakashimazu"')[0]).startswith(
        "TCG-7.5: Ken Wakashimazu stands in the goal mouth, not on the field"
    )
    assert rules(state, 'support away "Kojiro Hyuga"') == []


def test_support_in_a_tackle_adds_to_the_ball_holder_s_keep() -> None:
    """TCG-7.5 with TCG-7.6 「タックル・パスカットする選手のディフェンス力と相手のキープ力で判定。」
    (a tackle or pass cut is judged by the challenger's Defense against the other's Keep): the
    support step comes in every battle, before the judging of shots, tackles and pass cuts
    alike, so the receiver's +1s go to the value he battles with: Keep in a tackle."""
    state = _tackle_near_the_goal()
    assert rules(state, 'support home "Hanji Urabe"') == ["TCG-7.5"]  # c3, two rows off
    state, consequences = play(state, 'support home "Mamoru Izawa"')
    battle = of_kind(consequences, "battle")[0].data
    # Imai: Defense 5 + Long Ball 4; Taki: Keep 3 + Overlap 4 + Izawa 1.
    assert (battle["challenger_total"], battle["receiver_total"]) == (9, 8)
