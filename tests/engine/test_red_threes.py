"""A.4: red threes."""
import pytest

from bot.engine import VARIANTS, Discard, Draw, Game, format_cards, variant
from bot.engine.american_scoring import american_breakdown
from bot.engine.melds import TableMeld
from bot.engine.scoring import team_breakdown
from bot.engine.variants import PLAYER_COUNTS

from .conftest import pos


def test_drawn_red_three_laid_out_and_replaced():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3h 9c 8c")
    ev = g.apply("Ana", Draw())
    assert [e["type"] for e in ev] == ["red_three", "draw"]
    assert format_cards(g.red_threes(0)) == "3H"
    assert sorted(c.text for c in g.hand("Ana")) == ["4C", "5D", "9C"]
    assert g.stock_count == 1


def test_last_stock_card_red_three_ends_the_hand_without_meld_or_discard():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", melds={0: ["kh kd ks"]})
    ev = g.apply("Ana", Draw())
    end = [e for e in ev if e["type"] == "hand_end"][0]
    assert end["reason"] == "red_three" and end["went_out"] is None
    res = g.results[0]
    assert res.breakdown[0] == {"melded": 30, "canastas": 0, "red_threes": 100, "going_out": 0,
                                "in_hand": -10, "penalties": 0}
    assert g.hand_number == 2  # the next hand is dealt at once


def test_red_threes_minus_without_a_meld():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", red_threes={1: "3h"})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[1]["red_threes"] == -100
    assert g.results[0].breakdown[0]["red_threes"] == -100


def test_all_four_red_threes_score_800():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d", red_threes={0: "3h 3h 3d"},
            melds={0: ["kh kd ks"]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == 800


def test_red_threes_never_in_hand_and_do_not_count_for_minimum():
    g = pos(hands={"Ana": "4c 5d kc kd 9s", "Bo": "6c"}, stock="3d 3h kh 8c",
            red_threes={0: "3h"})
    g.apply("Ana", Draw())
    assert not any(c.is_red_three for c in g.hand("Ana"))
    assert len(g.red_threes(0)) == 3
    assert g.view("Ana")["teams"][0]["minimum"] == 50


def test_vienna_red_threes_need_a_canasta():
    g = pos(name="vienna", hands={"Ana": "4c 5d", "Bo": "6c"}, stock="3d",
            melds={0: ["kh kd ks"]})
    g.apply("Ana", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == -100


def test_six_player_red_three_sets():
    players = ["a", "b", "c", "d", "e", "f"]
    g = pos(players, hands={"a": "4c 5d", "b": "6c"}, stock="3d",
            red_threes={0: "3h 3h 3d 3d"}, melds={0: ["kh kd ks"]})
    g.apply("a", Draw())
    assert g.results[0].breakdown[0]["red_threes"] == 1000
    g = pos(players, hands={"a": "4c 5d", "b": "6c"}, stock="3d 9c",
            red_threes={0: "3h 3h 3d 3d 3h"}, melds={0: ["kh kd ks"]})
    g.apply("a", Draw())
    assert len(g.red_threes(0)) == 6 and g.phase == "play"
    g.apply("a", Discard("9c"))  # stock now empty and b cannot take: the hand ends
    assert g.results[0].breakdown[0]["red_threes"] == 1200


def _tables():
    """Every variant at every table size it supports (6 players: two and three teams), and
    the deck options the docs name (Chilean's four packs, more packs for Classic)."""
    for name in VARIANTS:
        for players in PLAYER_COUNTS[name]:
            for teams in ((2, 3) if players == 6 else (None,)):
                yield name, players, {"teams": teams} if teams else {}
    yield "chilean", 4, {"packs": 4}
    yield "classic", 4, {"packs": 3}
    yield "classic", 4, {"packs": 4}


KINGS = "kh kd ks kc kh kd ks"
QUEENS = "qh qd qs qc qh qd qs"


def _conditions(rules) -> list[list[str]]:
    """Melds that hold each plus/minus condition of red threes fixed: none, a meld, one
    canasta, two, a wild canasta beside a natural one, a sevens canasta."""
    melds = [[], ["kh kd ks"], [KINGS], [KINGS, QUEENS]]
    if rules.wild_melds:
        melds.append([KINGS, "2c 2d 2h 2s jk jk jk"])
    if rules.rank_canasta_kinds or rules.rank_canastas:
        melds.append(["7h 7d 7s 7c 7h 7d 7s"])
    return melds


def _red_three_score(rules, melds: list[str], count: int) -> int:
    """A side's red-three score, as its hand's end scores it, holding ``count``."""
    if rules.threes_by_colour:   # Modern American: threes of each colour
        players = [f"p{i}" for i in range(rules.players)]
        g = Game.from_position(rules, players, hands={players[0]: "4c"}, melds={0: melds},
                               red_threes={0: " ".join(["3h"] * count)} if count else None)
        return american_breakdown(g, 0, 0, count_hands=False)["red_threes"]
    table = [TableMeld.from_text(m) for m in melds]
    return team_breakdown(rules, table, count, 0, 0, 0, 0)["red_threes"]


@pytest.mark.parametrize(("name", "players", "options"), list(_tables()))
def test_one_more_red_three_never_scores_less(name, players, options):
    """B.12's DEFAULT ("a scale where five red threes score less than four is never
    right"): the size of a side's red-three score, plus or minus, never falls when it holds
    one more red three and the rest of the table stays as it is, up to the deck's red
    threes."""
    rules = variant(name, players, **options)
    for melds in _conditions(rules):
        sizes = [abs(_red_three_score(rules, melds, k)) for k in range(1, 2 * rules.packs + 1)]
        assert sizes == sorted(sizes), (melds, sizes)
