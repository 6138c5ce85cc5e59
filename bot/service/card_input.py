"""What players type for cards, turned into the engine's card text.

Two ways to name cards, mixable:

- exact cards, as the engine writes them: `7h 7d 7s`, `10d`, `td`, `jk`, `Q♥`;
- rank shorthand that picks from the player's own hand: `777` (three sevens), `QQ2` (two
  queens and a deuce), `*` or `x` for a joker, `t` for ten. A single rank (`7`) also picks.

Groups are separated by commas: `7h 7d 7s, qc qd qh 2d`. In shorthand a space also separates
groups: `777 QQ2` is two melds. `k: 2c jk` lays the cards off on the side's king meld.

Sequences (Samba family) in one word, the suit first or last: `h567` or `567h` (5, 6, 7 of
hearts), `5-7h` or `h5-7` (a range, 10/t, J, Q, K, A high: `10-ah`, `h9-k`). Such a word is a
meld of its own, like rank shorthand. Lay-offs name a meld by rank or by its key: `seq: 8h`
(the side's first sequence), `seq#2: 4c`, `wild: jk` (the wild meld), `k#2: kd` (the second
king meld). `k + k#2` combines a side's two melds of kings into one (Samba family).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from bot import i18n
from bot.engine import parse_cards
from bot.i18n.speech import say
from bot.service.outcome import Refused

_SHORT = re.compile(r"(10|[2-9TJQKAX*])", re.IGNORECASE)
_GROUP_SPLIT = re.compile(r"[,;|]")
_LAYOFF = re.compile(r"^\s*((?:10|[4-9TJQKA]|seq|wild)(?:#\d+)?)\s*:\s*(.*)$",
                     re.IGNORECASE)
_COMBINE = re.compile(r"^\s*((?:10|[4-9TJQKA])(?:#\d+)?)\s*\+\s*((?:10|[4-9TJQKA])(?:#\d+)?)\s*$",
                      re.IGNORECASE)
_RANK_KEY = re.compile(r"^(10|[2-9TJQKA])#\d+$", re.IGNORECASE)
_MELD_WORD = re.compile(r"^(seq|wild)(#\d+)?$", re.IGNORECASE)
_SUITS = {"h": "H", "d": "D", "c": "C", "s": "S", "♥": "H", "♦": "D", "♣": "C", "♠": "S"}
RUN_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RUN_PIECE = re.compile(r"10|[4-9TJQKA]", re.IGNORECASE)


class CardInputError(Refused):
    """Text that does not name cards the player holds; the message says what is wrong."""

    @classmethod
    def said_as(cls, key: str, **values: Any) -> CardInputError:
        """The error named by its catalog key (English sentence from the English catalog)."""
        return cls(say(i18n.BASE_LANGUAGE, key, **values), key=key, **values)


def _split_suit(token: str) -> tuple[str, str] | None:
    """(suit letter, the rest) of a word with a suit letter last or first."""
    low = token.lower()
    if len(token) >= 3 and low[-1] in _SUITS:
        return _SUITS[low[-1]], token[:-1]
    if len(token) >= 3 and low[0] in _SUITS:
        return _SUITS[low[0]], token[1:]
    return None


def _one_run_rank(text: str) -> str | None:
    rank = {"T": "10"}.get(text.upper(), text.upper())
    return rank if rank in RUN_RANKS else None


def _run_ranks(middle: str) -> list[str] | None:
    """`5-7` -> 5 6 7; `567`, `9tjq` -> those ranks in order (three or more, each once)."""
    if "-" in middle:
        low, _, high = middle.partition("-")
        a, b = _one_run_rank(low.strip()), _one_run_rank(high.strip())
        if a is None or b is None:
            return None
        i, j = sorted((RUN_RANKS.index(a), RUN_RANKS.index(b)))
        return list(RUN_RANKS[i:j + 1])
    pieces = _RUN_PIECE.findall(middle)
    if "".join(pieces).upper() != middle.upper() or len(pieces) < 3:
        return None
    ranks = [r for r in (_one_run_rank(p) for p in pieces) if r is not None]
    if len(set(ranks)) != len(ranks):
        return None
    return sorted(ranks, key=RUN_RANKS.index)


def run_cards(token: str) -> list[str] | None:
    """The cards of a sequence written in one word (`h567`, `5-7h`, `10-ah`), in rank order;
    None when the word is not one (an exact card, rank shorthand, anything else)."""
    if _card_text(token) is not None:
        return None
    split = _split_suit(token)
    if split is None:
        return None
    suit, middle = split
    ranks = _run_ranks(middle)
    return None if ranks is None else [f"{rank}{suit}" for rank in ranks]


def _own_run(token: str, letters: dict[str, str], longest_first: list[str]) -> str | None:
    """A sequence word with the language's rank letters (`9-кh`, `h9вдк`) in English ones."""
    split = _split_suit(token)
    if split is None or _card_text(token) is not None:
        return None
    suit, middle = split
    english = _in_english(middle, letters, longest_first)
    return f"{english}{suit.lower()}" if _run_ranks(english) is not None else None


def _in_english(text: str, letters: dict[str, str], longest_first: list[str]) -> str:
    """`text` with each of the language's rank letters (longest first) put in English."""
    out, low, i = [], text.lower(), 0
    while i < len(low):
        own = next((o for o in longest_first if low.startswith(o, i)), None)
        if own is None:
            out.append(text[i])
            i += 1
        else:
            out.append(letters[own])
            i += len(own)
    return "".join(out)


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
        if _card_text(token) is not None or _MELD_WORD.match(token):
            return token
        run = _own_run(token, letters, longest_first)
        if run is not None:
            return run
        return _in_english(token, letters, longest_first)

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
    groups, add, combine = parse_meld(text, hand)
    if combine:
        raise CardInputError.said_as("input.only_top")
    return groups, add


def parse_meld(text: str, hand: list[str]
               ) -> tuple[list[list[str]], dict[str, list[str]], list[list[str]]]:
    """What /meld reads: new melds, lay-offs (`add`, keyed by rank or meld key) and pairs of
    melds of one rank to combine (`k + k#2`)."""
    picker = HandPicker(hand)
    parts = [p for p in _GROUP_SPLIT.split(text) if p.strip()]
    combine = [[_meld_key(m.group(1)), _meld_key(m.group(2))]
               for m in map(_COMBINE.match, parts) if m]
    parts = [p for p in parts if not _COMBINE.match(p)]
    exact_first: list[tuple[str, list[str]]] = []
    for part in parts:
        layoff = _LAYOFF.match(part)
        key = ""
        if layoff:
            key, part = _meld_key(layoff.group(1)), layoff.group(2)
        exact_first.append((key, part.split()))
    # Exact cards are reserved first, so shorthand never takes a card named exactly.
    for _, tokens in exact_first:
        for token in tokens:
            for exact in _exact_cards(token) or []:
                picker.take_exact(exact)
    groups: list[list[str]] = []
    add: dict[str, list[str]] = {}
    for key, tokens in exact_first:
        shorthand = [_ranks(t) if _exact_cards(t) is None else None for t in tokens]
        for token, ranks in zip(tokens, shorthand, strict=True):
            if _exact_cards(token) is None and ranks is None:
                raise CardInputError.said_as("input.not_a_card", text=token)
        split = not key and (any(r is not None and len(r) > 1 for r in shorthand)
                             or any(run_cards(t) is not None for t in tokens))
        current: list[str] = []
        for token, ranks in zip(tokens, shorthand, strict=True):
            picked = ([picker.take_rank(r) for r in ranks] if ranks is not None
                      else _exact_cards(token) or [token])
            if split:
                groups.append(picked)
            else:
                current.extend(picked)
        if key:
            add.setdefault(key, []).extend(current)
        elif current:
            groups.append(current)
    if not groups and not add and not combine:
        raise CardInputError.said_as("input.name_cards")
    return groups, add, combine


def _exact_cards(token: str) -> list[str] | None:
    """The cards a word names exactly: one card (`7h`) or a sequence (`5-7h`)."""
    exact = _card_text(token)
    return [exact] if exact is not None else run_cards(token)


def _meld_key(text: str) -> str:
    """What a lay-off names, as the engine's meld key: `k` -> `K`, `t#2` -> `10#2`,
    `SEQ` -> `seq`."""
    base, sep, number = text.partition("#")
    base = base.lower() if base.lower() in ("seq", "wild") else base.upper().replace("T", "10")
    return f"{base}{sep}{number}"


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
        for exact in _exact_cards(token) or []:
            if left[exact] > 0:
                left[exact] -= 1
    stem = last.strip().upper()
    options = [c for c in sorted(left) if left[c] > 0 and c.startswith(stem)]
    prefix = f"{head} " if head else ""
    out = [f"{prefix}{c}".strip() for c in options]
    if current.strip() and _card_text(last) is not None:
        out.insert(0, f"{prefix}{_card_text(last)}")
    first: dict[str, str] = {}
    for option in out:
        first.setdefault(option.upper(), option)
    return list(first.values())[:limit]


def meld_words(groups: list[list[str]], add: dict[str, list[str]] | None = None,
               combine: list[list[str]] | None = None) -> str:
    """The text /meld reads for these melds, lay-offs and combined melds (`parse_meld` reads
    it back): `7H 7D 7S, K: 2C, Q + Q#2`."""
    parts = [" ".join(group) for group in groups]
    parts += [f"{key}: {' '.join(cards)}" for key, cards in (add or {}).items()]
    parts += [f"{a} + {b}" for a, b in (combine or [])]
    return ", ".join(parts)


def suggest_melds(current: str, offered: list[str], limit: int = 25) -> list[str]:
    """Autocomplete with whole legal moves: the `offered` meld texts (best first) that hold
    every rank typed so far, so `AA` proposes the aces held with the wilds that could go
    with them. Exact cards typed must be in the move too."""
    wanted: Counter[str] = Counter()
    for token in (t for t in re.split(r"[\s,;|:+]+", current) if t):
        if _MELD_WORD.match(token) or _RANK_KEY.match(token):
            continue  # `seq:`, `k#2:` name a meld, not cards
        exact = _exact_cards(token) or _partial_run(token)
        ranks = _ranks(token) if exact is None else None
        if exact is not None:
            wanted.update(exact)
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


def _partial_run(token: str) -> list[str] | None:
    """A sequence still being typed (`h5`, `h56`, `5-h`... ): the cards named so far."""
    low = token.lower()
    if len(token) < 2 or _card_text(token) is not None:
        return None
    if low[0] in _SUITS:
        suit, middle = _SUITS[low[0]], token[1:]
    elif low[-1] in _SUITS:
        suit, middle = _SUITS[low[-1]], token[:-1]
    else:
        return None
    pieces = _RUN_PIECE.findall(middle.replace("-", ""))
    if not pieces or "".join(pieces).upper() != middle.replace("-", "").upper():
        return None
    return [f"{_one_run_rank(p)}{suit}" for p in pieces]


def _rank_of(card_text: str) -> str:
    return "JK" if card_text == "JK" else card_text[:-1]
