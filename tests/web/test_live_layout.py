"""The scoring page shaped by what happens most, without JavaScript: the entries in the order
of how often they are made, the rare ones under "More", the latest entry and its undo in the
bar, a goal on the scoreboard and in the log, and the TCG's field as forms, a cell a tap."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

from flask.testing import FlaskClient

from domain.declarations import EntryFrequency
from domain.log import Entry
from domain.match import Author
from domain.registry import find_ruleset
from domain.ruleset import Expected
from service.app import Touchline
from tests.domain.king_of_the_pitch.kp_helpers import TABLE as KP_TABLE
from tests.domain.king_of_the_pitch.kp_helpers import THREE_TEAMS_SETUP
from tests.domain.tcg.tcg_helpers import TABLE as TCG_TABLE
from tests.domain.tcg.tcg_helpers import golden_setup
from tests.opening import OPENING, SETUP, record_text
from tests.web.conftest import become_scorer, post_form
from web.entry_forms import entry_forms
from web.live_layout import laid_out

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
TCG_SETUP = golden_setup(dice_table="single-die", distance="orthogonal")


def live(client: FlaskClient, match_id: str, query: str = "") -> str:
    become_scorer(client, match_id)
    response = client.get(f"/matches/{match_id}/live{query}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def entered(service: Touchline, ruleset: str, setup: Any, lines: list[str]) -> str:
    match_id = service.create_match(ruleset, setup, ALICE).id
    for line in lines:
        record_text(service, match_id, line, ALICE)
    return match_id


def split_at_more(page: str) -> tuple[str, str]:
    """The list of what comes next, in view and under "More"."""
    listed = page[
        page.index('<section class="next"') : page.index(
            "</section>", page.index('<section class="next"')
        )
    ]
    at = listed.find('<details class="more"')
    return (listed, "") if at < 0 else (listed[:at], listed[at:])


def prompts(html: str) -> list[str]:
    return re.findall(r'<p class="prompt" id="e\d+-prompt">([^<]+)</p>', html)


def test_after_a_card_play_the_answer_comes_first_and_the_abilities_fold_under_more(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING[:5])
    in_view, more = split_at_more(live(client, match_id))
    # The engine lists Nankatsu's play and pass first and Kojiro's eight abilities after;
    # a play is made more often than a pass, and every ability is rare.
    assert prompts(in_view) == [
        "Nankatsu (Alice) plays a card (1 of 9 cards in play) or passes.",
        "Nankatsu (Alice) passes.",
    ]
    folded = prompts(more)
    assert len(folded) == 8
    assert all("may use an ability of Kojiro Hyuga" in prompt for prompt in folded)
    assert "<summary>More" in more and "(8 entries)" in more
    # A play through an ability counts apart from a plain play: it is folded with the rest.
    assert "Toho (Bob) may use an ability of Kojiro Hyuga: play another card from hand." in folded
    # "More" is closed as the page comes: its forms are there without JavaScript, a tap away.
    assert re.search(r'<details class="more" data-keep="more">', more)


def test_a_refused_form_under_more_comes_back_open_with_what_was_filled_in(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING[:5])
    live(client, match_id)
    posted = {"kind": "play", "coach": "toho", "via": "Kojiro Hyuga", "shot": "7"}
    response = post_form(
        client, f"/matches/{match_id}/entries", {**posted, "expected_version": "6", "key": "k1"}
    )
    assert response.status_code == 400  # no card named
    page = response.get_data(as_text=True)
    _, more = split_at_more(page)
    assert more.startswith('<details class="more" data-keep="more" open>')
    assert 'value="7"' in more
    # A plain page draws "More" closed.
    assert '<details class="more" data-keep="more">' in live(client, match_id)


def test_the_rare_are_ordered_by_the_declared_count_then_by_what_this_match_did() -> None:
    frequency = EntryFrequency({"play": 30, "pass": 23, "gain": 2, "book": 1})
    offered = [
        Expected("book", "book", "toho", {"coach": "toho"}, {"card": ["K"]}),
        Expected("gain", "gain", "toho", {"coach": "toho"}, {"card": ["K"]}),
        Expected("draw", "draw", "toho", {"coach": "toho"}, {"card": ["K"]}),
        Expected("pass", "pass", "nankatsu", {"coach": "nankatsu"}),
        Expected("play", "play", "nankatsu", {"coach": "nankatsu"}),
    ]
    forms = entry_forms(_card_codec(), offered)
    fresh = laid_out(forms, offered, frequency, (), ())
    assert [g.kind for g in fresh.common] == ["play", "pass"]
    assert [g.kind for g in fresh.more] == ["gain", "book", "draw"]
    # This match draws a lot: three draws in force (and one undone, which does not count)
    # lift it above gain (2 + 0) and book (1 + 0); it stays rare, under "More".
    log = [_entry(n, "draw") for n in (1, 2, 3)] + [_entry(4, "draw", retracted=True)]
    refined = laid_out(forms, offered, frequency, (), log)
    assert [g.kind for g in refined.more] == ["draw", "gain", "book"]
    assert [g.count for g in refined.more] == [3, 2, 1]


def test_when_only_rare_entries_are_offered_the_most_frequent_stay_in_view() -> None:
    frequency = EntryFrequency({"save": 2, "book": 1})
    offered = [
        Expected("book", "book", "toho", {"coach": "toho"}, {"card": ["K"]}),
        Expected("save", "save", "toho", {"coach": "toho"}),
    ]
    layout = laid_out(entry_forms(_card_codec(), offered), offered, frequency, (), ())
    assert [g.kind for g in layout.common] == ["save"]
    assert [g.kind for g in layout.more] == ["book"]


def test_a_game_that_counts_nothing_keeps_the_rules_order_and_folds_only_what_is_tapped() -> None:
    offered = [
        Expected("pass", "pass", "toho", {"coach": "toho"}),
        Expected("play", "play", "toho", {"coach": "toho"}),
    ]
    forms = entry_forms(_card_codec(), offered)
    layout = laid_out(forms, offered, EntryFrequency(), (), ())
    assert [g.kind for g in layout.common] == ["pass", "play"] and not layout.more
    tapped = laid_out(forms, offered, EntryFrequency(), ("play",), ())
    assert [g.kind for g in tapped.common] == ["pass"]
    assert [g.kind for g in tapped.more] == ["play"]


def test_the_bar_holds_the_latest_entry_and_its_undo(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING[:5])
    page = live(client, match_id)
    bar = page[page.index('<div class="live-bar') :]
    assert re.search(r'<span class="latest-number">5</span>', bar)
    assert "Kojiro Hyuga" in bar
    # In words, as the log reads it, not in the notation.
    assert '<span class="entry">Toho: Kojiro Hyuga (Shot 3, Pass 1)</span>' in bar
    assert "coach=toho" not in bar
    assert f'action="/matches/{match_id}/undo"' in bar
    assert 'name="expected_version" value="6"' in bar
    assert "Yes, undo entry 5" in bar
    response = post_form(
        client, f"/matches/{match_id}/undo", {"expected_version": "6", "key": "k-bar"}
    )
    assert response.status_code == 303
    assert not service.get_match(match_id).log[4].in_force  # type: ignore[union-attr]


def test_the_keys_are_hinted_only_for_the_script_that_makes_them_work(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING[:5])
    page = live(client, match_id)
    hint = re.search(r"<p class=\"keys-hint muted\" data-keys-hint hidden>(.*?)</p>", page, re.S)
    assert hint, "the keys' hint is missing, or shown without the script"
    assert "<kbd>u</kbd> undo" in hint.group(1) and "<kbd>1</kbd>" in hint.group(1)


def test_no_bar_before_the_first_entry(client: FlaskClient, service: Touchline) -> None:
    match_id = entered(service, "card-game", _card_setup(), [])
    assert 'class="live-bar' not in live(client, match_id)


def test_the_goal_is_shown_on_the_scoreboard_said_in_words_and_marked_in_the_log(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING)
    page = live(client, match_id)
    assert re.search(r'class="score-side side-toho just-scored"', page)
    assert 'class="score-side side-nankatsu"' in page
    news = re.search(r'<p class="score-news" role="status">(.*?)</p>', page, re.S)
    assert news and "GOAL for Toho!" in news.group(1)
    assert re.search(r'<li class="log-line type-entry is-goal[^"]*" id="entry-11"', page)
    assert not re.search(r'is-goal[^"]*" id="entry-10"', page)
    # The public page marks the line too.
    public = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert re.search(r'is-goal[^"]*" id="entry-11"', public)


def test_once_anything_else_is_written_the_scoreboard_is_quiet_and_an_undone_goal_unmarked(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING)
    service.undo(match_id, ALICE)
    page = live(client, match_id)
    assert "just-scored" not in page
    assert re.search(r'<p class="score-news" role="status"></p>', page)
    assert not re.search(r'is-goal[^"]*" id="entry-11"', page)


def test_a_crown_is_king_of_the_pitch_s_goal(client: FlaskClient, service: Touchline) -> None:
    lines = KP_TABLE.golden_lines("three_teams.txt")
    match_id = service.create_match("king-of-the-pitch", THREE_TEAMS_SETUP, ALICE).id
    for line in lines:
        record_text(service, match_id, line, ALICE)
        last = service.get_match(match_id).log[-1]
        if any(c.kind == "crown" for c in last.consequences):  # type: ignore[union-attr]
            break
    page = live(client, match_id)
    assert "just-scored" in page
    assert "place crown 1 of" in page
    # The glance shows the line and each team's board.
    assert 'aria-label="The line, deck' in page and "<caption>Boards</caption>" in page


def test_the_card_game_glance_shows_the_cards_in_play_with_their_values(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING[:6])
    page = live(client, match_id)
    glance = page[
        page.index('<section class="glance') : page.index(
            "</section>", page.index('<section class="glance')
        )
    ]
    rows = re.findall(
        r"<tr><th scope=\"row\">([^<]+)</th><td>(\d)</td><td>(\d)</td><td>(\d)</td></tr>", glance
    )
    # Named in both languages, as the situation board names them (domain/names.toml).
    assert ("Kojiro Hyuga（日向小次郎）", "3", "1", "0") in rows
    assert ("Tsubasa Ozora（大空翼）", "3", "3", "1") in rows


def test_the_card_game_glance_shows_the_shot_under_way(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "card-game", _card_setup(), OPENING[:10])
    page = live(client, match_id)
    shot = re.search(r'<p class="shooting">(.*?)</p>', page, re.S)
    assert shot and re.sub(r"<[^>]+>", "", shot.group(1)) == "Shot declared · attacker rolled 5"


def test_the_tcg_field_places_a_player_by_a_tap_on_a_cell(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(service, "tcg", TCG_SETUP, [])
    page = live(client, match_id)
    form = _field_form(page)
    first = service.get_match(match_id).expected[0]
    assert 'name="kind" value="place"' in form
    assert f'name="player" value="{first.fixed["player"]}"' in form
    targets = re.findall(
        r'<button type="submit" class="[^"]*is-target[^"]*" name="area" value="([^"]+)"', form
    )
    assert sorted(targets) == sorted(str(a) for a in first.choices["area"])
    # The other side's player is placed after a tap on their name.
    other = service.get_match(match_id).expected[1]
    assert f"?pick={other.fixed['player'].replace(' ', '%20')}#field" in page
    response = post_form(client, f"/matches/{match_id}/entries", _posted(form, "area", targets[0]))
    assert response.status_code == 303
    placed = service.get_match(match_id).log[-1]
    assert isinstance(placed, Entry)
    assert placed.action == {
        **placed.action,
        "kind": "place",
        "player": first.fixed["player"],
        "area": targets[0],
    }


def test_the_tcg_field_moves_a_player_picked_by_a_tap(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(
        service, "tcg", TCG_SETUP, TCG_TABLE.golden_lines("normal_time_match.txt")[:24]
    )
    moves = [e for e in service.get_match(match_id).expected if e.kind == "move"]
    mover = str(moves[0].fixed["player"])
    page = live(client, match_id)
    assert "Tap a ringed player to move them." in page
    assert f'aria-label="Move {mover} from' in page
    # The list also offers the moves, folded under "More": the field is the quicker way.
    _, more = split_at_more(page)
    assert 'name="kind" value="move"' in more
    picked = live(client, match_id, f"?pick={mover}")
    form = _field_form(picked)
    targets = re.findall(r'is-target[^"]*" name="to" value="([^"]+)"', form)
    assert sorted(targets) == sorted(str(a) for a in moves[0].choices["to"])
    response = post_form(client, f"/matches/{match_id}/entries", _posted(form, "to", targets[0]))
    assert response.status_code == 303
    moved = service.get_match(match_id).log[-1]
    assert isinstance(moved, Entry) and moved.action["player"] == mover
    assert moved.action["to"] == targets[0]


def test_a_pick_that_names_nothing_offered_is_forgotten(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = entered(
        service, "tcg", TCG_SETUP, TCG_TABLE.golden_lines("normal_time_match.txt")[:24]
    )
    for pick in ("Nobody", "<script>", "\x00", "x" * 5000):
        page = live(client, match_id, "?" + _query(pick))
        assert "Tap a ringed player to move them." in page
        assert 'name="to"' not in _field_form(page, required=False)
        assert "data-pick=" not in page
    # Said plainly, escaped, without control characters, and no longer than a name.
    said = live(client, match_id, "?" + _query("<script>"))
    assert "Your pick, <strong>&lt;script&gt;</strong>, no longer stands" in said
    assert "no longer stands" not in live(client, match_id, "?" + _query("\x00"))
    long = live(client, match_id, "?" + _query("x" * 5000))
    assert "x" * 80 in long and "x" * 81 not in long


# -- a pick across another phone's entry (issue 14) -----------------------------------------

MIDFIELD = "Tsubasa Ozora"  # may move before and after Hajime Taki moves (golden line 25)
MOVER = "Hajime Taki"


def _before_taki_moves(service: Touchline) -> str:
    return entered(service, "tcg", TCG_SETUP, TCG_TABLE.golden_lines("normal_time_match.txt")[:24])


def _other_phone_moves_taki(service: Touchline, match_id: str) -> None:
    record_text(service, match_id, f"move side=home player='{MOVER}' to=b3", ALICE)


def test_a_pick_still_standing_is_drawn_again_after_another_phone_records(
    client: FlaskClient, service: Touchline
) -> None:
    """Without the script: the tap's form carries the pick, so the tap refused because another
    phone recorded first draws the new situation with the same player picked."""
    match_id = _before_taki_moves(service)
    picked = live(client, match_id, "?" + _query(MIDFIELD))
    form = _field_form(picked)
    assert f'name="pick" value="{MIDFIELD}"' in form
    assert f'data-pick="{MIDFIELD}"' in picked
    _other_phone_moves_taki(service, match_id)
    refused = post_form(client, f"/matches/{match_id}/entries", _posted(form, "to", "c5"))
    assert refused.status_code == 409
    page = refused.get_data(as_text=True)
    assert "no longer stands" not in page
    again = _field_form(page)
    assert f'name="player" value="{MIDFIELD}"' in again and 'name="kind" value="move"' in again
    assert f'name="expected_version" value="{service.get_match(match_id).version}"' in again
    # The same tap on the page drawn again records the move.
    assert (
        post_form(client, f"/matches/{match_id}/entries", _posted(again, "to", "c5")).status_code
        == 303
    )
    moved = service.get_match(match_id).log[-1]
    assert isinstance(moved, Entry) and (moved.action["player"], moved.action["to"]) == (
        MIDFIELD,
        "c5",
    )


def test_a_pick_another_phone_s_entry_took_away_is_said_plainly(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = _before_taki_moves(service)
    form = _field_form(live(client, match_id, "?" + _query(MOVER)))
    _other_phone_moves_taki(service, match_id)
    refused = post_form(client, f"/matches/{match_id}/entries", _posted(form, "to", "a4"))
    assert refused.status_code == 409
    page = refused.get_data(as_text=True)
    assert f"Your pick, <strong>{MOVER}</strong>, no longer stands" in page
    # No other player's move is drawn in its place: the scorer picks again.
    assert 'name="to"' not in _field_form(page, required=False)
    assert "Tap a ringed player to move them." in page
    assert service.get_match(match_id).log[-1].number == 25  # the other phone's move only


def test_the_live_fragment_keeps_a_pick_that_stands_and_says_when_one_no_longer_does(
    client: FlaskClient, service: Touchline
) -> None:
    """With the script: the page asks for its changing part with the pick it shows."""
    match_id = _before_taki_moves(service)
    live(client, match_id)
    _other_phone_moves_taki(service, match_id)
    fragment = f"/matches/{match_id}/live/fragment?"
    kept = client.get(fragment + _query(MIDFIELD)).get_data(as_text=True)
    assert f'data-pick="{MIDFIELD}"' in kept and "no longer stands" not in kept
    assert f'name="player" value="{MIDFIELD}"' in _field_form(kept)
    lost = client.get(fragment + _query(MOVER)).get_data(as_text=True)
    assert "data-pick=" not in lost and "data-pick-lost" in lost
    assert f"Your pick, <strong>{MOVER}</strong>, no longer stands" in lost


def _field_form(page: str, required: bool = True) -> str:
    at = page.find('<form method="post"', page.find('id="field"'))
    end = page.find("</form>", at)
    if (
        at < 0
        or page.find('id="field"') < 0
        or (end > page.find("</section>", page.find('id="field"')))
    ):
        assert not required, "the field is no form"
        return ""
    return page[at:end]


def _posted(form: str, name: str, value: str) -> dict[str, str]:
    """What a browser posts when the cell's button is tapped: the hidden fields and the button."""
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))
    fields.pop("csrf_token", None)
    return {**fields, name: value}


def _query(value: str) -> str:
    return urlencode({"pick": value})


def _card_setup() -> dict[str, Any]:
    return SETUP


def _card_codec() -> Any:
    return find_ruleset("card-game").codec


def _entry(number: int, kind: str, retracted: bool = False) -> Entry:
    return Entry(
        number=number,
        by="alice",
        at=ALICE.at,
        action={"kind": kind, "coach": "toho", "card": "K"},
        retracted=retracted,
    )
