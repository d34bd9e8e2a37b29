"""The access policy (issue 12 point 1): one test per role and family of operations, each
inside and outside the holder's scope, and the role table docs/access.md shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.access import (
    OWNER,
    AccessLink,
    BadLink,
    Grant,
    Operation,
    Role,
    Target,
    check_scope,
    link_id,
    open_to_anyone,
    permits,
    permitting,
    role_table,
    roles_for,
    token_digest,
)

CUP = "Spring Cup"
M1, M2, FRIENDLY = "m1", "m2", "f1"
ORGANIZER = Grant("o", "Olga", Role.ORGANIZER, league=CUP)
REFEREE = Grant("r", "Rita", Role.REFEREE, league=CUP)
MATCH_REFEREE = Grant("r2", "Rob", Role.REFEREE, league=CUP, match=M1)
SCORER = Grant("s", "Sam", Role.SCORER, league=CUP, match=M1)
FRIENDLY_SCORER = Grant("fs", "Fay", Role.SCORER, match=FRIENDLY)
COACH = Grant("c", "Cleo", Role.COACH, league=CUP, match=M1, side="home")
IN_M1 = Target(league=CUP, match=M1)
IN_M2 = Target(league=CUP, match=M2)
ELSEWHERE = Target(league="Other Cup", match="m9")
MATCH_WRITES = (Operation.RECORD, Operation.DISPUTE, Operation.RULE, Operation.CORRECT)
LEAGUE_WRITES = (
    Operation.CREATE_LEAGUE,
    Operation.LEAGUE_SETTINGS,
    Operation.CREATE_MATCH,
    Operation.IMPORT,
)


def allowed(grant: Grant, operations: tuple[Operation, ...], target: Target) -> set[Operation]:
    return {operation for operation in operations if permits([grant], operation, target)}


def test_issue_12_point_1_the_owner_may_do_everything() -> None:
    for operation in Operation:
        assert permits([OWNER], operation, ELSEWHERE)
        assert permits([OWNER], operation, Target())


def test_issue_12_point_1_an_organizer_runs_its_league_and_nothing_else() -> None:
    assert allowed(ORGANIZER, LEAGUE_WRITES, Target(league=CUP)) == set(LEAGUE_WRITES)
    # However the name is capitalised or spaced, as league ids are.
    assert permits([ORGANIZER], Operation.CREATE_LEAGUE, Target(league=" spring  CUP "))
    assert allowed(ORGANIZER, LEAGUE_WRITES, Target(league="Other Cup")) == set()
    # It appoints, it does not play: no scoring, ruling or confirming of its own.
    assert allowed(ORGANIZER, (*MATCH_WRITES, Operation.CONFIRM), IN_M1) == set()


def test_issue_12_point_1_an_organizer_issues_referee_scorer_and_coach_links_in_its_league() -> (
    None
):
    issue = Operation.ISSUE_LINK
    assert permits([ORGANIZER], issue, Target(league=CUP, role=Role.REFEREE))
    assert permits([ORGANIZER], issue, Target(CUP, M1, role=Role.REFEREE))
    assert permits([ORGANIZER], issue, Target(CUP, M1, "home", Role.COACH))
    assert permits([ORGANIZER], issue, Target(CUP, M1, role=Role.SCORER))
    # A scorer or coach link is for a match, never a whole league; no organizer links.
    assert not permits([ORGANIZER], issue, Target(league=CUP, role=Role.SCORER))
    assert not permits([ORGANIZER], issue, Target(league=CUP, role=Role.ORGANIZER))
    assert not permits([ORGANIZER], issue, Target("Other Cup", "m9", role=Role.REFEREE))
    assert permits([ORGANIZER], Operation.LIST_LINKS, Target(league=CUP))
    assert permits([ORGANIZER], Operation.REVOKE_LINK, Target(CUP, M1, "home", Role.COACH))


def test_issue_12_point_1_a_referee_rules_and_corrects_in_its_league_or_match() -> None:
    assert allowed(REFEREE, MATCH_WRITES, IN_M1) == {Operation.RULE, Operation.CORRECT}
    assert allowed(REFEREE, MATCH_WRITES, IN_M2) == {Operation.RULE, Operation.CORRECT}
    assert allowed(REFEREE, MATCH_WRITES, ELSEWHERE) == set()
    assert allowed(MATCH_REFEREE, MATCH_WRITES, IN_M1) == {Operation.RULE, Operation.CORRECT}
    assert allowed(MATCH_REFEREE, MATCH_WRITES, IN_M2) == set()
    assert allowed(REFEREE, LEAGUE_WRITES, Target(league=CUP)) == set()
    assert not permits([REFEREE], Operation.CONFIRM, Target(CUP, M1, "home"))


def test_issue_12_point_1_a_scorer_writes_its_match_only() -> None:
    assert allowed(SCORER, MATCH_WRITES, IN_M1) == {
        Operation.RECORD,
        Operation.DISPUTE,
        Operation.CORRECT,
    }
    assert allowed(SCORER, MATCH_WRITES, IN_M2) == set()
    assert not permits([SCORER], Operation.CONFIRM, Target(CUP, M1, "home"))


def test_issue_12_point_1_a_friendlys_scorer_hands_out_its_coaches_links() -> None:
    friendly = Target(match=FRIENDLY, side="home", role=Role.COACH)
    assert permits([FRIENDLY_SCORER], Operation.ISSUE_LINK, friendly)
    assert permits([FRIENDLY_SCORER], Operation.REVOKE_LINK, friendly)
    assert permits([FRIENDLY_SCORER], Operation.LIST_LINKS, Target(match=FRIENDLY))
    assert not permits(
        [FRIENDLY_SCORER], Operation.ISSUE_LINK, Target(match=FRIENDLY, role=Role.REFEREE)
    )
    # In a league, the organizer does that.
    assert not permits([SCORER], Operation.ISSUE_LINK, Target(CUP, M1, "home", Role.COACH))


def test_issue_12_point_1_a_coach_disputes_and_confirms_its_own_side() -> None:
    assert allowed(COACH, MATCH_WRITES, IN_M1) == {Operation.DISPUTE}
    assert permits([COACH], Operation.CONFIRM, Target(CUP, M1, "home"))
    assert not permits([COACH], Operation.CONFIRM, Target(CUP, M1, "away"))
    assert not permits([COACH], Operation.CONFIRM, Target(CUP, M2, "home"))
    assert not permits([COACH], Operation.DISPUTE, IN_M2)


def test_issue_12_point_1_spectators_hold_nothing_and_may_only_start_friendlies() -> None:
    for operation in Operation:
        assert not permits([], operation, IN_M1)
    assert open_to_anyone(Operation.CREATE_MATCH, Target())
    assert open_to_anyone(Operation.IMPORT, Target())
    assert not open_to_anyone(Operation.CREATE_MATCH, Target(league=CUP))
    assert not open_to_anyone(Operation.IMPORT, Target(league=CUP))


def test_a_write_is_attributed_to_the_link_that_permits_it() -> None:
    held = [COACH, SCORER, REFEREE]
    assert permitting(held, Operation.RULE, IN_M1) == REFEREE
    assert permitting(held, Operation.RECORD, IN_M1) == SCORER
    assert permitting(held, Operation.CONFIRM, Target(CUP, M1, "home")) == COACH
    assert permitting(held, Operation.LEAGUE_SETTINGS, Target(league=CUP)) is None


def test_roles_for_lists_who_may_do_an_operation() -> None:
    assert roles_for(Operation.RULE) == (Role.OWNER, Role.REFEREE)
    assert roles_for(Operation.CONFIRM) == (Role.OWNER, Role.COACH)
    assert roles_for(Operation.ISSUE_LINK) == (Role.OWNER, Role.ORGANIZER, Role.SCORER)


def test_the_role_table_in_docs_access_md_is_the_policy() -> None:
    document = (Path(__file__).parents[2] / "docs" / "access.md").read_text(encoding="utf-8")
    assert role_table() in document, (
        "regenerate it: python -c 'from domain.access import role_table as t; print(t())'"
    )


@pytest.mark.parametrize(
    ("role", "league", "match", "side", "message"),
    [
        (Role.OWNER, None, None, None, "never a link"),
        (Role.ORGANIZER, None, "m1", None, "for a league"),
        (Role.REFEREE, None, None, None, "a league or a match"),
        (Role.SCORER, "Cup", None, None, "for one match"),
        (Role.COACH, "Cup", "m1", None, "one side"),
        (Role.COACH, "Cup", "m1", "milan", "no side 'milan'"),
        (Role.SCORER, "Cup", "m1", "home", "only a coach link names a side"),
    ],
)
def test_a_links_scope_must_fit_its_role(
    role: Role, league: str | None, match: str | None, side: str | None, message: str
) -> None:
    with pytest.raises(BadLink, match=message):
        check_scope(role, league, match, side, ("home", "away"))


def test_only_the_tokens_hash_is_kept_and_it_names_the_link() -> None:
    token = "a-secret-token"
    link = AccessLink.issue(token, "Zoe", Role.SCORER, None, "m1", None, "owner", "now", None)
    assert link.id == link_id(token)
    assert link.digest == token_digest(token) and token not in repr(link.__dict__)
    link.revoke("owner", "later", "lost")
    assert link.revoked and link.reason == "lost"
    with pytest.raises(BadLink, match="revoked already"):
        link.revoke("owner", "again", "twice")
