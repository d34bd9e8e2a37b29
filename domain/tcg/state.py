"""The immutable match state: the field, each side's public counts, the turn and the battle.

Hands are secret, so a hand, a library and the trash are counts; `used` lists the deck cards
a side has shown (played, flipped, revealed, discarded) so no card is shown more often than the
team list holds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.frozen import replace
from domain.tcg.field import GOAL
from domain.tcg.labels import keys_of, label_key, number_of
from domain.tcg.setup import TcgSetup, other
from domain.tcg.team_list import Card

# TCG-3.1: hands start empty (SideState.hand), scores at 0 (SideState.goals); the hand limit.
HAND_LIMIT = 6
HALF_DECK = 24
PHASE_COST = 4
COST_CAP = 6
MOVE_LIMIT = 2
AREA_CAPACITY = 4
SIDE_CAPACITY = 3
REVERSE_LIMIT = 3
SUBSTITUTION_LIMIT = 3
KICKERS = 5


@dataclass(frozen=True)
class FieldPlayer:
    label: str  # unique within the side; a repeated name gets " (2)"
    card: Card
    area: str  # "a1".."e9", or "goal" for the own goal mouth
    home_area: str  # the initial placement (TCG-11.3), returned to after goals and halftime
    inactive_until: int = -1  # inactive while the turn number is at most this (TCG-5.5)

    @property
    def position(self) -> str:
        return self.card.position or "MF"

    def active(self, turn: int) -> bool:
        return turn > self.inactive_until

    def answers_to(self, label: str) -> bool:
        """Whether `label` names this player: its label, or its card's name in the other
        language numbered the same (`Tsubasa Ozora (2)` for `大空翼 (2)`)."""
        key = label_key(label)
        return key == label_key(self.label) or key in keys_of(
            self.card.names, number_of(self.label, self.card.name)
        )


@dataclass(frozen=True)
class ReverseSlot:
    set_turn: int


@dataclass(frozen=True)
class SideState:
    """One side's zones (TCG-10.1): its players on the field and in its goal mouth, its hand,
    library and waiting deck as counts, its reverse zone (`reverse`) and its trash. The Head
    Coach slot holds the team list's coach card; the play zone holds a supporter or tactics
    card only while it is used, then the card goes to the trash."""

    players: tuple[FieldPlayer, ...] = ()
    hand: int = 0
    library: int = HALF_DECK
    reserve: int = HALF_DECK  # the 2nd-half deck, waiting
    trash: int = 0
    used: tuple[str, ...] = ()
    reverse: tuple[ReverseSlot, ...] = ()
    substitutions: int = 0
    goals: int = 0

    def player(self, label: str) -> FieldPlayer | None:
        # The rules look players up by the labels the state holds far more often than by a
        # name someone typed: the exact label first, then any name the player answers to.
        exact = next((p for p in self.players if p.label == label), None)
        return exact or next((p for p in self.players if p.answers_to(label)), None)

    def keeper(self) -> FieldPlayer | None:
        return next((p for p in self.players if p.position == "GK"), None)

    def with_player(self, player: FieldPlayer, old_label: str | None = None) -> SideState:
        key = label_key(old_label or player.label)
        players = tuple(player if label_key(p.label) == key else p for p in self.players)
        return replace(self, players=players)


@dataclass(frozen=True)
class Turn:
    number: int = 0
    attacker: str = "home"
    phase_side: str = "home"
    cost: int = 0
    gained: int = 0
    moved: tuple[tuple[str, int], ...] = ()  # (label, areas) moved this phase
    ball_moved: bool = False
    receiver: str | None = None  # the attacker's latest pass receiver (a pass cut target)
    supporters: tuple[str, ...] = ()  # sides that used a supporter card this turn
    tactics: tuple[str, ...] = ()
    reverse_set: tuple[str, ...] = ()
    reverse_flipped: tuple[str, ...] = ()
    shot: bool = False
    deck_ran_out: bool = False
    # The cost each side had left when its phase of this turn ended: what a costed reverse
    # card flipped in this turn's battle is paid from (TCG-8.7); gone with the turn.
    kept: tuple[tuple[str, int], ...] = ()

    def moved_by(self, label: str) -> int:
        return sum(n for who, n in self.moved if label_key(who) == label_key(label))

    def kept_by(self, side: str) -> int:
        return dict(self.kept).get(side, 0)

    def with_kept(self, side: str, cost: int) -> Turn:
        kept = tuple((s, c) for s, c in self.kept if s != side)
        return replace(self, kept=(*kept, (side, cost)))


@dataclass(frozen=True)
class Battle:
    kind: str  # "shot", "tackle" or "pass-cut"
    challenger: str
    challenger_player: str
    receiver_player: str
    decided_flip: tuple[str, ...] = ()
    challenger_bonus: int = 0
    receiver_bonus: int = 0
    challenger_card: int | None = None  # Battle Point revealed; 0 for an empty hand
    receiver_card: int | None = None
    support: int | None = None

    @property
    def receiver(self) -> str:
        return other(self.challenger)


@dataclass(frozen=True)
class Pending:
    """What must happen before the next turn: a kick-off, a restart or a loose ball."""

    kind: str  # "kickoff", "goal-kick", "out-of-play", "loose-ball"
    side: str | None = None
    area: str | None = None


@dataclass(frozen=True)
class ShootOut:
    first: str
    kickers: tuple[tuple[str, tuple[str, ...]], ...] = ()
    kicks: tuple[tuple[str, bool], ...] = ()  # (side, scored) in kicking order

    def kickers_of(self, side: str) -> tuple[str, ...]:
        return dict(self.kickers).get(side, ())

    def taken(self, side: str) -> int:
        return sum(1 for s, _ in self.kicks if s == side)

    def scored(self, side: str) -> int:
        return sum(1 for s, ok in self.kicks if s == side and ok)

    @property
    def next_side(self) -> str:
        return self.first if len(self.kicks) % 2 == 0 else other(self.first)


@dataclass(frozen=True)
class TcgState:
    setup: TcgSetup
    phase: str  # placement, toss, kickoff, discard, attack, defense, reverse, battle-card,
    # support, tie, landing, gather, restart, kickers, penalties, over
    home: SideState
    away: SideState
    half: int = 1
    first_attacker: str | None = None
    ball: str | None = None  # the label of the home or away player holding the ball
    ball_side: str | None = None
    turn: Turn = Turn()
    battle: Battle | None = None
    pending: Pending | None = None
    tie_rolls: int = 0
    shoot_out: ShootOut | None = None

    def side(self, side: str) -> SideState:
        return self.home if side == "home" else self.away

    def with_side(self, side: str, value: SideState) -> TcgState:
        return replace(self, home=value) if side == "home" else replace(self, away=value)

    def label(self, side: str) -> str:
        return self.setup.label(side)

    @property
    def score(self) -> dict[str, int]:
        return {"home": self.home.goals, "away": self.away.goals}

    def holder(self) -> FieldPlayer | None:
        if self.ball is None or self.ball_side is None:
            return None
        return self.side(self.ball_side).player(self.ball)

    def ball_area(self) -> str | None:
        holder = self.holder()
        return holder.area if holder else None

    def in_area(self, area: str) -> list[tuple[str, FieldPlayer]]:
        found = []
        for side in ("home", "away"):
            found += [(side, p) for p in self.side(side).players if p.area == area]
        return found


def unique_label(name: str, taken: list[str]) -> str:
    # A name on the field under its other language is the same name: 大空翼 beside Tsubasa
    # Ozora is labelled `Tsubasa Ozora (2)`.
    keys = {label_key(label) for label in taken}
    label, number = name, 1
    while label_key(label) in keys:
        number += 1
        label = f"{name} ({number})"
    return label


def starter_labels(cards: tuple[Card, ...]) -> list[str]:
    labels: list[str] = []
    for card in cards:
        labels.append(unique_label(card.name, labels))
    return labels


def initial_state(setup: TcgSetup) -> TcgState:
    return TcgState(setup=setup, phase="placement", home=SideState(), away=SideState())


def unplaced(state: TcgState, side: str) -> list[tuple[str, Card]]:
    """Starters not yet placed, with their labels, in team list order (TCG-3.2)."""
    placed = {p.label for p in state.side(side).players}
    cards = state.setup.team(side).starters
    return [(lb, c) for lb, c in zip(starter_labels(cards), cards, strict=True) if lb not in placed]


def keeper_in_goal(player: FieldPlayer) -> bool:
    return player.position == "GK" and player.area == GOAL
