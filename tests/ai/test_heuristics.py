"""The heuristics a Canasta player would name, each on a position built with from_position."""

from __future__ import annotations

import pytest

from bot.engine import AnswerGoOut, AskToGoOut, Discard, Draw, Meld, TakePile

from .helpers import choose, hands, position

FIFTEEN = "4c 5d 6h 7s 9c 10d jh qs kc 4d 5h 6s 7c 9d 8d"   # 15 cards, 8D on top


@pytest.mark.parametrize("level", ["normal", "easy"])
def test_takes_a_big_unfrozen_pile_with_a_natural_pair(level: str) -> None:
    game = position(hands=hands("8h 8s 5c 9s jd qd kd"), discard=FIFTEEN,
                    melds={0: ["ac ad ah"], 1: ["kh ks kd"]})
    action = choose(game, "ann", level)
    assert isinstance(action, TakePile)
    assert sorted(action.cards) == ["8H", "8S"]


def test_takes_the_pile_for_the_initial_meld_when_the_pair_reaches_the_minimum() -> None:
    game = position(hands=hands("kh ks ad ac ah 5c 9s"), discard="4c 5d 6h 7s kd")
    action = choose(game, "ann")
    assert isinstance(action, TakePile)
    game.apply("ann", action)
    assert game.melds(0)


def test_draws_rather_than_spend_a_wild_card_on_a_tiny_pile() -> None:
    game = position(hands=hands("8h 2c 5c 9s jd qd kd"), discard="8d",
                    melds={0: ["ac ad ah"]})
    assert isinstance(choose(game, "ann"), Draw)


@pytest.mark.parametrize("level", ["normal", "easy"])
def test_never_discards_what_the_next_opponent_has_melded_when_a_safe_card_is_held(
        level: str) -> None:
    # bob (next) has melded nines and jacks; ann holds one safe card, the 5C.
    game = position(hands=hands("9c jd 5c 7h 7d"), discard="4c 6d 10s",
                    melds={1: ["9h 9s 9d", "jh js jc"]}, phase="play")
    action = choose(game, "ann", level)
    assert isinstance(action, Discard)
    assert action.card == "5C"


def test_blocks_a_big_pile_with_a_black_three() -> None:
    game = position(hands=hands("3s 9c jd ad ac"), discard=FIFTEEN,
                    melds={1: ["9h 9s 9d", "jh js jc"]}, phase="play")
    action = choose(game, "ann")
    assert action == Discard("3S")


def test_freezes_a_big_pile_with_a_wild_card_when_the_opponents_hold_big_hands() -> None:
    game = position(hands=hands("2c 9c jd ad ac"), discard=FIFTEEN,
                    melds={0: ["5h 5s 5d"], 1: ["9h 9s 9d", "jh js jc"]}, phase="play")
    action = choose(game, "ann")
    assert action == Discard("2C")


def test_keeps_pairs_and_wild_cards_when_discarding() -> None:
    game = position(hands=hands("9h 9d jk 5c kd qc"), discard="4c 6d 10s",
                    melds={0: ["ah ad ac"]}, phase="play")
    action = choose(game, "ann")
    assert isinstance(action, Discard)
    assert action.card not in ("9H", "9D", "JK")


def test_makes_the_initial_meld_when_it_reaches_the_minimum() -> None:
    game = position(hands=hands("ah ad ac kh ks 2c 5c 9d"), discard="4c", phase="play")
    action = choose(game, "ann")
    assert isinstance(action, Meld)
    game.apply("ann", action)
    assert game.melds(0)


def test_lays_off_on_own_melds() -> None:
    game = position(hands=hands("ah kd 5c 9d qs"), discard="4c", phase="play",
                    melds={0: ["as ad ac", "kh ks kc"]})
    action = choose(game, "ann")
    assert isinstance(action, Meld)
    assert set(action.add) == {"A", "K"}


def _holding_position(stock: str | None = None) -> object:
    # ann's side has melded aces; ann holds three nines (a rank her side has not melded)
    kw = {"stock": stock} if stock is not None else {}
    return position(hands=hands("9h 9s 9c ah 5c 7d"), discard="4c 6d 10s", phase="play",
                    melds={0: ["as ad ac"]}, **kw)


def test_holds_a_set_of_an_unmelded_rank_while_the_end_is_far() -> None:
    game = _holding_position()
    action = choose(game, "ann")
    assert isinstance(action, Meld)
    assert action.groups == [] and action.add == {"A": ["AH"]}
    game.apply("ann", action)
    game.apply("ann", choose(game, "ann"))
    assert sorted(c.text for c in game.hand("ann") if c.rank == "9") == ["9C", "9H", "9S"]


def test_melds_the_set_when_the_stock_runs_low() -> None:
    game = _holding_position(stock="4c 5d 6h 7s 8c 9d")
    action = choose(game, "ann")
    assert isinstance(action, Meld)
    assert ["9C", "9H", "9S"] in [sorted(g) for g in action.groups]


def test_easy_melds_the_set_at_once() -> None:
    action = choose(_holding_position(), "ann", "easy")
    assert isinstance(action, Meld)
    assert ["9C", "9H", "9S"] in [sorted(g) for g in action.groups]


def _behind_position(ann: str, **kw: object) -> object:
    # ann & cat have one canasta; bob & dan are far ahead on the table.
    return position(
        hands=hands(ann, cat="4h 5h 6h 7h 9h 10h jh qh kh ah 4s"),
        discard="4c 6d 10s", phase="play",
        melds={0: ["kh ks kc kd kh ks kc"],
               1: ["ah as ac ad ah as ac", "qh qs qc qd qh qs 2c", "9h 9s 9c"]}, **kw)


def test_goes_out_with_one_canasta_when_the_hand_is_a_minus() -> None:
    game = _behind_position("jh js jc 5c")
    for _ in range(3):
        if game.results:
            break
        game.apply("ann", choose(game, "ann"))
    assert game.results and game.results[0].went_out == "ann"


def test_builds_a_second_canasta_before_going_out_when_ahead() -> None:
    # ann & cat lead with a canasta and a six-card meld; the opponents have nothing melded.
    game = position(hands=hands("jh js jc 5c"), discard="4c 6d 10s", phase="play",
                    melds={0: ["kh ks kc kd kh ks kc", "ah as ac ad ah as"]})
    action = choose(game, "ann")
    game.apply("ann", action)
    assert not game.results, "went out with one canasta while ahead and close to a second"
    assert len(game.hand("ann")) >= 2


def test_goes_out_when_the_opponents_threaten_to() -> None:
    game = position(hands=hands("jh js jc 5c", bob="4h 5h", dan="6h 7h"), discard="4c 6d 10s",
                    phase="play", melds={0: ["kh ks kc kd kh ks kc", "ah as ac ad ah as"],
                                         1: ["qh qs qc qd qh qs 2c"]})
    for _ in range(3):
        if game.results:
            break
        game.apply("ann", choose(game, "ann"))
    assert game.results and game.results[0].went_out == "ann"


def _asked(cat_hand: str) -> object:
    game = position(hands=hands("jh js jc 5c", cat=cat_hand), discard="4c 6d 10s",
                    phase="play", melds={0: ["kh ks kc kd kh ks kc", "ah as ac ad ah as"]})
    game.apply("ann", AskToGoOut())
    assert game.phase == "permission"
    return game


def test_partner_answers_no_holding_a_big_meldable_hand() -> None:
    game = _asked("qh qs qd 10h 10s jk 2d 9h 9s")
    assert choose(game, "cat") == AnswerGoOut(yes=False)


def test_partner_answers_yes_holding_little() -> None:
    game = _asked("4h 6s")
    assert choose(game, "cat") == AnswerGoOut(yes=True)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_goes_out_after_a_yes(level: str) -> None:
    game = _asked("4h 6s")
    game.apply("cat", AnswerGoOut(yes=True))
    for _ in range(4):
        if game.results:
            break
        game.apply("ann", choose(game, "ann", level, budget=0.05, max_samples=4))
    assert game.results and game.results[0].went_out == "ann"
    assert game.results[0].breakdown[0]["penalties"] == 0


def test_two_player_game_needs_two_canastas_to_go_out() -> None:
    game = position(players=["ann", "bob"], hands={"ann": "jh js jc 5c", "bob": "4h 5h 6h"},
                    discard="4c 6d 10s", phase="play", melds={0: ["kh ks kc kd kh ks kc"]})
    action = choose(game, "ann")
    game.apply("ann", action)
    assert not game.results
    assert len(game.hand("ann")) >= 1


def test_black_threes_meld_only_when_going_out() -> None:
    game = _behind_position("3c 3s 3c jh js jc")
    for _ in range(3):
        if game.results:
            break
        game.apply("ann", choose(game, "ann"))
    assert game.results and game.results[0].went_out == "ann"
