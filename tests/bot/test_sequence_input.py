"""Typing sequences fast (issue 11): the one-word forms `h567`, `567h`, `5-7h`, `h5-7`, with
10/t, J, Q, K, A and each language's own rank letters; lay-offs onto a meld named by its key;
autocomplete that keeps whole sequences and wild melds from the hand."""

from __future__ import annotations

import pytest

from bot.discord_ui.turn_panel import meld_choices
from bot.engine import Game, Meld, variant
from bot.service.card_input import (
    CardInputError,
    complete,
    own_letters,
    parse_groups,
    parse_meld,
    run_cards,
    suggest_melds,
)

HAND = ["4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH",
        "7D", "7S", "7C", "2C", "JK", "9S", "10S", "JS"]


@pytest.mark.parametrize("typed", ["h567", "567h", "5-7h", "h5-7", "7-5h", "H567", "♥567",
                                   "5h 6h 7h", "5♥ 6♥ 7♥"])
def test_every_way_of_writing_five_to_seven_of_hearts(typed: str) -> None:
    assert parse_groups(typed, HAND) == ([["5H", "6H", "7H"]], {})


def test_tens_and_courts_up_to_the_ace() -> None:
    assert run_cards("10-ah") == ["10H", "JH", "QH", "KH", "AH"]
    assert run_cards("htjqka") == ["10H", "JH", "QH", "KH", "AH"]
    assert run_cards("s9tj") == ["9S", "10S", "JS"]
    assert run_cards("4-ah") == ["4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH",
                                 "AH"]  # the engine says it is longer than a samba


def test_words_that_are_not_sequences_keep_their_old_meaning() -> None:
    for word in ("7h", "10d", "td", "jk", "777", "QQ2", "hh", "h5"):
        assert run_cards(word) is None, word
    assert parse_groups("777", HAND) == ([["7C", "7D", "7H"]], {})


def test_a_sequence_word_is_a_meld_of_its_own_beside_shorthand_and_commas() -> None:
    assert parse_groups("h567 777", HAND) == ([["5H", "6H", "7H"], ["7C", "7D", "7S"]], {})
    assert parse_groups("s9-j, 7d 7s 2c", HAND) == (
        [["9S", "10S", "JS"], ["7D", "7S", "2C"]], {})
    # the sequence's cards are reserved first: the sevens shorthand takes the other sevens
    assert parse_groups("777, 5-7h", HAND) == ([["7C", "7D", "7S"], ["5H", "6H", "7H"]], {})


def test_lay_offs_name_a_meld_by_rank_or_by_its_key() -> None:
    assert parse_groups("seq: 8h", HAND) == ([], {"seq": ["8H"]})
    assert parse_groups("SEQ#2: 8h 9h, k#2: kh, wild: jk, t: ts", HAND) == (
        [], {"seq#2": ["8H", "9H"], "K#2": ["KH"], "wild": ["JK"], "10": ["10S"]})


def test_a_sequence_of_cards_not_held_is_left_for_the_engine_and_nonsense_refused() -> None:
    assert parse_groups("h456", ["5H"]) == ([["4H", "5H", "6H"]], {})
    for bad in ("h5-", "x5-7h", "3-5h", "h2-4"):
        with pytest.raises(CardInputError):
            parse_groups(bad, HAND)


@pytest.mark.parametrize(("lang", "typed", "english"), [
    ("ru", "h9вдк", "9JQKh"), ("ru", "9-кh", "9-Kh"), ("ru", "в-тs", "J-As"),
    ("bg", "9-пh", "9-Kh"), ("bg", "h10вдп", "10JQKh"),
    ("lt", "9-th", "9-Ah"), ("lt", "h10vdk", "10JQkh"),
    ("lt", "ddv", "QQJ"),  # Lithuanian D (queen) is not read as diamonds here
])
def test_sequences_in_each_languages_rank_letters(lang: str, typed: str, english: str) -> None:
    assert own_letters(typed, lang) == english


def test_russian_sequence_up_to_the_ace_picks_those_cards() -> None:
    assert parse_groups(own_letters("10-тh", "ru"), HAND) == (
        [["10H", "JH", "QH", "KH", "AH"]], {})


def test_autocomplete_counts_a_typed_sequence_as_held() -> None:
    assert complete("5-7h 7", ["5H", "6H", "7H", "7D"]) == ["5-7h 7D"]


def _samba_position(name: str = "samba") -> Game:
    return Game.from_position(
        variant(name, 2), ["ana", "bo"],
        hands={"ana": "5h 6h 7h 8h 9h 2c jk 2d 2s kd kc ks 4c", "bo": "4d 4s 5c 6c 7c 8c"},
        melds={0: ["10d jd qd", "9c 9d 9s"]}, stock="4h 5d 6d 7d 8d 9d 10c jc qc kc",
        discard="4s", phase="play", turn="ana", melded_players=["ana"])


def test_meld_autocomplete_proposes_sequences_and_their_lay_offs() -> None:
    game = _samba_position()
    offered = [value for _, value in meld_choices(game, "ana")]
    assert "5H 6H 7H 8H 9H" in offered
    assert suggest_melds("h5", offered) == [v for v in offered if "5H" in v.split()]
    assert suggest_melds("h58", offered) == ["5H 6H 7H 8H 9H"]  # what is typed so far
    assert "seq: KD" in suggest_melds("seq: k", offered)
    proposed = suggest_melds("5-7h", offered)
    assert proposed and all({"5H", "6H", "7H"} <= set(p.replace(",", " ").split())
                            for p in proposed)
    lay_off = next(v for v in offered if v.startswith("seq"))
    groups, add = parse_groups(lay_off, [c.text for c in game.hand("ana")])
    assert groups == [] and add == {"seq": ["KD"]}  # what /meld reads back


def test_meld_autocomplete_proposes_a_wild_meld_in_bolivia() -> None:
    game = Game.from_position(
        variant("bolivia", 2), ["ana", "bo"],
        hands={"ana": "2c 2d jk 5h 6h 7h 9s 9d kc", "bo": "4d"}, melds={0: ["qh qd qs"]},
        stock="4c 5c 6c", discard="4s", phase="play", turn="ana", melded_players=["ana"])
    offered = [value for _, value in meld_choices(game, "ana")]
    assert "JK 2C 2D" in suggest_melds("*", offered)
    assert suggest_melds("h5-7", offered) == ["5H 6H 7H"]
    assert parse_groups("* 2 2", [c.text for c in game.hand("ana")]) == (
        [["JK", "2C", "2D"]], {})


def test_two_melds_of_one_rank_are_combined_by_typing_k_plus_k2() -> None:
    assert parse_meld("k + k#2, k: kc", ["KC"]) == ([], {"K": ["KC"]}, [["K", "K#2"]])
    assert parse_meld("T+10#2", []) == ([], {}, [["10", "10#2"]])
    with pytest.raises(CardInputError):
        parse_groups("k + k#2", [])  # /pickup's melds: only new melds
    game = Game.from_position(
        variant("samba", 2), ["ana", "bo"],
        hands={"ana": "kc 2d 5h 6h 7h 9s 9d", "bo": "4d"},
        melds={0: ["kh kd ks", "kh ks kc 2c", "qh qd qs"]}, stock="4c 5c 6c", discard="4s",
        phase="play", turn="ana", melded_players=["ana"])
    offered = dict((v, label) for label, v in meld_choices(game, "ana", lang="ru"))
    assert offered["K + K#2"] == "объединить две комбинации королей"
    groups, add, combine = parse_meld("K + K#2", [c.text for c in game.hand("ana")])
    game.apply("ana", Meld(groups=groups, add=add, combine=combine))
    assert [len(m) for m in game.melds(0)] == [7, 3]  # one canasta of kings now
