"""Who may support the receiver of a battle (TCG-7.5), by the `support` setting.

The source: 「受け側は支援が可能な位置にいるフィールドの選手を使って、任意に支援を行わせる。」
(the receiver has field players in positions from which support is possible support at will),
「支援に参加した選手 1名に付き、受け側の選手のディフェンス力が +1される。」 (each player who
joins the support gives the receiving player +1). It does not say which positions those are;
the setting chooses (docs/rules/tcg.md). Under every reading a supporter is another active
player of the receiving side; under `adjacent` and `same-area` he stands on the field, near the
receiving player: a goalkeeper in his goal mouth stands in no area of the field (TCG-10.1,
TCG-11.1: the field is the 45 areas, the goal mouths lie beyond it).
"""

from __future__ import annotations

from domain.phrase import phrase
from domain.tcg.field import GOAL
from domain.tcg.guards import distance
from domain.tcg.state import Battle, FieldPlayer, TcgState

# How far from the receiving player's area a supporter may stand, by the `support` setting.
REACH = {"adjacent": 1, "same-area": 0}


def support_refusal(state: TcgState, battle: Battle, player: FieldPlayer) -> str | None:
    """Why `player` cannot support this battle's receiver from where he stands, or None."""
    reach = REACH.get(state.setup.support)
    if reach is None:  # "anywhere": the position is not checked
        return None
    if player.area == GOAL:
        return phrase("{player} stands in the goal mouth, not on the field", player=player.label)
    receiver = state.side(battle.receiver).player(battle.receiver_player)
    assert receiver is not None
    side = battle.receiver
    away = distance(state, side, player.area, side, receiver.area)
    if away <= reach:
        return None
    where = phrase("the goal mouth") if receiver.area == GOAL else receiver.area
    values = {
        "player": player.label,
        "area": player.area,
        "receiver": receiver.label,
        "where": where,
        "support": state.setup.support,
    }
    if reach == 0:
        return phrase(
            "{player} in {area} is not in {receiver}'s area ({where}), from where support is "
            "possible (support={support})",
            **values,
        )
    return phrase(
        "{player} in {area} is not in or next to {receiver}'s area ({where}), from where "
        "support is possible (support={support})",
        **values,
    )


def may_support(state: TcgState, battle: Battle, player: FieldPlayer) -> bool:
    """An active teammate of the receiving player, other than him, in a supporting position."""
    return (
        player.label != battle.receiver_player
        and player.active(state.turn.number)
        and support_refusal(state, battle, player) is None
    )
