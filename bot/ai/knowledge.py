"""What a seat knows, read only from ``game.view(player)``.

The view gives the table (melds, red threes, pile top and size, hand counts) and the public
history of the hand. From the history we rebuild what a careful player remembers: every card
in the discard pile, the cards each player picked up with the pile and has not played since,
the ranks each player discarded, and who has melded. Everything else is *unseen*: the
multiset of cards that may be in another hand or in the stock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.engine import ALL_CARDS, Card, Rules, card

_BY_TEXT: dict[str, Card] = {c.text: c for c in ALL_CARDS}


def parse_cards(texts: list[str] | str) -> list[Card]:
    """Cards from the view's canonical texts (fast path; other notation via the engine)."""
    if isinstance(texts, str):
        texts = texts.split()
    out: list[Card] = []
    for t in texts:
        c = _BY_TEXT.get(t)
        out.append(c if c is not None else card(t))
    return out


def rules_of(view: dict[str, Any]) -> Rules:
    """The rules of the table, every option included (the view carries them all)."""
    return Rules.from_dict(view["rules"])


def full_deck(rules: Rules) -> Counter[Card]:
    deck: Counter[Card] = Counter()
    for c in ALL_CARDS:
        deck[c] = rules.jokers if c.is_joker else rules.packs
    return deck


@dataclass
class Knowledge:
    """A player's memory of the current hand."""

    rules: Rules
    me: str
    pile: list[Card]                                   # bottom first
    known: dict[str, Counter[Card]]                    # cards seen entering a hand, still there
    discarded: dict[str, set[str]]                     # ranks each player discarded
    melded_players: set[str]                           # players who melded this hand
    melded_before_turn: set[str]                       # ... before the current turn began
    unseen: Counter[Card]                              # cards whose place we don't know
    hidden_slots: dict[str, int] = field(default_factory=dict)  # unknown cards per holder


def read_history(view: dict[str, Any], rules: Rules | None = None) -> Knowledge:
    rules = rules or rules_of(view)
    me = view["player"]
    pile: list[Card] = []
    known: dict[str, Counter[Card]] = {p["name"]: Counter() for p in view["players"]}
    discarded: dict[str, set[str]] = {p["name"]: set() for p in view["players"]}
    melded: set[str] = set()
    melded_before: set[str] = set()
    current = view["question"]["asker"] if view.get("question") else view.get("turn")

    def forget(player: str, cards: list[Card]) -> None:
        k = known.get(player)
        if not k:
            return
        for c in cards:
            if k[c] > 0:
                k[c] -= 1

    for ev in view.get("history", []):
        kind = ev.get("type")
        if kind == "upcard":
            pile = parse_cards(ev.get("cards", []))
        elif kind == "discard":
            c = parse_cards([ev["card"]])[0]
            pile.append(c)
            forget(ev["player"], [c])
            discarded.setdefault(ev["player"], set()).add(c.rank)
        elif kind == "take_pile":
            p = ev["player"]
            if p == current:
                melded_before = set(melded)
            whole = parse_cards(ev.get("pile", []))
            from_hand = parse_cards(ev.get("cards", [])) + [
                c for g in ev.get("melds", []) for c in parse_cards(g)]
            forget(p, from_hand)
            k = known[p]
            for c in whole[:-1]:
                if not c.is_red_three:
                    k[c] += 1
            pile = pile[:max(0, len(pile) - len(whole))]   # Hand and Foot: the rest stays
            melded.add(p)
        elif kind == "meld":
            p = ev["player"]
            cards = [c for g in ev.get("groups", []) for c in parse_cards(g)]
            cards += [c for v in ev.get("add", {}).values() for c in parse_cards(v)]
            forget(p, cards)
            melded.add(p)
        elif kind == "draw" and ev.get("player") == current:
            melded_before = set(melded)
    if view.get("phase") == "draw":
        melded_before = set(melded)
    for name in known:
        known[name] = +known[name]

    # Unseen = deck - my hand - melds - red threes laid out - pile - cards known in other hands.
    unseen = full_deck(rules)
    seen: list[Card] = parse_cards(view["hand"]) + list(pile)
    for team in view["teams"]:
        for m in team["melds"]:
            seen += parse_cards(m["cards"])
        seen += parse_cards(team["red_threes"]) + parse_cards(team.get("black_threes", []))
    for name, k in known.items():
        if name != me:
            seen += list(k.elements())
    unseen.subtract(seen)
    unseen = +unseen
    slots: dict[str, int] = {}
    for p in view["players"]:
        if p["name"] != me and p["active"]:
            slots[p["name"]] = max(0, p["cards"] - sum(known.get(p["name"], Counter()).values()))
    slots["<stock>"] = view["stock"]
    return Knowledge(rules=rules, me=me, pile=pile, known=known, discarded=discarded,
                     melded_players=melded, melded_before_turn=melded_before, unseen=unseen,
                     hidden_slots=slots)
