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
from typing import Any

from bot import i18n
from bot.engine import parse_cards
from bot.service.outcome import Refused
from bot.speech import say

_SHORT = re.compile(r"(10|[2-9TJQKAX*])", re.IGNORECASE)
_GROUP_SPLIT = re.compile(r"[,;|]")
_LAYOFF = re.compile(r"^\s*(10|[4-9TJQKA])\s*:\s*(.*)$", re.IGNORECASE)


class CardInputError(Refused):
    """Text that does not name cards the player holds; the message says what is wrong."""

    @classmethod
    def said_as(cls, key: str, **values: Any) -> CardInputError:
        """The error named by its catalog key (English sentence from the English catalog)."""
        return cls(say(i18n.BASE_LANGUAGE, key, **values), key=key, **values)


def own_letters(text: str, lang: str) -> str:
    """What a player typed with their language's rank letters, in the English ones:
    `ддд` is `QQQ` in Russian, `ааа` `AAA` in Bulgarian, `DDV` `QQJ` in Lithuanian. A token
    that already is an English card (`kd`, `td`: rank and suit) stays that card."""
    letters = {own.lower(): ("*" if rank == "JK" else rank)
               for rank, own in i18n.rank_letters(lang).items()
               if own.lower() != rank.lower() and not own.isdigit()}
    if not letters:
        return text
    longest_first = sorted(letters, key=len, reverse=True)

    def english(match: re.Match[str]) -> str:
        token = match.group()
        if _card_text(token) is not None:
            return token
        out, low, i = [], token.lower(), 0
        while i < len(low):
            own = next((o for o in longest_first if low.startswith(o, i)), None)
            if own is None:
                out.append(token[i])
                i += 1
            else:
                out.append(letters[own])
                i += len(own)
        return "".join(out)

    return re.sub(r"[^\s,;|:]+", english, text)


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
        raise CardInputError.said_as("input.no_more" if self.left else "input.none", rank=rank)


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
                raise CardInputError.said_as("input.not_a_card", text=token)
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
        raise CardInputError.said_as("input.name_cards")
    return groups, add


def parse_cards_from_hand(text: str, hand: list[str]) -> list[str]:
    """One flat list of cards (for /pickup's cards), with the same shorthand."""
    groups, add = parse_groups(text, hand)
    if add:
        raise CardInputError.said_as("input.only_top")
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
