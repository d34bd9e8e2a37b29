"""What every command shares: the application (opened on first use) and the scorer's name."""

from __future__ import annotations

import getpass
import os
from collections.abc import Callable
from datetime import UTC, datetime
from functools import update_wrapper
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cli.language import _, refusal, translated

# The service and the domain are imported when a command first uses them, so that `--help`,
# `rules` and `team check` start without them.
if TYPE_CHECKING:
    from domain.match import Author
    from service.app import Touchline

F = TypeVar("F", bound=Callable[..., Any])

# Exit codes beyond click's own (2 is a usage error).
EXIT_ERROR = 1
EXIT_RULES = 3
EXIT_CONFLICT = 4
# `match verify`: the record's hash chain is broken (docs/seal.md).
EXIT_BROKEN = 5


class Context:
    def __init__(self, database: str | None, scorer: str | None) -> None:
        self.database = database
        self.scorer = scorer or os.environ.get("TOUCHLINE_SCORER") or _login_name()
        self._app: Touchline | None = None

    @property
    def app(self) -> Touchline:
        if self._app is None:
            from service.app import Touchline
            from service.config import settings_for_url, settings_from_environment

            settings = (
                settings_for_url(self.database) if self.database else settings_from_environment()
            )
            # One command per process: the read models are opened only by one that reads them.
            self._app = Touchline(settings, read_models_on_first_use=True)
            # The command has started: what it holds now stays until it ends
            # (service/frozen_heap.py).
            from service.frozen_heap import freeze_what_started

            freeze_what_started()
        return self._app

    def author(self, by: str | None = None) -> Author:
        """Who writes now: `by` when a command names someone else (a coach disputing at the
        scorer's keyboard), else the one entering."""
        import socket  # here: a command that writes nothing never asks the host's name

        from domain.log import OWNER_LINK
        from domain.match import Author

        return Author(
            by=by if by is not None else self.scorer,
            at=datetime.now(UTC).isoformat(timespec="seconds"),
            device=f"cli@{socket.gethostname()}",
            # The command line on the store's machine acts as the installation's owner.
            link=OWNER_LINK,
        )

    def close(self) -> None:
        if self._app is not None:
            self._app.close()


class Failure(click.ClickException):
    """One clear line on standard error and a chosen exit code; never a traceback."""

    exit_code = EXIT_ERROR

    def show(self, file: Any = None) -> None:
        click.echo(_("error: %(format_message)s", format_message=self.format_message()), err=True)


class RulesFailure(Failure):
    exit_code = EXIT_RULES


class ConflictFailure(Failure):
    exit_code = EXIT_CONFLICT


class BrokenRecordFailure(Failure):
    exit_code = EXIT_BROKEN


def handle_errors(command: F) -> F:
    """Turn the service's refusals into one line and an exit code: the one place the command
    line maps them (an entry the rules refuse exits 3 with every rule it breaks, a stale match
    or a correction of a result every coach confirmed 4, a match whose stored record was changed
    outside Touchline 5, anything else 1)."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from service.errors import (
            EntryRefused,
            RecordBroken,
            ResultAlreadyConfirmed,
            StaleMatch,
            TouchlineError,
        )

        try:
            return command(*args, **kwargs)
        except EntryRefused as error:
            lines = "\n".join(f"  {refusal(v.rule, v.message)}" for v in error.violations)
            raise RulesFailure(
                _("entry refused, nothing was stored:\n%(lines)s", lines=lines)
            ) from None
        except (StaleMatch, ResultAlreadyConfirmed) as error:
            raise ConflictFailure(said(error)) from None
        except RecordBroken as error:
            raise BrokenRecordFailure(said(error)) from None
        except TouchlineError as error:
            raise Failure(said(error)) from None

    return update_wrapper(wrapper, command)  # type: ignore[return-value]


def said(error: Exception) -> str:
    """The error's message in the session's language when the service wrote it as a phrase
    (`str(error)` would make it plain text: the phrase is its first argument)."""
    first = error.args[0] if len(error.args) == 1 else None
    return translated(first) if isinstance(first, str) else str(error)


pass_context = click.make_pass_decorator(Context)


def _login_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "scorer"
