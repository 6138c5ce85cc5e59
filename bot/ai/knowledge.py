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

from bot.engine import ALL_CARDS, Card, Game, Rules, card

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
    # the unseen cards by rank ("wild" for 2s and jokers), where worked out with them (a
    # reading of ``unseen``, so not compared)
    unseen_ranks: Counter[str] | None = field(default=None, compare=False, repr=False)

    def by_rank(self) -> Counter[str]:
        """The unseen cards by rank ("wild" for 2s and jokers), counted once."""
        ranks = self.unseen_ranks
        if ranks is None:
            ranks = self.unseen_ranks = Counter()
            for c, n in self.unseen.items():
                ranks["wild" if c.is_wild else c.rank] += n
        return ranks

    def __getattr__(self, name: str) -> Any:
        """``unseen`` where ``Memory.knowledge`` counted it by card code only: the Counter of
        the cards is made when first read (the rollouts read the counts by rank)."""
        counted = self.__dict__.get("_counted")
        if name != "unseen" or counted is None:
            raise AttributeError(name)
        order, left = counted
        unseen = self.__dict__["unseen"] = Counter(
            {c: n for c in order if (n := left[c.code]) > 0})
        return unseen


class Memory:
    """What every seat remembers alike of the hand's public history, read event by event:
    the discard pile, the cards each player picked up with the pile and still holds, the
    ranks each discarded, who has melded (and who had when each player's turn began).
    ``catch_up`` reads only the events added since its last call, so a rollout keeps it up
    to date at the cost of the new events alone."""

    __slots__ = ("pile", "known", "discarded", "melded", "turn_start", "events")

    def __init__(self, players: list[str]) -> None:
        self.pile: list[Card] = []
        self.known: dict[str, Counter[Card]] = {p: Counter() for p in players}
        self.discarded: dict[str, set[str]] = {p: set() for p in players}
        self.melded: set[str] = set()
        self.turn_start: dict[str, set[str]] = {}   # who had melded at each one's last draw
        self.events = 0                             # history events read so far

    def copy(self) -> Memory:
        new = Memory.__new__(Memory)
        new.pile = list(self.pile)
        new.known = {p: Counter(k) for p, k in self.known.items()}
        new.discarded = {p: set(d) for p, d in self.discarded.items()}
        new.melded = set(self.melded)
        new.turn_start = dict(self.turn_start)   # its sets are replaced, never changed
        new.events = self.events
        return new

    @classmethod
    def of(cls, know: Knowledge, game: Game) -> Memory:
        """A seat's memory of the hand (``know``: all of it public, the same for every seat)
        as every seat's in ``game``, a world built from that seat's view; the events of
        ``game``'s own history so far are taken as read."""
        new = cls(list(know.known))
        new.pile = list(game.pile)
        new.known = {p: Counter(k) for p, k in know.known.items()}
        new.discarded = {p: set(d) for p, d in know.discarded.items()}
        new.melded = set(know.melded_players)
        current = game.question["asker"] if game.question else game.turn
        if current is not None:
            new.turn_start[current] = set(know.melded_before_turn)
        new.events = len(game.history)
        return new

    def _forget(self, player: str, cards: list[Card]) -> None:
        k = self.known.get(player)
        if not k:
            return
        for c in cards:
            n = k[c]
            if n > 1:
                k[c] = n - 1
            elif n == 1:
                del k[c]
            else:
                k.pop(c, None)

    def catch_up(self, history: list[dict[str, Any]]) -> None:
        for i in range(self.events, len(history)):
            self.absorb(history[i])
        self.events = len(history)

    def absorb(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "upcard":
            self.pile = parse_cards(ev.get("cards", []))
        elif kind == "discard":
            c = parse_cards([ev["card"]])[0]
            self.pile.append(c)
            self._forget(ev["player"], [c])
            self.discarded.setdefault(ev["player"], set()).add(c.rank)
        elif kind == "take_pile":
            p = ev["player"]
            self.turn_start[p] = set(self.melded)
            whole = parse_cards(ev.get("pile", []))
            from_hand = parse_cards(ev.get("cards", [])) + [
                c for g in ev.get("melds", []) for c in parse_cards(g)]
            self._forget(p, from_hand)
            k = self.known[p]
            for c in whole[:-1]:
                if not c.is_red_three:
                    k[c] += 1
            self.pile = self.pile[:max(0, len(self.pile) - len(whole))]   # Hand and Foot
            self.melded.add(p)
        elif kind == "meld":
            p = ev["player"]
            cards = [c for g in ev.get("groups", []) for c in parse_cards(g)]
            cards += [c for v in ev.get("add", {}).values() for c in parse_cards(v)]
            self._forget(p, cards)
            self.melded.add(p)
        elif kind == "draw" and "player" in ev:
            self.turn_start[ev["player"]] = set(self.melded)

    def melded_before(self, current: str | None, phase: str) -> set[str]:
        """Who had melded when the turn of ``current`` began."""
        if phase == "draw":
            return set(self.melded)
        return set(self.turn_start.get(current, ())) if current is not None else set()

    def knowledge(self, game: Game, me: str) -> Knowledge:
        """What ``me`` knows now in ``game``: this memory, and as unseen every card not in
        its hand, the pile, the melds, the threes laid out or the other hands' known cards.
        The same as ``read_history(game.view(me))`` for a memory kept from the hand's
        start, without building the view. Shares this memory's dicts: read, don't change."""
        rules = game.rules
        # counted by the cards' codes (a card's hash is a Python call), in the deck's order
        order, counts = _deck_counts(rules)
        left = list(counts)
        for c in game.hands[me]:
            left[c.code] -= 1
        for c in self.pile:
            left[c.code] -= 1
        for t in range(rules.teams):
            for m in game.team_melds[t].values():
                for c in m.cards:
                    left[c.code] -= 1
            for c in game.red3[t]:
                left[c.code] -= 1
            for c in game.black3[t]:
                left[c.code] -= 1
        for name, k in self.known.items():
            if name != me:
                for c, n in k.items():
                    left[c.code] -= n
        ranks: Counter[str] = Counter()   # by_rank's counts, worked out here (a hot path)
        for c in order:
            n = left[c.code]
            if n > 0:
                key = "wild" if c.is_wild else c.rank
                ranks[key] = ranks.get(key, 0) + n
        slots: dict[str, int] = {}
        for p in game.players:
            if p != me and p in game.order:
                held = self.known.get(p)
                slots[p] = max(0, len(game.hands[p]) - (sum(held.values()) if held else 0))
        slots["<stock>"] = len(game.stock)
        current = game.question["asker"] if game.question else game.turn
        know = object.__new__(Knowledge)   # ``unseen`` made when first read
        know.__dict__.update(
            rules=rules, me=me, pile=self.pile, known=self.known, discarded=self.discarded,
            melded_players=self.melded,
            melded_before_turn=self.melded_before(current, game.phase), hidden_slots=slots,
            unseen_ranks=ranks, _counted=(order, left))
        return know


_DECKS: dict[tuple[int, int], Counter[Card]] = {}
_DECK_COUNTS: dict[tuple[int, int], tuple[list[Card], list[int]]] = {}


def _deck_counts(rules: Rules) -> tuple[list[Card], list[int]]:
    """The deck's distinct cards in its order, and how many of each by card code."""
    key = (rules.packs, rules.jokers)
    known = _DECK_COUNTS.get(key)
    if known is None:
        deck = _deck(rules)
        counts = [0] * len(ALL_CARDS)
        for c, n in deck.items():
            counts[c.code] = n
        known = _DECK_COUNTS[key] = (list(deck), counts)
    return known


def _deck(rules: Rules) -> Counter[Card]:
    key = (rules.packs, rules.jokers)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = full_deck(rules)
    return deck


def read_history(view: dict[str, Any], rules: Rules | None = None) -> Knowledge:
    rules = rules or rules_of(view)
    me = view["player"]
    memory = Memory([p["name"] for p in view["players"]])
    for ev in view.get("history", []):
        memory.absorb(ev)
    current = view["question"]["asker"] if view.get("question") else view.get("turn")
    pile, known = memory.pile, memory.known

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
    return Knowledge(rules=rules, me=me, pile=pile, known=known, discarded=memory.discarded,
                     melded_players=memory.melded,
                     melded_before_turn=memory.melded_before(current, view.get("phase", "")),
                     unseen=unseen, hidden_slots=slots)
