"""The moves a player can make. Small dataclasses whose cards are canonical text, so an action
serialises to JSON as it is and an action log replays a game exactly."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .cards import ALL_CARDS, Card, parse_cards


def _texts(cards: Any) -> list[str]:
    if isinstance(cards, list) and all(type(c) is Card for c in cards):
        return [c.text for c in cards]
    if isinstance(cards, str | Card):
        cards = [cards] if isinstance(cards, Card) else cards
    return [c.text for c in parse_cards(cards)]


_DEFAULTS: dict[type, list[tuple[str, Any]]] = {}


A = TypeVar("A", bound="Action")


def trusted(cls: type[A], **fields: Any) -> A:
    """An action built from canonical card text, skipping normalisation (legal-move hot path);
    fields not given take their defaults."""
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = [(f.name, f.default_factory) for f in dataclasses.fields(cls)
                                     if f.default_factory is not dataclasses.MISSING]
    action: A = object.__new__(cls)
    for name, factory in defaults:
        if name not in fields:
            fields[name] = factory()
    action.__dict__.update(fields)
    return action


def _groups(groups: Any) -> list[list[str]]:
    if isinstance(groups, str):
        groups = [g for g in groups.split(",") if g.strip()]
    return [_texts(g) for g in groups]


@dataclass
class Draw:
    """Draw from the stock (on an empty stock: decline the pile, which ends the hand)."""

    kind = "draw"


@dataclass
class TakePile:
    """Take the discard pile: ``cards`` from the hand are melded with the top card (none: the top
    card is laid off on the side's meld of its rank); ``melds`` are further new melds."""

    cards: list[str] = field(default_factory=list)
    melds: list[list[str]] = field(default_factory=list)
    kind = "take_pile"

    def __post_init__(self) -> None:
        self.cards = _texts(self.cards)
        self.melds = _groups(self.melds)


@dataclass
class Meld:
    """New melds (``groups``), lay-offs (``add``: meld rank, key or index -> cards) and, where
    a side may hold two melds of one rank, melds combined into one (``combine``: pairs of
    meld indexes or keys; the later meld joins the earlier)."""

    groups: list[list[str]] = field(default_factory=list)
    add: dict[Any, list[str]] = field(default_factory=dict)
    combine: list[list[Any]] = field(default_factory=list)
    kind = "meld"

    def __post_init__(self) -> None:
        self.groups = _groups(self.groups)
        self.add = {k: _texts(v) for k, v in dict(self.add).items()}
        self.combine = [list(pair) for pair in self.combine]
        if any(len(pair) != 2 for pair in self.combine):
            raise ValueError("combine names pairs of melds")


@dataclass
class Discard:
    """Discard one card, ending the turn (going out if it is the last card)."""

    card: str = ""
    kind = "discard"

    def __post_init__(self) -> None:
        cards = _texts(self.card)
        if len(cards) != 1:
            raise ValueError("discard exactly one card")
        self.card = cards[0]


@dataclass
class AskToGoOut:
    """"Partner, may I go out?" (after drawing, once a turn)."""

    kind = "ask"


@dataclass
class AnswerGoOut:
    """The partner's binding answer to "may I go out?"."""

    yes: bool = False
    kind = "answer"


@dataclass
class Concede:
    """British "Acaba": concede the hand (the opponents score the concession)."""

    kind = "concede"


Action = Draw | TakePile | Meld | Discard | AskToGoOut | AnswerGoOut | Concede
_KINDS: dict[str, type] = {c.kind: c for c in (Draw, TakePile, Meld, Discard, AskToGoOut,
                                               AnswerGoOut, Concede)}


def meld_of(groups: list[list[str]], add: dict[Any, list[str]]) -> Meld:
    """``trusted(Meld, groups=groups, add=add)``, without its generality (legal moves)."""
    action: Meld = object.__new__(Meld)
    action.groups = groups   # (attributes set one by one: faster than a __dict__ given)
    action.add = add
    action.combine = []
    return action


def discard_of(text: str) -> Discard:
    """``trusted(Discard, card=text)``, without its generality (legal moves): one for each
    card's notation, made once and handed out again (moves are never changed once made)."""
    action = _DISCARDS.get(text)
    if action is None:
        action = _DISCARDS[text] = object.__new__(Discard)
        action.__dict__["card"] = text
    return action


_DISCARDS: dict[str, Discard] = {}   # ``discard_of``'s moves, by notation (a hundred or so)
for _card in ALL_CARDS:
    discard_of(_card.text)
DISCARDS: Mapping[str, Discard] = _DISCARDS   # the discard of each card, by its notation


def take_of(cards: list[str], melds: list[list[str]]) -> TakePile:
    """``trusted(TakePile, cards=cards, melds=melds)``, without its generality."""
    action: TakePile = object.__new__(TakePile)
    action.cards = cards
    action.melds = melds
    return action


def action_to_dict(action: Action) -> dict[str, Any]:
    """JSON-safe form; ``Meld.add`` keeps its keys' types (rank text or index)."""
    if isinstance(action, Draw | AskToGoOut | Concede):
        return {"kind": action.kind}
    if isinstance(action, TakePile):
        return {"kind": action.kind, "cards": list(action.cards),
                "melds": [list(g) for g in action.melds]}
    if isinstance(action, Meld):
        d: dict[str, Any] = {"kind": action.kind, "groups": [list(g) for g in action.groups],
                             "add": [[k, list(v)] for k, v in action.add.items()]}
        if getattr(action, "combine", None):
            d["combine"] = [list(pair) for pair in action.combine]
        return d
    if isinstance(action, Discard):
        return {"kind": action.kind, "card": action.card}
    if isinstance(action, AnswerGoOut):
        return {"kind": action.kind, "yes": bool(action.yes)}
    raise TypeError(f"not an action: {action!r}")


def action_from_dict(d: dict[str, Any]) -> Action:
    kind = d.get("kind")
    if kind not in _KINDS:
        raise ValueError(f"unknown action kind {kind!r}")
    if kind == "take_pile":
        return TakePile(cards=d.get("cards", []), melds=d.get("melds", []))
    if kind == "meld":
        add = d.get("add", [])
        return Meld(groups=d.get("groups", []),
                    add=dict((k, v) for k, v in add) if isinstance(add, list) else add,
                    combine=d.get("combine", []))
    if kind == "discard":
        return Discard(card=d["card"])
    if kind == "answer":
        return AnswerGoOut(yes=bool(d.get("yes")))
    made: Action = _KINDS[kind]()
    return made
