"""TCG-8.7 reverse cards that cost: the table enters the cost as the card is turned.

The source (カード構成, リバースカード): 「通常はコスト不要であるが、シュート用のカードなど一部に
コストが必要なカードも存在する。」 (they usually need no cost, but some cards, such as those for
shots, do need cost). Cost is had per phase (TCG-6); what a side still holds when its phase of
the turn ends is what it may pay with in that turn's battle (docs/rules/tcg.md).
"""

from tcg_helpers import arrange, broken, force, kicked_off, of_kind, play, rules

from domain.tcg.state import TcgState


def _reverse_step() -> TcgState:
    """Nankatsu set a reverse card, Tsubasa Ozora shot from c3 (3 of 4 cost: 1 left); Toho
    ended their defense phase with all 4 of theirs; Nankatsu may flip first."""
    state, _ = play(kicked_off(), "set-reverse home")
    state = arrange(state, "home", "Tsubasa Ozora", "c3")
    state, _ = play(state, "shoot home", "end away")
    assert state.phase == "reverse"
    return state


def test_a_costed_reverse_card_is_paid_from_the_cost_the_side_kept() -> None:
    """TCG-8.7: Desperate Save entered at cost 1, the 1 cost Nankatsu had left."""
    state = _reverse_step()
    assert (state.turn.kept_by("home"), state.turn.kept_by("away")) == (1, 4)
    state, consequences = play(state, 'flip home 1 "Desperate Save" bonus=2 cost=1')
    assert state.turn.kept_by("home") == 0
    assert of_kind(consequences, "reverse-flipped")[0].text == (
        "Nankatsu (Alice) flip Desperate Save (+2, 1 cost)."
    )


def test_a_reverse_card_costing_more_than_is_left_is_refused() -> None:
    """TCG-8.7 checked against TCG-6: 2 cost asked, 1 left; overridden, cost stops at 0."""
    state = _reverse_step()
    assert str(broken(state, 'flip home 1 "Desperate Save" cost=2')[0]) == (
        "TCG-8.7: Desperate Save costs 2 and only 1 cost is left (TCG-6)"
    )
    state, _ = force(state, 'flip home 1 "Desperate Save" cost=2')
    assert state.turn.kept_by("home") == 0


def test_a_negative_cost_is_no_cost() -> None:
    state = _reverse_step()
    assert [
        (v.rule, v.overridable) for v in broken(state, 'flip home 1 "Desperate Save" cost=-1')
    ] == [("TCG-8.7", False)]


def test_a_free_reverse_card_needs_no_cost_entered() -> None:
    """TCG-8.7 「通常はコスト不要」 (usually no cost): a flip without a cost pays nothing."""
    state = _reverse_step()
    state, _ = play(state, 'flip home 1 "Desperate Save" bonus=3')
    assert state.turn.kept_by("home") == 1
    assert rules(state, "no-flip home") != []  # the flip was made: the battle moved on


def test_the_kept_cost_is_gone_with_the_turn() -> None:
    """TCG-5.6 「手番を跨ぐカード外コスト蓄積: 無し(フェイズ終了時に消滅)。」 (no cost carried
    across turns: it vanishes at the end of the phase): a new turn starts with nothing kept."""
    state, _ = play(
        _reverse_step(),
        "no-flip home",
        'battle-card home "Tsubasa Ozora"',
        'battle-card away "Toho Brass Band"',
        "support away",
    )
    assert state.phase == "kickoff"  # a goal: 15 against 10
    state, _ = play(state, 'kickoff away "Kojiro Hyuga"')
    assert state.turn.kept == () and state.turn.cost == 4
