"""Each command's line in its group's `--help` reads as a whole sentence, in English and in
Japanese: click ends a short help at the first full stop, so an abbreviation ("e.g.") must not
come before it, and the sentence must fit the listing; every command shows its help in the
session's language (cli/help_language.py)."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from cli.help_language import HelpInLanguage, _width
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


def groups(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield path
    for name in group.list_commands(click.Context(group)):
        command = group.get_command(click.Context(group), name)
        if isinstance(command, click.Group):
            yield from groups(command, (*path, name))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_listing_shows_every_line_whole_at_80_columns(lang: str) -> None:
    # Each listed line is a command's first sentence, short enough not to be cut ("..." in
    # English, "…" in Japanese, whose characters take two columns each).
    cut = {}
    for path in groups(cli):
        shown = CliRunner().invoke(cli, ["--lang", lang, *path, "--help"], terminal_width=80)
        listing = shown.output.split("Commands:" if lang == "en" else "コマンド:", 1)[1]
        lines = [line for line in listing.splitlines() if line.endswith(("...", "…"))]
        if lines:
            cut[" ".join(path)] = lines
    assert cut == {}


def test_every_command_shows_its_help_in_the_session_s_language() -> None:
    every = {" ".join(path): command for path, command in everything(cli)}
    assert [
        name for name, command in every.items() if not isinstance(command, HelpInLanguage)
    ] == []


def everything(
    group: click.Group, path: tuple[str, ...] = ("touchline",)
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command and group, each imported."""
    yield path, group
    for name in group.list_commands(click.Context(group)):
        command = group.get_command(click.Context(group), name)
        if isinstance(command, click.Group):
            yield from everything(command, (*path, name))
        elif command is not None:
            yield (*path, name), command


def test_japanese_help_is_wrapped_at_the_terminal_s_columns() -> None:
    # click counts characters; a Japanese one takes two columns (cli/help_language.py).
    wide = {}
    for path, _command in everything(cli):
        args = ["--lang", "ja", *path[1:], "--help"]
        shown = CliRunner().invoke(cli, args, terminal_width=80).output
        # Only a line kept as written (the examples of `match new`) may be wider, in ASCII.
        over = [line for line in shown.splitlines() if _width(line) > 80 and not line.isascii()]
        if over:
            wide[" ".join(path)] = over
    assert wide == {}
