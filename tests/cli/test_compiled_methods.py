"""Issue 13: a command keeps the methods dataclasses generate, compiled, between commands
(cli/compiled_methods.py). A class made from kept code is the class dataclasses makes; a kept
entry is found by the generated text alone; a damaged or unwritable file changes nothing but
the time; and a second command at the table compiles nothing."""

from __future__ import annotations

import dataclasses
import inspect
import marshal
import os
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cli.compiled_methods import SHARED, CompiledMethods, cache_folder, compiled_methods
from tests.cli.probes import card_match_in, probe_output, probed


@pytest.fixture(autouse=True)
def writing_bytecode(monkeypatch: pytest.MonkeyPatch) -> None:
    """As an installed command runs (the test machine sets PYTHONDONTWRITEBYTECODE)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


GENERATED = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def declare() -> Any:
    """The same declarations each call, made afresh: what a new process does."""

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Base:
        kind: ClassVar[str] = "base"
        team: str

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Played(Base):
        kind: ClassVar[str] = "played"
        card: str
        points: tuple[int, ...] = ()
        notes: tuple[str, ...] = dataclasses.field(default_factory=tuple)

    @dataclasses.dataclass(order=True)
    class Plain:
        number: int
        word: str = "kick-off"

    return Played, Plain


def behaviour(played: Any, plain: Any) -> dict[str, Any]:
    one = played(team="toho", card="Kojiro", points=(1, 2))
    frozen = ""
    try:
        one.team = "nankatsu"
    except dataclasses.FrozenInstanceError as error:
        frozen = str(error)
    return {
        "repr": (repr(one), repr(plain(3))),
        "eq": (one == played(team="toho", card="Kojiro", points=(1, 2)), one == "x"),
        "hash": hash(one) == hash(played(team="toho", card="Kojiro", points=(1, 2))),
        "frozen": frozen,
        "defaults": played(team="toho", card="K").notes,
        "order": plain(1) < plain(2),
        "signatures": [str(inspect.signature(c)) for c in (played, plain)],
        "annotations": [repr(c.__init__.__annotations__) for c in (played, plain)],
        "docs": [c.__doc__ for c in (played, plain)],
        "match_args": (played.__match_args__, plain.__match_args__),
        "code": {
            (c.__name__, name): getattr(c, name).__code__.co_code
            for c in (played, plain)
            for name in GENERATED
            if name in c.__dict__ and hasattr(getattr(c, name), "__code__")
        },
    }


def test_a_class_made_from_kept_code_is_the_class_dataclasses_makes(tmp_path: Path) -> None:
    kept = str(tmp_path / "methods")
    plain = behaviour(*declare())
    with compiled_methods(kept) as first:
        compiled = behaviour(*declare())
    assert first.compiled > 0
    with compiled_methods(kept) as second:
        from_file = behaviour(*declare())
    assert second.compiled == 0
    assert plain == compiled == from_file
    assert "exec" not in vars(dataclasses)  # the library is as it was once the command ends
    # One file per module that declares classes.
    assert [p.name for p in Path(kept).iterdir()] == [f"{__name__}.marshal"]


def test_a_kept_entry_is_found_by_the_generated_text_alone(tmp_path: Path) -> None:
    kept = str(tmp_path / "methods")
    with compiled_methods(kept):
        declare()

    with compiled_methods(kept) as changed:

        @dataclasses.dataclass(frozen=True)
        class Played:
            team: str
            card: str = "Tsubasa"  # a default the kept classes do not have

        assert Played(team="toho").card == "Tsubasa"
    assert changed.compiled > 0  # its __init__ is new text, compiled


@pytest.mark.parametrize(
    "content", [b"", b"not marshal", marshal.dumps([1, 2]), marshal.dumps({"def f(): pass": 1})]
)
def test_a_damaged_file_is_ignored_and_written_again_whole(tmp_path: Path, content: bytes) -> None:
    kept = tmp_path / f"{__name__}.marshal"
    kept.write_bytes(content)
    with compiled_methods(str(tmp_path)) as methods:
        assert behaviour(*declare())["repr"][1].endswith("Plain(number=3, word='kick-off')")
    assert methods.compiled > 0
    with compiled_methods(str(tmp_path)) as again:  # readable again, with what was compiled
        declare()
    assert again.compiled == 0


def test_nothing_is_written_where_it_cannot_be_or_when_bytecode_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a file").write_text("")
    with compiled_methods(str(tmp_path / "a file" / "methods")):
        declare()
    assert [p.name for p in tmp_path.iterdir()] == ["a file"]
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    with compiled_methods(str(tmp_path / "methods")) as methods:
        declare()
    assert methods.compiled > 0
    assert not (tmp_path / "methods").exists()


def test_methods_whose_module_is_not_said_are_kept_apart(tmp_path: Path) -> None:
    methods = CompiledMethods(str(tmp_path))
    for globals_ in (None, {}, {"__name__": "../elsewhere"}, {"__name__": 3}):
        namespace: dict[str, Any] = {}
        methods.exec("def f():\n return 1", globals_, namespace)
        assert namespace["f"]() == 1
    methods.write()
    assert [p.name for p in tmp_path.iterdir()] == [f"{SHARED}.marshal"]


def test_the_file_is_kept_in_the_user_cache_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    found = cache_folder()
    assert found is not None
    if sys.platform not in ("win32", "darwin"):
        assert found.startswith("/somewhere/cache/touchline/dataclass-methods.")
    assert sys.implementation.cache_tag in found


# Runs one command in a fresh interpreter, and prints how many generated methods it compiled.
PROBE = """
import json, sys
import cli.compiled_methods as kept
counted = []
write = kept.CompiledMethods.write
def counting(self):
    counted.append(self.compiled)
    write(self)
kept.CompiledMethods.write = counting
from cli.main import main
sys.argv = ["touchline", *sys.argv[1:]]
# Printed as the command ends (it ends the process itself: cli/quick_exit.py).
import atexit
atexit.register(lambda: print(json.dumps(counted)))
main()
"""


def test_a_second_command_at_the_table_compiles_nothing(tmp_path: Path) -> None:
    url, match_id = card_match_in(tmp_path)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def compiled(*command: str) -> int:
        [count] = probed(PROBE, url, *command, env=env)
        return int(count)

    assert compiled("match", "show", match_id) > 500
    assert compiled("match", "show", match_id) == 0
    # Recording makes the match's events: kept by the first, read by the second.
    assert compiled("match", "record", match_id, "toss", "winner=toho") > 0
    assert compiled("match", "record", match_id, "kickoff", "coach=toho") == 0
    shown = probe_output(PROBE, url, "match", "show", match_id, "--log", env=env)
    assert "toss" in shown.casefold()


def test_a_file_grown_past_its_bound_keeps_what_the_latest_command_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cli.compiled_methods as kept

    earlier = CompiledMethods(str(tmp_path))
    for n in range(5):  # what earlier releases' classes made
        earlier.exec(f"def f():\n return {n}", {"__name__": "domain.old"}, {})
    earlier.write()
    monkeypatch.setattr(kept, "MOST_KEPT", 5)
    latest = CompiledMethods(str(tmp_path))
    latest.exec("def f():\n return 'now'", {"__name__": "domain.old"}, {})
    latest.write()
    assert CompiledMethods(str(tmp_path))._read_kept("domain.old").keys() == {
        "def f():\n return 'now'"
    }


def test_without_a_known_home_nothing_is_kept_and_classes_are_made_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import platformdirs

    def unknown(*_: object, **__: object) -> str:
        raise RuntimeError("could not determine the home directory")

    # A relative HOME and no XDG_CACHE_HOME: the folder is platformdirs' to find, and it cannot.
    monkeypatch.setenv("HOME", "relative")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_cache_dir", unknown)
    assert cache_folder() is None
    with compiled_methods() as methods:
        assert behaviour(*declare())["repr"][1].endswith("Plain(number=3, word='kick-off')")
    assert methods.compiled > 0 and methods.folder is None
