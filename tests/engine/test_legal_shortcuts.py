"""Shortcuts of ``legal_actions`` give the moves of the long way, in the same order:
going-out lines that share the whole hand's spreading of wild cards
(``Everything.whole``), verdict and notation (``going_out_judge``) are the lines worked
out one by one, and a meld the law refuses is refused without the planner, on hands of
8 to 80 cards."""
from __future__ import annotations

import random

import pytest

from bot.engine import Game, going_out, going_out_judge, variant
from bot.engine.actions import action_to_dict
from bot.engine.variants import PLAYER_COUNTS

from .play import dealt

NAMES = ["classic", "vienna", "british", "uruguayan", "cutthroat", "mexican", "cuban",
         "slavic", "south_american", "kombo", "brazilian", "chilean", "samba", "italian",
         "bolivia", "hand_and_foot", "pennies", "modern_american"]


def _position(name: str, size: int, rng: random.Random, melded: bool) -> Game:
    """A play-phase position where the first seat holds ``size`` cards (a meld of three
    naturals for each side when ``melded``)."""
    counts = PLAYER_COUNTS.get(name, (4,))
    players = ["Ana", "Bo", "Cy", "Di"] if 4 in counts else [f"p{i}" for i in range(counts[0])]
    rules = variant(name, len(players))
    hand, deck = dealt(rules, rng, size)
    melds: dict[int, list[str]] = {}
    if melded:
        ranks = sorted({c.rank for c in hand if c.is_natural})
        for team in range(rules.teams):
            rank = ranks[(team * 5) % len(ranks)]
            got = [c for c in deck if c.rank == rank][:3]
            if len(got) == 3:
                for c in got:
                    deck.remove(c)
                melds[team] = [" ".join(c.text for c in got)]
    others = {p: deck[i * 3:(i + 1) * 3] for i, p in enumerate(players[1:])}
    deck = deck[3 * len(others):]
    naturals = [c for c in deck if c.is_natural]
    top = naturals[0]
    deck.remove(top)
    hands = {players[0]: " ".join(c.text for c in hand)}
    hands.update({p: " ".join(c.text for c in cs) for p, cs in others.items()})
    return Game.from_position(
        rules, players, hands=hands, stock=" ".join(c.text for c in deck[4:12]),
        discard=" ".join(c.text for c in deck[:4] + [top]), melds=melds, turn=players[0],
        phase="play", melded_players=[players[0]] if melded else [])


@pytest.mark.parametrize("name", NAMES)
def test_shared_lines_are_the_lines_one_by_one(name: str, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    rng = random.Random(27)
    games = [_position(name, size, rng, melded) for size in (12, 16, 20, 24, 30, 40, 60, 80)
             for melded in (False, True) for _ in range(10)]
    shared = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    monkeypatch.setattr(going_out_judge._Whole, "line",
                        lambda self, spare, given, keep_natural: (False, None))
    monkeypatch.setattr(going_out.Everything, "_alike", lambda self, fresh, old: False)
    monkeypatch.setattr(going_out_judge._Whole, "accepts",
                        lambda self, given, spare: self.judge.accepts(given, self.counts, spare))
    one_by_one = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    assert shared == one_by_one
    lines = sum(1 for moves in shared for m in moves
                if m["kind"] == "meld" and sum(map(len, m["groups"]))
                + sum(len(v) for _, v in m["add"]) >= 10)
    assert lines > 0 or name in ("hand_and_foot", "pennies", "modern_american")


@pytest.mark.parametrize("name", NAMES)
def test_a_lawless_meld_is_refused_as_the_planner_refuses_it(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A building meld the law refuses (black threes, not going out) is left out without
    asking the planner, where the planner judges melds by their counts (sets one a rank,
    or no second meld of a rank); Kombo's black threes, melded any time, are judged as
    any other meld: the same moves as the planner's."""
    from bot.engine import legal_candidates
    rng = random.Random(3)
    games = [_position(name, size, rng, melded) for size in (8, 12, 16, 24, 40, 80)
             for melded in (False, True) for _ in range(12)]
    games = [g for g in games if any(c.is_black_three for c in g.hands[g.turn])]
    assert len(games) > 40 or name == "modern_american"   # (its threes are laid out)
    short = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    monkeypatch.setattr(legal_candidates, "_by_counts", lambda seat, parts: False)
    monkeypatch.setattr(legal_candidates, "_threes_any_time", lambda *args: False)
    planned = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    assert short == planned


@pytest.mark.parametrize("name", NAMES)
def test_judged_lines_are_the_planners(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The going-out lines judged by their counts (``going_out_verdict.Judge``) are those
    the planner accepts, black threes in hand too (Kombo's: at most four to a meld)."""
    from bot.engine import legal_going_out
    rng = random.Random(5)
    games = [_position(name, size, rng, melded) for size in (12, 16, 24, 40, 60, 80)
             for melded in (False, True) for _ in range(10)]
    judged = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    monkeypatch.setattr(legal_going_out, "quick_going_out", lambda seat, foot: False)
    planned = [[action_to_dict(a) for a in g.copy().legal_actions(g.turn)] for g in games]
    assert judged == planned
    threes = sum(1 for g, moves in zip(games, judged, strict=True)
                 if sum(c.is_black_three for c in g.hands[g.turn]) >= 3
                 and any(m["kind"] == "meld" and len(m["groups"]) > 3 for m in moves))
    assert threes > 0 or name in ("hand_and_foot", "pennies", "modern_american")


@pytest.mark.parametrize("name", NAMES)
def test_the_whole_hands_line_comes_first(name: str) -> None:
    """``going_out_lines`` gives the line melding the whole hand first where there is one,
    and every other line keeps back one card (``meld_actions`` counts their cards so)."""
    from bot.engine.legal_candidates import _used
    from bot.engine.legal_going_out import going_out_lines
    from bot.engine.legal_melds import Seat
    rng = random.Random(9)
    games = [_position(name, size, rng, melded) for size in (12, 16, 24, 40, 60, 80)
             for melded in (False, True) for _ in range(8)]
    lines = 0
    for g in games:
        seat = Seat(g, g.turn)
        hand = len(seat.hand)
        found = going_out_lines(seat)
        lines += len(found)
        assert all(_used(a) == hand - 1 for a in found[1:])
        assert all(_used(a) in (hand - 1, hand) for a in found[:1])
    assert lines > 0 or name in ("brazilian", "bolivia", "hand_and_foot", "pennies",
                                 "modern_american")
