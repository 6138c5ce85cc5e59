"""Determinization: a full ``Game`` rebuilt from one seat's view plus a guess at the hidden cards.

The guess deals the unseen cards (``Knowledge.unseen``) at random to the other hands (on top of
the cards known to be there, e.g. picked up with the pile) and the stock; red threes only go
to the stock, since nobody ever holds one. The result is a game that the seat cannot tell
apart from the real one, so it serves both to check that a move is legal and, for the hard
level, to play the hand out.

``Game.from_position`` takes the table and the facts of the hand and turn (who has melded,
the minimums, "may I go out?" asked, answered or pending); only whether the player in turn
had melded before this turn is set on the game here.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bot.engine import Card, Game, card, format_cards

from .knowledge import Knowledge

_FILLER = card("4C")


def build_game(view: dict[str, Any], know: Knowledge, rng: random.Random) -> Game:
    rules = know.rules
    me = view["player"]
    players = [p["name"] for p in view["players"]]
    active = [p["name"] for p in view["players"] if p["active"]]
    counts = {p["name"]: p["cards"] for p in view["players"]}

    pool = list(know.unseen.elements())
    rng.shuffle(pool)
    plain = [c for c in pool if not c.is_red_three]
    threes = [c for c in pool if c.is_red_three]
    hands: dict[str, str] = {}
    for p in active:
        if p == me:
            hands[p] = " ".join(view["hand"])
            continue
        cards: list[Card] = list(know.known.get(p, Counter()).elements())
        need = counts[p] - len(cards)
        if need < 0:
            cards = cards[:counts[p]]
            need = 0
        take, plain = plain[:need], plain[need:]
        cards += take + [_FILLER] * (need - len(take))
        hands[p] = format_cards(cards)
    feet: dict[str, str] = {}   # Hand and Foot, Pennies: face-down feet, unseen by all
    for seat in view["players"]:
        size = seat.get("foot", 0)
        if size:
            take, plain = plain[:size], plain[size:]
            feet[seat["name"]] = format_cards(take + [_FILLER] * (size - len(take)))
    rest = plain + threes
    rng.shuffle(rest)
    n_stock = view["stock"]
    stock = rest[:n_stock] + [_FILLER] * max(0, n_stock - len(rest))
    bonus: list[str] = []   # Modern American's bonus piles still waiting
    for size in view.get("bonus_piles", []):
        got = rest[n_stock:n_stock + size]
        n_stock += size
        bonus.append(format_cards(got + [_FILLER] * (size - len(got))))

    pile = list(know.pile)
    size = view["pile"]["size"]
    if len(pile) > size:
        pile = pile[len(pile) - size:]
    elif len(pile) < size:
        pile = [_FILLER] * (size - len(pile)) + pile
    if size and view["pile"]["top"] and pile[-1].text != view["pile"]["top"]:
        pile[-1] = card(view["pile"]["top"])

    question = view.get("question")
    turn = question["asker"] if question else view["turn"]
    melds = {t["index"]: [" ".join(m["cards"]) for m in t["melds"]] for t in view["teams"]}
    red = {t["index"]: " ".join(t["red_threes"]) for t in view["teams"]}
    game = Game.from_position(
        rules, players, hands=hands, stock=format_cards(stock), discard=format_cards(pile),
        melds=melds, red_threes=red, scores=list(view["scores"]), turn=turn,
        phase=view["phase"],
        pile_frozen=bool(view["pile"]["frozen_all"]) and not any(c.is_wild for c in pile),
        seed=rng.randrange(1 << 30), melded_players=sorted(know.melded_players),
        minimums=[t["minimum"] for t in view["teams"]], asked=bool(view.get("asked")),
        permission={"yes": True, "no": False}.get(view.get("permission") or ""),
        lone=(view.get("partnership") or {}).get("lone"), feet=feet or None,
        black_threes={t["index"]: " ".join(t.get("black_threes", [])) for t in view["teams"]},
        bonus_piles=bonus,
        asked_this_hand=(sorted({e["player"] for e in view["history"] if e["type"] == "ask"})
                         if rules.ask_once_a_hand else None))
    # Whether the player in turn had melded before this turn (for a concealed going out):
    # from_position counts everyone in melded_players as having melded before.
    game.melded_before = turn in know.melded_before_turn
    return game
