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
