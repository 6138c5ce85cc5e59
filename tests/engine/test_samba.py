"""B.2 Samba: one test per row of the table (deck and deal, draw, melds, sequences, the samba,
duplicate melds, taking the pile, going out, its bonus, red threes, initial meld, game)."""
import pytest

from bot.engine import Discard, Draw, Game, IllegalMove, Meld, TakePile, format_cards, variant

from .conftest import pos

SAMBA_RUN = "4h 5h 6h 7h 8h 9h 10h"
KINGS = "kh kd ks kc kh kd ks"


def samba(**kwargs) -> Game:
    return pos(name="samba", **kwargs)


def test_deck_deal_and_draw():
    r = variant("samba")
    assert (r.deck_size, r.packs, r.jokers, r.hand_size, r.draw) == (162, 3, 6, 15, 2)
    g = Game.new(r, ["Ana", "Bo", "Cy", "Di"], seed=3)
    assert all(len(g.hand(p)) == 15 for p in g.players)
    hand = len(g.hand(g.turn))
    g.apply(g.turn, Draw())
    assert len(g.hand(g.order[0])) == hand + 2
    assert variant("samba", players=6).hand_size == 15
    with pytest.raises(ValueError, match="samba is for 2, 3, 4, 6 players"):
        variant("samba", players=5)


def test_groups_hold_at_most_two_wild_cards():
    g = samba(hands={"Ana": "8h 8s 2c jk 2d 9c 9d"}, phase="play", melds={0: ["kh kd ks"]})
    with pytest.raises(IllegalMove, match="at most 2 wild cards"):
        g.apply("Ana", Meld(groups=["8h 8s 2c jk 2d"]))
    with pytest.raises(IllegalMove, match="at least 2 natural"):
        g.apply("Ana", Meld(groups=["8h 2c jk"]))
    g.apply("Ana", Meld(groups=["8h 8s 2c"]))
    assert format_cards(g.melds(0)[1]) == "8H 8S 2C"


@pytest.mark.parametrize("cards,code", [
    ("4h 5h 6h", None), ("qs ks as", None), ("6d 5d 4d", None),
    ("ks as 4s", "sequence_gap"),            # no wrap-around
    ("5h 6h 8h", "sequence_gap"),
    ("5h 6h 7d", "sequence_suits"),
    ("5h 6h 2h", "sequence_wild"),
    ("3c 4c 5c", "sequence_three"),
    ("5h 6h 6h 7h", "sequence_repeats"),
])
def test_sequences_of_one_suit_in_a_row(cards, code):
    g = samba(hands={"Ana": cards + " 9c 9d"}, phase="play", melds={0: ["kh kd ks"]})
    if code is None:
        g.apply("Ana", Meld(groups=[cards]))
        meld = g.view("Ana")["teams"][0]["melds"][1]
        assert meld["kind"] == "sequence" and meld["rank"] is None
        assert meld["cards"] == sorted(meld["cards"], key=lambda t: "4567891JQKA".index(t[0]))
        return
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(groups=[cards]))
    assert err.value.code == (code or "")


def test_no_all_wild_melds_in_samba():
    g = samba(hands={"Ana": "2c 2d jk 9c 9d"}, phase="play", melds={0: ["kh kd ks"]})
    with pytest.raises(IllegalMove, match="all wild cards"):
        g.apply("Ana", Meld(groups=["2c 2d jk"]))


def test_a_samba_is_seven_in_a_row_for_1500_and_stops_there():
    g = samba(hands={"Ana": "10h jh 9c 9d 4c", "Bo": "5c"},
              melds={0: ["4h 5h 6h 7h 8h 9h"]}, phase="play")
    ev = g.apply("Ana", Meld(add={0: ["10h"]}))
    assert [e["kind"] for e in ev if e["type"] == "canasta"] == ["samba"]
    assert g.view("Bo")["teams"][0]["melds"][0]["canasta"] == "samba"
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(add={0: ["jh"]}))
    assert err.value.code == "sequence_too_long"
    assert err.value.values == {"count": 8, "most": 7, "canasta": "samba"}
    assert variant("samba").sequence_canasta == 1500


def test_two_melds_of_one_rank_and_lay_off_by_index():
    g = samba(hands={"Ana": "kh kd kc 2c kd 9c 9d"}, phase="play", melds={0: [KINGS]})
    g.apply("Ana", Meld(groups=["kh kd kc"]))
    assert [len(m) for m in g.melds(0)] == [7, 3]
    v = g.view("Ana")["teams"][0]["melds"]
    assert [(m["key"], m["rank"], m["canasta"]) for m in v] == [("K", "K", "natural"),
                                                               ("K#2", "K", None)]
    g.apply("Ana", Meld(add={1: ["2c", "kd"]}))
    assert [len(m) for m in g.melds(0)] == [7, 5]
    # the snapshot keeps both melds in their order
    again = Game.from_dict(g.to_dict())
    assert [format_cards(m) for m in again.melds(0)] == [format_cards(m) for m in g.melds(0)]


def test_taking_the_pile_needs_a_natural_pair():
    g = samba(hands={"Ana": "8h 2c 9c 9d 4c", "Bo": "5c"}, discard="6c 8s",
              melds={0: ["kh kd ks"]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", TakePile(cards=["8h", "2c"]))
    assert err.value.code == "take_needs_pair"
    g = samba(hands={"Ana": "8h 8d 9c 9d 4c", "Bo": "5c"}, discard="6c 8s",
              melds={0: ["kh kd ks"]})
    g.apply("Ana", TakePile(cards=["8h", "8d"]))
    assert format_cards(g.melds(0)[1]) == "8S 8H 8D"
    assert "6C" in [c.text for c in g.hand("Ana")]


def test_top_card_alone_goes_on_a_meld_below_a_canasta_when_unfrozen():
    g = samba(hands={"Ana": "9c 9d 4c", "Bo": "5c"}, discard="6c 8s",
              melds={0: ["8h 8d 8c"]})
    g.apply("Ana", TakePile())
    assert len(g.melds(0)[0]) == 4
    g = samba(hands={"Ana": "9c 9d 4c", "Bo": "5c"}, discard="6c ks", melds={0: [KINGS]})
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", TakePile())
    assert err.value.code == "take_onto_canasta"
    g = samba(hands={"Ana": "9c 9d 4c", "Bo": "5c"}, discard="6c 8s",
              melds={0: ["8h 8d 8c"]}, pile_frozen=True)
    with pytest.raises(IllegalMove, match="frozen"):
        g.apply("Ana", TakePile())


def test_pile_never_starts_or_extends_a_sequence():
    g = samba(hands={"Ana": "6h 7h 9c 9d 4c", "Bo": "5c"}, discard="6c 5h",
              melds={0: ["8h 9h 10h", "kh kd ks"]})
    with pytest.raises(IllegalMove, match="doesn't go with"):
        g.apply("Ana", TakePile(cards=["6h", "7h"]))
    g = samba(hands={"Ana": "9c 9d 4c", "Bo": "5c"}, discard="6c 7h",
              melds={0: ["8h 9h 10h", "kh kd ks"]})
    with pytest.raises(IllegalMove, match="no meld of 7s"):
        g.apply("Ana", TakePile())
    assert not g.can_take_pile("Ana")


def test_going_out_needs_two_canastas_and_sambas_count():
    g = samba(hands={"Ana": "8h 8s 8c 4c", "Bo": "5c"}, melds={0: [KINGS]}, phase="play")
    with pytest.raises(IllegalMove, match="needs 2 canastas"):
        g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    g = samba(hands={"Ana": "8h 8s 8c 4c", "Bo": "5c"}, melds={0: [KINGS, SAMBA_RUN]},
              phase="play")
    g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    g.apply("Ana", Discard("4c"))
    assert g.results[0].went_out == "Ana"


def test_going_out_bonus_200_and_no_concealed_bonus():
    g = samba(hands={"Ana": KINGS + " " + SAMBA_RUN + " 4c", "Bo": "5c 6d"}, phase="play",
              minimums=[50, 50])
    g.apply("Ana", Meld(groups=[KINGS, SAMBA_RUN]))
    g.apply("Ana", Discard("4c"))
    res = g.results[0]
    assert res.went_out == "Ana" and res.concealed
    # exact hand score: cards 70 + 50, natural canasta 500, samba 1500, going out 200
    assert res.breakdown[0] == {"melded": 120, "canastas": 2000, "red_threes": 0,
                                "going_out": 200, "in_hand": 0, "penalties": 0}
    assert res.breakdown[1] == {"melded": 0, "canastas": 0, "red_threes": 0, "going_out": 0,
                                "in_hand": -10, "penalties": 0}
    assert res.total == [2320, -10]


def test_red_threes_plus_only_with_two_canastas_six_are_1000():
    end = {"Ana": "4c 5d", "Bo": "6c"}
    g = samba(hands=end, stock="3d", melds={0: [KINGS], 1: [KINGS, SAMBA_RUN]},
              red_threes={0: "3h 3h"})
    g.apply("Ana", Draw())   # the last card a red three (Ana's third): the hand ends
    assert g.results[0].breakdown[0]["red_threes"] == -300     # one canasta: minus
    g = samba(hands=end, stock="3d", melds={0: [KINGS], 1: [KINGS, SAMBA_RUN]},
              red_threes={1: "3h 3h 3h 3d 3d"}, turn="Bo")
    g.apply("Bo", Draw())
    assert g.results[0].breakdown[1]["red_threes"] == 1000     # two canastas, all six
    assert variant("samba").red_three_value(5) == 500


@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90),
                                           (2995, 90), (3000, 120), (6995, 120), (7000, 150)])
def test_initial_meld_table(score, minimum):
    assert variant("samba").minimum_for(score) == minimum


def test_game_is_10000():
    assert variant("samba").target == 10000
    g = samba(hands={"Ana": KINGS + " " + SAMBA_RUN + " 4c", "Bo": "5c"}, phase="play",
              scores=[8000, 0], minimums=[150, 50])
    g.apply("Ana", Meld(groups=[KINGS, SAMBA_RUN]))
    g.apply("Ana", Discard("4c"))
    assert g.phase == "over" and g.winner == 0


def test_going_out_lines_lay_new_runs_and_extend_sequences():
    g = samba(hands={"Ana": "5s 6s 7s 8d 8c 8s jh 4c", "Bo": "5c"}, phase="play",
              melds={0: [KINGS, "5h 6h 7h 8h 9h 10h"]})
    lines = [a for a in g.legal_actions("Ana")
             if a.kind == "meld" and sum(map(len, a.groups)) + sum(map(len, a.add.values())) == 7]
    assert any(sorted(map(sorted, a.groups)) == [["5S", "6S", "7S"], ["8C", "8D", "8S"]]
               and a.add == {"seq": ["JH"]} for a in lines), lines
    assert any(a.kind == "ask" for a in g.legal_actions("Ana"))


def test_two_melds_of_one_rank_combine_into_one():
    g = samba(hands={"Ana": "kh 9c 9d 4c", "Bo": "5c"}, phase="play",
              melds={0: ["kh kd 2c", "qh qd qs", "kc ks kd 2s jk"]})
    offered = [a for a in g.legal_actions("Ana") if a.kind == "meld" and a.combine]
    assert [a.combine for a in offered] == []          # three wild cards: not allowed
    g = samba(hands={"Ana": "kh 9c 9d 4c", "Bo": "5c"}, phase="play",
              melds={0: ["kh kd 2c", "qh qd qs", "kc ks kd"]})
    offered = [a for a in g.legal_actions("Ana") if a.kind == "meld" and a.combine]
    assert [a.combine for a in offered] == [[[0, 2]]]
    ev = g.apply("Ana", Meld(combine=[[2, 0]], add={2: ["kh"]}))
    assert ev[0]["combined"] == [["K", "K#2"]]
    assert [e["kind"] for e in ev if e["type"] == "canasta"] == ["mixed"]
    assert [len(m) for m in g.melds(0)] == [7, 3]
    assert [m["key"] for m in g.view("Ana")["teams"][0]["melds"]] == ["K", "Q"]
    with pytest.raises(IllegalMove) as err:
        g.apply("Ana", Meld(combine=[[0, 1]]))
    assert err.value.code == "combine_same_rank"
    again = Game.from_dict(g.to_dict())
    assert again.view("Ana") == g.view("Ana")


def test_a_combine_move_round_trips_through_json():
    import json

    from bot.engine import action_from_dict, action_to_dict

    move = Meld(combine=[[0, "K#2"]], add={"K": ["kh"]})
    again = action_from_dict(json.loads(json.dumps(action_to_dict(move))))
    assert again == move
    assert "combine" not in action_to_dict(Meld(groups=["kh kd ks"]))   # old logs unchanged
