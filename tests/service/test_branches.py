"""What-if branches through the service: a branch copies its origin's history up to a step,
goes on under the rules, is listed at its step and compared with its origin, and counts in no
listing, statistics, dice, history or standings (docs/branches.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from domain.match import Author
from service.app import Touchline
from service.errors import BadInput, EntryRefused
from tests.opening import OPENING, SETUP, record_text
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all

BOB = Author("bob", "2026-11-30T10:00:00+00:00", "phone", None)


def scored(app: Touchline, alice: Author, league: str | None = None) -> str:
    """A match Toho leads 1-0 after its first shot (5 against 2)."""
    match = app.create_match("card-game", SETUP, alice, league=league)
    for line in OPENING:
        record_text(app, match.id, line, alice)
    return match.id


def saved(app: Touchline, branch: str) -> None:
    """The branch's other dice: Toho's shot (1 + 3) against Nankatsu's defence (6 + 1)."""
    record_text(app, branch, "roll coach=toho value=1", BOB)
    record_text(app, branch, "roll coach=nankatsu value=6", BOB)


def test_a_branch_copies_the_history_up_to_its_step_and_is_linked_to_it(
    app: Touchline, alice: Author
) -> None:
    origin = scored(app, alice)
    branch = app.branch_match(origin, 9, BOB)
    assert branch.branch is not None
    assert (branch.branch.origin, branch.branch.step, branch.branch.entry) == (origin, 9, 9)
    assert branch.branch.started.by == "bob" and branch.league is None
    copied = [line.action for line in branch.log]
    assert copied == [line.action for line in app.get_match(origin).log[:9]]
    # The copies keep who entered them and when, and no link of the origin's.
    assert {line.by for line in branch.log} == {"alice"}
    assert all(line.link is None for line in branch.log)
    assert app.get_match(branch.id).branch == branch.branch


def test_a_branch_goes_on_differently_under_the_rules(app: Touchline, alice: Author) -> None:
    origin = scored(app, alice)
    branch = app.branch_match(origin, 9, BOB).id
    saved(app, branch)
    assert app.get_match(origin).text.splitlines()[0] != app.get_match(branch).text.splitlines()[0]
    with pytest.raises(EntryRefused):
        record_text(app, branch, "roll coach=nankatsu value=6", BOB)


@pytest.mark.parametrize("step", [-1, len(OPENING) + 1])
def test_a_branch_from_a_step_the_match_does_not_have_is_refused(
    app: Touchline, alice: Author, step: int
) -> None:
    origin = scored(app, alice)
    with pytest.raises(BadInput, match="not a step of this match"):
        app.branch_match(origin, step, BOB)
    assert app.branches_of(origin) == ()


def test_a_branch_from_the_kick_off_copies_nothing(app: Touchline, alice: Author) -> None:
    origin = scored(app, alice)
    branch = app.branch_match(origin, 0, BOB)
    assert branch.log == [] and branch.branch is not None and branch.branch.entry == 0


def test_branches_are_listed_at_their_step_oldest_first(app: Touchline, alice: Author) -> None:
    origin = scored(app, alice)
    first = app.branch_match(origin, 10, BOB).id
    later = app.branch_match(origin, 10, Author("carol", "2026-11-30T11:00:00+00:00")).id
    other = app.branch_match(origin, 3, BOB).id
    assert [b.id for b in app.branches_of(origin, 10)] == [first, later]
    assert [b.id for b in app.branches_of(origin)] == [other, first, later]
    assert app.branches_of(origin, 4) == ()
    assert app.branches_of(first) == ()
    listed = app.branches_of(origin, 3)[0]
    assert (listed.started_by, listed.entries, listed.step) == ("bob", 3, 3)


def test_the_comparison_shows_both_scores_and_the_lines_from_the_step_on(
    app: Touchline, alice: Author
) -> None:
    origin = scored(app, alice)
    branch = app.branch_match(origin, 9, BOB).id
    saved(app, branch)
    compared = app.compare_branch(branch)
    assert compared.step == 9 and compared.shared == 9
    assert compared.origin.id == origin and compared.branch.id == branch
    assert compared.origin.score != compared.branch.score
    assert [p.line.number for p in compared.origin.lines] == [10, 11]
    assert [p.line.number for p in compared.branch.lines] == [10, 11]
    assert "value=1" in compared.branch.lines[0].line.notation
    data = compared.to_dict()
    assert data["origin"]["lines"][0]["number"] == 10  # type: ignore[index]
    with pytest.raises(BadInput, match="not a branch"):
        app.compare_branch(origin)


def test_branches_count_in_no_listing_statistics_dice_or_history(
    app: Touchline, alice: Author
) -> None:
    origin = scored(app, alice)
    before = (
        [m.id for m in app.list_matches()],
        app.coach_stats("Bob"),
        app.player_stats("Kojiro Hyuga"),
        app.dice(),
        app.coach_history("Alice").matches,
    )
    branch = app.branch_match(origin, 11, BOB).id
    again = app.branch_match(origin, 9, BOB).id
    saved(app, again)
    after = (
        [m.id for m in app.list_matches()],
        app.coach_stats("Bob"),
        app.player_stats("Kojiro Hyuga"),
        app.dice(),
        app.coach_history("Alice").matches,
    )
    assert after == before
    assert branch not in after[0] and again not in after[0]


def test_a_finished_league_match_branched_at_its_end_counts_once_everywhere(
    app: Touchline, alice: Author
) -> None:
    """A branch from a finished match's last step is a finished match too: it still counts in
    no standings, statistics, dice or history."""
    app.create_league("Cup", "card-game", alice)
    setup = setup_for("Ann", "Bea")
    origin = str(record_all(app, finished_match(2, 1, 0, setup), setup, "Cup").id)

    def counted() -> tuple[object, ...]:
        return (
            [(r.competitor, r.played, r.points) for r in app.standings("Cup")],
            app.coach_stats("Ann"),
            app.dice(),
            app.coach_history("Bea").matches,
            [m.id for m in app.list_matches()],
        )

    before = counted()
    steps = len(app.load_record(origin).entries_in_force())
    whole = app.branch_match(origin, steps, BOB)
    assert whole.result is not None and whole.status == app.get_match(origin).status
    app.branch_match(origin, steps // 2, BOB)
    assert counted() == before
    assert before[0] == [("Ann", 1, 3), ("Bea", 1, 0)]


def test_branches_count_in_no_standings(app: Touchline, alice: Author) -> None:
    app.create_league("Spring Cup", "card-game", alice)
    origin = scored(app, alice, league="Spring Cup")
    before = app.standings("Spring Cup")
    branch = app.branch_match(origin, 9, BOB)
    assert branch.league is None
    saved(app, branch.id)
    assert app.standings("Spring Cup") == before
    assert [m.match_id for m in app.league_matches("Spring Cup")] == [origin]


def test_a_branch_loads_again_in_another_process_and_stays_sealed(
    app: Touchline, alice: Author
) -> None:
    origin = scored(app, alice)
    branch = app.branch_match(origin, 11, BOB).id
    fresh = Touchline(app.settings)
    try:
        assert fresh.get_match(branch).branch == app.get_match(branch).branch
        assert [b.id for b in fresh.branches_of(origin)] == [branch]
        assert fresh.verify_match(branch).intact
    finally:
        fresh.close()


def test_the_comparison_shows_each_sides_luck_and_the_odds_of_the_branching_roll(
    app: Touchline, alice: Author
) -> None:
    """Both sides' luck is the replay's (`match_luck`), and the first entry after the shared
    ones, a die of Toho's shot on both, carries the same odds and a different luck."""
    origin = scored(app, alice)
    branch = app.branch_match(origin, 9, BOB).id
    saved(app, branch)
    compared = app.compare_branch(branch)
    for side, ref in ((compared.origin, origin), (compared.branch, branch)):
        luck = app.match_luck(ref)
        assert side.unit == luck.unit == "goals"
        assert {s.side: s.luck for s in side.luck} == luck.total()
        assert [s.side for s in side.luck] == list(luck.sides)
        assert side.roll is not None and side.roll == luck.at(10)
    assert compared.origin.roll is not None and compared.branch.roll is not None
    assert compared.origin.roll.odds == compared.branch.roll.odds
    assert compared.origin.roll.luck != compared.branch.roll.luck
    # The shot scores 5 times in 6: Toho's goal was 1/6 luckier than expected, the branch's
    # miss 5/6 unluckier.
    assert [(s.side, s.luck, s.signed) for s in compared.origin.luck] == [
        ("nankatsu", Fraction(-1, 6), "-0.17"),
        ("toho", Fraction(1, 6), "+0.17"),
    ]
    assert [label for label, _ in compared.origin.roll_luck] == [
        s.label for s in compared.origin.luck
    ]
    assert [amount for _, amount in compared.branch.roll_luck] == ["+0.33", "-0.33"]
    assert [(s.side, s.luck) for s in compared.branch.luck] == [
        ("nankatsu", Fraction(5, 6)),
        ("toho", Fraction(-5, 6)),
    ]
    assert compared.branch.roll.odds.chance_of("Toho score") == Fraction(5, 6)
    data = compared.to_dict()["branch"]
    assert data["unit"] == "goals"  # type: ignore[index]
    assert data["roll"]["step"] == 10  # type: ignore[index]
    assert sum(c["value"] for c in data["roll"]["chances"]) == pytest.approx(1)  # type: ignore[index]
