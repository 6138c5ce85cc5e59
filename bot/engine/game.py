"""A whole match of Canasta: hands dealt from the seed until a side reaches the target.

Every move goes through ``apply``: it first *plans* the move against the current state (raising
``IllegalMove`` with a reason a player can read, having changed nothing), then *commits* the
plan. The deal of hand ``n`` is a pure function of ``seed`` and ``n``, so the snapshot of
``to_dict`` plus the same actions always leads to the same future.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import (
    Action,
    AnswerGoOut,
    AskToGoOut,
    Concede,
    Discard,
    Draw,
    Meld,
    TakePile,
)
from .cards import Card, card, card_texts, format_cards, make_deck, parse_cards
from .errors import IllegalMove
from .melds import TableMeld, rank_name
from .planning import MeldPlanning
from .rules import Rules
from .scoring import HandResult, team_breakdown

Event = dict[str, Any]


class Game(MeldPlanning):
    """One match. Read the state through the properties; change it only with ``apply``."""

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: Rules, players: list[str], seed: int) -> None:
        if len(players) != rules.players:
            raise ValueError(f"these rules are for {rules.players} players, not {len(players)}")
        if len(set(players)) != len(players) or not all(isinstance(p, str) and p
                                                        for p in players):
            raise ValueError("players must be distinct non-empty names")
        self.rules = rules
        self.players = list(players)
        self.seed = seed
        self._team = {p: i % rules.teams for i, p in enumerate(players)}
        self.members = [[p for p in players if self._team[p] == t] for t in range(rules.teams)]
        self.hand_number = 0
        self._scores = [0] * rules.teams
        self._results: list[HandResult] = []
        self._winner: int | None = None
        self._reset_hand_state()

    def _reset_hand_state(self) -> None:
        t = self.rules.teams
        self.order: list[str] = []
        self.hands: dict[str, list[Card]] = {p: [] for p in self.players}
        self.stock: list[Card] = []           # next card to draw is the LAST
        self.pile: list[Card] = []            # bottom first
        self.pile_wilds = 0
        self.start_frozen = False
        self.team_melds: list[dict[str, TableMeld]] = [{} for _ in range(t)]
        self.red3: list[list[Card]] = [[] for _ in range(t)]
        self.minimums = [self.rules.minimum_for(s) for s in self._scores]
        self.penalties = [0] * t
        self.melded_players: set[str] = set()
        self.turn_idx = 0
        self._phase = "draw"
        self.history: list[Event] = []
        self.just_arrived: dict[str, list[Card]] = {}
        self._new_turn()

    def _new_turn(self) -> None:
        self.asked = False
        self.permission: bool | None = None
        self.question: dict[str, Any] | None = None
        self.took_pile = False
        self.pile_rank: str | None = None
        self.touched_old = False
        self.turn_new_ranks: set[str] = set()
        self.turn_start_ranks: set[str] = set()
        self.melded_before = False
        if self.order:
            player = self.order[self.turn_idx]
            self.turn_start_ranks = set(self.team_melds[self._team[player]])
            self.melded_before = player in self.melded_players

    @classmethod
    def new(cls, rules: Rules, players: list[str], seed: int) -> Game:
        game = cls(rules, players, seed)
        game._deal(1)
        return game

    @classmethod
    def from_position(cls, rules: Rules, players: list[str], *, hands: dict[str, str],
                      stock: str = "", discard: str = "",
                      melds: dict[int, list[str]] | None = None,
                      red_threes: dict[int, str] | None = None,
                      scores: list[int] | None = None, turn: str | None = None,
                      phase: str = "draw", pile_frozen: bool = False, seed: int = 0,
                      melded_players: list[str] | None = None,
                      minimums: list[int] | None = None, asked: bool = False,
                      permission: bool | None = None) -> Game:
        """Any position from notation, for tests, puzzles and bug reports (hand 1 of a match).

        Beyond the table itself, a position can carry the facts of the hand and turn that a
        player saw happen (what computer players rebuild from a view): who has melded this
        hand, the sides' minimums, and "may I go out?" — asked (``phase="permission"``: the
        question of ``turn`` is waiting for the partners) and answered (``permission``).
        """
        game = cls(rules, players, seed)
        if scores is not None:
            if len(scores) != rules.teams:
                raise ValueError(f"scores needs one number per side ({rules.teams})")
            game._scores = [int(s) for s in scores]
        game.hand_number = 1
        game._reset_hand_state()
        unknown = set(hands) - set(players)
        if unknown:
            raise ValueError(f"hands given for unknown players: {', '.join(sorted(unknown))}")
        game.order = game._play_order(1)
        if rules.players == 5:
            sitters = [p for p in players if p not in hands]
            if len(sitters) == 1 and game._team[sitters[0]] == 0:
                active = [p for p in players if p != sitters[0]]
                game.order = game._interleave(active)
        for p in players:
            cards = parse_cards(hands.get(p, ""))
            if any(c.is_red_three for c in cards):
                raise ValueError("red threes are laid out, not held: put them in red_threes")
            game.hands[p] = cards
        game.stock = list(reversed(parse_cards(stock)))
        game.pile = parse_cards(discard)
        game.pile_wilds = sum(1 for c in game.pile if c.is_wild)
        game.start_frozen = pile_frozen
        for team, texts in (melds or {}).items():
            for text in texts:
                m = TableMeld.from_text(text)
                if m.rank in game.team_melds[team]:
                    raise ValueError(f"side {team} has two melds of {rank_name(m.rank)}")
                game.team_melds[team][m.rank] = m
        for team, text in (red_threes or {}).items():
            game.red3[team] = parse_cards(text)
        turn = turn or game.order[0]
        if turn not in game.order:
            raise ValueError(f"{turn} does not play this hand")
        game.turn_idx = game.order.index(turn)
        if phase not in ("draw", "play", "permission"):
            raise ValueError("phase is 'draw', 'play' or 'permission'")
        if melded_players is not None:
            game.melded_players = set(melded_players)
        if minimums is not None:
            if len(minimums) != rules.teams:
                raise ValueError(f"minimums needs one number per side ({rules.teams})")
            game.minimums = [int(m) for m in minimums]
        game._phase = "play" if phase == "permission" else phase
        game._new_turn()
        game.asked = asked or phase == "permission"
        game.permission = permission
        if phase == "permission":
            partners = game.partners(turn)
            if not partners:
                raise ValueError(f"{turn} has no partner to ask")
            game._phase = "permission"
            game.question = {"asker": turn, "partners": partners}
        return game

    # ------------------------------------------------------------------ seating and dealing
    def _interleave(self, active: list[str]) -> list[str]:
        """Seat the active players so that the sides alternate (partners opposite)."""
        by_team = [[p for p in active if self._team[p] == t] for t in range(self.rules.teams)]
        order: list[str] = []
        for i in range(max(len(x) for x in by_team)):
            for side in by_team:
                if i < len(side):
                    order.append(side[i])
        return order

    def _play_order(self, hand: int) -> list[str]:
        """Who plays hand ``hand``, in turn order starting with its first player."""
        if self.rules.players == 5:
            big = self.members[0]
            sitter = big[(hand + 1) % len(big)]   # hand 1: the last of the three sits out
            order = self._interleave([p for p in self.players if p != sitter])
        else:
            order = list(self.players)
        shift = (hand - 1) % len(order)
        return order[shift:] + order[:shift]

    def _deal(self, hand: int) -> list[Event]:
        r = self.rules
        self.hand_number = hand
        self._reset_hand_state()
        self.order = self._play_order(hand)
        deck = make_deck(r.packs, r.jokers)
        random.Random(f"canasta:{self.seed}:{hand}").shuffle(deck)
        events: list[Event] = [{"type": "deal", "hand": hand, "first": self.order[0]}]
        for i, p in enumerate(self.order):
            self.hands[p] = deck[i * r.hand_size:(i + 1) * r.hand_size]
        self.stock = deck[len(self.order) * r.hand_size:]
        for p in self.order:  # red threes are laid out and replaced at once (A.4)
            hand_cards = self.hands[p]
            while any(c.is_red_three for c in hand_cards):
                threes = [c for c in hand_cards if c.is_red_three]
                hand_cards[:] = [c for c in hand_cards if not c.is_red_three]
                self.red3[self._team[p]].extend(threes)
                hand_cards.extend(self.stock.pop() for _ in threes)
                events.append({"type": "red_three", "player": p, "cards": card_texts(threes),
                               "when": "deal"})
        if r.upcard:  # A.3: wild cards and red threes are covered, and freeze the pile
            while True:
                up = self.stock.pop()
                self.pile.append(up)
                if up.is_wild:
                    self.pile_wilds += 1
                elif up.is_red_three:
                    self.start_frozen = True
                else:
                    break
            events.append({"type": "upcard", "cards": card_texts(self.pile),
                           "frozen": self.start_frozen or self.pile_wilds > 0})
        self.history.extend(events)
        self._new_turn()
        return events

    # ------------------------------------------------------------------ read-only state
    @property
    def turn(self) -> str | None:
        if self._phase == "over":
            return None
        if self._phase == "permission" and self.question:
            return self.question["partners"][0]
        return self.order[self.turn_idx]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def results(self) -> list[HandResult]:
        return list(self._results)

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def discard_pile(self) -> list[Card]:
        return list(self.pile)

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    def hand(self, player: str) -> list[Card]:
        return list(self.hands[self._check_player(player)])

    def team_of(self, player: str) -> int:
        return self._team[self._check_player(player)]

    def melds(self, team: int) -> list[list[Card]]:
        return [list(m.cards) for m in self.team_melds[team].values()]

    def red_threes(self, team: int) -> list[Card]:
        return list(self.red3[team])

    def partners(self, player: str) -> list[str]:
        """The player's partners who play this hand (empty in individual play)."""
        team = self._team[player]
        return [p for p in self.order if self._team[p] == team and p != player]

    def canastas(self, team: int) -> int:
        return sum(1 for m in self.team_melds[team].values() if m.is_canasta(self.rules))

    def pile_frozen_for(self, team: int) -> bool:
        return (self.rules.pile_always_frozen or self.pile_wilds > 0 or self.start_frozen
                or not self.team_melds[team])

    def pile_block(self, team: int) -> str | None:
        """Why the pile's top card stops this side taking it, if it does."""
        if not self.pile:
            return "empty"
        top = self.pile[-1]
        if top.is_wild:
            return "wild"
        if top.is_black_three:
            return "black_three"
        if self.rules.canasta_rank_blocks:
            m = self.team_melds[team].get(top.rank)
            if m is not None and m.is_canasta(self.rules):
                return "canasta"
        return None

    def _check_player(self, player: str) -> str:
        if player not in self._team:
            raise IllegalMove(f"{player} is not playing at this table", code="not_at_table",
                              player=player)
        return player

    # ------------------------------------------------------------------ applying moves
    def apply(self, player: str, action: Action) -> list[Event]:
        """Play ``action`` for ``player``; returns what happened, or raises ``IllegalMove``."""
        self._check_player(player)
        if self._phase == "over":
            raise IllegalMove("the match is over", code="match_over")
        if isinstance(action, AnswerGoOut):
            return self._answer(player, action)
        if self._phase == "permission":
            assert self.question is not None
            raise IllegalMove(f"waiting for {' or '.join(self.question['partners'])} to answer "
                              f"{self.question['asker']}'s question", code="waiting_for_answer",
                              players=list(self.question["partners"]),
                              player=self.question["asker"])
        if player not in self.order:
            raise IllegalMove(f"{player} sits out this hand", code="sits_out", player=player)
        if player != self.order[self.turn_idx]:
            raise IllegalMove(f"it is {self.order[self.turn_idx]}'s turn, not yours",
                              code="not_your_turn", player=self.order[self.turn_idx])
        if isinstance(action, Draw):
            return self._draw(player)
        if isinstance(action, TakePile):
            return self._take_pile(player, action)
        if isinstance(action, Meld):
            return self._meld(player, action)
        if isinstance(action, Discard):
            return self._discard(player, action)
        if isinstance(action, AskToGoOut):
            return self._ask(player)
        if isinstance(action, Concede):
            return self._concede(player)
        raise IllegalMove(f"not a Canasta move: {action!r}", code="not_a_move")

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

        return lay_off_take(self, player) is not None

    def can_take_pile(self, player: str) -> bool:
        """Has ``player`` any legal way to take the discard pile now? (Exact: with wild cards
        beside the pair, further melds for the minimum, or going out with it.)"""
        from .taking import can_take_pile

        return can_take_pile(self, self._check_player(player))

    def _draw(self, player: str) -> list[Event]:
        self._need_phase("draw", "draw")
        team = self._team[player]
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
            while c.is_red_three:
                self.red3[team].append(c)
                events.append({"type": "red_three", "player": player, "cards": [c.text],
                               "when": "draw"})
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
        top = self.pile[-1]
        taken = self.pile[:-1]
        pile_text = card_texts(self.pile)
        events = self._commit_plan(player, plan)
        threes = [c for c in taken if c.is_red_three]
        rest = [c for c in taken if not c.is_red_three]
        self.red3[team].extend(threes)
        self.hands[player].extend(rest)
        self.just_arrived[player] = rest
        self.pile = []
        self.pile_wilds = 0
        self.start_frozen = False
        self.took_pile = True
        self.pile_rank = top.rank
        self._phase = "play"
        ev = {"type": "take_pile", "player": player, "top": top.text, "cards": card_texts(cards),
              "melds": [card_texts(g) for g in groups], "pile": pile_text, "size": len(pile_text)}
        out = [ev, *events]
        if threes:
            out.append({"type": "red_three", "player": player, "cards": card_texts(threes),
                        "when": "pile"})
        self.history.extend(out)
        if not self.hands[player]:
            return out + self._end_hand(player, reason="went_out")
        return out

    # --- melding
    def _meld(self, player: str, action: Meld) -> list[Event]:
        self._need_phase("play", "meld")
        groups = [parse_cards(g) for g in action.groups]
        adds = [(k, parse_cards(v)) for k, v in action.add.items()]
        plan = self._plan(player, groups, adds)
        team = self._team[player]
        laid_off: dict[str, list[str]] = {}
        for key, cards in adds:
            laid_off.setdefault(self._resolve_key(team, key), []).extend(card_texts(cards))
        events = self._commit_plan(player, plan)
        ev = {"type": "meld", "player": player, "groups": [card_texts(g) for g in groups],
              "add": laid_off}
        out = [ev, *events]
        self.history.extend(out)
        if not self.hands[player]:
            return out + self._end_hand(player, reason="went_out")
        return out

    # --- discarding
    def _discard(self, player: str, action: Discard) -> list[Event]:
        self._need_phase("play", "discard")
        c = card(action.card)
        hand = self.hands[player]
        if c not in hand:
            raise IllegalMove(f"you don't hold {c.pretty}", code="not_held", card=c.text)
        team = self._team[player]
        if len(hand) == 1:
            self._check_going_out(team, self.canastas(team), 0)
        hand.remove(c)
        self.pile.append(c)
        if c.is_wild:
            self.pile_wilds += 1
        events: list[Event] = [{"type": "discard", "player": player, "card": c.text,
                                "frozen": c.is_wild}]
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
        if not partners:
            raise IllegalMove("there is no partner to ask in this game: just go out if you can",
                              code="no_partner")
        if self.asked:
            raise IllegalMove("you may ask only once a turn", code="asked_already")
        if len(self.hands[player]) <= 1:
            raise IllegalMove("you are already going out", code="already_going_out")
        self.asked = True
        self._phase = "permission"
        self.question = {"asker": player, "partners": partners}
        ev = {"type": "ask", "player": player, "partners": list(partners)}
        self.history.append(ev)
        return [ev]

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

    # ------------------------------------------------------------------ end of a hand
    def _going_out_bonus(self) -> tuple[int, bool]:
        """The going-out bonus of the player in turn, and whether it was concealed (A.9)."""
        r = self.rules
        if self.melded_before:
            return r.going_out, False
        team = self._team[self.order[self.turn_idx]]
        melds = self.team_melds[team]
        own = [rk for rk in self.turn_new_ranks if melds[rk].is_canasta(r)]
        if self.touched_old or (self.took_pile and not r.concealed_with_pile):
            return r.going_out, False   # a lay-off on the partner's meld is not concealed
        if r.concealed_hand_canasta is not None:
            if any(rk != self.pile_rank for rk in own):
                return r.concealed_hand_canasta, True
            return r.concealed_going_out, True
        if not own:
            return r.going_out, False
        return r.concealed_going_out, True

    def _end_hand(self, went_out: str | None, *, reason: str,
                  conceder: str | None = None) -> list[Event]:
        r = self.rules
        bonus, concealed = self._going_out_bonus() if went_out else (0, False)
        breakdowns: list[dict[str, int]] = []
        for t in range(r.teams):
            active = [p for p in self.order if self._team[p] == t]
            if conceder is not None:
                got = r.concession if t != self._team[conceder] else 0
                breakdowns.append({"melded": 0, "canastas": 0, "red_threes": 0,
                                   "going_out": got or 0, "in_hand": 0, "penalties": 0})
                continue
            cards = [c for p in active for c in self.hands[p]]
            breakdowns.append(team_breakdown(
                r, list(self.team_melds[t].values()), len(self.red3[t]),
                bonus if went_out and self._team[went_out] == t else 0,
                sum(c.points for c in cards), sum(1 for c in cards if c.is_red_three),
                self.penalties[t]))
        totals = [sum(b.values()) for b in breakdowns]
        result = HandResult(hand=self.hand_number, total=totals, breakdown=breakdowns,
                            went_out=went_out, concealed=concealed, reason=reason)
        self._results.append(result)
        self._scores = [s + t for s, t in zip(self._scores, totals, strict=True)]
        events: list[Event] = [{"type": "hand_end", "hand": self.hand_number, "reason": reason,
                                "went_out": went_out, "concealed": concealed,
                                "total": totals, "scores": list(self._scores)}]
        self.history.append(events[0])
        best = max(self._scores)
        if best >= r.target and self._scores.count(best) == 1:
            self._winner = self._scores.index(best)
            self._phase = "over"
            events.append({"type": "match_end", "winner": self._winner,
                           "scores": list(self._scores)})
            return events
        return events + self._deal(self.hand_number + 1)

    # ------------------------------------------------------------------ legal moves
    def legal_actions(self, player: str) -> list[Action]:
        from .legal import legal_actions

        return legal_actions(self, player)

    # ------------------------------------------------------------------ views and snapshots
    def view(self, player: str | None) -> dict[str, Any]:
        from .view import make_view

        return make_view(self, player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": 1,
            "rules": self.rules.to_dict(), "players": list(self.players), "seed": self.seed,
            "hand_number": self.hand_number, "scores": list(self._scores),
            "results": [x.to_dict() for x in self._results], "winner": self._winner,
            "order": list(self.order), "turn_idx": self.turn_idx, "phase": self._phase,
            "hands": {p: format_cards(h) for p, h in self.hands.items()},
            "stock": format_cards(self.stock), "pile": format_cards(self.pile),
            "start_frozen": self.start_frozen,
            "melds": [[m.to_text() for m in t.values()] for t in self.team_melds],
            "red_threes": [format_cards(x) for x in self.red3],
            "minimums": list(self.minimums), "penalties": list(self.penalties),
            "melded_players": sorted(self.melded_players),
            "history": self.history,
            "just_arrived": {p: format_cards(c) for p, c in self.just_arrived.items()},
            "turn": {"asked": self.asked, "permission": self.permission,
                     "question": self.question, "took_pile": self.took_pile,
                     "pile_rank": self.pile_rank, "touched_old": self.touched_old,
                     "new_ranks": sorted(self.turn_new_ranks),
                     "start_ranks": sorted(self.turn_start_ranks),
                     "melded_before": self.melded_before},
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        game = cls(Rules.from_dict(d["rules"]), d["players"], d["seed"])
        game.hand_number = d["hand_number"]
        game._scores = list(d["scores"])
        game._results = [HandResult.from_dict(x) for x in d["results"]]
        game._winner = d["winner"]
        game.order = list(d["order"])
        game.turn_idx = d["turn_idx"]
        game._phase = d["phase"]
        game.hands = {p: parse_cards(h) for p, h in d["hands"].items()}
        game.stock = parse_cards(d["stock"])
        game.pile = parse_cards(d["pile"])
        game.pile_wilds = sum(1 for c in game.pile if c.is_wild)
        game.start_frozen = d["start_frozen"]
        game.team_melds = []
        for texts in d["melds"]:
            melds = [TableMeld.from_text(t) for t in texts]
            game.team_melds.append({m.rank: m for m in melds})
        game.red3 = [parse_cards(x) for x in d["red_threes"]]
        game.minimums = list(d["minimums"])
        game.penalties = list(d["penalties"])
        game.melded_players = set(d["melded_players"])
        game.history = [dict(e) for e in d["history"]]
        game.just_arrived = {p: parse_cards(c) for p, c in d["just_arrived"].items()}
        t = d["turn"]
        game.asked = t["asked"]
        game.permission = t["permission"]
        game.question = t["question"]
        game.took_pile = t["took_pile"]
        game.pile_rank = t["pile_rank"]
        game.touched_old = t["touched_old"]
        game.turn_new_ranks = set(t["new_ranks"])
        game.turn_start_ranks = set(t["start_ranks"])
        game.melded_before = t["melded_before"]
        return game

    def copy(self) -> Game:
        return Game.from_dict(self.to_dict())

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {len(self.players)}p hand {self.hand_number} "
                f"{self._phase} turn={self.turn}>")


__all__ = ["Game", "IllegalMove", "HandResult"]
