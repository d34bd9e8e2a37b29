"""Babel's extractor for the command line's help (babel.cfg, `scripts/translations.sh`).

Besides the messages Babel's own Python extractor finds (`_`, `ngettext`, `N_` …), a command's
help is text click shows without a call to mark it: a command's docstring, an option's
`help=`, `short_help=` and `epilog=`, the line a lazy group lists for a command not imported
yet (`Listed`, cli/lazy.py) and a help that fills in values (`help_with`,
cli/help_language.py). They are extracted here as they are looked up when help is drawn: as
`inspect.cleandoc` leaves them.

With the option `click_messages`, a file also yields click's own messages ("Usage:",
"Error: Missing argument …"), read from the installed click, which marks them with gettext
for an application to translate along with its own (cli/help_language.py shows them).
"""

from __future__ import annotations

import ast
import inspect
import io
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

# The keyword arguments of click's decorators and classes that hold help.
HELP_KEYWORDS = ("help", "short_help", "epilog")
# The decorators that make a command of the function below, whose docstring is its help.
COMMAND_DECORATORS = ("command", "group")

# (line, the keyword, the message or a plural's messages, comments), as Babel takes them.
Extracted = tuple[Any, ...]


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    from babel.messages.extract import extract_python

    source = fileobj.read()
    marks = dict.fromkeys(keywords)
    yield from extract_python(io.BytesIO(source), marks, comment_tags, options)  # type: ignore[arg-type]
    if "_" not in keywords:
        return  # another domain's keywords (the rules' `phrase`): help is not theirs
    for lineno, text in help_texts(source):
        yield lineno, None, text, []
    if options.get("click_messages"):
        yield from click_messages(keywords)


def help_texts(source: bytes) -> Iterator[tuple[int, str]]:
    """Each help text of a module's commands, with its line."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=True)
            if docstring and any(_documents(d) for d in node.decorator_list):
                yield node.lineno, docstring
        elif isinstance(node, ast.Call):
            name = _called(node.func)
            if name == "Listed" and len(node.args) > 1:
                yield from _constant(node.args[1])
            if name == "help_with" and node.args:
                yield from _constant(node.args[0])
            for keyword in node.keywords:
                if keyword.arg in HELP_KEYWORDS:
                    yield from _constant(keyword.value)


def click_messages(keywords: Collection[str]) -> Iterator[Extracted]:
    """Every message click marks for translation, from the installed package's modules."""
    import click
    from babel.messages.extract import extract_python

    for module in sorted(Path(click.__file__).parent.glob("*.py")):
        with module.open("rb") as file:
            marks = dict.fromkeys(keywords)
            for _lineno, funcname, message, _comments in extract_python(file, marks, (), {}):
                # Located at the line of the file that asks for them.
                yield 1, funcname, message, []


def _documents(decorator: ast.expr) -> bool:
    """Whether a decorator makes a command (`@click.command(…)`, `@cli.group(…)`) that takes
    its help from the docstring (no `help=` of its own)."""
    call = decorator if isinstance(decorator, ast.Call) else None
    name = _called(call.func if call else decorator)
    own_help = call is not None and any(k.arg == "help" for k in call.keywords)
    return name in COMMAND_DECORATORS and not own_help


def _called(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def _constant(node: ast.expr) -> Iterator[tuple[int, str]]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip():
        yield node.lineno, inspect.cleandoc(node.value)
