"""What-if branches and glyphs on the pages: the replay's "What if…" action at a step, the
branches listed at their step, the comparison page, and glyphs shown and filtered on the
replay and the match page's log."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, record_text
from tests.web.conftest import become_scorer, post_form

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
JAPANESE = {"Accept-Language": "ja-JP,ja;q=0.9"}


def opened(service: Touchline, match_id: str) -> None:
    for line in OPENING:
        record_text(service, match_id, line, ALICE)


def test_a_viewer_branches_from_the_replay_and_scores_the_branch(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    opened(service, match_id)
    replay = client.get(f"/matches/{match_id}/replay?step=9").get_data(as_text=True)
    assert "No branch from this step yet." in replay
    assert f'href="/matches/{match_id}/branches/new?step=9"' in replay
    page = client.get(f"/matches/{match_id}/branches/new?step=9").get_data(as_text=True)
    assert "From step 9" in page and 'name="step" value="9"' in page
    started = post_form(client, f"/matches/{match_id}/branches", {"step": "9", "scorer": "Dan"})
    assert started.status_code == 303
    branch = started.headers["Location"].split("/")[2]
    assert started.headers["Location"] == f"/matches/{branch}/live"
    # The browser that started it holds its scorer link: it scores the branch.
    live = client.get(f"/matches/{branch}/live")
    assert live.status_code == 200 and "What-if branch" in live.get_data(as_text=True)
    assert service.get_match(branch).branch is not None
    assert service.get_match(branch).created_by == "Dan"
    listed = client.get(f"/matches/{match_id}/replay?step=9").get_data(as_text=True)
    assert f"Branch {branch[:8]}" in listed and f"/matches/{branch}/comparison" in listed
    other_step = client.get(f"/matches/{match_id}/replay?step=8").get_data(as_text=True)
    assert f"Branch {branch[:8]}" not in other_step
    on_branch = client.get(f"/matches/{branch}/replay").get_data(as_text=True)
    assert "What-if branch" in on_branch and f"match {match_id[:8]}" in on_branch


def test_the_branchs_scorer_link_goes_to_whoever_started_it(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    opened(service, match_id)
    started = post_form(client, f"/matches/{match_id}/branches", {"step": "9", "scorer": "Dan"})
    branch = started.headers["Location"].split("/")[2]
    roll = {"kind": "roll", "coach": "toho", "value": "1", "expected_version": "11"}
    recorded = post_form(client, f"/matches/{branch}/entries", {**roll, "key": "k1"})
    assert recorded.status_code in (302, 303), recorded.get_data(as_text=True)
    assert len(service.get_match(branch).log) == 10
    # It holds no link of the match branched: that one it may not score.
    refused = post_form(client, f"/matches/{match_id}/entries", {**roll, "key": "k2"})
    assert refused.status_code == 403


def test_a_branch_from_a_step_the_match_lacks_is_a_400_page(
    client: FlaskClient, match_id: str
) -> None:
    assert client.get(f"/matches/{match_id}/branches/new?step=4").status_code == 400
    assert client.get(f"/matches/{match_id}/branches/new?step=x").status_code == 400
    refused = post_form(client, f"/matches/{match_id}/branches", {"step": "4"})
    assert refused.status_code == 400


def test_the_comparison_page_shows_both_scores_and_lines_from_the_step(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    opened(service, match_id)
    branch = service.branch_match(match_id, 9, ALICE).id
    record_text(service, branch, "roll coach=toho value=1", ALICE)
    record_text(service, branch, "roll coach=nankatsu value=6", ALICE)
    page = client.get(f"/matches/{branch}/comparison").get_data(as_text=True)
    assert "Nankatsu 0 – 1 Toho" in page and "Nankatsu 0 – 0 Toho" in page
    assert "The match" in page and "The branch" in page
    assert page.count('<li value="10">') == 2
    assert client.get(f"/matches/{match_id}/comparison").status_code == 400


def test_the_comparison_page_shows_each_sides_luck_and_the_branching_rolls_odds(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    opened(service, match_id)
    branch = service.branch_match(match_id, 9, ALICE).id
    record_text(service, branch, "roll coach=toho value=1", ALICE)
    record_text(service, branch, "roll coach=nankatsu value=6", ALICE)
    page = client.get(f"/matches/{branch}/comparison").get_data(as_text=True)
    assert page.count("Luck over the match (goals):") == 2
    assert page.count("Odds of step 10, Toho&#39;s die in Toho&#39;s Shot:") == 2
    assert page.count("(5/6)") == 2
    luck = [s.label for s in service.compare_branch(branch).origin.luck]
    assert f"{luck[1]} +0.17" in page and f"{luck[1]} -0.83" in page  # origin, branch
    assert f"{luck[1]} -0.33" in page  # the branch's die of 1
    japanese = client.get(f"/matches/{branch}/comparison", headers=JAPANESE)
    assert japanese.get_data(as_text=True).count("試合を通じた運(ゴール):") == 2
    assert japanese.get_data(as_text=True).count("ステップ 10 の確率、") == 2


def test_a_glyph_is_chosen_shown_and_filtered(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    opened(service, match_id)
    become_scorer(client, match_id)
    form = client.get(f"/matches/{match_id}/replay?at=10").get_data(as_text=True)
    assert 'name="glyph"' in form and 'value="blunder"' in form
    noted = post_form(
        client,
        f"/matches/{match_id}/annotations",
        {"on": "10", "text": "rolled low", "glyph": "blunder"},
    )
    assert noted.status_code == 303
    service.annotate(match_id, 11, "the keeper's day", ALICE, glyph="turning-point")
    replay = client.get(f"/matches/{match_id}/replay?at=10").get_data(as_text=True)
    assert "a blunder:</span> rolled low" in replay
    blunders = client.get(f"/matches/{match_id}/replay?glyph=blunder").get_data(as_text=True)
    judged = blunders.split('class="judged-notes"')[1].split("</ul>")[0]
    assert "rolled low" in judged and "keeper" not in judged
    log = client.get(f"/matches/{match_id}?glyph=turning-point").get_data(as_text=True)
    judged = log.split('class="judged-notes"')[1].split("</ul>")[0]
    assert "keeper" in judged and "rolled low" not in judged and 'href="#entry-11"' in judged
    assert "the turning point of the match" in log  # the log's own line marks it too
    assert client.get(f"/matches/{match_id}?glyph=brilliant").status_code == 400
    bad = post_form(
        client, f"/matches/{match_id}/annotations", {"on": "9", "text": "x", "glyph": "??!"}
    )
    assert bad.status_code == 400 and len(service.get_match(match_id).log) == 13


def test_a_japanese_reader_branches_compares_and_judges_in_japanese(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    opened(service, match_id)
    service.annotate(match_id, 10, "rolled low", ALICE, glyph="blunder")
    branch = service.branch_match(match_id, 9, ALICE).id
    record_text(service, branch, "roll coach=toho value=1", ALICE)
    replay = client.get(f"/matches/{match_id}/replay?step=9", headers=JAPANESE)
    shown = replay.get_data(as_text=True)
    assert "このステップからの分岐" in shown and f"分岐 {branch[:8]}" in shown
    assert "もしも… ステップ 9 から分岐する" in shown and "What if" not in shown
    page = client.get(f"/matches/{match_id}/branches/new?step=9", headers=JAPANESE)
    assert "ステップ 9 から" in page.get_data(as_text=True)
    assert "分岐を始める" in page.get_data(as_text=True)
    compared = client.get(f"/matches/{branch}/comparison", headers=JAPANESE).get_data(as_text=True)
    assert "元の試合" in compared and "最初の 9 件の記録は共通です" in compared
    on_branch = client.get(f"/matches/{branch}/replay", headers=JAPANESE).get_data(as_text=True)
    # The link to the match branched stays a link inside the translated sentence.
    assert (
        f'">試合 {match_id[:8]}</a> のステップ 9 からの<strong>「もしも」の分岐</strong>'
        in on_branch
    )
    judged = client.get(f"/matches/{match_id}/replay?at=10", headers=JAPANESE)
    assert "悪手:</span> rolled low" in judged.get_data(as_text=True)
    assert "評価の付いた記録" in judged.get_data(as_text=True)
