"""What the package's data files parsed to, kept on disk between commands.

A command at the table reads the names list and the card game's cards (TOML files shipped with
the package, `domain.package_data.package_toml`): importing tomllib and parsing the two took
about a twelfth of `match show`'s instructions, paid again by every command although the
files never change between two of them.

So the command line keeps each file's text with what it parsed to, one marshal file per data
file in the user's cache folder, beside the compiled methods (cli/compiled_methods.py) and
under the same rules: a kept entry is used only for the very text it was parsed from (a
changed file is parsed again and kept anew), an unreadable, foreign or damaged file is ignored,
a folder that cannot be written is left alone, and nothing is written when
`sys.dont_write_bytecode` is set (PYTHONDONTWRITEBYTECODE).
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any


def cache_folder() -> str | None:
    """Where this interpreter keeps parsed data files (marshal's format is the
    interpreter's); None where no cache folder is known."""
    from cli.compiled_methods import cache_folder as methods_folder

    methods = methods_folder()
    if methods is None:
        return None
    folder, name = os.path.split(methods)
    return os.path.join(folder, name.replace("dataclass-methods.", "package-data.", 1))


class KeptData:
    """`domain.package_data.Keeper` on files in `folder`, one per data file."""

    def __init__(self, folder: str | None) -> None:
        self.folder = folder
        self.parsed = 0

    def path(self, key: str) -> str | None:
        # The key is `package@file name`: neither part holds a path separator.
        return None if self.folder is None else os.path.join(self.folder, f"{key}.marshal")

    def kept(self, key: str, text: str) -> Any | None:
        path = self.path(key)
        if path is None:
            return None
        try:
            with open(path, "rb") as kept:
                loaded = marshal.loads(kept.read())
        except (OSError, EOFError, ValueError, TypeError):
            return None
        if not (isinstance(loaded, tuple) and len(loaded) == 2 and loaded[0] == text):
            return None
        return loaded[1]

    def keep(self, key: str, text: str, parsed: Any) -> None:
        self.parsed += 1
        path = self.path(key)
        if path is None or self.folder is None or sys.dont_write_bytecode:
            return
        partial = f"{path}.{os.getpid()}.partial"
        try:
            data = marshal.dumps((text, parsed))
        except ValueError:  # a value marshal cannot write (a TOML date): parsed each time
            return
        try:
            os.makedirs(self.folder, exist_ok=True)
            with open(partial, "wb") as out:
                out.write(data)
            # Atomic: a command starting meanwhile reads the old file or the new one whole.
            os.replace(partial, path)
        except OSError:
            with suppress(OSError):
                os.remove(partial)


@contextmanager
def kept_data(folder: str | None = None) -> Iterator[KeptData]:
    """While it lasts, the package's data files are read from what is kept in `folder`
    (`cache_folder()` by default) when their text is unchanged, and kept there otherwise."""
    # Imported here: `touchline --help` imports no part of the domain.
    from domain.package_data import keeping_parsed_data

    kept = KeptData(cache_folder() if folder is None else folder)
    with keeping_parsed_data(kept):
        yield kept
