"""The command line's view of the registered games: their names as a choice, and the options of
their own that `match new` offers, all read from the rulesets' declarations when a command runs
(so a game registered after this module was imported is offered too)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import click

from cli.help_language import Command, help_with
from domain.declarations import SetupField
from domain.registry import find_ruleset, ruleset_names
from service.setups import put


class RulesetChoice(click.Choice[str]):
    """The name of a registered game."""

    def __init__(self) -> None:
        super().__init__(())

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        return ruleset_names()

    @choices.setter
    def choices(self, _: Any) -> None:
        pass  # always the registry's names


def declared_options() -> dict[str, tuple[str, SetupField]]:
    """Each game-only option by its parameter name: the game's title and the declared field.

    Two games declaring the same option share the meaning of the first in name order.
    """
    found: dict[str, tuple[str, SetupField]] = {}
    for name in ruleset_names():
        rules = find_ruleset(name)
        for declared in rules.setup_form.all_fields():
            if declared.cli:
                found.setdefault(_parameter(declared.cli), (rules.title, declared))
    return found


def _parameter(option: str) -> str:
    return option.replace("-", "_")


def _option(parameter: str, title: str, declared: SetupField) -> click.Option:
    flag = f"--{declared.cli}"
    if declared.kind == "flag":
        return click.Option([flag, parameter], is_flag=True, help=_same_as(title, declared, "yes"))
    metavar = "N" if declared.kind == "number" else "VALUE"
    return click.Option(
        [flag, parameter],
        type=int if declared.kind == "number" else str,
        metavar=metavar,
        help=_same_as(title, declared, metavar),
    )


def _same_as(title: str, declared: SetupField, value: str) -> str:
    """The option's help: its game, and what it stands for in the generic options' words."""
    if declared.target == ("options",) and declared.kind == "flag":
        flag = declared.flag_value
        return help_with("%(game)s: same as --option %(flag)s.", game=title, flag=flag)
    if len(declared.target) == 2 and declared.target[0] == "settings":
        return help_with(
            "%(game)s: --setting %(setting)s=%(value)s.",
            game=title,
            setting=declared.target[1],
            value=value,
        )
    return help_with("%(game)s: %(label)s.", game=title, label=declared.label)


class GameOptionsCommand(Command):
    """A command that also takes every registered game's own options, placed before the
    option named `before` in its help."""

    def __init__(self, *args: Any, before: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.before = before

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        games = [_option(p, title, f) for p, (title, f) in declared_options().items()]
        at = next((i for i, p in enumerate(params) if p.name == self.before), len(params))
        return params[:at] + games + params[at:]


def put_game_options(setup: dict[str, Any], given: Mapping[str, Any]) -> None:
    """Put the game-only options a person gave into `setup`, as their fields declare."""
    declared = declared_options()
    for parameter, value in given.items():
        if value is None or value is False:
            continue
        _, setup_field = declared[parameter]
        put(setup, setup_field, value)
