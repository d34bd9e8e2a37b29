"""The prompt's help, "did you mean", any-case values and compact situation are the same for
every game: King of the Pitch and the TCG here, read from a pipe (the card game is driven at a
terminal in test_play_prompt.py)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Run

TEAMS = Path(__file__).resolve().parents[1] / "domain" / "tcg" / "teams"


def created(run: Run, *args: str) -> str:
    result = run("match", "new", *args)
    assert result.exit_code == 0, result.output
    return result.output.split()[2]


def test_king_of_the_pitch_at_the_prompt(run: Run) -> None:
    match = created(
        run,
        "king-of-the-pitch",
        "--team",
        "blue:Alice",
        "--team",
        "green:Bob",
        "--team",
        "red:Chen",
    )
    session = ["help", "help roll", "rol Blue 5", "roll BLUE dice=5", "undo", "quit"]
    shown = run("match", "play", match, input="\n".join(session) + "\n").output
    assert "Entries legal now" in shown and "  roll  KP-3.5" in shown
    assert "  team    required  the team (by colour) making the entry" in shown
    assert "(now: blue|green|red)" in shown
    assert "no entry is called 'rol' (did you mean roll" in shown
    assert "recorded     1  roll team=blue dice=5" in shown
    assert "next: Green (Bob): roll; Red (Chen): roll" in shown
    assert "retracted entry 1: Blue roll 5" in shown


def test_the_tcg_at_the_prompt(run: Run) -> None:
    home, away = TEAMS / "nankatsu.toml", TEAMS / "toho.toml"
    match = created(run, "tcg", "--home", f"{home}:Alice", "--away", f"{away}:Bob")
    session = ["help place", "place Home 'yuzo morisaki' GOAL", "plase away x", "quit"]
    shown = run("match", "play", match, input="\n".join(session) + "\n").output
    assert "  area    required  the zone, a1..e9 (goal for the goalkeeper) (now: goal)" in shown
    assert "recorded     1  place side=home player='Yuzo Morisaki' area=goal" in shown
    assert "Nankatsu 0 – 0 Toho · half 1, turn 0; phase placement" in shown
    assert "no entry is called 'plase' (did you mean place or pass?)" in shown
