"""Help in the session's language: `touchline --help`, each command's `--help`, and click's own
words around them ("Usage:", "Options:", "Error: Missing argument …", "Try … for help.").

Two kinds of text make a command's help:

- click's own, which click marks with the standard library's `gettext.gettext`: the GNU API's
  global domain (`messages`, never changed here) and the language the environment names. For
  a session in another language than English, `click_speaking` binds that domain to
  Touchline's catalogues, which hold click's messages too (cli/help_extraction.py extracts
  them from the installed click), and names the language in `LANGUAGE`, the variable gettext
  reads before the others, while the command runs. An English session binds nothing.
- ours: each command's docstring, its options' `help=`, and the lines a group lists, extracted
  into the `messages` catalogue (cli/help_extraction.py) and looked up only when help is drawn
  (`HelpInLanguage.get_help`, `get_short_help_str`): a command that is not asked for help reads
  no catalogue for it, and formats none.

The language is decided before click parses anything (`--lang` wherever it stands before the
subcommand, else POSIX's variables as cli/language.py reads them), so that a mistake in the
parsing itself is said in it too.
"""

from __future__ import annotations

import copy
import gettext
import inspect
import os
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click

from cli.language import choose, environment_language
from cli.language import language as language_of_messages
from cli.language import translated as rules_said

ENGLISH = "en"
# The domain click's messages are looked up in: gettext's default, which click never changes.
CLICK_DOMAIN = "messages"
# What click's help option says (click.decorators.help_option), said again in the session's
# language each time it is drawn: click makes the option once per command and keeps it.
HELP_OPTION_HELP = "Show this message and exit."

# The language decided for the command running now (`HelpInLanguage.main`), else None.
_session: str | None = None
# Help made by `help_with`: the text as filled in → its template and values.
_filled: dict[str, tuple[str, dict[str, Any]]] = {}


def help_with(template: str, /, **values: Any) -> str:
    """A help text that names values (`%(kinds)s`): the template is what is translated, and
    the values are put into the translation when help is drawn."""
    text = inspect.cleandoc(template % values)
    _filled[text] = (template, values)
    return text


def session_language() -> str:
    """The language help is drawn in."""
    return _session or language_of_messages()


def said(text: str | None) -> str | None:
    """A help text in the session's language (as written, in English)."""
    language = session_language()
    if not text or language == ENGLISH:
        return text
    from service.i18n import catalogue

    found = catalogue(language)
    key = inspect.cleandoc(text)
    if key in _filled:
        template, values = _filled[key]
        return found.gettext(template) % {k: rules_said(v) for k, v in values.items()}
    return found.gettext(key)


def short_help(text: str, limit: int) -> str:
    """A command's line in a listing, `text` being its English short help."""
    if session_language() == ENGLISH:
        return _shortened(text, limit)
    return _shortened_wide(_first_sentence(said(text) or ""), limit)


class HelpInLanguage(click.Command):
    """A command whose help, and click's words about it, are in the session's language.

    Every command of the command line is one (`Command`, `Group`; tests/cli/test_help_language.py
    walks them all).
    """

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        global _session
        asked = sys.argv[1:] if args is None else args
        before, _session = _session, decided_language(self, asked)
        try:
            with click_speaking(_session):
                return super().main(args, *rest, **extra)
        finally:
            # Both choices last as long as the command (a test runs many in one process).
            _session = before
            choose(None)

    def get_help(self, ctx: click.Context) -> str:
        if session_language() == ENGLISH:
            return super().get_help(ctx)
        # As click draws it (Command.get_help), from a translated copy, in a terminal's columns.
        formatter = WideFormatter(width=ctx.terminal_width, max_width=ctx.max_content_width)
        _in_language(self, ctx).format_help(ctx, formatter)
        return formatter.getvalue().rstrip("\n")

    def get_usage(self, ctx: click.Context) -> str:
        if session_language() == ENGLISH:
            return super().get_usage(ctx)
        formatter = WideFormatter(width=ctx.terminal_width, max_width=ctx.max_content_width)
        self.format_usage(ctx, formatter)
        return formatter.getvalue().rstrip("\n")

    def get_short_help_str(self, limit: int = 45) -> str:
        if session_language() == ENGLISH:
            return super().get_short_help_str(limit)
        text = said(self.short_help) if self.short_help else _first_sentence(said(self.help) or "")
        return _shortened_wide(text or "", limit)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            # click's message, looked up as click looks it up (gettext's domain).
            option.help = gettext.gettext(HELP_OPTION_HELP)
        return option


class Command(HelpInLanguage):
    """A command whose help is in the session's language."""


class Group(HelpInLanguage, click.Group):
    """A group whose help, and its commands' (made with `@group.command()`), are in the
    session's language."""

    command_class = Command
    group_class = type  # a group made with `@group.group()` is one of these too


# Goes before each wide character while click wraps text, so that click, which counts characters,
# counts the two columns a terminal gives it; taken out before the help is shown. Before, not
# after: a line broken between the two is then a column short rather than a column too wide.
_SECOND_COLUMN = "\ue000"
# Stands for a space beside a wide character while click wraps: Japanese breaks a line between
# any two characters, not at the spaces around a number or a word in Latin letters.
_JOINING_SPACE = "\ue001"


class WideFormatter(click.HelpFormatter):
    """click's help formatter, wrapping at the terminal's columns rather than at a number of
    characters: a Japanese character takes two."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        prefix = f"{gettext.gettext('Usage:')} " if prefix is None else prefix
        super().write_usage(_columns(prog), _columns(args), _columns(prefix))

    def write_text(self, text: str) -> None:
        super().write_text(_columns(text))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        super().write_dl([(_columns(a), _columns(b)) for a, b in rows], col_max, col_spacing)

    def getvalue(self) -> str:
        return super().getvalue().replace(_SECOND_COLUMN, "").replace(_JOINING_SPACE, " ")


def _columns(text: str) -> str:
    shown = []
    for at, character in enumerate(text):
        if _wide(character):
            shown.append(_SECOND_COLUMN + character)
        elif character == " " and any(_wide(c) for c in text[max(at - 1, 0) : at + 2]):
            shown.append(_JOINING_SPACE)
        else:
            shown.append(character)
    return "".join(shown)


def decided_language(command: click.Command, args: Sequence[str]) -> str:
    """The language `args` ask for with `--lang` before the subcommand, else the
    environment's; kept as the messages' choice too (cli/language.py)."""
    asked = asked_language(command, args)
    choose(asked)
    return asked or environment_language()


def asked_language(command: click.Command, args: Sequence[str]) -> str | None:
    """The value of `command`'s `--lang` among `args`, read as click will read it (the last
    one given before the subcommand), if it is one of its choices."""
    lang = next((p for p in command.params if p.name == "lang"), None)
    if not isinstance(lang, click.Option) or not isinstance(lang.type, click.Choice):
        return None
    valued = {
        name
        for p in command.params
        if isinstance(p, click.Option) and not p.is_flag and not p.count
        for name in p.opts
    }
    asked = None
    tokens = iter(args)
    for token in tokens:
        name, equals, value = token.partition("=")
        if name in lang.opts:
            asked = value if equals else next(tokens, "")
        elif token == "--" or not token.startswith("-"):
            break  # the subcommand: what follows is its own
        elif token in valued:
            next(tokens, None)
    return asked if asked in lang.type.choices else None


@contextmanager
def click_speaking(language: str) -> Iterator[None]:
    """click's own messages in `language` while the block runs (see the module's comment)."""
    if language == ENGLISH:
        yield
        return
    from service.i18n import CATALOGUES

    localedir = gettext.bindtextdomain(CLICK_DOMAIN)
    variable = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(CLICK_DOMAIN, str(CATALOGUES))
    os.environ["LANGUAGE"] = language
    try:
        yield
    finally:
        gettext.bindtextdomain(CLICK_DOMAIN, localedir)
        if variable is None:
            del os.environ["LANGUAGE"]
        else:
            os.environ["LANGUAGE"] = variable


def _in_language(command: click.Command, ctx: click.Context) -> click.Command:
    """A copy of `command` to draw its help from, its texts in the session's language."""
    view = copy.copy(command)
    view.help = said(command.help)
    view.epilog = said(command.epilog)
    params = [_param_in_language(p) for p in command.get_params(ctx)]
    # The copy is only drawn: it lists its original's parameters (with the help option and
    # any a subclass adds), each translated.
    view.get_params = lambda ctx: params  # type: ignore[method-assign]
    return view


def _param_in_language(param: click.Parameter) -> click.Parameter:
    help_text = getattr(param, "help", None)
    if not help_text:
        return param
    shown = copy.copy(param)
    shown.help = said(help_text)
    return shown


def _first_sentence(text: str) -> str:
    """The first sentence of a translated help (Japanese ends one with 「。」)."""
    paragraph = " ".join(text.partition("\n\n")[0].split())
    for end in ("。", ". "):
        at = paragraph.find(end)
        if at >= 0:
            return paragraph[: at + len(end)].strip()
    return paragraph


def _wide(character: str) -> bool:
    return unicodedata.east_asian_width(character) in "WF"


def _width(text: str) -> int:
    """Columns a terminal gives `text`: two for each wide (CJK) character."""
    return sum(2 if _wide(c) else 1 for c in text)


def _shortened_wide(text: str, limit: int) -> str:
    """`text` cut to `limit` columns, ending in 「…」 when cut (click counts characters, but a
    Japanese character takes two columns)."""
    if _width(text) <= limit:
        return text
    kept = ""
    for character in text:
        if _width(kept + character) > limit - 1:
            break
        kept += character
    return kept + "…"


def _shortened(text: str, limit: int) -> str:
    # As click shortens a command's first sentence to the listing's width.
    if len(text) <= limit:
        return text
    import textwrap

    return textwrap.shorten(text, max(limit, 3), placeholder="...", break_on_hyphens=False)
