"""Hypothesis strategies for random legal card-game matches, built from the engine's own
`expected(state)`; shared by the rules, match-file and service property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from domain.card_game.abilities import ABILITY_KINDS
from domain.card_game.cards import CATALOGUE
from domain.card_game.ruleset import CardGame
from domain.card_game.state import CardGameState
from domain.ruleset import Expected

GAME = CardGame()

MAX_ENTRIES = 400
SIDE_CARDS = {
    "nankatsu": ("Teppei Kisugi", "Yuzo Morisaki", "Nankatsu Special Shot"),
    "toho": ("Takeshi Sawada", "Ken Wakashimazu", "Toho Special Shot", "Lucas Milton"),
}
# Entries that never move the match on; drawn less often so matches reach their end.
SIDE_STEPS = {
    "gain", "eliminate", "discard", "draw", "book", "unbook", "fatigue", "injury",
    "motivate", "sign", "end-attack",
}  # fmt: skip
POINTS = ("shot", "pass", "defense")


def pick(data: Any, values: Any) -> Any:
    return data.draw(st.sampled_from(list(values)))


def _card_name(data: Any, state: CardGameState, side: str, number: int) -> str:
    coaches = (state.nankatsu, state.toho)
    taken = {c.name for coach in coaches for c in coach.area}
    taken |= {name for coach in coaches for name in coach.gone}
    pool = SIDE_CARDS[side] + ("Injury",)
    if not state.setup.first_match:
        pool += ("Control and Advance",) + (("Substitution",) if state.period >= 2 else ())
    known = [name for name in pool if name not in taken]
    if known and data.draw(st.integers(0, 3)) == 0:
        return str(pick(data, known))
    return f"{side.title()} player {number}"


def _fill(data: Any, state: CardGameState, expected: Expected, number: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": expected.kind, **expected.fixed}
    for name, values in expected.choices.items():
        entry[name] = pick(data, values)
    kind, side = expected.kind, expected.fixed.get("coach")
    values = {f: data.draw(st.integers(0, 4)) for f in POINTS}
    if kind == "signings":
        entry["cards"] = data.draw(
            st.lists(
                st.sampled_from(CATALOGUE.names("signing")), min_size=4, max_size=4, unique=True
            )
        )
    elif kind == "play":
        entry.update(values, card=_card_name(data, state, side, number))
        entry.update(_printed(state, entry["card"], values))
    elif kind == "gain":
        entry["points"] = data.draw(st.lists(st.sampled_from(POINTS), min_size=1, max_size=2))
    elif kind in ("eliminate", "discard"):
        owners = [s for s in ("nankatsu", "toho") if state.coach(s).area]
        owner = pick(data, owners)
        entry.update(target=pick(data, [c.name for c in state.coach(owner).area]))
        entry["target_coach"] = owner
    elif kind == "book":
        entry.update({f: -v for f, v in values.items()})
    elif kind == "fatigue":
        entry["into"] = pick(data, ("hand", "deck", "discard"))
    elif kind in ("motivate", "sign"):
        entry.update(values, cost=[])
        if kind == "sign":
            entry.update(_printed(state, entry["card"], values))
        keepers = [
            c.name for c in state.coach(side).area if CATALOGUE.has_role(c.name, "goalkeeper")
        ]
        if kind == "sign" and CATALOGUE.has_role(entry["card"], "goalkeeper"):
            entry["replaces"] = keepers[0]
    elif kind == "special-reveal":
        attacker = state.attacker or "nankatsu"
        defender = "toho" if attacker == "nankatsu" else "nankatsu"
        shots = (*CATALOGUE.names("special-shot", attacker), "Drive Shot", "Eagle Shot")
        defenses = (*CATALOGUE.names("special-defense", defender), "Iron Wall")
        entry["shot"] = pick(data, shots)
        entry["defense"] = pick(data, defenses)
        entry["blocks"] = pick(data, ("Drive Shot", "Tiger Shot"))
    return entry


def _printed(state: CardGameState, card: str, values: dict[str, int]) -> dict[str, int]:
    """A card's printed values as the match recorded them (CG-1.3), else those drawn."""
    known = state.learned.find(card)
    return dict(zip(POINTS, known.values, strict=True)) if known is not None else values


def _choose(data: Any, expected: tuple[Expected, ...]) -> Expected:
    moving = [e for e in expected if e.kind not in SIDE_STEPS]
    if moving and data.draw(st.integers(0, 4)) > 0:
        return pick(data, moving)  # type: ignore[no-any-return]
    return pick(data, expected)  # type: ignore[no-any-return]


def _check_invariants(state: CardGameState) -> None:
    cap = state.setup.bank_cap
    for side in ("nankatsu", "toho"):
        c = state.coach(side)
        assert c.hand + c.deck + c.discard + len(c.area) + c.eliminated == c.owned
        assert min(c.hand, c.deck, c.discard, c.eliminated) >= 0
        banked = (c.bank.shot, c.bank.pass_, c.bank.defense)
        assert min(banked) >= 0
        assert cap is None or max(banked) <= cap
    assert state.cards_in_play <= state.card_limit


def _legal(data: Any, state: CardGameState, expected: tuple[Expected, ...], number: int) -> Any:
    """An entry drawn from `expected`. expected() offers only the abilities a card may still
    use, but not the details a declared one fixes (CG-1.3: how many points a gain banks, whose
    card an eliminate takes): such a draw is drawn again, then given up for another kind."""
    for _ in range(5):
        action = GAME.action_from_dict(_fill(data, state, _choose(data, expected), number))
        found = GAME.check(state, action)
        if not found or {v.rule for v in found} != {"CG-1.3"}:
            return action
    plain = [e for e in expected if e.kind not in ABILITY_KINDS and "via" not in e.choices]
    return GAME.action_from_dict(_fill(data, state, pick(data, plain), number))


@st.composite
def matches(draw: Any) -> tuple[Any, list[Any]]:
    options = st.lists(st.sampled_from(("assured-success", "motivation", "signings")), unique=True)
    raw = {
        "home": {"team": draw(st.sampled_from(("Nankatsu", "Toho"))), "coach": "Alice"},
        "variant": draw(st.sampled_from(("standard", "first-match"))),
        "options": draw(options),
        "settings": {"bank-cap": draw(st.sampled_from(("5", "2", "none")))},
    }
    raw["away"] = {
        "team": "Toho" if raw["home"]["team"] == "Nankatsu" else "Nankatsu",
        "coach": "Bob",
    }
    setup = GAME.make_setup(raw)
    state = GAME.initial_state(setup)
    entries = []
    data = draw(st.data())
    for number in range(MAX_ENTRIES):
        expected = GAME.expected(state)
        if not expected:
            break
        action = _legal(data, state, expected, number)
        assert GAME.check(state, action) == (), (action, GAME.check(state, action))
        state = GAME.apply(state, action).state
        _check_invariants(state)
        entries.append(action)
    return setup, entries
