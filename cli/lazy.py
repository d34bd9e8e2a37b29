"""A click group whose commands are imported only when one is run.

A command at the table must start fast, and most of a command's start was importing every
other command's module (and what each of those imports: the audit's marshmallow schemas, the
leagues' ranking, the web app). So a group names its commands by where they live, with the
line of help its listing shows; `touchline --help` then imports nothing but click, and
`touchline match show` imports only `cli.matches`. tests/cli/test_command_listing.py checks
each listed line against the command's own help, so the two cannot drift apart.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from gettext import gettext
from typing import Any

import click

from cli.help_language import Group, short_help


@dataclass(frozen=True)
class Listed:
    """A command by the module that defines it (`cli.matches:show`) and its listed help."""

    where: str
    short_help: str

    def load(self) -> click.Command:
        module, _, name = self.where.partition(":")
        command = getattr(importlib.import_module(module), name)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.where} is not a click command")
        return command


class LazyGroup(Group):
    """Commands listed by `Listed` entries, imported on first use; the help listing is drawn
    from the entries without importing anything, in the session's language
    (cli/help_language.py)."""

    def __init__(self, *args: Any, listed: Mapping[str, Listed], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.listed = dict(listed)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.listed})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.listed and cmd_name not in self.commands:
            self.add_command(self.listed[cmd_name].load(), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """As click's own, but a command not imported yet is shown by its listed line."""
        rows: list[tuple[str, str]] = []
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max((len(name) for name in names), default=0)
        for name in names:
            command = self.commands.get(name)
            if command is None:
                rows.append((name, short_help(self.listed[name].short_help, limit)))
            elif not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        if rows:
            # click's own heading, looked up as click looks it up.
            with formatter.section(gettext("Commands")):
                formatter.write_dl(rows)

    def all_commands(self, ctx: click.Context) -> Sequence[click.Command]:
        """Every command, imported: for tests and tools that walk the whole tree."""
        return [c for name in self.list_commands(ctx) if (c := self.get_command(ctx, name))]
