"""What players type for cards, turned into the engine's card text.

Two ways to name cards, mixable:

- exact cards, as the engine writes them: `7h 7d 7s`, `10d`, `td`, `jk`, `Q♥`;
- rank shorthand that picks from the player's own hand: `777` (three sevens), `QQ2` (two
  queens and a deuce), `*` or `x` for a joker, `t` for ten. A single rank (`7`) also picks.

Groups are separated by commas: `7h 7d 7s, qc qd qh 2d`. In shorthand a space also separates
groups: `777 QQ2` is two melds. `k: 2c jk` lays the cards off on the side's king meld.
"""

from __future__ import annotations

import re
from collections import Counter

from bot.engine import parse_cards, quoted

_SHORT = re.compile(r"(10|[2-9TJQKAX*])", re.IGNORECASE)
_GROUP_SPLIT = re.compile(r"[,;|]")
_LAYOFF = re.compile(r"^\s*(10|[4-9TJQKA])\s*:\s*(.*)$", re.IGNORECASE)


class CardInputError(ValueError):
    """Text that does not name cards the player holds; the message says what is wrong."""


def _card_text(token: str) -> str | None:
    try:
        cards = parse_cards([token])
    except ValueError:
        return None
    return cards[0].text if len(cards) == 1 else None


def _ranks(token: str) -> list[str] | None:
    """`"QQ2"` -> ["Q", "Q", "2"]; None when the token is not pure rank shorthand."""
    pieces = _SHORT.findall(token)
    if "".join(pieces).upper() != token.upper() or not pieces:
        return None
    out = []
    for piece in pieces:
        p = piece.upper()
        out.append({"T": "10", "X": "JK", "*": "JK"}.get(p, p))
    return out


class HandPicker:
    """Picks cards out of a hand, never the same card twice."""

    def __init__(self, hand: list[str]) -> None:
        self.left = Counter(hand)
        self.order = sorted(self.left)

    def take_exact(self, text: str) -> str:
        if self.left[text] > 0:
            self.left[text] -= 1
        return text  # a card not held is left for the engine to refuse, with its reason

    def take_rank(self, rank: str) -> str:
        for text in self.order:
            if self.left[text] <= 0:
                continue
            if rank == "JK" and text == "JK":
                pass
            elif rank == "3" and text in ("3C", "3S"):
                pass
            elif text != "JK" and text[:-1] == rank and rank != "3":
                pass
            else:
                continue
            self.left[text] -= 1
            return text
        what = {"JK": "jokers", "3": "black threes", "2": "deuces"}.get(rank, f"{rank}s")
        raise CardInputError(f"you have no {'more ' if self.left else ''}{what} in your hand")


def parse_groups(text: str, hand: list[str]) -> tuple[list[list[str]], dict[str, list[str]]]:
    """Groups of new melds and lay-offs (`add`, keyed by rank) from what a player typed."""
    picker = HandPicker(hand)
    parts = [p for p in _GROUP_SPLIT.split(text) if p.strip()]
    exact_first: list[tuple[str, list[str]]] = []
    for part in parts:
        layoff = _LAYOFF.match(part)
        key = ""
        if layoff:
            key, part = layoff.group(1).upper().replace("T", "10"), layoff.group(2)
        exact_first.append((key, part.split()))
    # Exact cards are reserved first, so shorthand never takes a card named exactly.
    for _, tokens in exact_first:
        for token in tokens:
            exact = _card_text(token)
            if exact is not None:
                picker.take_exact(exact)
    groups: list[list[str]] = []
    add: dict[str, list[str]] = {}
    for key, tokens in exact_first:
        shorthand = [_ranks(t) if _card_text(t) is None else None for t in tokens]
        for token, ranks in zip(tokens, shorthand, strict=True):
            if _card_text(token) is None and ranks is None:
                raise CardInputError(
                    f"{quoted(token)} is not a card: write cards like 7h 10d qs jk, "
                    "or ranks like 777 QQ2"
                )
        split = not key and any(r is not None and len(r) > 1 for r in shorthand)
        current: list[str] = []
        for token, ranks in zip(tokens, shorthand, strict=True):
            picked = ([picker.take_rank(r) for r in ranks] if ranks is not None
                      else [_card_text(token) or token])
            if split:
                groups.append(picked)
            else:
                current.extend(picked)
        if key:
            add.setdefault(key, []).extend(current)
        elif current:
            groups.append(current)
    if not groups and not add:
        raise CardInputError("name the cards, e.g. 7h 7d 7s or 777")
    return groups, add


def parse_cards_from_hand(text: str, hand: list[str]) -> list[str]:
    """One flat list of cards (for /pickup's cards), with the same shorthand."""
    groups, add = parse_groups(text, hand)
    if add:
        raise CardInputError("name only the cards that go with the top card here")
    return [c for g in groups for c in g]


def complete(current: str, hand: list[str], limit: int = 25) -> list[str]:
    """Autocomplete: what was typed so far plus one more card from the hand, if it fits."""
    head, _, last = current.rpartition(" ")
    typed = [t for t in re.split(r"[\s,;|:]+", head) if t]
    left = Counter(hand)
    for token in typed:
        exact = _card_text(token)
        if exact is not None and left[exact] > 0:
            left[exact] -= 1
    stem = last.strip().upper()
    options = [c for c in sorted(left) if left[c] > 0 and c.startswith(stem)]
    prefix = f"{head} " if head else ""
    out = [f"{prefix}{c}".strip() for c in options]
    if current.strip() and _card_text(last) is not None:
        out.insert(0, f"{prefix}{_card_text(last)}")
    seen: set[str] = set()
    unique = [o for o in out if not (o.upper() in seen or seen.add(o.upper()))]
    return unique[:limit]


def meld_words(groups: list[list[str]], add: dict[str, list[str]] | None = None) -> str:
    """The text /meld reads for these melds and lay-offs (`parse_groups` reads it back):
    `7H 7D 7S, K: 2C`."""
    parts = [" ".join(group) for group in groups]
    parts += [f"{key}: {' '.join(cards)}" for key, cards in (add or {}).items()]
    return ", ".join(parts)


def suggest_melds(current: str, offered: list[str], limit: int = 25) -> list[str]:
    """Autocomplete with whole legal moves: the `offered` meld texts (best first) that hold
    every rank typed so far, so `AA` proposes the aces held with the wilds that could go
    with them. Exact cards typed must be in the move too."""
    wanted: Counter[str] = Counter()
    for token in (t for t in re.split(r"[\s,;|:]+", current) if t):
        exact = _card_text(token)
        ranks = _ranks(token) if exact is None else None
        if exact is not None:
            wanted[exact] += 1
        elif ranks is not None:
            wanted.update(f"rank:{r}" for r in ranks)
        else:
            return []
    out = []
    for text in offered:
        cards = [c for c in re.split(r"[\s,]+", text) if c and not c.endswith(":")]
        held = Counter(cards)
        held.update(f"rank:{_rank_of(c)}" for c in cards)
        if all(held[k] >= n for k, n in wanted.items()):
            out.append(text)
        if len(out) == limit:
            break
    return out


def _rank_of(card_text: str) -> str:
    return "JK" if card_text == "JK" else card_text[:-1]
