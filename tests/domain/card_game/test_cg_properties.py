"""Property tests: random legal matches built by choosing among `expected(state)`."""

import json
from typing import Any

from cg_helpers import GAME
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.card_game.actions import CODEC
from domain.card_game.cards import CATALOGUE
from domain.card_game.state import CardGameState
from domain.notation import format_action, parse_action
from domain.ruleset import Expected

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


def _pick(data: Any, values: Any) -> Any:
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
        return str(_pick(data, known))
    return f"{side.title()} player {number}"


def _fill(data: Any, state: CardGameState, expected: Expected, number: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": expected.kind, **expected.fixed}
    for name, values in expected.choices.items():
        entry[name] = _pick(data, values)
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
    elif kind == "gain":
        entry["points"] = data.draw(st.lists(st.sampled_from(POINTS), min_size=1, max_size=2))
    elif kind in ("eliminate", "discard"):
        owners = [s for s in ("nankatsu", "toho") if state.coach(s).area]
        owner = _pick(data, owners)
        entry.update(target=_pick(data, [c.name for c in state.coach(owner).area]))
        entry["target_coach"] = owner
    elif kind == "book":
        entry.update({f: -v for f, v in values.items()})
    elif kind == "fatigue":
        entry["into"] = _pick(data, ("hand", "deck", "discard"))
    elif kind in ("motivate", "sign"):
        entry.update(values, cost=[])
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
        entry["shot"] = _pick(data, shots)
        entry["defense"] = _pick(data, defenses)
        entry["blocks"] = _pick(data, ("Drive Shot", "Tiger Shot"))
    return entry


def _choose(data: Any, expected: tuple[Expected, ...]) -> Expected:
    moving = [e for e in expected if e.kind not in SIDE_STEPS]
    if moving and data.draw(st.integers(0, 4)) > 0:
        return _pick(data, moving)  # type: ignore[no-any-return]
    return _pick(data, expected)  # type: ignore[no-any-return]


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
        action = GAME.action_from_dict(_fill(data, state, _choose(data, expected), number))
        assert GAME.check(state, action) == (), (action, GAME.check(state, action))
        state = GAME.apply(state, action).state
        _check_invariants(state)
        entries.append(action)
    return setup, entries


FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(matches())
def test_generated_entries_are_legal_and_replay_to_the_same_state(match: Any) -> None:
    """Every entry offered by expected() passes check(); a replay gives an equal state."""
    setup, entries = match
    first = second = GAME.initial_state(setup)
    for action in entries:
        first = GAME.apply(first, action).state
    for action in entries:
        second = GAME.apply(second, action).state
    assert first == second
    assert GAME.view(first) == GAME.view(second)
    assert (GAME.result(first) is None) == (first.phase != "over")


@FAST
@given(matches())
def test_generated_entries_round_trip_through_dicts_and_notation(match: Any) -> None:
    _, entries = match
    for action in entries:
        assert GAME.action_from_dict(GAME.action_to_dict(action)) == action
        line = format_action(CODEC, action)
        assert GAME.action_from_dict(parse_action(CODEC, line)) == action


def _any_entry(data: Any, state: CardGameState) -> dict[str, Any]:
    """Any well-formed entry at all, legal or not, with plausible values."""
    kind = _pick(data, CODEC.kinds)
    names = [c.name for s in ("nankatsu", "toho") for c in state.coach(s).area]
    names += ["Fatigue", "Teppei Kisugi", "Ken Wakashimazu", "Foul", "Jun Misugi", "Someone"]
    entry: dict[str, Any] = {"kind": kind}
    hints = CODEC.class_for(kind).__annotations__
    for field in CODEC.field_names(kind):
        hint = str(hints.get(field, hints.get(field + "_", "")))
        if hint == "Source":
            entry[field] = _pick(data, ("table", "app"))
        elif "Side" in hint:
            entry[field] = _pick(data, ("nankatsu", "toho"))
        elif "int" in hint:
            entry[field] = data.draw(st.integers(-1, 7))
        elif "Point" in hint:
            entry[field] = data.draw(st.lists(st.sampled_from(POINTS), max_size=3))
        elif "tuple[str" in hint:
            entry[field] = data.draw(
                st.lists(st.sampled_from(CATALOGUE.names("signing")), max_size=5)
            )
        elif "Literal" in hint:
            entry[field] = _pick(data, _literal_values(hint))
        else:
            entry[field] = _pick(data, names)
    return entry


def _literal_values(hint: str) -> tuple[str, ...]:
    inside = hint[hint.index("[") + 1 : hint.rindex("]")]
    return tuple(part.strip().strip("'\"") for part in inside.split(","))


@FAST
@given(matches(), st.data())
def test_apply_survives_any_entry_flagged_only_with_overridable_violations(
    match: Any, data: Any
) -> None:
    """A table may knowingly play on: apply() must not fail on an overridden violation."""
    setup, entries = match
    state = GAME.initial_state(setup)
    stop = data.draw(st.integers(0, len(entries)))
    for action in entries[:stop]:
        state = GAME.apply(state, action).state
    for _ in range(5):
        try:
            action = GAME.action_from_dict(_any_entry(data, state))
        except Exception:  # a malformed mix of values is the codec's business, not apply's
            continue
        violations = GAME.check(state, action)
        if all(v.overridable for v in violations):
            state = GAME.apply(state, action).state
            for coach in (state.nankatsu, state.toho):
                assert (
                    coach.hand + coach.deck + coach.discard + len(coach.area) + (coach.eliminated)
                    == coach.owned
                )
            json.dumps(GAME.view(state))
            GAME.render(state)
            GAME.expected(state)
