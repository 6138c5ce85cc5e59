"""One-line, public summaries of what just happened, from the engine's events.

Public means public: a draw says how many cards, never which ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot import i18n
from bot.i18n.speech import card_text, cards_text, say


def pretty(text: str, lang: str = i18n.BASE_LANGUAGE) -> str:
    """"8H" -> "8♥", "JK" -> "Joker"; "QH" -> "Д♥" in Russian (text that is no card is shown
    as it is)."""
    return card_text(lang, text)


def pretty_cards(cards: list[str], lang: str = i18n.BASE_LANGUAGE) -> str:
    return cards_text(lang, cards)


MELD_SHAPES = {"seq": "sequence", "wild": "wild"}  # meld keys that name no rank
CANASTA_KINDS = ("samba", "escalera", "wild", "bolivia")  # canastas not of one rank


class Narrator:
    """Turns events into sentences in one language (the thread's), naming players and sides
    as the table knows them."""

    def __init__(self, names: dict[str, str], team_names: list[str],
                 lang: str = i18n.BASE_LANGUAGE, variant: str = "classic") -> None:
        self.names = names
        self.team_names = team_names
        self.lang = lang
        self.variant = variant  # Pennies from Heaven calls the foot a packet

    def say(self, key: str, **values: Any) -> str:
        return say(self.lang, key, **values)

    def who(self, player: Any) -> str:
        if player is None:
            return i18n.text(self.lang, "word.nobody")
        return self.names.get(player, str(player))

    def side(self, team: Any) -> str:
        if isinstance(team, int) and 0 <= team < len(self.team_names):
            return self.team_names[team]
        return self.say("event.side", team=str(team))

    def side_count(self, team: Any) -> int:
        """1 for a side that is one player (individual play), else 2: the verb's number."""
        return 1 if self.side(team) in self.names.values() else 2

    def side_does(self, team: Any, key: str, **values: Any) -> str:
        """A sentence whose verb agrees with the side: ``Mara wins``, ``Ana & Bo win``."""
        return self.say(key, n=self.side_count(team), side=self.side(team), **values)

    def summary(self, events: list[dict[str, Any]]) -> str:
        """The events as one line: clauses joined by "; ", and a new deal as a sentence of
        its own ("…; Bo discards 8♥. Hand 2 is dealt; …"): its words begin with a capital."""
        text = ""
        for e in events:
            part = self.event(e)
            if not part:
                continue
            if text:
                text += ". " if e.get("type") == "deal" and not text.endswith(".") else "; "
            text += part
        if not text:
            return ""
        return text if text.endswith(("?", "!", ".")) else text + "."

    def event(self, e: dict[str, Any]) -> str:
        handler: Callable[[dict[str, Any]], str] | None = getattr(
            self, f"_{e.get('type')}", None
        )
        return handler(e) if handler else ""

    def _frozen(self, e: dict[str, Any]) -> str:
        return i18n.text(self.lang, "event.frozen") if e.get("frozen") else ""

    def _deal(self, e: dict[str, Any]) -> str:
        return self.say("event.deal", hand=str(e.get("hand")), player=self.who(e.get("first")))

    def _upcard(self, e: dict[str, Any]) -> str:
        cards = e.get("cards") or []
        if not cards:
            return ""
        return self.say("event.upcard", card=cards[-1]) + self._frozen(e)

    def _red_three(self, e: dict[str, Any]) -> str:
        return self.say("event.red_three", player=self.who(e.get("player")),
                        cards=list(e.get("cards") or []))

    def _black_three(self, e: dict[str, Any]) -> str:
        """Modern American lays black threes out too: the same sentence as a red three."""
        return self._red_three(e)

    def _partner_melds(self, e: dict[str, Any]) -> str:
        """Slavic: after a player goes out, his partner lays down his whole hand."""
        return self.say("event.partner_melds", player=self.who(e.get("player")),
                        cards=list(e.get("cards") or []))

    def _draw(self, e: dict[str, Any]) -> str:
        n = e.get("count", 1)
        player = self.who(e.get("player"))
        if n == 1:
            return self.say("event.draw_one", player=player)
        return self.say("event.draw", player=player, n=n)

    def _decline(self, e: dict[str, Any]) -> str:
        return self.say("event.decline", player=self.who(e.get("player")))

    def _cannot_take(self, e: dict[str, Any]) -> str:
        return self.say("event.cannot_take", player=self.who(e.get("player")))

    def _take_pile(self, e: dict[str, Any]) -> str:
        with_cards = list(e.get("cards") or [])
        size = e.get("size")
        values: dict[str, Any] = {"player": self.who(e.get("player")),
                                  "n": size if isinstance(size, int) else 0,
                                  "top": e.get("top", "?")}
        if with_cards:
            return self.say("event.take_pile_with", cards=with_cards, **values)
        return self.say("event.take_pile_lay_off", **values)

    def _meld(self, e: dict[str, Any]) -> str:
        pieces = [pretty_cards(g, self.lang) for g in e.get("groups") or []]
        pieces += [self._lay_off(str(key), list(cards))
                   for key, cards in (e.get("add") or {}).items()]
        return self.say("event.meld", player=self.who(e.get("player")), melds=", ".join(pieces))

    def _lay_off(self, key: str, cards: list[str]) -> str:
        """Cards laid off on a meld named by its key: a rank ("K", "K#2": the second meld of
        kings), a sequence ("seq", "seq#2") or the wild-card meld ("wild")."""
        base = key.split("#")[0]
        if base in MELD_SHAPES:
            return self.say(f"event.meld_add_{MELD_SHAPES[base]}", cards=cards)
        return self.say("event.meld_add", cards=cards, rank=base)

    def _canasta(self, e: dict[str, Any]) -> str:
        side = self.side(e.get("team"))
        if e.get("kind") in CANASTA_KINDS:  # samba, escalera, wild cards, bolivia
            return self.say(f"event.canasta_{e['kind']}", side=side)
        key = "event.canasta_natural" if e.get("natural") else "event.canasta_mixed"
        return self.say(key, side=side, rank=str(e.get("rank")).split("#")[0])

    def _discard(self, e: dict[str, Any]) -> str:
        return (self.say("event.discard", player=self.who(e.get("player")),
                         card=e.get("card", "?")) + self._frozen(e))

    def _penalty(self, e: dict[str, Any]) -> str:
        why = ("penalty.said_yes" if e.get("code") == "said_yes_did_not_go_out"
               else "penalty.other")
        return self.side_does(e.get("team"), "event.penalty", points=e.get("points"),
                              why=i18n.text(self.lang, why))

    def _ask(self, e: dict[str, Any]) -> str:
        return self.say("event.ask", player=self.who(e.get("player")),
                        players=[self.who(p) for p in e.get("partners") or []])

    def _answer(self, e: dict[str, Any]) -> str:
        return self.say("event.answer_yes" if e.get("yes") else "event.answer_no",
                        player=self.who(e.get("player")))

    def _lone_hand(self, e: dict[str, Any]) -> str:
        """Cut-throat: the first to take the pile plays alone against the other two."""
        return self.say("event.lone_hand", player=self.who(e.get("player")),
                        partners=" & ".join(self.who(p) for p in e.get("partners") or []))

    def _foot(self, e: dict[str, Any]) -> str:
        """Hand and Foot's foot (played on now, or from the next turn after a discard);
        Pennies from Heaven's packet, picked up with a canasta."""
        count = e.get("count")
        values = {"player": self.who(e.get("player")), "n": count if isinstance(count, int) else 0}
        if self.variant == "pennies":
            return self.say("event.packet", **values)
        return self.say("event.foot_next_turn" if e.get("when") == "next_turn"
                        else "event.foot_now", **values)

    def _bonus_cards(self, e: dict[str, Any]) -> str:
        count = e.get("count")
        return self.say("event.bonus_cards", player=self.who(e.get("player")),
                        n=count if isinstance(count, int) else len(e.get("cards") or []))

    def _special_hand(self, e: dict[str, Any]) -> str:
        pattern = str(e.get("pattern") or "")
        key = f"special_hand.{pattern}"
        named = i18n.text(self.lang, key) if i18n.has_key(key) else pattern
        return self.say("event.special_hand", player=self.who(e.get("player")), pattern=named)

    def _blocking_canasta(self, e: dict[str, Any]) -> str:
        return self.say("event.blocking_canasta", player=self.who(e.get("player")))

    def _concede(self, e: dict[str, Any]) -> str:
        return self.say("event.concede", player=self.who(e.get("player")))

    def score(self, totals: list[int]) -> str:
        """"Ana & Cy +1 230, Bo & Di -85": each side and its points, signed."""
        return ", ".join(f"{self.side(t)} {'+' if v >= 0 else ''}{i18n.number(self.lang, v)}"
                         for t, v in enumerate(totals))

    def _hand_end(self, e: dict[str, Any]) -> str:
        went_out = e.get("went_out")
        if went_out:
            how = self.say("event.went_out_concealed" if e.get("concealed")
                           else "event.went_out", player=self.who(went_out))
        else:
            how = i18n.text(self.lang, "event.hand_ended")
        return self.say("event.hand_end", how=how, hand=str(e.get("hand")),
                        score=self.score(list(e.get("total") or [])))

    def _match_end(self, e: dict[str, Any]) -> str:
        return self.side_does(e.get("winner"), "event.match_end")
