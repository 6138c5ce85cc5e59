"""Mexican Canasta (RULES.md B.12, LT): one test per item, and a hand's score sheet."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, variant
from bot.engine.melds import canasta_bonus
from bot.engine.rules_summary import summary

from .conftest import P4, pos

KINGS = "kh kd ks kc kh kd ks"
STOCK = "4c 3h 5c 6c 8c 9c 10c jc qc kc ac 4d 5d 6d 8d 9s 10s js"   # 3h: replaced


def mexican(**kwargs) -> Game:
    return pos(name="mexican", **kwargs)


def refused(g: Game, player: str, action) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        g.apply(player, action)
    return err.value


def test_162_cards_13_each_at_every_table_size():
    for n in (2, 3, 4, 5, 6):
        r = variant("mexican", players=n)
        assert (r.deck_size, r.hand_size, r.draw if n > 2 else 1) == (162, 13, 1)
        assert "A 7 on top blocks the pile." in summary(r)
    g = Game.new(variant("mexican"), P4, seed=5)
    assert all(len(g.hand(p)) == 13 for p in P4)
    assert g.stock_count + len(g.discard_pile) == 162 - 52 - sum(
        len(g.red_threes(t)) for t in (0, 1))


def test_the_side_s_first_meld_brings_its_maker_13_cards_from_the_stock():
    g = mexican(hands={"Ana": "ah ad as 9h 9d", "Bo": "4h"}, phase="play", stock=STOCK)
    events = g.apply("Ana", Meld(groups=["ah ad as"]))
    bonus = [e for e in events if e["type"] == "bonus_cards"]
    assert bonus and bonus[0]["count"] == 13 and bonus[0]["player"] == "Ana"
    assert len(g.hand("Ana")) == 2 + 13 and [c.text for c in g.red_threes(0)] == ["3H"]
    assert g.stock_count == 4
    assert "cards" not in [e for e in g.view("Bo")["history"] if e["type"] == "bonus_cards"][0]
    g.apply("Ana", Discard("9h"))
    g.apply("Bo", Draw())
    g.apply("Bo", Discard("4h"))
    g.apply("Cy", Draw())            # Cy's side has melded: no bonus for him
    assert len(g.hand("Cy")) == 1


def test_a_first_meld_of_the_whole_hand_or_with_the_pile_gets_the_bonus_too():
    g = mexican(hands={"Ana": "ah ad as", "Bo": "4h"}, phase="play", stock=STOCK)
    g.apply("Ana", Meld(groups=["ah ad as"]))       # no going out: 13 cards are coming
    assert not g.results and len(g.hand("Ana")) == 13
    g = mexican(hands={"Ana": "kh kd ah ad as 4s", "Bo": "4h"}, discard="9c kc", stock=STOCK)
    g.apply("Ana", TakePile(cards="kh kd", melds=["ah ad as"]))
    assert len(g.hand("Ana")) == 1 + 1 + 13


def test_a_canasta_of_sevens_natural_or_mixed_is_worth_1000():
    g = mexican(hands={"Ana": "4h"},
                melds={0: ["7h 7d 7s 7c 7h 7d 7s"], 1: ["7h 7d 7s 7c 7h 7d 2c"]})
    natural, mixed = g.team_melds[0]["7"], g.team_melds[1]["7"]
    assert (natural.kind(g.rules), mixed.kind(g.rules)) == ("natural", "mixed")
    assert canasta_bonus(g.rules, natural) == canasta_bonus(g.rules, mixed) == 1000
    assert canasta_bonus(g.rules, g.team_melds[0]["7"]) > g.rules.natural_canasta


def test_a_seven_blocks_the_pile():
    g = mexican(hands={"Ana": "7c 7d 5h", "Bo": "4h"}, discard="9c 7s", melds={0: ["kh kd ks"]})
    err = refused(g, "Ana", TakePile(cards="7c 7d"))
    assert (err.code, err.values) == ("pile_blocking_rank", {"card": "7S"})
    assert g.view("Ana")["pile"]["blocked"] == "blocking_rank"
    assert not g.can_take_pile("Ana")


def test_going_out_needs_two_canastas_and_two_red_threes():
    melds = {0: [KINGS, "7h 7d 7s 7c 7h 7d 2c"]}
    g = mexican(hands={"Ana": "9c 9d 9s 4h", "Bo": "4c"}, phase="play", melds=melds,
                red_threes={0: "3h"})
    err = refused(g, "Ana", Meld(groups=["9c 9d 9s"]))
    assert (err.code, err.values) == ("going_out_needs_red_threes", {"n": 2, "have": 1})
    assert not g.may_go_out(0)
    g = mexican(hands={"Ana": "9c 9d 9s 4h", "Bo": "4c"}, phase="play", melds={0: [KINGS]},
                red_threes={0: "3h 3d"})
    assert refused(g, "Ana", Meld(groups=["9c 9d 9s"])).code == \
        "going_out_discard_needs_canastas"


def test_hand_score_sheet():
    g = mexican(hands={"Ana": "9c 9d 9s 4h", "Cy": "jk 5c", "Bo": "6c", "Di": "ac 2d"},
                phase="play", melds={0: ["7h 7d 7s 7c 7h 7d 2c", KINGS], 1: ["qh qs qc"]},
                red_threes={0: "3h 3d", 1: "3h"}, melded_players=P4)
    g.apply("Ana", Meld(groups=["9c 9d 9s"]))
    g.apply("Ana", Discard("4h"))
    res = g.results[0]
    # Ana & Cy: sevens 6x5+20 = 50, kings 70, nines 30 = 150; sevens canasta (mixed) 1000 +
    # natural kings 500; two red threes +200; out 100; Cy's jk 5c -55 -> 1895
    assert res.breakdown[0] == {"melded": 150, "canastas": 1500, "red_threes": 200,
                                "going_out": 100, "in_hand": -55, "penalties": 0}
    # Bo & Di: queens 30, red three +100, 6c ac 2d -45 -> 85
    assert res.total == [1895, 85]


def test_red_threes_on_the_three_pack_scale_at_every_table_size():
    """B.12's DEFAULT: 100 each up to four, five 1 000, six 1 200, whatever the number of
    players (at 2 to 5 players five scored 500, less than four's 800)."""
    for n in (2, 3, 4, 5, 6):
        assert [variant("mexican", players=n).red_three_value(k) for k in range(1, 7)] == [
            100, 200, 300, 400, 1000, 1200]
    g = mexican(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", red_threes={0: "3h 3h 3d 3d"},
                melds={0: [KINGS]})
    g.apply("Ana", Draw())   # the fifth red three is the last stock card: the hand ends
    res = g.results[0]
    # Ana & Cy: kings 70 melded, a natural canasta 500, five red threes 1 000, 4c 5d -10
    # -> 1 560; Bo & Di: 6c -5
    assert res.breakdown[0] == {"melded": 70, "canastas": 500, "red_threes": 1000,
                                "going_out": 0, "in_hand": -10, "penalties": 0}
    assert res.total == [1560, -5]


def test_a_first_meld_by_the_pile_may_spend_the_hand_the_bonus_cards_refill() -> None:
    """Mexican's first meld brings 13 cards from the stock, so a side's first take may meld
    all but one card of the hand (found by hypothesis: the take of 10♦ with the two tens and
    8♠ 8♣ 2 beside it, 70 points, was missing; only the takes with a deuce by the top were
    offered)."""
    from tests.engine.brute import check_position
    from tests.engine.test_completeness import build

    game = build("mexican 4p", "draw", 6, 0, 0, 2, 3)
    assert [c.text for c in game.hands[game.turn]] == ["2H", "8S", "2D", "8C", "10S", "10C"]
    takes = [a for a in game.legal_actions(game.turn) if isinstance(a, TakePile)]
    assert any(sorted(a.cards) == ["10C", "10S"] and a.melds for a in takes), takes
    check_position(game, game.turn, "mexican 4p")
