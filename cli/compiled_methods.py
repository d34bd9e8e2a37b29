"""The methods dataclasses generate, compiled once and kept on disk between commands.

Making a dataclass compiles every method it generates (`__init__`, `__repr__`, `__eq__`, a
frozen class's `__hash__`, `__setattr__` and `__delattr__`) from source text: one `compile`
each on Python 3.11 and 3.12, one per class on 3.13. A command at the table makes about 190
dataclasses (the match's events, the game's actions, consequences and state, the service's
values, the library's own) and those compiles were about a third of its CPU time, paid again by
every command although the classes never change between two of them.

So the command line keeps the code `compile` gives for each generated text, keyed by that
text, in one file per module that declares classes, in a folder per interpreter version (as
Python keeps a module's bytecode by the interpreter's tag). The text says everything the
method does (the class's fields, defaults and options), so a class declared differently makes
a different text and a new entry: a kept entry is never stale, only unused. Nothing else
changes: dataclasses still writes the text and runs it with the same globals, and the code run
is what `compile` makes of that text, as dataclasses' own `exec` would. An unreadable, foreign
or damaged file is ignored (everything is compiled as before), a file that cannot be written is
not written, and, as for bytecode, nothing is written when `sys.dont_write_bytecode` is set
(PYTHONDONTWRITEBYTECODE).

Only the command line uses it (`cli.main.main`, for the length of one command): a server
makes its classes once per process, where the compiles do not matter.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from functools import cache
from types import CodeType
from typing import Any

# Kept entries of one module beyond which its file keeps only what the latest command used
# (each release whose classes change adds entries; the card game's consequences make 200).
MOST_KEPT = 2_000


def cache_folder() -> str | None:
    """Where this interpreter's compiled methods are kept: the user's cache folder
    (service/user_folders.py; $XDG_CACHE_HOME/touchline or ~/.cache/touchline on Linux);
    None for an interpreter that keeps no bytecode, or a user whose home is not known (a
    command given its store's URL still runs, compiling as before)."""
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    from service.user_folders import user_cache_folder

    try:
        folder = user_cache_folder()
    except (RuntimeError, OSError, KeyError):
        return None
    # By the interpreter's version and its optimisation level (-O), as bytecode is.
    name = f"dataclass-methods.{tag}.{sys.hexversion:x}.opt-{sys.flags.optimize}"
    return os.path.join(folder, name)


# The file of methods whose class's module dataclasses does not say (or names oddly).
SHARED = "_"


class CompiledMethods:
    """Generated method texts → their compiled code, one file in `folder` per module that
    declares the classes (so a command reads the files of the modules it imports, not every
    class any command ever made), each read on the module's first class and written back
    with what was compiled anew."""

    def __init__(self, folder: str | None) -> None:
        self.folder = folder
        self._codes: dict[str, dict[str, CodeType]] = {}
        self._used: dict[str, set[str]] = {}
        self._changed: set[str] = set()
        self.compiled = 0

    def exec(
        self,
        source: Any,
        globals: dict[str, Any] | None = None,
        locals: Mapping[str, object] | None = None,
    ) -> None:
        """`exec` as dataclasses calls it, with a kept compilation of a text seen before."""
        if not isinstance(source, str):
            builtins.exec(source, globals, locals)
            return
        module = _module_of(globals)
        codes = self._codes.get(module)
        if codes is None:
            codes = self._codes[module] = self._read_kept(module)
        code = codes.get(source)
        if code is None:
            # dont_inherit: compiled with no __future__ of this module, as dataclasses' own
            # `exec` compiles it (dataclasses has none).
            code = compile(source, "<string>", "exec", dont_inherit=True)
            codes[source] = code
            self._changed.add(module)
            self.compiled += 1
        self._used.setdefault(module, set()).add(source)
        builtins.exec(code, globals, locals)

    def write(self) -> None:
        """Keep what was compiled anew, with what another command kept meanwhile."""
        if self.folder is None or sys.dont_write_bytecode:
            return
        for module in sorted(self._changed):
            codes = {**self._read_kept(module), **self._codes[module]}
            if len(codes) > MOST_KEPT:
                codes = {source: codes[source] for source in self._used[module]}
            self._write(module, codes)
        self._changed.clear()

    def path(self, module: str) -> str | None:
        return None if self.folder is None else os.path.join(self.folder, f"{module}.marshal")

    def _read_kept(self, module: str) -> dict[str, CodeType]:
        path = self.path(module)
        if path is None:
            return {}
        try:
            with open(path, "rb") as kept:
                # Read whole, then decoded: `marshal.load` on a file reads it object by
                # object, a call to the file for each, and took seven times as long.
                loaded = marshal.loads(kept.read())
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        if not isinstance(loaded, dict):
            return {}
        return {
            source: code
            for source, code in loaded.items()
            if isinstance(source, str) and isinstance(code, CodeType)
        }

    def _write(self, module: str, codes: dict[str, CodeType]) -> None:
        path = self.path(module)
        assert path is not None and self.folder is not None
        partial = f"{path}.{os.getpid()}.partial"
        try:
            os.makedirs(self.folder, exist_ok=True)
            with open(partial, "wb") as out:
                marshal.dump(codes, out)
            # Atomic: a command starting meanwhile reads the old file or the new one whole.
            os.replace(partial, path)
        except OSError:
            with suppress(OSError):
                os.remove(partial)


def _module_of(globals: Mapping[str, Any] | None) -> str:
    """The module whose globals the generated method runs in: dataclasses passes those of
    the class's module."""
    name = globals.get("__name__") if globals is not None else None
    return _file_key(name) if isinstance(name, str) else SHARED


@cache
def _file_key(name: str) -> str:
    """`name` if it names a module (then its file's name), else the shared file's. Asked for
    each of a command's thousand-odd generated methods, by a few dozen modules."""
    if name and all(part.isidentifier() for part in name.split(".")):
        return name
    return SHARED


@contextmanager
def compiled_methods(folder: str | None = None) -> Iterator[CompiledMethods]:
    """While it lasts, dataclasses made in this process take their methods' code from the
    files in `folder` (`cache_folder()` by default), and what they compile anew is written
    there at the end.
    dataclasses looks `exec` up among its module's globals before the builtins (so on 3.11,
    3.12 and 3.13, whose dataclasses call it in one place each)."""
    methods = CompiledMethods(cache_folder() if folder is None else folder)
    setattr(dataclasses, "exec", methods.exec)  # noqa: B010 (a module global, on purpose)
    try:
        yield methods
    finally:
        if getattr(dataclasses, "exec", None) == methods.exec:
            delattr(dataclasses, "exec")
        methods.write()
