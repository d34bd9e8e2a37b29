"""Stores written by earlier releases load forever, with everything they showed then.

Each folder under tests/fixtures/ was written once by a release and is never regenerated (see
its README): a SQLite store, its events and snapshots as a replayable list, and what that
release answered about every match and every projection. Today's code opens the SQLite store
as it was left, and a PostgreSQL store filled with the same events, and must answer the same.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from click.testing import CliRunner
from eventsourcing.persistence import StoredEvent

from cli.main import cli
from domain.match import MatchRecord
from schemas.matchfile import dumps, loads
from service.app import Touchline
from service.config import settings_for_url

RELEASE_2026_11 = Path(__file__).parent.parent / "fixtures" / "release_2026_11"
# The time every expected match file was exported at.
EXPORTED_AT = "2026-11-30T12:00:00+00:00"


def expected(name: str) -> Any:
    return json.loads((RELEASE_2026_11 / "expected" / name).read_text(encoding="utf-8"))


MATCHES: dict[str, dict[str, Any]] = expected("matches.json")
PROJECTIONS: dict[str, Any] = expected("projections.json")
# Cards the release counted as players that are none: a Match card, and the card named for the
# Special Shot ability it carries. Since statistics version 3 they are no player subjects, and
# the Special Shot goal the release credited to that card counts for no player.
NO_LONGER_PLAYERS = ("Control and Advance", "Foul", "Toho Special Shot")


def as_shown_today(released: dict[str, Any]) -> dict[str, Any]:
    """What the release's projections answer with now: the same, but for NO_LONGER_PLAYERS."""
    players = {
        name: found
        for name, found in released["stats"]["player"].items()
        if name not in NO_LONGER_PLAYERS
    }
    return {**released, "stats": {**released["stats"], "player": players}}


# The release's one match played with the captains option (5 teams: no captain set aside).
WITH_CAPTAINS = ("kp-five-teams-captains",)


def situation_today(name: str, released: dict[str, Any]) -> dict[str, Any]:
    """The situation the release showed, as King of the Pitch shows it now: a hand is its count
    of cards, the secret captain card among them while the team holds it (KP-8.1), with the
    cards themselves for the scorers alone (KP-4.1: player cards are not revealed); and the
    captain cards set aside (none: the release's captains match has 5 teams)."""
    if released.get("ruleset") != "king-of-the-pitch":
        return released
    teams = {}
    for colour, team in released["teams"].items():
        holds = name in WITH_CAPTAINS and team["captain"] is None
        shown = {k: v for k, v in team.items() if k != "hand_cards"}
        teams[colour] = {**shown, "hand": team["hand"] + holds, "captain_card": holds}
    return {**released, "teams": teams, "captains_aside": 0}


def plain(value: Any) -> Any:
    """A value as the expectations hold it: JSON, where tuples are lists."""
    return json.loads(json.dumps(value))


def rounded(value: Any) -> Any:
    """Floats (chi-square, p-values) to 12 significant digits: a fold that sums in another
    order may differ in the last bits and still answer the same."""
    if isinstance(value, float):
        return float(f"{value:.12g}")
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return value


def stored_events(name: str) -> list[StoredEvent]:
    text = (RELEASE_2026_11 / name).read_text(encoding="utf-8")
    return [
        StoredEvent(
            originator_id=UUID(row["originator_id"]),
            originator_version=row["originator_version"],
            topic=row["topic"],
            state=base64.b64decode(row["state"]),
        )
        for row in map(json.loads, text.splitlines())
    ]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def release_store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The release's store: its own SQLite file (a copy), or its events in a new PostgreSQL
    database, inserted through the recorder as that release stored them."""
    if request.param == "sqlite":
        copy = tmp_path / "touchline.sqlite3"
        shutil.copyfile(RELEASE_2026_11 / "touchline.sqlite3", copy)
        return f"sqlite:///{copy}"
    url = str(request.getfixturevalue("postgres_url"))
    app = Touchline(settings_for_url(url))
    try:
        app.recorder.insert_events(stored_events("events.jsonl"))
        assert app.snapshots is not None
        app.snapshots.recorder.insert_events(stored_events("snapshots.jsonl"))
    finally:
        app.close()
    return url


@pytest.fixture
def app(release_store: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(release_store))
    yield application
    application.close()


def test_the_fixture_holds_every_kind_of_line_and_match() -> None:
    """What the tests below rely on, so that they cannot pass on a thinner fixture."""
    statuses = {m["status"] for m in MATCHES.values()}
    assert statuses == {"finished", "in progress", "abandoned"}
    assert {m["ruleset"] for m in MATCHES.values()} == {"card-game", "king-of-the-pitch", "tcg"}
    files = "".join(
        (RELEASE_2026_11 / "expected" / f"{name}.match").read_text(encoding="utf-8")
        for name in MATCHES
    )
    for mark in ("override=", " undo ", " note 0 ", " abandon ", "key=", "device=", "source=app"):
        assert mark in files
    assert PROJECTIONS["standings"] and PROJECTIONS["dice"]["everybody"]


def test_the_release_s_entries_load_with_no_die_named(app: Touchline) -> None:
    """The release stored `EntryRecorded` at version 3, before a die could be named: each
    entry loads through the upcaster with none, and its dice count as the table's unnamed."""
    entries = [
        line
        for match in MATCHES.values()
        for line in app.load_record(match["id"]).effective_entries()
    ]
    assert len(entries) > 100
    assert {entry.die_label for entry in entries} == {None}
    assert app.dice_sources() and {d.die for d in app.dice_sources()} == {""}


def test_every_match_shows_what_the_release_showed(app: Touchline) -> None:
    for name, match in MATCHES.items():
        view = app.get_match(match["id"])
        shown = {
            "ruleset": view.ruleset,
            "version": view.version,
            "status": view.status,
            "result": plain(view.to_dict()["result"]),
            "situation": plain(view.situation),
            "expected": plain(view.to_dict()["expected"]),
            "title": view.title,
            "labels": plain(view.labels),
        }
        released = {k: v for k, v in match.items() if k in shown}
        released["situation"] = situation_today(name, released["situation"])
        assert shown == released, name


def test_the_release_s_annotations_load_as_plain_remarks_and_no_match_is_a_branch(
    app: Touchline,
) -> None:
    """The release stored `Annotated` at version 2, before glyphs: each note loads through
    the upcaster with none, reads as it did, and exports as the version 4 line it was; and
    it stored no `Branched` event: no match is a branch or has one."""
    notes = [
        line for match in MATCHES.values() for line in app.load_record(match["id"]).annotations()
    ]
    assert len(notes) > 5
    assert {note.glyph for note in notes} == {None}
    for name, match in MATCHES.items():
        view = app.get_match(match["id"])
        assert view.branch is None and view.to_dict()["branch"] is None, name
        assert app.branches_of(match["id"]) == (), name
        assert dumps(app.load_record(match["id"]), EXPORTED_AT).splitlines()[1] == (
            "touchline-match: 4"
        ), name
        said = [line.sentence for line in view.report().lines if line.type == "annotation"]
        assert all(
            sentence.startswith("Note on ") and "(" not in sentence[:20] for sentence in said
        )


def test_no_match_of_the_release_is_imported(app: Touchline) -> None:
    """The release recorded no provenance: every match reads as scored where it is, with
    nothing claimed, and lists so."""
    for name, match in MATCHES.items():
        assert app.load_record(match["id"]).provenance is None, name
        view = app.get_match(match["id"])
        assert view.imported is None and view.to_dict()["imported"] is None, name
        assert not any(view.claimed(line) for line in view.log), name
        assert app.replay(match["id"]).imported is None, name
    assert [s.imported for s in app.list_matches()] == [None] * len(MATCHES)


def test_the_release_s_tcg_matches_keep_the_readings_they_were_recorded_under(
    app: Touchline,
) -> None:
    """TCG-7.5 and TCG-6.2: the release checked no supporting position and capped a player at
    2 areas a phase. Its matches load with those readings (support=anywhere,
    move-limit=per-phase), from their events and from their snapshots alike, so that their
    entries judge as they were judged; matches created since name today's defaults."""
    tcg = [match for match in MATCHES.values() if match["ruleset"] == "tcg"]
    assert len(tcg) == 3
    for match in tcg:
        record = app.load_record(match["id"])
        setup = record.made_setup()
        assert (setup.support, setup.move_limit) == ("anywhere", "per-phase"), match["id"]
        assert record.setup["settings"]["support"] == "anywhere"
        assert app.snapshots is not None
        for snapshot in app.snapshots.get(UUID(match["id"])):
            assert snapshot.mutate(None).setup == record.setup
    # Its supports judge as they were judged: legal under the reading recorded, some of them
    # not under today's default (a keeper supporting from his goal mouth, far-off players).
    record = app.load_record(MATCHES["tcg-normal-time"]["id"])
    rules, recorded = record.ruleset, record.made_setup()
    today = rules.make_setup({**record.setup, "settings": {**record.setup["settings"],
                              "support": "adjacent", "move-limit": "per-move"}})  # fmt: skip
    states = (rules.initial_state(recorded), rules.initial_state(today))
    refused_today = 0
    for entry in record.effective_entries():
        action = rules.action_from_dict(entry.action)
        if entry.action["kind"] == "support":
            assert rules.check(states[0], action) == (), entry.number
            refused_today += bool(rules.check(states[1], action))
        states = tuple(rules.apply(state, action).state for state in states)
    assert refused_today > 0


def as_format_2(text: str) -> str:
    """A match file of format 4 without what formats 3 and 4 added (the chain's lines and
    values, a seal and named dice, which no match of the release has; the version line) and
    without its end line, whose checksum covers them: what the release wrote, line for line,
    if nothing else changed. The setup line also names the TCG settings added since, with the
    readings the release recorded its matches under (`recorded_setup`); those are taken out."""
    kept = [
        _ADDED_SETTINGS.sub("", _CHAIN_VALUE.sub("", line)) if line.startswith("setup: ")
        else _CHAIN_VALUE.sub("", line)
        for line in text.split("\n")
        if not line.startswith(("chain: ", "seal: ", "end: "))
    ]  # fmt: skip
    return "\n".join(kept).replace("touchline-match: 4\n", "touchline-match: 2\n", 1)


_CHAIN_VALUE = re.compile(r" chain=[0-9a-f]{64}$")
# The TCG settings added after the release, as its matches now name them (docs/rules/tcg.md).
_ADDED_SETTINGS = re.compile(r', "(move-limit": "per-phase|support": "anywhere)"')


def test_every_match_exports_the_release_match_file(app: Touchline) -> None:
    """Byte for byte as the release wrote it (format 2), but for format 3's chain and format
    4's version line (no match of the release named a die)."""
    for name, match in MATCHES.items():
        release_file = (RELEASE_2026_11 / "expected" / f"{name}.match").read_text("utf-8")
        exported = dumps(app.load_record(match["id"]), EXPORTED_AT)
        assert exported.startswith("# Touchline match file") and "\nseal: " not in exported
        assert as_format_2(exported) == re.sub(r"(?m)^end: .*$\n", "", release_file), name
        parsed, released = loads(exported), loads(release_file)
        assert parsed.version == 4 and parsed.checked and parsed.chain.held, name
        assert [line for _, line in parsed.lines] == [line for _, line in released.lines], name
        rules = app.load_record(match["id"]).ruleset
        assert parsed.setup == rules.recorded_setup(released.setup), name


def test_every_match_replays_to_the_release_situations(app: Touchline) -> None:
    for name, match in MATCHES.items():
        for step, situation in match["replay"].items():
            replayed = app.replay(match["id"], int(step)).situation
            assert plain(replayed) == situation_today(name, situation), f"{name} at step {step}"


def test_a_snapshot_the_release_took_loads_as_its_events_fold(app: Touchline) -> None:
    assert app.snapshots is not None
    taken = 0
    for name, match in MATCHES.items():
        match_id = UUID(match["id"])
        for snapshot in app.snapshots.get(match_id):
            restored = snapshot.mutate(None)
            folded = None
            for event in app.events.get(match_id, lte=snapshot.originator_version):
                folded = event.mutate(folded)
            assert isinstance(restored, MatchRecord) and isinstance(folded, MatchRecord)
            assert restored.version == folded.version == snapshot.originator_version
            assert (restored.log, restored.keys, restored.setup) == (
                folded.log,
                folded.keys,
                folded.setup,
            ), name
            assert restored.game == folded.game, name
            taken += 1
        # Loading goes through the newest snapshot: the match it gives is the whole one.
        assert app.load_record(match["id"]).version == match["version"], name
    assert taken >= 10


def rebuild_projections(url: str) -> None:
    result = CliRunner().invoke(cli, ["--database", url, "projections", "rebuild"])
    assert result.exit_code == 0, result.output
    assert "rebuilt summaries, statistics, dice, standings" in result.output


def projections_shown(app: Touchline) -> dict[str, Any]:
    ask = {"player": app.player_stats, "coach": app.coach_stats, "team": app.team_stats}
    leagues = app.leagues()
    return plain(
        {
            # The release knew no imports (see test_no_match_of_the_release_is_imported).
            "summaries": [
                {k: v for k, v in vars(summary).items() if k != "imported"}
                for summary in app.list_matches()
            ],
            "stats": {
                kind: {
                    name: {"matches": found.matches, "counts": found.counts}
                    for name in names
                    for found in [ask[kind](name)]
                }
                for kind, names in as_shown_today(PROJECTIONS)["stats"].items()
            },
            "dice": {
                "everybody": [vars(f) for f in app.dice()],
                "by_coach": {
                    c: [vars(f) for f in app.dice(c)] for c in PROJECTIONS["dice"]["by_coach"]
                },
            },
            "leagues": [vars(league) for league in leagues],
            "standings": {
                league.name: [vars(row) for row in app.standings(league.name)] for league in leagues
            },
        }
    )


# Fields later releases added to the rows each part answers with; the release's own fields
# must answer as they did, and these as a store written before confirmations existed must.
ADDED = {
    "summaries": ("result_status", "awaiting", "open_disputes"),
    "leagues": ("count_unconfirmed",),
    "standings": ("confirmed", "unconfirmed", "disputed"),
}


def added_fields(shown: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Take the fields in ADDED out of `shown`'s rows; return them, row by row, with the
    release's fields that say what they should be."""
    rows = {
        "summaries": shown["summaries"],
        "leagues": shown["leagues"],
        "standings": [row for table in shown["standings"].values() for row in table],
    }
    return {
        part: [
            {**{name: row.pop(name) for name in ADDED[part]}, "status": row.get("status"),
             "played": row.get("played")}
            for row in rows[part]
        ]
        for part in ADDED
    }  # fmt: skip


def assert_projections_as_released(app: Touchline) -> None:
    shown = rounded(projections_shown(app))
    added = added_fields(shown)
    for part, answered in rounded(as_shown_today(PROJECTIONS)).items():
        assert shown[part] == answered, part
    for name in NO_LONGER_PLAYERS:
        assert name in PROJECTIONS["stats"]["player"]
        assert name not in app.subjects("player")
    # Nothing was confirmed or disputed before confirmations existed, and every league counted
    # every result.
    assert [
        (row["result_status"], bool(row["awaiting"]), row["open_disputes"])
        for row in added["summaries"]
    ] == [
        ("unconfirmed", True, 0) if row["status"] == "finished" else ("in-play", False, 0)
        for row in added["summaries"]
    ]
    assert all(row["count_unconfirmed"] for row in added["leagues"])
    assert [(r["confirmed"], r["unconfirmed"], r["disputed"]) for r in added["standings"]] == [
        (0, r["played"], 0) for r in added["standings"]
    ]


def test_rebuilt_projections_answer_as_the_release_did(app: Touchline, release_store: str) -> None:
    rebuild_projections(release_store)
    assert_projections_as_released(app)


def test_the_release_projections_answer_as_they_did_without_a_rebuild(tmp_path: Path) -> None:
    """The views the release left in its SQLite store (a release whose fold differs must
    rebuild them by itself)."""
    copy = tmp_path / "touchline.sqlite3"
    shutil.copyfile(RELEASE_2026_11 / "touchline.sqlite3", copy)
    app = Touchline(settings_for_url(f"sqlite:///{copy}"))
    try:
        assert_projections_as_released(app)
    finally:
        app.close()


def test_the_release_s_matches_show_no_odds_while_played_and_all_in_replay(
    app: Touchline,
) -> None:
    """The live-odds option came later: a setup stored without it reads as without it, so no
    match of the release shows odds on its scoring page, even one still in progress waiting
    for a roll; every match's rolls still have their odds and luck in the replay."""
    for name, match in MATCHES.items():
        assert app.live_odds(match["id"]) is None, name
        record = app.load_record(match["id"])
        assert record.ruleset.odds is not None
        assert not record.ruleset.odds.live(record.made_setup()), name
        luck = app.match_luck(match["id"])
        if match["status"] == "finished":
            assert luck.rolls, name
            assert sum(luck.total().values()) == 0, name


def test_the_release_s_consequences_read_in_japanese(app: Touchline) -> None:
    """Every sentence the release stored with an entry is read again as the phrase it was
    made from, for a Japanese reader; the stored text itself is kept, and English shows it."""
    from domain.phrase import Phrase
    from service.i18n import translated
    from service.recovered_phrases import recovered

    told = [
        consequence.text
        for match in MATCHES.values()
        for entry in app.load_record(match["id"]).effective_entries()
        for consequence in entry.consequences
        if consequence.text
    ]
    assert len(told) > 1000
    left = [text for text in told if not isinstance(recovered(text, "ja"), Phrase)]
    assert left == []
    assert all(recovered(text, "ja") == text and recovered(text, "en") == text for text in told)
    japanese = {text: translated(recovered(text, "ja"), "ja") for text in told}
    assert japanese["Toho win the toss and choose who kicks off."] == (
        "東邦がトスに勝ち、キックオフする側を選ぶ。"
    )
    assert all(said != text for text, said in japanese.items())


def test_the_command_line_shows_the_release_s_consequences_in_japanese(release_store: str) -> None:
    match = MATCHES["card-game-full-match"]["id"]
    shown = CliRunner().invoke(
        cli, ["--database", release_store, "--lang", "ja", "match", "show", "--log", match]
    )
    assert shown.exit_code == 0, shown.output
    told = [line.strip() for line in shown.output.splitlines() if line.strip().startswith("→")]
    assert "→ 東邦がトスに勝ち、キックオフする側を選ぶ。" in told
    english = CliRunner().invoke(
        cli, ["--database", release_store, "match", "show", "--log", match]
    )
    assert "→ Toho win the toss and choose who kicks off." in english.output
    assert len(told) > 100 and not set(told) & {
        line.strip() for line in english.output.splitlines()
    }
