"""klondike/app/demo.py: Play it for me's state, its pace, and what it says when there is
no line to play (issue 42)."""

import pytest

from klondike.app.analysis import BUSY, UNAVAILABLE
from klondike.app.demo import STEP_SECONDS, Demo, no_line_said
from klondike.solution import LOST, UNKNOWN, WON


def test_it_plays_pauses_goes_on_and_stops():
    demo = Demo()
    assert not demo.active and not demo.playing
    demo.pause()
    demo.resume()
    assert not demo.active  # neither starts it
    demo.start()
    assert demo.playing and demo.active
    demo.pause()
    assert demo.active and not demo.playing
    demo.resume()
    assert demo.playing
    demo.stop()
    assert not demo.active


def test_its_pace_follows_the_animation_setting():
    demo = Demo()
    assert demo.step_seconds("off") < demo.step_seconds("fast") < demo.step_seconds("normal")
    assert demo.step_seconds("unknown") == STEP_SECONDS["normal"]


@pytest.mark.parametrize(("state", "words"), [
    (LOST, "can no longer be won"), (UNKNOWN, "not sure"), (BUSY, "still working"),
    (UNAVAILABLE, "unavailable"), (WON, "no winning line is known"),
])
def test_without_a_line_it_says_why(state, words):
    said = no_line_said(state)
    assert said.startswith("Play it for me: ") and words in said
