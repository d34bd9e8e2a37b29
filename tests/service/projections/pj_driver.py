"""Drive a card-game match to a chosen final score, from the engine's own `expected()`.

A side that still needs goals declares a Shot and rolls 6 against 1; a side that has its
goals declares a Pass and rolls 1 against 6, so the ball changes hands. Equal targets end in
a draw after Extra Time (the shared Secondary Championship).
"""

from __future__ import annotations

import random
from typing import Any

from domain.registry import find_ruleset

SETUP = {"home": {"team": "Nankatsu", "coach": "Alice"}, "away": {"team": "Toho", "coach": "Bob"}}


def setup_for(home: str, away: str) -> dict[str, Any]:
    return {"home": {"team": "Nankatsu", "coach": home}, "away": {"team": "Toho", "coach": away}}


def finished_match(
    nankatsu: int, toho: int, seed: int = 1, setup: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    rules = find_ruleset("card-game")
    state = rules.initial_state(rules.make_setup(setup or SETUP))
    target = {"nankatsu": nankatsu, "toho": toho}
    chooser = random.Random(seed)
    actions: list[dict[str, Any]] = []
    while rules.result(state) is None:
        options: dict[str, Any] = {}
        for expected in rules.expected(state):
            options.setdefault(expected.kind, expected)
        action = _choose(options, state, target, chooser, len(actions))
        parsed = rules.action_from_dict(action)
        assert not rules.check(state, parsed), (action, rules.check(state, parsed))
        state = rules.apply(state, parsed).state
        actions.append(action)
        assert len(actions) < 3000, "the driver is stuck"
    assert state.score == target, (state.score, target)
    return actions


def _choose(
    options: dict[str, Any], state: Any, target: dict[str, int], chooser: random.Random, n: int
) -> dict[str, Any]:
    attacker = state.attacker
    scoring = attacker is not None and state.score[attacker] < target[attacker]
    for kind in ("toss", "kickoff", "et-kickoff", "draft", "declare", "roll", "resolve"):
        if kind in options:
            expected = options[kind]
            action = {"kind": kind, **expected.fixed}
            for name, values in expected.choices.items():
                action.setdefault(name, chooser.choice(list(values)))
            if kind == "declare":
                action["action"] = "shot" if scoring else "pass"
            if kind == "roll":
                wins = scoring == (action["coach"] == attacker)
                action["value"] = 6 if wins else 1
            return action
    if "play" in options and chooser.random() < 0.6:
        side = options["play"].fixed["coach"]
        attacking = side == attacker
        return {
            "kind": "play",
            "coach": side,
            "card": f"{side.title()} player {n}",
            "shot": chooser.randint(0, 3) if attacking else 0,
            "pass": chooser.randint(0, 3) if attacking else 0,
            "defense": 0 if attacking else chooser.randint(0, 1),
        }
    if "pass" in options:
        return {"kind": "pass", **options["pass"].fixed}
    if "spend" in options:
        return {"kind": "spend", **options["spend"].fixed, "points": 0}
    raise RuntimeError(f"the driver has no move among {sorted(options)}")
