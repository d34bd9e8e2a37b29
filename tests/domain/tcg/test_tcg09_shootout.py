"""TCG-9 the penalty shoot-out: 5 kickers, Shot + d6 against Defense + d6, sudden death."""

from dataclasses import replace

from tcg_helpers import GAME, broken, kicked_off, kinds, of_kind, play, rules

from domain.tcg.state import ShootOut, TcgState

HOME = "kickers home 'Tsubasa Ozora,Taro Misaki,Hajime Taki,Teppei Kisugi,Hanji Urabe'"
AWAY = "kickers away 'Kojiro Hyuga,Kazuki Sorimachi,Takeshi Sawada,Takuma Tanaka,Yoshiro Koike'"


def shoot_out() -> TcgState:
    state = replace(kicked_off(), phase="kickers", shoot_out=ShootOut(first="home"))
    state, _ = play(state, HOME, AWAY)
    return state


def test_each_side_names_5_field_players() -> None:
    """TCG-9.1."""
    state = replace(kicked_off(), phase="kickers", shoot_out=ShootOut(first="home"))
    assert rules(state, "kickers home 'Tsubasa Ozora,Taro Misaki'") == ["TCG-9.1"]
    assert rules(state, "kickers home 'Tsubasa Ozora,Nobody'") == ["TCG-9.1", "TCG-9.1"]
    state, _ = play(state, HOME)
    assert state.phase == "kickers"
    state, _ = play(state, AWAY)
    assert state.phase == "penalties"
    (kick,) = GAME.expected(state)
    assert kick.fixed == {"side": "home"} and kick.dice == {"dice": (6, 6)}


def test_a_kick_scores_only_when_strictly_higher() -> None:
    """TCG-9.2: Tsubasa Ozora's Shot 7 + 1 = 8 against Ken Wakashimazu's Defense 8 + 0..."""
    state = shoot_out()
    assert rules(state, "penalty home 7,1") == ["TCG-2.5"]
    assert rules(state, "penalty away 3,1") == ["TCG-9.2"]
    state, consequences = play(state, "penalty home 2,1")  # 9 against 9: no goal
    assert of_kind(consequences, "shoot-out-kick")[0].data["scored"] is False
    state, consequences = play(state, "penalty away 1,1")  # Hyuga 8 + 1 against Morisaki 7 + 1
    assert of_kind(consequences, "shoot-out-kick")[0].data["scored"] is True


def test_five_kicks_each_then_the_more_goals_win() -> None:
    """TCG-9.3: all five are taken even when the result is clear early."""
    state = shoot_out()
    for _ in range(4):
        state, _ = play(state, "penalty home 6,1", "penalty away 1,6")
    assert state.phase == "penalties"
    state, _ = play(state, "penalty home 1,6")
    state, consequences = play(state, "penalty away 1,6")
    assert kinds(consequences)[-1] == "match-ended"
    result = GAME.result(state)
    assert result is not None and result.ranking == (("home",), ("away",))
    assert "Penalties 4–0" in result.summary


def test_sudden_death_until_one_scores_and_the_other_fails() -> None:
    """TCG-9.3: level after 5 each, kicks go on in pairs with the kickers in the same order."""
    state = shoot_out()
    for _ in range(4):
        state, _ = play(state, "penalty home 6,1", "penalty away 6,1")
    state, _ = play(state, "penalty home 6,1", "penalty away 1,6")  # Urabe's 9 is not enough
    assert state.phase == "penalties" and state.shoot_out.scored("home") == 4
    state, _ = play(state, "penalty home 6,1", "penalty away 6,1")  # both score: go on
    state, _ = play(state, "penalty home 1,6", "penalty away 1,6")  # both miss: go on
    assert state.phase == "penalties"
    state, consequences = play(state, "penalty home 1,6")
    assert of_kind(consequences, "shoot-out-kick")[0].data["kicker"] == "Hajime Taki"
    state, consequences = play(state, "penalty away 6,1")
    assert state.phase == "over"
    assert [str(v) for v in broken(state, "penalty home 6,1")] == [
        "TCG-9.3: the match is over: the penalty shoot-out decided it"
    ]
    result = GAME.result(state)
    assert result is not None and result.winners == ("away",)
    assert result.scores == {"home": 0, "away": 0}
