"""Views hide what a player may not see; British concession; uruguayan = classic."""
import pytest

from bot.engine import Concede, Discard, Draw, IllegalMove, Meld, variant

from .conftest import pos


def test_view_hides_other_hands_and_stock_order():
    a = pos(hands={"Ana": "4c 5d 6h", "Bo": "kc kd 9s", "Cy": "7c", "Di": "8c"},
            stock="9c 10c jc", melds={0: ["kh kd ks"]})
    b = pos(hands={"Ana": "4c 5d 6h", "Bo": "ac ad 2c", "Cy": "qc", "Di": "jd"},
            stock="jc 9c 10c", melds={0: ["kh kd ks"]})
    assert a.view("Ana") == b.view("Ana")
    a.apply("Ana", Draw())
    b.apply("Ana", Draw())
    # Ana drew different cards: her own view differs, but the others see the same table
    assert a.view("Ana")["hand"] != b.view("Ana")["hand"]
    va, vb = a.view("Cy"), b.view("Cy")
    assert va["history"][-1] == {"type": "draw", "player": "Ana", "count": 1, "stock": 2}
    va.pop("hand"), vb.pop("hand")
    assert va == vb
    assert a.view("Ana")["history"][-1]["cards"] == ["9C"]
    assert a.view("Ana")["just_arrived"] == ["9C"]


def test_view_counts_and_public_history():
    g = pos(hands={"Ana": "8h 8s 8c 4d 9s", "Bo": "5c 5d", "Cy": "6h", "Di": "7h 7d"},
            melds={0: ["kh kd ks"]}, phase="play", discard="4h")
    g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    g.apply("Ana", Discard("9s"))
    v = g.view("Bo")
    assert [p["cards"] for p in v["players"]] == [1, 2, 1, 2]
    assert v["hand"] == ["5C", "5D"]
    assert [e["type"] for e in v["history"]] == ["meld", "discard"]
    assert v["pile"] == {"size": 2, "top": "9S", "frozen": True, "frozen_all": False,
                         "blocked": None}
    assert v["teams"][0]["melds"][1] == {"rank": "8", "cards": ["8H", "8S", "8C"], "count": 3,
                                         "wilds": 0, "points": 30, "canasta": None,
                                         "kind": "set", "key": "8"}
    assert v["turn"] == "Bo" and v["phase"] == "draw"


def test_british_acaba_concession():
    g = pos(name="british", hands={"Ana": "4c 5d", "Bo": "6c"}, melds={0: ["kh kd ks"]})
    assert any(a.kind == "concede" for a in g.legal_actions("Ana"))
    g.apply("Ana", Concede())
    r = g.results[0]
    assert r.reason == "concession" and r.total == [0, 1500]
    c = pos(hands={"Ana": "4c 5d", "Bo": "6c"})
    with pytest.raises(IllegalMove, match="not part of these rules"):
        c.apply("Ana", Concede())


def test_uruguayan_is_classic():
    u, c = variant("uruguayan"), variant("classic")
    from dataclasses import asdict
    du, dc = asdict(u), asdict(c)
    for d in (du, dc):
        d.pop("name"), d.pop("description")
    assert du == dc


def test_out_of_turn_and_unknown_player():
    g = pos(hands={"Ana": "4c 5d", "Bo": "6c"})
    with pytest.raises(IllegalMove, match="Ana's turn"):
        g.apply("Bo", Draw())
    with pytest.raises(IllegalMove, match="not playing"):
        g.apply("Zed", Draw())


def test_view_carries_every_rule_and_position_rebuilds_turn_facts():
    from bot.engine import AnswerGoOut, Game, Rules

    rules = variant("classic", 4, target=2500, one_card_rule=False)
    g = Game.from_position(rules, ["Ana", "Bo", "Cy", "Di"],
                           hands={"Ana": "8h 8s 8c 9s", "Bo": "4c"}, phase="permission",
                           melds={0: ["kh kd ks kc kh kd ks"]}, melded_players=["Cy"],
                           minimums=[90, 50])
    v = g.view("Cy")
    assert Rules.from_dict(v["rules"]) == rules
    v["rules"]["initial_minimums"][0][1] = -1  # a view's rules are its own copy
    v["rules"]["target"] = 0
    assert g.view("Cy")["rules"] == rules.to_dict() and Rules.from_dict(rules.to_dict()) == rules
    assert v["question"] == {"asker": "Ana", "partners": ["Cy"]} and v["asked"]
    assert v["teams"][0]["minimum"] == 90
    g.apply("Cy", AnswerGoOut(yes=False))
    with pytest.raises(IllegalMove, match="partner said no"):
        g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    told = Game.from_position(rules, ["Ana", "Bo", "Cy", "Di"], hands={"Ana": "8h 8s 8c 9s"},
                              phase="play", asked=True, permission=False,
                              melds={0: ["kh kd ks kc kh kd ks"]})
    with pytest.raises(IllegalMove, match="partner said no"):
        told.apply("Ana", Meld(groups=["8h 8s 8c"]))


def test_a_classic_snapshot_written_before_the_samba_family_still_loads():
    """Written by main at 6fc553f (hand 2 of a match, melds on both sides, play phase)."""
    import json
    import random
    from pathlib import Path

    from bot.engine import Game

    path = Path(__file__).parent / "data" / "classic_snapshot_main_6fc553f.json"
    saved = json.loads(path.read_text())
    g = Game.from_dict(saved)
    again = g.to_dict()
    rules = again.pop("rules")
    assert again == {k: v for k, v in saved.items() if k != "rules"}
    assert {k: rules[k] for k in saved["rules"]} == saved["rules"]   # new fields: defaults
    assert [m["key"] for m in g.view("Ana")["teams"][0]["melds"]] == \
        [m[0].rank for m in g.melds(0)]
    rng = random.Random(1)
    while len(g.results) < 2:
        g.apply(g.turn, rng.choice(g.legal_actions(g.turn)))
    assert len(g.results) == 2
