"""B.4 Brazilian and B.5 Chilean canasta: one test per line of each section."""
import pytest

from bot.engine import Discard, Game, IllegalMove, Meld, variant
from bot.engine.rules_summary import summary

from .conftest import pos

ESCALERA = "4h 5h 6h 7h 8h 9h 10h"
BOLIVIA = "2c 2d 2h 2s jk jk 2c"
KINGS = "kh kd ks kc kh kd ks"


def test_brazilian_is_bolivia_to_10000():
    r, b = variant("brazilian"), variant("bolivia")
    assert r.target == 10000
    assert (r.sequences, r.wild_melds, r.going_out_needs) == (True, True, ("escalera",))
    assert (r.deck_size, r.hand_size, r.draw) == (b.deck_size, b.hand_size, b.draw)


@pytest.mark.parametrize("score,minimum", [(4995, 120), (5000, 150), (6995, 150),
                                           (7000, "a canasta"), (8000, 200),
                                           (9000, "a natural canasta")])
def test_brazilian_initial_meld(score, minimum):
    r = variant("brazilian")
    if isinstance(minimum, int):
        assert r.minimum_for(score) == minimum
    else:
        assert f"{minimum} from {score}" in " ".join(summary(r))


def test_brazilian_initial_meld_of_a_canasta():
    hands = {"Ana": "kh kd ks kc kh kd ks ah ad as 2c 9c 9d", "Bo": "5c"}
    g = pos(name="brazilian", hands=hands, phase="play", scores=[7500, 0])
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["ah ad as 2c"]))       # 80 points, no canasta
    assert err.value.code == "initial_meld_canasta"
    g.apply("Ana", Meld(groups=["kh kd ks kc kh kd ks"]))
    g = pos(name="brazilian", hands=hands, phase="play", scores=[9500, 0])
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=["kh kd ks kc kh kd 2c"]))
    assert err.value.code == "initial_meld_natural_canasta"
    g.apply("Ana", Meld(groups=["kh kd ks kc kh kd ks", "ah ad as 2c"]))


def test_brazilian_wild_canastas_2000_and_red_threes():
    g = pos(name="brazilian", hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
            melds={0: [ESCALERA, BOLIVIA]}, red_threes={0: "3h 3h 3h 3d 3d"})
    g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    g.apply("Ana", Discard("4c"))
    b = g.results[0].breakdown[0]
    assert (b["canastas"], b["red_threes"]) == (1500 + 2000, 1000)
    assert variant("brazilian").red_three_value(6) == 1200


def test_brazilian_short_sequence_costs_1000():
    g = pos(name="brazilian", hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
            melds={0: [ESCALERA, BOLIVIA, "4s 5s 6s 7s 8s", "9d 10d jd qd kd ad"],
                   1: ["4c 5c 6c"]})
    g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    g.apply("Ana", Discard("4c"))
    res = g.results[0]
    # Ana's side: a 5-card sequence costs 1000, a 6-card one nothing
    assert res.breakdown[0]["penalties"] == -1000
    assert res.breakdown[1] == {"melded": 15, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -5, "penalties": -1000}
    assert res.total[1] == -990


def test_chilean_plays_sambas_and_bolivias_with_3_or_4_packs():
    r = variant("chilean")
    assert (r.deck_size, r.sequences, r.wild_melds) == (162, True, True)
    four = variant("chilean", packs=4)
    assert (four.deck_size, four.jokers) == (216, 8)
    g = Game.new(four, ["Ana", "Bo", "Cy", "Di"], seed=5)
    assert g.stock_count + sum(len(g.hand(p)) for p in g.players) + len(g.discard_pile) \
        + sum(len(g.red_threes(t)) for t in range(2)) == 216


def test_chilean_goes_out_with_any_two_canastas():
    g = pos(name="chilean", hands={"Ana": "8s 8d 8c 4c", "Bo": "5c"}, phase="play",
            melds={0: [KINGS, BOLIVIA]})
    g.apply("Ana", Meld(groups=["8s 8d 8c"]))
    g.apply("Ana", Discard("4c"))
    res = g.results[0]
    assert res.went_out == "Ana"
    assert res.breakdown[0] == {"melded": 70 + 200 + 30, "canastas": 500 + 2500,
                                "red_threes": 0, "going_out": 200, "in_hand": 0, "penalties": 0}
