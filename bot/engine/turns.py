"""The moves of a turn (A.5-A.10): drawing, taking the pile, melding, discarding, asking
"may I go out?" and its answer, and British "Acaba"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import AnswerGoOut, Discard, Meld, TakePile
from .canasta_needs import seven_discard_problem
from .cards import Card, card, card_texts, parse_cards
from .discard_limits import discard_problem
from .errors import IllegalMove
from .planning import MeldPlanning
from .special_hands import special_hand
from .table_state import receive
from .threes import keeps, laid_out, lay_out, three_event

Event = dict[str, Any]


class TurnMoves(MeldPlanning):
    """The turn half of ``Game`` (a mixin: the state lives on the game)."""

    if TYPE_CHECKING:
        def _end_hand(self, went_out: str | None, *, reason: str,
                      conceder: str | None = None,
                      special: tuple[str, int] | None = None) -> list[Event]:
            ...

        def _new_turn(self) -> None:
            ...

        def canasta_kinds(self, team: int) -> list[str]:
            ...

        def partners(self, player: str) -> list[str]:
            ...

        def _check_player(self, player: str) -> str:
            ...

        def top_card_only(self, team: int) -> bool:
            ...

        def cards_under_top(self, team: int) -> list[Card]:
            ...

        def _form_partnership(self, lone: str) -> list[Event]:
            ...

        def _foot_after_melding(self, player: str, made_canasta: bool) -> list[Event]:
            ...

        def _pick_up_foot(self, player: str, when: str) -> list[Event]:
            ...

    def _need_phase(self, phase: str, what: str) -> None:
        if self._phase != phase:
            if phase == "draw":
                raise IllegalMove(f"you have already drawn this turn: you can't {what} now",
                                  code="already_drew", action=what)
            raise IllegalMove(f"draw first (from the stock, or take the pile) before you {what}",
                              code="draw_first", action=what)

    # --- draw
    def forced_take(self, player: str) -> bool:
        """Stock exhausted: must this player take the pile (A.10)?"""
        if self.stock or not self.pile:
            return False
        if self.rules.forced_take_any:
            return self.can_take_pile(player)
        from .taking import lay_off_take

        return lay_off_take(self, player) is not None  # type: ignore[arg-type]  # a Game

    def can_take_pile(self, player: str) -> bool:
        """Has ``player`` any legal way to take the discard pile now? (Exact: with wild cards
        beside the pair, further melds for the minimum, or going out with it.)"""
        from .taking import can_take_pile

        return can_take_pile(self, self._check_player(player))  # type: ignore[arg-type]  # a Game

    def _draw(self, player: str) -> list[Event]:
        self._need_phase("draw", "draw")
        if not self.stock:
            if self.forced_take(player):
                raise IllegalMove(f"the stock is empty and the {self.pile[-1].pretty} goes on "
                                  "your side's meld: you must take the pile",
                                  code="must_take_pile", card=self.pile[-1].text)
            events: list[Event] = [{"type": "decline", "player": player}]
            return events + self._end_hand(None, reason="stock")
        drawn: list[Card] = []
        events = []
        for _ in range(self.rules.draw):
            if not self.stock:
                break
            c = self.stock.pop()
            while laid_out(self, c) and not keeps(self, player, c):
                if not self.stock and self.rules.threes_laid_out:
                    # B.15: the last card a 3: the hand ends, the 3 stays in hand
                    self.hands[player].extend([*drawn, c])
                    self.history.extend(events)
                    return events + self._end_hand(None, reason="last_three")
                lay_out(self, player, c)
                events.append(three_event(player, [c], "draw"))
                if not self.stock:  # A.4: the last card a red three ends the hand at once
                    self.hands[player].extend(drawn)
                    self.history.extend(events)
                    return events + self._end_hand(None, reason="red_three")
                c = self.stock.pop()
            drawn.append(c)
        self.hands[player].extend(drawn)
        self.just_arrived[player] = drawn
        self._phase = "play"
        ev = {"type": "draw", "player": player, "count": len(drawn), "cards": card_texts(drawn),
              "stock": len(self.stock)}
        events.append(ev)
        self.history.extend(events)
        return events

    def _take_pile(self, player: str, action: TakePile) -> list[Event]:
        self._need_phase("draw", "take the pile")
        cards = parse_cards(action.cards)
        groups = [parse_cards(g) for g in action.melds]
        plan = self._plan_take(player, cards, groups)
        team = self._team[player]
        first = not self.team_melds[team]
        top = self.pile[-1]
        taken = self.cards_under_top(team)
        top_only = self.top_card_only(team)   # Slavic: the rest of the pile stays
        left = self.pile[:len(self.pile) - 1 - len(taken)]   # Hand and Foot: under the top 5
        pile_text = card_texts(taken + [top])
        events = self._commit_plan(player, plan)
        threes = [c for c in taken if c.is_red_three]
        rest = [c for c in taken if not c.is_red_three]
        if self.rules.removed_black_three:   # Cuban: out of play, scored for the side
            self.removed[team].extend(c for c in rest if c.is_black_three)
            rest = [c for c in rest if not c.is_black_three]
        self.red3[self.red_three_side(player)].extend(threes)
        self.hands[player].extend(rest)
        self.just_arrived[player] = rest + (self.just_arrived.get(player, [])
                                            if self.rules.bonus_piles else [])  # B.15 bonus
        self.pile = left
        self.pile_wilds = sum(1 for c in left if c.is_wild)
        self.start_frozen = self.start_frozen and top_only
        self.took_pile = True
        self.pile_rank = top.rank
        self._phase = "play"
        ev = {"type": "take_pile", "player": player, "top": top.text, "cards": card_texts(cards),
              "melds": [card_texts(g) for g in groups], "pile": pile_text, "size": len(pile_text)}
        if top_only:
            ev["top_only"] = True
        out = [ev, *events]
        if threes:
            out.append(three_event(player, threes, "pile"))
        self.history.extend(out)
        if self.rules.lone_hand and self.lone is None:
            out += self._form_partnership(player)
        return out + self._after_melding(player, events, first_meld=first)

    # --- melding
    def _meld(self, player: str, action: Meld) -> list[Event]:
        self._need_phase("play", "meld")
        groups = [parse_cards(g) for g in action.groups]
        adds = [(k, parse_cards(v)) for k, v in action.add.items()]
        combine = getattr(action, "combine", None) or []
        team = self._team[player]
        first = not self.team_melds[team]
        if self.rules.special_hands and first and not adds:
            special = special_hand(self.rules, self.hands[player], groups)
            if special is not None:
                return self._special_hand(player, *special)
        plan = self._plan(player, groups, adds, combine=combine)
        laid_off: dict[str, list[str]] = {}
        for key, cards in adds:
            laid_off.setdefault(self._resolve_key(team, key), []).extend(card_texts(cards))
        events = self._commit_plan(player, plan)
        ev = {"type": "meld", "player": player, "groups": [card_texts(g) for g in groups],
              "add": laid_off}
        if plan.merges:
            ev["combined"] = [list(pair) for pair in plan.merges]
        if plan.hand_canastas:
            ev["hand_canastas"] = plan.hand_canastas
        out = [ev, *events]
        self.history.extend(out)
        if plan.blocking:   # South American: the hand ends, the opponents' melds cancelled
            block = {"type": "blocking_canasta", "player": player}
            self.history.append(block)
            return [*out, block, *self._end_hand(None, reason="blocking")]
        return out + self._after_melding(player, events, first_meld=first)

    def _special_hand(self, player: str, pattern: str, value: int) -> list[Event]:
        """B.15: a special hand melded as the side's first and only meld ends the hand."""
        ev = {"type": "special_hand", "player": player, "pattern": pattern, "points": value,
              "cards": card_texts(self.hands[player])}
        self.history.append(ev)
        return [ev, *self._end_hand(player, reason="special_hand", special=(pattern, value))]

    def _after_melding(self, player: str, events: list[Event],
                       first_meld: bool = False) -> list[Event]:
        """Kombo's cards for the hand's first canasta, Mexican's for the side's first meld;
        an empty hand goes out (Kombo: the turn passes, the hand goes on until the stock is
        gone)."""
        out: list[Event] = []
        r = self.rules
        if first_meld and r.first_meld_cards and self.stock:
            out += self._bonus_cards(player, r.first_meld_cards)
        made = [e for e in events if e["type"] == "canasta"]
        if made and r.first_canasta_cards and len(made) == sum(
                1 for e in self.history if e["type"] == "canasta"):
            out += self._bonus_cards(player)
        if self.rules.foot_size:
            out += self._foot_after_melding(player, bool(made))
        if self.hands[player]:
            return out
        if r.play_to_stock_end:
            return out + self._next_turn()
        return out + self._end_hand(player, reason="went_out")

    def _bonus_cards(self, player: str, count: int | None = None) -> list[Event]:
        """Kombo (B.3, LT): the first player to make a canasta draws extra cards from the stock
        (Mexican, B.12: the player making his side's first meld draws 13); red threes among
        them are laid out and replaced."""
        count = self.rules.first_canasta_cards if count is None else count
        got: list[Card] = []
        threes: list[Card] = []
        while self.stock and len(got) < count:
            c = self.stock.pop()
            (threes if c.is_red_three else got).append(c)
        self.red3[self.red_three_side(player)].extend(threes)
        receive(self, player, got)
        ev: list[Event] = [{"type": "bonus_cards", "player": player, "count": len(got),
                            "cards": card_texts(got), "stock": len(self.stock)}]
        if threes:
            ev.append(three_event(player, threes, "draw"))
        self.history.extend(ev)
        return ev

    # --- discarding
    def _discard(self, player: str, action: Discard) -> list[Event]:
        self._need_phase("play", "discard")
        c = card(action.card)
        hand = self.hands[player]
        if c not in hand:
            raise IllegalMove(f"you don't hold {c.pretty}", code="not_held", card=c.text)
        team = self._team[player]
        problem = seven_discard_problem(self, hand, c)
        if problem:
            raise problem
        if len(hand) == 1 and not self.foot_pending(player):
            if self.rules.play_to_stock_end or not self.rules.going_out_by_discard:
                raise IllegalMove("your last card must be melded, not discarded",
                                  code="last_card_melded")
            self._check_going_out(team, self.canasta_kinds(team), 0)
        if c.is_black_three and self.black_three_held_back(player):
            raise IllegalMove("a black three may not be discarded in the first round",
                              code="black_three_first_round")
        problem = discard_problem(self, player, c)
        if problem is not None:
            raise problem
        hand.remove(c)
        self.pile.append(c)
        if c.is_wild:
            self.pile_wilds += 1
        events: list[Event] = [{"type": "discard", "player": player, "card": c.text,
                                "frozen": c.is_wild}]
        if not hand and self.foot_pending(player):   # Hand and Foot: the foot, next turn
            self.history.extend(events)
            return events + self._pick_up_foot(player, "next_turn") + self._next_turn()
        if not hand:
            self.history.extend(events)
            return events + self._end_hand(player, reason="went_out")
        if self.permission is True:
            self.penalties[team] += self.rules.permission_penalty
            events.append({"type": "penalty", "team": team, "player": player,
                           "points": self.rules.permission_penalty,
                           "why": "told yes but did not go out",
                           "code": "said_yes_did_not_go_out"})
        self.history.extend(events)
        return events + self._next_turn()

    def black_three_held_back(self, player: str) -> bool:
        """Cuban (B.6): no black three is discarded in the first round (unless the hand holds
        nothing else)."""
        if not self.rules.black_three_first_round:
            return False
        discards = sum(1 for e in self.history if e["type"] == "discard")
        return (discards < len(self.order)
                and not all(c.is_black_three for c in self.hands[player]))

    def _next_turn(self) -> list[Event]:
        self.turn_idx = (self.turn_idx + 1) % len(self.order)
        self._phase = "draw"
        self._new_turn()
        player = self.order[self.turn_idx]
        self.just_arrived.pop(player, None)
        if not self.stock and not self.can_take_pile(player):
            ev = {"type": "cannot_take", "player": player}
            self.history.append(ev)
            return [ev, *self._end_hand(None, reason="stock")]
        return []

    # --- asking to go out
    def _ask(self, player: str) -> list[Event]:
        self._need_phase("play", "ask to go out")
        partners = self.partners(player)
        if self.rules.play_to_stock_end:
            raise IllegalMove("in these rules the hand goes on until the stock is gone: there "
                              "is no going out to ask about", code="no_going_out")
        if not partners:
            raise IllegalMove("there is no partner to ask in this game: just go out if you can",
                              code="no_partner")
        if self.asked:
            raise IllegalMove("you may ask only once a turn", code="asked_already")
        if self.asked_this_hand(player):
            raise IllegalMove("you may ask only once a hand", code="asked_this_hand")
        if len(self.hands[player]) <= 1:
            raise IllegalMove("you are already going out", code="already_going_out")
        if self.foot_pending(player):
            raise IllegalMove("you can't go out before you have picked up your foot",
                              code="foot_not_picked_up")
        self.asked = True
        self._phase = "permission"
        self.question = {"asker": player, "partners": partners}
        ev = {"type": "ask", "player": player, "partners": list(partners)}
        self.history.append(ev)
        return [ev]

    def asked_this_hand(self, player: str) -> bool:
        """Modern American: has ``player`` asked "may I go out?" already this hand?"""
        return self.rules.ask_once_a_hand and any(
            e["type"] == "ask" and e["player"] == player for e in self.history)

    def _answer(self, player: str, action: AnswerGoOut) -> list[Event]:
        if self._phase != "permission" or self.question is None:
            raise IllegalMove("nobody is asking to go out", code="nobody_asking")
        if player not in self.question["partners"]:
            raise IllegalMove(f"only {' or '.join(self.question['partners'])} may answer",
                              code="only_partners_answer", players=list(self.question["partners"]))
        asker = self.question["asker"]
        self.permission = bool(action.yes)
        self.question = None
        self._phase = "play"
        ev = {"type": "answer", "player": player, "asker": asker, "yes": bool(action.yes)}
        self.history.append(ev)
        return [ev]

    # --- British concession
    def _concede(self, player: str) -> list[Event]:
        if self.rules.concession is None:
            raise IllegalMove("conceding a hand (\"Acaba\") is not part of these rules",
                              code="no_concession")
        ev = {"type": "concede", "player": player}
        self.history.append(ev)
        return [ev, *self._end_hand(None, reason="concession", conceder=player)]
