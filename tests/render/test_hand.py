"""The hand picture: sorted, marked, wrapped into rows that follow the hand's size."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render import caption, hand, render_hand
from bot.render.notation import sort_hand
from bot.render.samples import hand_view, random_hand, table_view

from .conftest import decode


@pytest.mark.parametrize("n", [1, 11, 15, 60])
def test_hands_of_every_size_render(n: int) -> None:
    img = decode(render_hand(hand_view(n, just_arrived=min(n, 3))))
    lay = hand.layout(n)
    assert img.size[0] == lay.width < 1600
    assert lay.rows == math.ceil(n / hand.MAX_PER_ROW)


def test_width_and_rows_follow_the_size() -> None:
    widths, rows = [], []
    for n in range(1, 61):
        lay = hand.layout(n)
        widths.append(lay.width)
        rows.append(lay.rows)
        assert lay.width < 1600
        assert lay.rows * lay.per_row >= n > (lay.rows - 1) * lay.per_row
    assert widths[:15] == sorted(widths[:15])  # one row: wider with every card...
    assert widths[10] < widths[14]  # ...(once past the caption's minimum width)
    assert rows[0] == rows[14] == 1 and rows[15] == 2 and rows[30] == 3 and rows[59] == 4


def test_image_size_follows_the_layout() -> None:
    heights = []
    for n in (1, 11, 15, 16, 31, 46, 60):
        img = decode(render_hand(hand_view(n)))
        lay = hand.layout(n)
        assert img.size[0] == lay.width
        heights.append((lay.rows, img.size[1]))
    # More rows, taller picture; the same number of rows, the same height.
    by_rows = dict(heights)
    assert by_rows[1] < by_rows[2] < by_rows[3] < by_rows[4]


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=60), st.integers(min_value=0, max_value=500))
def test_any_hand_renders_within_bounds(n: int, seed: int) -> None:
    img = decode(render_hand(hand_view(n, seed=seed, just_arrived=n % 4)))
    assert img.size[0] == hand.layout(n).width < 1600


def test_sorted_by_rank_with_black_threes_and_wild_cards_last() -> None:
    cards = ["2C", "KS", "3S", "4H", "JK", "AD", "7H", "3C", "10D", "4S", "2H"]
    assert sort_hand(cards) == ["4S", "4H", "7H", "10D", "KS", "AD", "3S", "3C", "2H", "2C",
                                "JK"]


@given(st.lists(st.sampled_from(random_hand(60, seed=3)), min_size=1, max_size=60))
def test_sorting_keeps_every_card_and_puts_specials_last(cards: list[str]) -> None:
    out = sort_hand(cards)
    assert sorted(out) == sorted(cards)
    special = [c == "JK" or c[:-1] in ("2", "3") for c in out]
    assert special == sorted(special)  # no natural after a wild card or a three


def test_just_arrived_marks_as_many_copies_as_arrived() -> None:
    cards = ["5H", "7D", "7D", "7D", "KS"]
    assert hand._marked(cards, ["7D", "7D"]) == [False, False, True, True, False]
    assert hand._marked(cards, []) == [False] * 5
    assert hand._marked(cards, ["9C"]) == [False] * 5


def test_marking_changes_the_picture() -> None:
    view = hand_view(11)
    marked = dict(view, just_arrived=view["hand"][:2])
    assert render_hand(view) != render_hand(marked)


def test_empty_hand_and_spectator_render() -> None:
    assert decode(render_hand(table_view(4, hand=[]))).size[0] >= hand.MIN_WIDTH
    assert decode(render_hand(table_view(4, viewer=None))).size[0] >= hand.MIN_WIDTH


# -- the caption --------------------------------------------------------------------------

def test_caption_your_turn_to_draw_names_the_pile() -> None:
    view = table_view(4, melds=("none", "mid"), phase="draw", turn=0, pile_top="8H",
                      pile_size=12)
    assert caption.hand_prompt(view) == \
        "Your turn: draw or pick up the pile (top 8\u2665, 12 cards, frozen)"
    assert caption.hand_title(view) == "Ana \u00b7 11 cards"


def test_caption_blocked_and_empty_piles() -> None:
    blocked = table_view(4, blocked="black_three", pile_top="3S")
    assert "blocked by a black three" in caption.hand_prompt(blocked)
    empty = table_view(4, pile_top=None)
    assert caption.hand_prompt(empty) == "Your turn: draw from the stock (the pile is empty)"
    two = table_view(2)
    assert caption.hand_prompt(two).startswith("Your turn: draw 2 or pick up the pile")


def test_caption_play_phase_mentions_the_minimum_before_the_first_meld() -> None:
    view = table_view(4, melds=("none",), phase="play")
    assert caption.hand_prompt(view) == \
        "Your turn: meld (your first meld needs 90 points), then discard"
    assert caption.hand_prompt(table_view(4, phase="play")) == \
        "Your turn: meld or lay off, then discard"


def test_caption_permission_question_and_waiting() -> None:
    asked = table_view(4, viewer=0, turn=0, phase="permission",
                       question={"asker": "Cy", "partners": ["Ana"]})
    assert caption.hand_prompt(asked) == "Cy is asking you: may I go out?"
    asker = table_view(4, viewer=2, turn=0, phase="permission",
                       question={"asker": "Cy", "partners": ["Ana"]})
    assert caption.hand_prompt(asker) == "You asked Ana: may I go out? Waiting for the answer"
    assert caption.hand_prompt(table_view(4, viewer=0, turn=1)) == "Waiting for Bo"
    told_yes = dict(table_view(4, phase="play"), permission="yes")
    assert caption.hand_prompt(told_yes).startswith("Your turn: your partner said yes")
    told_no = dict(table_view(4, phase="play"), permission="no")
    assert caption.hand_prompt(told_no).startswith("Your turn: your partner said no")


def test_caption_at_the_end_of_the_match() -> None:
    view = table_view(4, phase="over", winner=1)
    view["turn"] = None
    assert caption.hand_prompt(view) == "Match over: Bo & Di win"
    assert decode(render_hand(view)).size[0] >= hand.MIN_WIDTH
