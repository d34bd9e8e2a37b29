"""view(), render() and expected(): the public situation and what may come next."""

import json

from tcg_helpers import GAME, kicked_off, new_match, play


def test_view_holds_the_score_phase_field_ball_and_cost() -> None:
    state = kicked_off()
    view = GAME.view(state)
    json.dumps(view)
    assert view["score"] == {"home": 0, "away": 0}
    assert view["phase"] == "attack" and view["cost_left"] == 4
    assert len(view["field"]) == 9 and all(len(row) == 5 for row in view["field"])
    c7 = view["field"][6][2]
    assert c7["area"] == "c7" and c7["ball"] is True
    assert [p["label"] for p in c7["players"]] == ["Tsubasa Ozora"]
    assert view["ball"] == {"side": "home", "player": "Tsubasa Ozora", "area": "c7"}
    assert view["goal_mouths"]["away"] == {"keeper": "Ken Wakashimazu", "ball": False}
    assert view["sides"]["home"]["hand"] == 6 and view["sides"]["away"]["hand"] == 0


def test_a_battle_card_stays_face_down_until_both_are_set() -> None:
    state, _ = play(kicked_off(), 'move home "Tsubasa Ozora" c5', "end home")
    state, _ = play(state, 'tackle away "Kojiro Hyuga"', 'battle-card away "Pressing"')
    assert GAME.view(state)["battle"]["cards"] == {"challenger": None, "receiver": None}


def test_render_draws_the_5_by_9_grid_with_players_ball_and_cost() -> None:
    text = GAME.render(kicked_off())
    lines = text.splitlines()
    assert lines[0] == "Nankatsu 0 – 0 Toho"
    assert "cost left 4" in lines[1]
    assert "[Toho goal: Ken Wakashimazu]" in lines[2]
    assert lines[3].startswith(" 1") and lines[11].startswith(" 9")
    assert "H*" in lines[9]  # c7: Tsubasa Ozora with the ball


def test_expected_names_sides_and_players_and_offers_only_legal_entries() -> None:
    state = new_match()
    first = GAME.expected(state)
    assert [e.fixed for e in first] == [
        {"side": "home", "player": "Yuzo Morisaki"},
        {"side": "away", "player": "Ken Wakashimazu"},
    ]
    assert first[0].choices["area"] == ["goal"]
    state = kicked_off()
    kinds = {e.kind for e in GAME.expected(state)}
    assert {"pass", "move", "supporter", "tactics", "set-reverse"} <= kinds
    assert "end" not in kinds and "shoot" not in kinds  # the ball has not moved; c7 is too far


def test_action_kinds_document_every_kind() -> None:
    assert set(GAME.action_kinds()) == set(GAME.codec.kinds)
    assert all(text.startswith("TCG-") for text in GAME.action_kinds().values())
