"""Determinization: a full ``Game`` rebuilt from one seat's view plus a guess at the hidden cards.

The guess deals the unseen cards (``Knowledge.unseen``) at random to the other hands (on top of
the cards known to be there, e.g. picked up with the pile) and the stock; red threes only go
to the stock, since nobody ever holds one. The result is a game that the seat cannot tell
apart from the real one, so it serves both to check that a move is legal and, for the hard
level, to play the hand out.

``Game.from_position`` covers the table; a few per-turn facts it has no parameter for (who
has melded this hand, whether "may I go out?" was asked and answered, a pending question, a
raised minimum) are set on the game's attributes here, in one place.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import Card, Game, format_cards
from bot.engine.cards import card

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
        cards: list[Card] = list(know.known.get(p, {}).elements())  # type: ignore[attr-defined]
        need = counts[p] - len(cards)
        if need < 0:
            cards = cards[:counts[p]]
            need = 0
        take, plain = plain[:need], plain[need:]
        cards += take + [_FILLER] * (need - len(take))
        hands[p] = format_cards(cards)
    rest = plain + threes
    rng.shuffle(rest)
    n_stock = view["stock"]
    stock = rest[:n_stock] + [_FILLER] * max(0, n_stock - len(rest))

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
    phase = "play" if view["phase"] == "permission" else view["phase"]
    melds = {t["index"]: [" ".join(m["cards"]) for m in t["melds"]] for t in view["teams"]}
    red = {t["index"]: " ".join(t["red_threes"]) for t in view["teams"]}
    game = Game.from_position(
        rules, players, hands=hands, stock=format_cards(stock), discard=format_cards(pile),
        melds=melds, red_threes=red, scores=list(view["scores"]), turn=turn, phase=phase,
        pile_frozen=bool(view["pile"]["frozen_all"]) and not any(c.is_wild for c in pile),
        seed=rng.randrange(1 << 30))
    # Facts of this hand and turn that from_position has no parameters for.
    game.melded_players = set(know.melded_players)
    game.melded_before = turn in know.melded_before_turn
    game.minimums = [t["minimum"] for t in view["teams"]]
    game.asked = bool(view.get("asked"))
    game.permission = {"yes": True, "no": False}.get(view.get("permission") or "")
    if question:
        game._phase = "permission"
        game.question = dict(question)
    return game
