"""Issue 13: the replay's luck chart looks each side's luck so far up among its points, worked
out once per match, instead of summing the rolls again for every frame: at every step of a
golden match of each game the key says what the rolls up to that step brought."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.app import Touchline
from tests.service.test_timeline import GOLDEN
from tests.web.test_replay_frames_drawn_once import the_match
from web.luck_chart import luck_chart, signed


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_luck_so_far_is_the_rolls_up_to_each_step(service: Touchline, name: str) -> None:
    match_id = the_match(service, name)
    replayed = service.replayed(match_id)
    luck, timeline = replayed.luck, replayed.timeline
    if luck is None or not luck.running():
        pytest.skip(f"{name} has no luck to chart")
    for step in range(timeline.total + 1):
        chart = luck_chart(luck, timeline.labels, timeline.total, step)
        assert chart is not None
        summed = luck.until(step)
        expected = tuple(
            (s.label, s.index, signed(summed.get(s.side, Fraction(0)))) for s in chart.series
        )
        assert chart.so_far == expected, f"step {step}"
        assert chart.current == step
