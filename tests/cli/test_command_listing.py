"""The command listing is drawn from cli/main.py's table without importing the commands
(cli/lazy.py); it must read exactly as click draws it from the commands themselves."""

from __future__ import annotations

import click
import pytest

from cli.help_language import short_help
from cli.language import choose
from cli.lazy import LazyGroup
from cli.main import COMMANDS, MATCH_COMMANDS, cli, match

GROUPS = [pytest.param(COMMANDS, id="touchline"), pytest.param(MATCH_COMMANDS, id="match")]


def listing(group: click.Group) -> str:
    formatter = click.HelpFormatter(width=80)
    group.format_commands(click.Context(group), formatter)
    return formatter.getvalue()


@pytest.mark.parametrize("table", GROUPS)
def test_each_listed_line_is_the_commands_own_short_help(table: dict) -> None:
    for name, listed in table.items():
        command = listed.load()
        assert command.name == name
        assert listed.short_help == command.get_short_help_str(limit=10_000), name


@pytest.mark.parametrize("table", GROUPS)
def test_the_listing_reads_as_click_draws_it_from_the_commands(table: dict) -> None:
    lazy = LazyGroup("touchline", listed=table)
    eager = click.Group("touchline", commands={name: e.load() for name, e in table.items()})
    assert listing(lazy) == listing(eager)
    assert lazy.commands == {}, "the lazy listing imported no command"


def test_every_command_module_is_listed() -> None:
    # A command registered on a group directly would be missing from the table's listing.
    # (Commands other tests ran are in `commands` too, imported from the table.)
    assert set(cli.commands) <= {"match", *COMMANDS}
    assert set(match.commands) <= set(MATCH_COMMANDS)
    assert set(cli.list_commands(click.Context(cli))) == {*COMMANDS, "match"}


@pytest.mark.parametrize("table", GROUPS)
def test_each_listed_line_reads_in_japanese_as_the_command_s_own(table: dict) -> None:
    # The listed line and the command's docstring are two messages of the catalogue: their
    # Japanese must say the same first sentence.
    choose("ja")
    try:
        for name, listed in table.items():
            own = listed.load().get_short_help_str(limit=10_000)
            assert short_help(listed.short_help, 10_000) == own, name
            assert own != listed.short_help, name
    finally:
        choose(None)
