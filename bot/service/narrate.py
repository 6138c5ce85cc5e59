"""One-line, public summaries of what just happened, from the engine's events.

Public means public: a draw says how many cards, never which ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import card
from bot.words import plural, word

RANK_NAMES = {
    "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens", "8": "eights",
    "9": "nines", "10": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces",
}


def pretty(text: str) -> str:
    """"8H" -> "8♥", "JK" -> "Joker" (text that is no card is shown as it is)."""
    try:
        return card(text).pretty
    except ValueError:
        return text


def pretty_cards(cards: list[str]) -> str:
    return " ".join(pretty(c) for c in cards)


class Narrator:
    """Turns events into sentences, naming players and sides as the table knows them."""

    def __init__(self, names: dict[str, str], team_names: list[str]) -> None:
        self.names = names
        self.team_names = team_names

    def who(self, player: Any) -> str:
        return self.names.get(player, str(player)) if player is not None else "nobody"

    def side(self, team: Any) -> str:
        if isinstance(team, int) and 0 <= team < len(self.team_names):
            return self.team_names[team]
        return f"side {team}"

    def side_does(self, team: Any, one: str, many: str) -> str:
        """The side and its verb in agreement: ``Mara wins``, ``Ana & Bo win``.

        A side named as one player is named (individual play) is that player alone."""
        alone = self.side(team) in self.names.values()
        return f"{self.side(team)} {word(1 if alone else 2, one, many)}"

    def summary(self, events: list[dict[str, Any]]) -> str:
        parts = [text for text in (self.event(e) for e in events) if text]
        if not parts:
            return ""
        text = "; ".join(parts)
        return text if text.endswith(("?", "!", ".")) else text + "."

    def event(self, e: dict[str, Any]) -> str:
        handler: Callable[[dict[str, Any]], str] | None = getattr(
            self, f"_{e.get('type')}", None
        )
        return handler(e) if handler else ""

    def _deal(self, e: dict[str, Any]) -> str:
        return f"Hand {e.get('hand')} is dealt; {self.who(e.get('first'))} plays first"

    def _upcard(self, e: dict[str, Any]) -> str:
        cards = e.get("cards") or []
        text = f"the upcard is {pretty(cards[-1])}" if cards else ""
        return text + (" (the pile is frozen)" if text and e.get("frozen") else "")

    def _red_three(self, e: dict[str, Any]) -> str:
        cards = e.get("cards") or []
        return f"{self.who(e.get('player'))} laid out {pretty_cards(cards)}"

    def _draw(self, e: dict[str, Any]) -> str:
        n = e.get("count", 1)
        return f"{self.who(e.get('player'))} drew {'a card' if n == 1 else plural(n, 'card')}"

    def _decline(self, e: dict[str, Any]) -> str:
        return f"{self.who(e.get('player'))} declined the pile with the stock empty"

    def _cannot_take(self, e: dict[str, Any]) -> str:
        return f"{self.who(e.get('player'))} cannot take the pile and the stock is empty"

    def _take_pile(self, e: dict[str, Any]) -> str:
        with_cards = e.get("cards") or []
        size = e.get("size")
        count = plural(size, "card") if isinstance(size, int) else "? cards"
        text = f"{self.who(e.get('player'))} took the pile ({count})"
        if with_cards:
            text += f" with {pretty_cards(with_cards)} on the {pretty(e.get('top', '?'))}"
        else:
            text += f", laying the {pretty(e.get('top', '?'))} off"
        return text

    def _meld(self, e: dict[str, Any]) -> str:
        pieces = [pretty_cards(g) for g in e.get("groups") or []]
        pieces += [f"{pretty_cards(cards)} on the {RANK_NAMES.get(key, key + 's')}"
                   for key, cards in (e.get("add") or {}).items()]
        return f"{self.who(e.get('player'))} melded {', '.join(pieces)}"

    def _canasta(self, e: dict[str, Any]) -> str:
        kind = "natural" if e.get("natural") else "mixed"
        rank = RANK_NAMES.get(str(e.get("rank")), f"{e.get('rank')}s")
        return f"{self.side(e.get('team'))} completed a {kind} canasta of {rank}"

    def _discard(self, e: dict[str, Any]) -> str:
        text = f"{self.who(e.get('player'))} discarded {pretty(e.get('card', '?'))}"
        return text + (" (the pile is frozen)" if e.get("frozen") else "")

    def _penalty(self, e: dict[str, Any]) -> str:
        return (f"{self.side_does(e.get('team'), 'loses', 'lose')} {e.get('points')} "
                f"({e.get('why', 'penalty')})")

    def _ask(self, e: dict[str, Any]) -> str:
        partners = " or ".join(self.who(p) for p in e.get("partners") or [])
        return f"{self.who(e.get('player'))} asks {partners}: may I go out?"

    def _answer(self, e: dict[str, Any]) -> str:
        return f"{self.who(e.get('player'))} answered {'yes' if e.get('yes') else 'no'}"

    def _concede(self, e: dict[str, Any]) -> str:
        return f"{self.who(e.get('player'))} conceded the hand"

    def _hand_end(self, e: dict[str, Any]) -> str:
        totals = e.get("total") or []
        score = ", ".join(f"{self.side(t)} {v:+d}" for t, v in enumerate(totals))
        went_out = e.get("went_out")
        how = (f"{self.who(went_out)} went out{' concealed' if e.get('concealed') else ''}"
               if went_out else "the hand ended")
        return f"{how} — hand {e.get('hand')}: {score}"

    def _match_end(self, e: dict[str, Any]) -> str:
        return f"{self.side_does(e.get('winner'), 'wins', 'win')} the game"
