"""B.7 Italian canasta (RG): one test per row of the table."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, variant

from .conftest import pos

KINGS = "kh kd ks kc kh kd ks"
QUEENS = "qh qd qs qc qh qd qs"


def italian(**kwargs) -> Game:
    return pos(name="italian", **kwargs)


@pytest.mark.parametrize("seed", range(6))
def test_the_upcard_sits_on_a_packet_of_its_value(seed):
    g = Game.new(variant("italian"), ["Ana", "Bo", "Cy", "Di"], seed=seed)
    up = [e for e in g.history if e["type"] == "upcard"][0]
    top = g.discard_pile[-1]
    size = {"A": 20, "JK": 20, "K": 13, "Q": 12, "J": 11}.get(top.rank) or int(top.rank)
    assert up["packet"] == size
    assert len(g.discard_pile) == len(up["cards"]) + size
    assert g.view("Bo")["pile"]["size"] == len(g.discard_pile)
    assert up["cards"][-1] == top.text


def test_pile_is_always_frozen():
    g = italian(hands={"Ana": "8h 2c 9c 4c", "Bo": "5c"}, discard="6c 8s",
                melds={0: ["8c 8d 8d"]})
    with pytest.raises(IllegalMove, match="frozen"):
        g.apply("Ana", TakePile())
    g = italian(hands={"Ana": "8h 8c 9c 4c", "Bo": "5c"}, discard="6c 8s",
                melds={0: ["kh kd ks"]})
    g.apply("Ana", TakePile(cards=["8h", "8c"]))


def test_deuces_meld_as_a_rank_and_are_kept_while_that_meld_is_short():
    g = italian(hands={"Ana": "2c 2d 2h 2s 9c 9d 4c 5c", "Bo": "5c"}, phase="play",
                melds={0: ["kh kd ks"]})
    g.apply("Ana", Meld(groups=["2c 2d 2h"]))
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["9c 9d 2s"]))
    assert err.value.code == "deuces_reserved"
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(add={"K": ["2s"]}))
    assert err.value.code == "deuces_reserved"
    g.apply("Ana", Meld(add={1: ["2s"]}))


def test_initial_meld_is_natural_and_its_table():
    g = italian(hands={"Ana": "kh kd ks 2c ah ad as 9c 9d", "Bo": "5c"}, phase="play")
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["kh kd ks 2c", "ah ad as"]))
    assert err.value.code == "initial_meld_wild"
    g.apply("Ana", Meld(groups=["kh kd ks", "ah ad as"]))
    r = variant("italian")
    assert [r.minimum_for(s) for s in (-1, 0, 1500, 3000, 5000, 7500, 10000)] == \
        [15, 50, 90, 120, 160, 180, 200]


def test_going_out_300_with_two_canastas_not_wild_ones():
    g = italian(hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
                melds={0: [KINGS, "2c 2d 2h 2s 2c 2d 2h"]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    assert err.value.code == "going_out_canastas_of_kind"
    assert err.value.values == {"need": 2, "have": 1, "kind": "wild"}
    g = italian(hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
                melds={0: [KINGS, QUEENS, "2c 2d 2h 2s 2c 2d 2h", "2s jk jk 2d 2h 2c jk"]})
    g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    g.apply("Ana", Discard("4c"))
    res = g.results[0]
    # two natural canastas 1000, seven deuces 3000, a mixed deuce canasta 2000; cards: kings
    # 70, queens 70, seven 2s 140, four 2s and three jokers 230, three 8s 30
    assert res.breakdown[0] == {"melded": 540, "canastas": 6000, "red_threes": 0,
                                "going_out": 300, "in_hand": 0, "penalties": 0}
    assert res.total == [6840, -5]


@pytest.mark.parametrize("count,value", [(1, 100), (3, 300), (4, 800), (6, 1200)])
def test_red_threes_100_each_then_200_each_from_four(count, value):
    assert variant("italian").red_three_value(count) == value


def test_game_is_12000():
    assert variant("italian").target == 12000


def test_red_threes_minus_without_the_canastas():
    g = italian(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", melds={0: [KINGS]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == -100


JACKS = "jh jd js jc jh jd js"
ACES = "ah ad as ac ah ad as"
DEUCES = "2c 2d 2h 2s 2c 2d 2h"
MIXED_DEUCES = "2c 2d 2h 2s jk jk jk"


def test_red_threes_minus_when_one_of_the_two_canastas_is_wild():
    """B.7's DEFAULT: red threes count plus with the two canastas going out needs, and a wild
    canasta does not count among them (it did: +200)."""
    g = italian(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", red_threes={0: "3h"},
                melds={0: [JACKS, MIXED_DEUCES]})
    g.apply("Ana", Draw())   # the last stock card is a red three: the hand ends
    res = g.results[0]
    # Ana & Cy: jacks 70 + four 2s and three jokers 230 = 300 melded; natural jacks 500 +
    # mixed deuce canasta 2 000; two red threes -200 (one canasta counts); 4c 5d -10 -> 2 590
    assert res.breakdown[0] == {"melded": 300, "canastas": 2500, "red_threes": -200,
                                "going_out": 0, "in_hand": -10, "penalties": 0}
    assert res.total == [2590, -5]
    g = italian(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", red_threes={0: "3h"},
                melds={0: [JACKS, KINGS, MIXED_DEUCES]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == 200   # two natural canastas: plus


def go_out(melds: list[str], lay_off: dict[str, list[str]], hand: str, **options) -> list:
    """Ana lays ``lay_off`` on her side's melds and discards her last card (Cy holds 9c)."""
    g = pos(name="italian", options=options, hands={"Ana": hand, "Bo": "6c", "Cy": "9c"},
            phase="play", melds={0: melds})
    g.apply("Ana", Meld(add=lay_off))
    g.apply("Ana", Discard(hand.split()[-1]))
    return g.results


TENS = "10h 10d 10s 10c 10h 10d"
TENS_CANASTA = TENS + " 10s"


def test_five_natural_canastas_2000_paid_to_the_side_at_the_hands_end():
    """RG's bonus (B.7 DEFAULT): five natural canastas 2 000, in the canastas line."""
    res = go_out([KINGS, QUEENS, JACKS, ACES, TENS], {"10": ["10s"]}, "10s 4c")[0]
    # Ana & Cy: kings, queens, jacks, tens 70 each, aces 140 = 420 melded; five natural
    # canastas 2 500 + the bonus 2 000; out 300; Cy's 9c -10 -> 5 210 (3 210 without it)
    assert res.breakdown[0] == {"melded": 420, "canastas": 4500, "red_threes": 0,
                                "going_out": 300, "in_hand": -10, "penalties": 0}
    assert res.total == [5210, -5]
    # a canasta of seven deuces (2s melded as a rank) counts as natural: 2 000 again
    res = go_out([KINGS, QUEENS, JACKS, ACES, DEUCES, "10h 10d 10s"], {"10": ["10s"]},
                 "10s 4c")[0]
    # kings, queens, jacks 210, aces 140, seven 2s 140, tens 40 = 530; four natural 2 000 +
    # seven deuces 3 000 + the bonus 2 000; out 300; -10 -> 7 820
    assert res.breakdown[0]["canastas"] == 7000 and res.total == [7820, -5]


def test_four_natural_canastas_and_a_mixed_one_1000():
    """RG: four natural and at least one mixed canasta 1 000, when the 2 000 is not paid; a
    mixed deuce canasta is a mixed one; four natural alone earn nothing."""
    res = go_out([KINGS, QUEENS, JACKS, ACES, "10h 10d 10s 10c 10h jk"], {"10": ["10s"]},
                 "10s 4c")[0]
    # Ana & Cy: 210 + aces 140 + tens 60 and a joker 50 = 460 melded; four natural 2 000 +
    # the mixed tens 300 + the bonus 1 000 = 3 300; out 300; Cy's 9c -10 -> 4 050
    assert res.breakdown[0] == {"melded": 460, "canastas": 3300, "red_threes": 0,
                                "going_out": 300, "in_hand": -10, "penalties": 0}
    assert res.total == [4050, -5]
    res = go_out([KINGS, QUEENS, JACKS, ACES, MIXED_DEUCES, "10h 10d 10s"], {"10": ["10s"]},
                 "10s 4c")[0]
    # 350 + the mixed deuce canasta 230 + tens 40 = 620; four natural 2 000 + 2 000 + the
    # bonus 1 000 = 5 000; out 300; -10 -> 5 910
    assert res.breakdown[0]["canastas"] == 5000 and res.total == [5910, -5]
    res = go_out([KINGS, QUEENS, JACKS, "10h 10d 10s 10c 10h jk"], {"10": ["10s"]},
                 "10s 4c")[0]
    assert res.breakdown[0]["canastas"] == 1500 + 300   # three natural and a mixed: none


MIXED = ["9h 9d 9s 9c 9h 9d jk", "8h 8d 8s 8c 8h 8d jk", "7h 7d 7s 7c 7h 7d 2c",
         "6h 6d 6s 6c 6h 6d 2d", "5h 5d 5s 5c 5h 2h"]


def test_ten_canastas_a_further_2000():
    """RG: ten canastas of any kind 2 000 more, on top of the bonus for five."""
    res = go_out([KINGS, QUEENS, JACKS, ACES, TENS_CANASTA, *MIXED],
                 {"5": ["5s"]}, "5s 4c")[0]
    # Ana & Cy: K Q J 10 70 each + aces 140 = 420; nines and eights 60 + a joker 50 each
    # = 220; sevens, sixes and fives 30 + a deuce 20 each = 150 -> 790 melded; five natural
    # 2 500 + five mixed 1 500 + five natural 2 000 + ten canastas 2 000 = 8 000; out 300;
    # Cy's 9c -10 -> 9 080
    assert res.breakdown[0] == {"melded": 790, "canastas": 8000, "red_threes": 0,
                                "going_out": 300, "in_hand": -10, "penalties": 0}
    assert res.total == [9080, -5]


def test_lts_bonuses_as_an_option():
    """italian_bonuses="lt": five natural 20 000, or else five of any kind 10 000; ten of any
    kind a further 25 000 (read as RG's are)."""
    assert variant("italian", italian_bonuses="lt").canasta_count_bonuses == (
        (5, 5, 20000), (5, 0, 10000), (10, 0, 25000))
    res = go_out([KINGS, QUEENS, JACKS, ACES, TENS], {"10": ["10s"]}, "10s 4c",
                 italian_bonuses="lt")[0]
    # as RG's five natural canastas above, with 20 000 for the 2 000: 420 + 2 500 +
    # 20 000 + 300 - 10 -> 23 210
    assert res.breakdown[0]["canastas"] == 22500 and res.total == [23210, -5]
    res = go_out([KINGS, QUEENS, "10h 10d 10s 10c 10h jk", *MIXED[:2]], {"10": ["10s"]},
                 "10s 4c", italian_bonuses="lt")[0]
    # kings, queens 140 + tens 110 + nines, eights 220 = 470; two natural 1 000 + three
    # mixed 900 + five of any kind 10 000 = 11 900; out 300; -10 -> 12 660
    assert res.breakdown[0]["canastas"] == 11900 and res.total == [12660, -5]
    res = go_out([KINGS, QUEENS, JACKS, ACES, TENS_CANASTA, *MIXED],
                 {"5": ["5s"]}, "5s 4c", italian_bonuses="lt")[0]
    # as RG's ten canastas above: 790 + 4 000 + 20 000 + 25 000 + 300 - 10 -> 50 080
    assert res.breakdown[0]["canastas"] == 49000 and res.total == [50080, -5]
    with pytest.raises(ValueError, match="italian_bonuses"):
        variant("italian", italian_bonuses="wp")
    assert variant("italian", canasta_count_bonuses=()).canasta_count_bonuses == ()
