"""The hard level's search: it keeps normal's move unless another is clearly better."""

from __future__ import annotations

import time

from bot.ai import policy
from bot.ai.hard import HardPlayer, Searched, outcome, rollout_step
from bot.engine import Discard, Draw, Game, TakePile, variant

from .helpers import choose, position

PLAYERS = ["ann", "bob", "cat", "dan"]


def searched(scores: list[list[float]]) -> Searched:
    return Searched([Draw()] * len(scores), scores, [True] * len(scores))


def test_keeps_normals_choice_unless_another_is_better_by_two_standard_errors() -> None:
    bot = HardPlayer(margin=10.0, confidence=2.0)
    assert bot.pick(searched([[0.0, 0.0, 0.0], [30.0, -25.0, 40.0]])) == 0   # noisy: keep
    assert bot.pick(searched([[0.0, 10.0, 0.0], [50.0, 60.0, 55.0]])) == 1   # clear: switch
    assert bot.pick(searched([[0.0, 0.0], [5.0, 5.0], [80.0, 90.0]])) == 2


def test_takes_the_big_pile_like_normal() -> None:
    game = position(hands={"ann": "8h 8s 5c 9s jd qd kd", "bob": "4h 5h 6h 7h 9h 10h",
                           "cat": "4h 5h 6h 7h 9h 10h", "dan": "4h 5h 6h 7h 9h 10h"},
                    discard="4c 5d 6h 7s 9c 10d jh qs kc 4d 5h 6s 7c 9d 8d",
                    melds={0: ["ac ad ah"], 1: ["kh ks kd"]})
    action = choose(game, "ann", "hard", budget=10.0, max_samples=3, depth=8)
    assert isinstance(action, TakePile)


def test_outcome_is_the_hand_score_difference_once_the_hand_is_over() -> None:
    game = Game.new(variant("classic", 4), ["a", "b", "c", "d"], 3)
    while not game.results:
        rollout_step(game, game.turn or "")
    total = game.results[0].total
    assert outcome(game, 0, 0) == total[0] - total[1]
    assert outcome(game, 0, 1) == total[1] - total[0]


def test_a_searched_decision_keeps_to_its_cpu_budget() -> None:
    game = position(hands={"ann": "8h 8s 5c 9s jd qd kd", "bob": "4h 5h 6h 7h 9h 10h",
                           "cat": "4h 5h 6h 7h 9h 10h", "dan": "4h 5h 6h 7h 9h 10h"},
                    discard="4c 5d 6h 7s 9c 10d jh qs kc 4d 5h 6s 7c 9d 8d",
                    melds={0: ["ac ad ah"], 1: ["kh ks kd"]})
    bot = HardPlayer(budget=0.3, depth=0)      # rollouts to the end of the hand: slow worlds
    start = time.thread_time()
    found = bot.think(game.view("ann"))
    spent = time.thread_time() - start
    assert not found.obvious and found.worlds >= 2
    assert spent <= 0.3 * 1.25                # the next world is started only if it fits
    assert bot.worlds == [found.worlds]


class CountingStyle(policy.Style):
    """The normal style, counting how often the heuristics consult it."""

    reads = 0

    def __getattribute__(self, name: str) -> object:
        if not name.startswith("_") and name != "reads":
            type(self).reads += 1
        return super().__getattribute__(name)


def test_the_base_move_and_the_rollouts_play_the_style_given() -> None:
    game = position(hands={"ann": "8h 8s 5c 9s jd qd kd", "bob": "4h 5h 6h 7h 9h 10h",
                           "cat": "4h 5h 6h 7h 9h 10h", "dan": "4h 5h 6h 7h 9h 10h"},
                    discard="4c 5d 6h 7s 9c 10d jh qs kc 4d 5h 6s 7c 9d 8d",
                    melds={0: ["ac ad ah"], 1: ["kh ks kd"]})
    view = game.view("ann")
    plain = HardPlayer(budget=None, max_samples=2, depth=8, style=policy.NORMAL).think(view)
    CountingStyle.reads = 0
    counted = HardPlayer(budget=None, max_samples=2, depth=8, style=CountingStyle()).think(view)
    assert counted.actions == plain.actions and counted.scores == plain.scores
    base = CountingStyle.reads
    assert base > 0
    CountingStyle.reads = 0
    HardPlayer(budget=None, max_samples=4, depth=8, style=CountingStyle()).think(view)
    assert CountingStyle.reads > base     # more worlds, more rollout moves by that style


def test_a_move_that_cannot_beat_normals_by_the_margin_stops_being_played() -> None:
    bot = HardPlayer(margin=15.0, prune=3.0)
    found = searched([[0.0, 10.0, 0.0, 10.0] * 2, [1.0, 11.0, 2.0, 10.0] * 2,
                      [40.0, -30.0, 60.0, -20.0] * 2])
    found.worlds = 8
    bot.drop_behind(found)
    assert found.alive == [True, False, True]   # +1 for sure: never +15; noisy: played on
    found.worlds = 4
    found.alive = [True, True, True]
    bot.drop_behind(found)
    assert found.alive == [True, True, True]    # too few worlds to judge


def test_a_choice_among_discards_takes_its_share_of_the_budget() -> None:
    game = position(hands={"ann": "4h 6s 9c jd kd 5c 8h", "bob": "4h 5h 6h 7h 9h 10h",
                           "cat": "4h 5h 6h 7h 9h 10h", "dan": "4h 5h 6h 7h 9h 10h"},
                    discard="4c 5d 6h 7s 9c 10d jh qs", melds={0: ["ac ad ah"], 1: ["qh qc qd"]},
                    turn="ann", phase="play")
    bot = HardPlayer(budget=0.6, discard_share=0.25, search_discards=True)
    start = time.thread_time()
    found = bot.think(game.view("ann"))
    spent = time.thread_time() - start
    assert not found.obvious and all(isinstance(a, Discard) for a in found.actions)
    assert len(found.actions) >= 2 and found.worlds >= 2
    assert spent <= 0.6 * 0.25 * 1.25


def test_the_hard_level_counts_red_threes_minus_until_the_side_has_its_canastas() -> None:
    """Samba: red threes count plus only with two canastas (B.2), as the score sheet says."""
    from bot.ai.hard import side_value

    two = "kh kd ks kc kh kd ks", "qh qd qs qc qh qd qs"
    one = position(rules=variant("samba"), hands={p: "4c" for p in PLAYERS},
                   red_threes={0: "3h 3d"}, melds={0: [two[0]]})
    both = position(rules=variant("samba"), hands={p: "4c" for p in PLAYERS},
                    red_threes={0: "3h 3d"}, melds={0: list(two)})
    hand = 2 * 0.7 * 5
    assert side_value(one, 0) == 70 + 500 - 200 - hand
    assert side_value(both, 0) == 140 + 1000 + 200 - hand + 0.25 * 200   # may go out

