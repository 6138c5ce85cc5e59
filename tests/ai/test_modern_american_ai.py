"""Computer players in Modern American (B.15): special hands, sevens and aces kept out of
penalties, bonus cards, and whole hands played to the score sheet."""

from __future__ import annotations

from bot.ai import computer_player
from bot.engine import Discard, Draw, Game, Meld, TakePile, variant

from .helpers import PLAYERS4, choose, play_match, position

MA = variant("modern_american")
OPP = {"bob": "4c 4d 9s", "cat": "5c 5d 9s", "dan": "6c 6d 9s"}


def test_melds_a_special_hand_when_it_holds_one() -> None:
    pairs = "4c 4d 5c 5d 6c 6d 8c 8d 9c 9d kc kd ac ad"
    game = position(rules=MA, hands={"ann": pairs, **OPP}, phase="play")
    action = choose(game, "ann")
    assert isinstance(action, Meld)
    game.apply("ann", action)
    assert game.results[-1].reason == "special_hand"
    assert game.results[-1].breakdown[0]["going_out"] == 2500


def test_does_not_take_the_pile_to_start_a_short_sevens_meld() -> None:
    game = position(rules=MA, hands={"ann": "7c 7d kh kd ks qh qd qs jh 9c", **OPP},
                    melds={0: ["ah ad as ac"]}, discard="4h 9d 7h")
    action = choose(game, "ann")
    assert isinstance(action, Draw)
    # with six sevens in sight the meld can be finished: the pile is worth it
    game = position(rules=MA, hands={"ann": "7c 7d 7s 7c 7d kh kd ks qh qd 9c", **OPP},
                    melds={0: ["ah ad as ac"]}, discard="4h 9d 7h")
    assert isinstance(choose(game, "ann"), TakePile)


def test_does_not_go_out_leaving_an_unfinished_sevens_meld() -> None:
    game = position(rules=MA, hands={"ann": "9c 9d 9h 4c jh", **OPP}, phase="play",
                    melds={0: ["kh kd ks kc kh kd ks", "qh qd qs qc qh qd qs", "7c 7d 7h 7s"]})
    action = choose(game, "ann")
    game.apply("ann", action)
    assert not game.results and len(game.hand("ann")) >= 1


def test_a_hand_with_bonus_cards_is_played_to_its_score_sheet() -> None:
    game = Game.new(MA, PLAYERS4, seed=2)
    bots = {p: computer_player("normal", i) for i, p in enumerate(PLAYERS4)}
    events = []
    while not game.results:
        p = game.turn
        events += game.apply(p, bots[p].choose(game.view(p)))
    assert [e["count"] for e in events if e["type"] == "bonus_cards"] == [4, 3]
    res = game.results[0]
    assert res.reason == "went_out" and res.breakdown[game.team_of(res.went_out)][
        "going_out"] == 100
    assert all(sum(b.values()) == t for b, t in zip(res.breakdown, res.total, strict=True))


def test_whole_hands_between_levels_never_hang() -> None:
    for seed in range(3):
        game = Game.new(MA, PLAYERS4, seed=seed)
        play_match({"ann": "normal", "bob": "easy", "cat": "easy", "dan": "normal"}, game,
                   hands=1, seed=seed)
        assert len(game.results) == 1


def test_the_hard_player_decides_in_modern_american() -> None:
    game = position(rules=MA, hands={"ann": "7c 7d kh kd ks qh qd qs jh 9c 3s", **OPP},
                    melds={1: ["ah ad as ac"]}, discard="4h 9d")
    for _ in range(2):   # the draw, then the rest of the turn, each accepted by the engine
        action = choose(game, "ann", level="hard", budget=0.2)
        game.apply("ann", action)
    assert game.turn == "bob" and isinstance(action, Discard) and action.card != "3S"
