"""The one English helper for counts and verb agreement."""

from __future__ import annotations

import pytest

from bot.words import plural, word


@pytest.mark.parametrize(("n", "text"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"),
                                         (11, "11 cards")])
def test_plural_says_the_count_and_the_right_noun(n: int, text: str) -> None:
    assert plural(n, "card") == text


def test_plural_with_an_irregular_form() -> None:
    assert plural(1, "red 3") == "1 red 3" and plural(2, "red 3") == "2 red 3s"
    assert plural(2, "penny", "pennies") == "2 pennies"


def test_word_picks_the_verb_for_one_or_many() -> None:
    assert word(1, "wins", "win") == "wins"
    assert word(2, "wins", "win") == "win"
    assert word(1, "time") == "time" and word(3, "time") == "times"
