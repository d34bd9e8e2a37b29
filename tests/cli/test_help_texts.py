"""Each command's line in its group's `--help` reads as a whole sentence: click ends a short
help at the first full stop, so an abbreviation ("e.g.") must not come before it."""

from __future__ import annotations

from collections.abc import Iterator

import click
from click.testing import CliRunner

from cli.main import cli

ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "cf.")


def commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[str, click.Command]]:
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        else:
            yield " ".join((*path, name)), command


def test_no_short_help_stops_at_an_abbreviation() -> None:
    cut = {
        name: command.get_short_help_str(limit=200)
        for name, command in commands(cli)
        if command.get_short_help_str(limit=200).endswith(ABBREVIATIONS)
    }
    assert cut == {}


def test_stats_help_shows_every_line_whole() -> None:
    shown = CliRunner().invoke(cli, ["stats", "--help"], terminal_width=80).output
    assert 'player  Statistics of the player card NAME, such as "Tsubasa Ozora".' in shown
    listing = shown.split("Commands:", 1)[1].splitlines()
    assert [line for line in listing if line.endswith("...")] == []
