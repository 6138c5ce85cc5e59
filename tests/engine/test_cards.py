import pytest

from bot.engine import Card, format_cards, parse_cards
from bot.engine.cards import make_deck


def test_notation_case_insensitive_and_ten_spellings():
    cards = parse_cards("7h 10d td QS ac 2c jk")
    assert format_cards(cards) == "7H 10D 10D QS AC 2C JK"


def test_suit_symbols_accepted():
    assert format_cards(parse_cards("7♥ Q♠ 10♦ A♣")) == "7H QS 10D AC"


def test_bad_token_named():
    with pytest.raises(ValueError, match="'zz'"):
        parse_cards("7h zz")
    with pytest.raises(ValueError, match="'1h'"):
        parse_cards("1h")


def test_identical_cards_are_one_object():
    assert Card("7", "H") is parse_cards("7h")[0]
    assert parse_cards("7h 7h")[0] == parse_cards("7h")[0]


def test_point_values_a2():
    tokens = "jk 2c ah kh qh jh 10h 9h 8h 7h 6h 5h 4h 3s"
    values = {t: c.points for t, c in zip(tokens.split(), parse_cards(tokens), strict=True)}
    assert values == {"jk": 50, "2c": 20, "ah": 20, "kh": 10, "qh": 10, "jh": 10, "10h": 10,
                      "9h": 10, "8h": 10, "7h": 5, "6h": 5, "5h": 5, "4h": 5, "3s": 5}


def test_card_classes():
    jk, two, r3, b3, four = parse_cards("jk 2d 3h 3c 4s")
    assert jk.is_wild and two.is_wild and not four.is_wild
    assert r3.is_red_three and not r3.is_black_three
    assert b3.is_black_three and not b3.is_natural
    assert four.is_natural


def test_decks():
    assert len(make_deck(2, 4)) == 108
    assert len(make_deck(3, 6)) == 162
