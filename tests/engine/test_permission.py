"""A.9: "Partner, may I go out?"."""
import pytest

from bot.engine import AnswerGoOut, AskToGoOut, Discard, Draw, IllegalMove, Meld, variant
from bot.engine.game import Game

from .conftest import pos

CANASTA = "kh kd ks kc kh kd ks"


def asking(hand: str = "8h 8s 8c 4d 9s"):
    g = pos(hands={"Ana": hand, "Bo": "5c 5d", "Cy": "6h 6d", "Di": "7h 7d"},
            melds={0: [CANASTA]}, phase="play")
    g.apply("Ana", AskToGoOut())
    return g


def test_question_passes_the_turn_to_the_partner():
    g = asking()
    assert g.phase == "permission" and g.turn == "Cy"
    assert g.view("Cy")["question"] == {"asker": "Ana", "partners": ["Cy"]}
    with pytest.raises(IllegalMove, match="only Cy may answer"):
        g.apply("Bo", AnswerGoOut(yes=True))
    with pytest.raises(IllegalMove, match="waiting for Cy"):
        g.apply("Ana", Discard("9s"))


def test_no_binds_the_asker_this_turn():
    g = asking("8h 8s 8c kc 9s")
    g.apply("Cy", AnswerGoOut(yes=False))
    assert g.turn == "Ana" and g.phase == "play"
    with pytest.raises(IllegalMove, match="partner said no"):
        g.apply("Ana", Meld(groups=["8h 8s 8c"], add={"K": ["kc"]}))
    with pytest.raises(IllegalMove, match="once a turn"):
        g.apply("Ana", AskToGoOut())
    assert not [a for a in g.legal_actions("Ana") if a.kind == "ask"]
    g.apply("Ana", Meld(groups=["8h 8s 8c"]))  # two cards left: not going out, fine
    g.apply("Ana", Discard("9s"))
    assert g.turn == "Bo" and g.results == []


def test_no_forbids_the_final_discard():
    g = asking("8h 8s 8c 4d")
    g.apply("Cy", AnswerGoOut(yes=False))
    with pytest.raises(IllegalMove, match="partner said no"):
        g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    legal = g.legal_actions("Ana")
    assert all(a.kind != "meld" or len(g.hand("Ana")) > 2 for a in legal)


def test_yes_then_going_out():
    g = asking("8h 8s 8c 9s")
    g.apply("Cy", AnswerGoOut(yes=True))
    g.apply("Ana", Meld(groups=["8h 8s 8c"]))
    g.apply("Ana", Discard("9s"))
    assert g.results[0].went_out == "Ana"
    assert g.results[0].breakdown[0]["penalties"] == 0


def test_yes_binds_and_failing_costs_100():
    g = asking()
    g.apply("Cy", AnswerGoOut(yes=True))
    g.apply("Ana", Discard("9s"))  # did not go out
    ev = g.history[-1]
    assert ev["type"] == "penalty" and ev["points"] == 100
    while g.hand_number == 1:  # play the hand to its end (stock exhaustion)
        p = g.turn
        g.apply(p, next(a for a in g.legal_actions(p) if a.kind in ("draw", "discard")))
    assert g.results[0].breakdown[0]["penalties"] == -100
    assert g.results[0].total[0] == sum(g.results[0].breakdown[0].values())


def test_ask_only_after_drawing_and_not_in_individual_games():
    g = pos(hands={"Ana": "8h 8s 8c 4d 9s", "Bo": "5c"}, melds={0: [CANASTA]})
    with pytest.raises(IllegalMove, match="draw first"):
        g.apply("Ana", AskToGoOut())
    g3 = Game.from_position(variant("classic", 3), ["a", "b", "c"],
                            hands={"a": "8h 8s 8c 4d", "b": "5c", "c": "6c"}, phase="play")
    with pytest.raises(IllegalMove, match="no partner"):
        g3.apply("a", AskToGoOut())
    assert not [a for a in g3.legal_actions("a") if a.kind == "ask"]


def test_three_person_team_both_partners_asked_first_answer_binds():
    players = ["a", "b", "c", "d", "e", "f"]  # a, c, e are a team
    g = pos(players, hands={"a": "8h 8s 8c 9s", "b": "5c", "c": "6c", "e": "7c"},
            melds={0: [CANASTA, "qh qd qs qc qh qd qs"]}, phase="play")
    g.apply("a", AskToGoOut())
    assert g.question == {"asker": "a", "partners": ["c", "e"]}
    assert len(g.legal_actions("e")) == 2 and len(g.legal_actions("c")) == 2
    g.apply("e", AnswerGoOut(yes=False))
    with pytest.raises(IllegalMove, match="nobody is asking"):
        g.apply("c", AnswerGoOut(yes=True))
    with pytest.raises(IllegalMove, match="partner said no"):
        g.apply("a", Meld(groups=["8h 8s 8c"]))


def test_draw_then_ask_from_the_draw_phase():
    g = pos(hands={"Ana": "8h 8s 8c 4d", "Bo": "5c"}, melds={0: [CANASTA]})
    g.apply("Ana", Draw())
    g.apply("Ana", AskToGoOut())
    assert g.turn == "Cy"
