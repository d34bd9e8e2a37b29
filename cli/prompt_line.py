"""Reading the prompt's lines: at a terminal with readline (editing, history kept per user in
the data directory, tab completion); from a pipe or a script, plain lines.

History holds only the entries and commands typed at the prompt (never the answers to its
questions), at most HISTORY_LENGTH of them, and never a line with a control character: such
a line (an escape sequence pasted by accident) is neither kept nor written back out.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import click

from cli.language import _
from domain.text import NOT_TEXT

HISTORY_LENGTH = 1000
HISTORY_FILE = "prompt-history"
_NOT_TEXT = re.compile(f"[{NOT_TEXT}]")

# The whole line up to the cursor → the whole lines it may complete to.
Completer = Callable[[str], list[str]]


def history_path() -> Path:
    from service.user_folders import user_data_folder

    return Path(user_data_folder()) / HISTORY_FILE


def keepable(line: str) -> bool:
    """Whether a typed line may go into the history: printable text only, not blank."""
    return bool(line.strip()) and _NOT_TEXT.search(line) is None


def clean_history(lines: list[str]) -> list[str]:
    """The lines worth keeping, the most recent HISTORY_LENGTH of them, oldest first."""
    return [line for line in lines if keepable(line)][-HISTORY_LENGTH:]


class PromptReader:
    """Reads one line at a time; at a terminal with readline, with its editing, history and
    completion, and saves the history on `close`."""

    def __init__(self, completer: Completer | None = None) -> None:
        self._readline = _terminal_readline()
        self._completer = completer
        self._matches: list[str] = []
        self._prompt = ""
        if self._readline is not None:
            self._start(self._readline)

    @property
    def at_a_terminal(self) -> bool:
        return self._readline is not None

    def read(self, prompt: str) -> str:
        """The next line typed after `prompt`; EOFError at the end of the input."""
        self._prompt = prompt  # to draw again under a list of completions
        if self._readline is None:
            try:
                return str(click.prompt(prompt, prompt_suffix=""))
            except click.Abort:
                raise EOFError from None
        try:
            line = input(prompt)
        except KeyboardInterrupt:
            # Ctrl-C drops the line being typed, as a shell does; quit or Ctrl-D ends.
            click.echo()
            return ""
        if keepable(line):
            self._readline.add_history(line)
        return line

    def close(self) -> None:
        readline = self._readline
        if readline is None:
            return
        path = history_path()
        lines = clean_history(
            [
                readline.get_history_item(i) or ""
                for i in range(1, readline.get_current_history_length() + 1)
            ]
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                file.writelines(line + "\n" for line in lines)
        except OSError as error:
            click.echo(
                _("(the prompt's history was not saved: %(strerror)s)", strerror=error.strerror),
                err=True,
            )

    def _start(self, readline: ModuleType) -> None:
        readline.set_auto_history(False)
        readline.clear_history()
        try:
            text = history_path().read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""  # no history yet
        for line in clean_history(text.splitlines()):
            readline.add_history(line)
        if self._completer is not None:
            # The whole line is one "word": completion sees quotes and the words before.
            readline.set_completer_delims("")
            readline.set_completer(self._complete)
            readline.set_completion_display_matches_hook(self._show_matches)
            readline.parse_and_bind("tab: complete")

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:
            assert self._completer is not None and self._readline is not None
            buffer = self._readline.get_line_buffer()[: self._readline.get_endidx()]
            self._matches = self._completer(buffer)
        return self._matches[state] if state < len(self._matches) else None

    def _show_matches(self, substitution: str, matches: list[str], longest: int) -> None:
        # Each match is a whole line: show only the word it completes.
        assert self._readline is not None
        words = [_last_word(match) for match in matches]
        sys.stdout.write("\n" + "  ".join(words) + "\n")
        sys.stdout.write(self._prompt + self._readline.get_line_buffer())
        sys.stdout.flush()


def _last_word(line: str) -> str:
    stripped = line.rstrip()
    for quote in ("'", '"'):
        if stripped.endswith(quote):
            start = stripped.rfind(quote, 0, len(stripped) - 1)
            return stripped[start:] if start >= 0 else stripped
    return stripped.rsplit(" ", 1)[-1]


def _terminal_readline() -> ModuleType | None:
    """The readline module when a person types at a terminal; None for pipes and scripts."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        import readline
    except ImportError:  # a Python built without it: plain lines still work
        return None
    return readline
