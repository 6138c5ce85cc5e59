"""Planning a melding move before anything changes (A.6-A.9).

``apply`` first plans a move: which cards leave the hand, which melds they join, whether the
result is a legal meld, meets the initial minimum and, when the hand would be (nearly) empty,
is a legal going out. Only a complete plan is committed, so a refused move changes nothing.
``legal_actions`` uses the same planner, so it can never offer an illegal move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import Card, format_cards, rank_key
from .errors import IllegalMove
from .melds import TableMeld, meld_problem, rank_name

if TYPE_CHECKING:
    from .rules import Rules

Event = dict[str, Any]


@dataclass
class _Plan:
    """What a melding move would do, worked out before anything changes."""

    used: list[Card]                                  # cards leaving the hand
    additions: dict[str, list[Card]]                  # rank -> cards joining the side's meld
    remaining: int                                    # hand size after the move
    points: int = 0                                   # a first meld's count (only then worked out)
    new_ranks: set[str] = field(default_factory=set)  # melds this move starts
    touched_old: bool = False                         # joins a meld older than this turn


class MeldPlanning:
    """The planning half of ``Game`` (a mixin: the state lives on the game)."""

    rules: Rules
    _team: dict[str, int]
    team_melds: list[dict[str, TableMeld]]
    hands: dict[str, list[Card]]
    pile: list[Card]
    minimums: list[int]
    melded_players: set[str]
    melded_before: bool
    permission: bool | None
    touched_old: bool
    turn_new_ranks: set[str]
    turn_start_ranks: set[str]

    def pile_block(self, team: int) -> str | None:
        raise NotImplementedError

    def pile_frozen_for(self, team: int) -> bool:
        raise NotImplementedError

    def _resolve_key(self, team: int, key: Any) -> str:
        melds = self.team_melds[team]
        if isinstance(key, int) and not isinstance(key, bool):
            ranks = list(melds)
            if not 0 <= key < len(ranks):
                raise IllegalMove(f"your side has no meld number {key}", code="no_meld_number",
                                  number=key)
            return ranks[key]
        try:
            rank = rank_key(str(key))
        except ValueError as e:
            raise IllegalMove(str(e), code="not_a_rank", text=str(key)) from None
        if rank not in melds:
            raise IllegalMove(f"your side has no meld of {rank_name(rank)} to add to; "
                              "start one with at least two naturals", code="no_meld_to_add",
                              rank=rank)
        return rank

    def _plan(self, player: str, groups: list[list[Card]], adds: list[tuple[Any, list[Card]]],
              top_group: list[Card] | None = None, incoming: int = 0,
              concealed_exempt: bool = True, check_held: bool = True) -> _Plan:
        r = self.rules
        team = self._team[player]
        melds = self.team_melds[team]
        hand = self.hands[player]
        used: list[Card] = [c for g in groups for c in g] + [c for _, g in adds for c in g]
        if top_group:
            used += top_group[1:]
        if check_held:
            self._check_held(hand, used)
        additions: dict[str, list[Card]] = {}
        for g in groups:
            if len(g) < 1:
                continue
            if any(c.is_red_three for c in g):
                raise IllegalMove("red threes are never melded: they are laid out by themselves",
                                  code="red_threes_never_melded")
            ranks = {c.rank for c in g if not c.is_wild}
            if not ranks:
                raise IllegalMove(f"{format_cards(g)} is all wild cards: a meld needs at least "
                                  f"{r.min_naturals} natural cards of one rank",
                                  code="all_wild", cards=[c.text for c in g], n=r.min_naturals)
            if len(ranks) > 1:
                raise IllegalMove(f"{format_cards(g)} mixes ranks: a meld is one rank "
                                  "(no sequences; suits don't matter)", code="mixed_ranks",
                                  cards=[c.text for c in g])
            additions.setdefault(ranks.pop(), []).extend(g)
        for key, g in adds:
            rank = self._resolve_key(team, key)
            for c in g:
                if c.rank != rank and not (c.is_wild and rank != "3"):
                    raise IllegalMove(f"{c.pretty} doesn't go on the {rank_name(rank)}",
                                      code="does_not_go_on", card=c.text, rank=rank)
            additions.setdefault(rank, []).extend(g)
        if top_group:
            additions.setdefault(top_group[0].rank, []).extend(top_group)
        if not additions:
            raise IllegalMove("name the cards to meld", code="nothing_to_meld")
        remaining = len(hand) - len(used) + incoming
        going_out = remaining <= 1
        plan = _Plan(used=used, additions=additions, remaining=remaining)
        canastas = 0  # counted only where it matters: going out (and so a concealed one)
        if going_out:
            for rank, m in melds.items():
                if rank not in additions and m.is_canasta(r):
                    canastas += 1
        for rank, cards in additions.items():
            old = melds.get(rank)
            wilds = 0
            for c in cards:
                if c.is_wild:
                    wilds += 1
            naturals = len(cards) - wilds
            if old is not None:
                wilds += old.wilds
                naturals += old.naturals
                if rank in self.turn_start_ranks:
                    plan.touched_old = True
            else:
                plan.new_ranks.add(rank)
            problem = meld_problem(r, rank, naturals, wilds, going_out)
            if problem:
                raise problem
            if naturals + wilds >= r.canasta_size:
                canastas += 1
        if not melds:
            plan.points = sum(c.points for cards in additions.values() for c in cards)
            minimum = self.minimums[team]
            concealed = (concealed_exempt and going_out and not self.melded_before
                         and canastas >= r.canastas_to_go_out)
            if plan.points < minimum and not concealed:
                raise IllegalMove(f"your side's first meld must count at least {minimum} points "
                                  f"(this counts {plan.points}); put more melds in the same move",
                                  code="first_meld_minimum", minimum=minimum, points=plan.points)
        if going_out:
            self._check_going_out(team, canastas, remaining)
        return plan

    @staticmethod
    def _check_held(hand: list[Card], used: list[Card]) -> None:
        if not used:
            return
        have = Counter(hand)
        for c, n in Counter(used).items():
            if have[c] < n:
                held = have[c]
                if not held:
                    raise IllegalMove(f"you don't hold {c.pretty}", code="not_held", card=c.text)
                raise IllegalMove(f"you hold {held} {c.pretty}, not {n}", code="held_fewer",
                                  held=held, card=c.text, n=n)

    def _check_going_out(self, team: int, canastas: int, remaining: int) -> None:
        need = self.rules.canastas_to_go_out
        left = "no cards" if remaining == 0 else "one card to discard"
        if canastas < need:
            raise IllegalMove(f"that would leave you {left}, which is going out, and your side "
                              f"needs {need} canasta{'s' if need > 1 else ''} to go out "
                              f"(it has {canastas})",
                              code="going_out_needs_canastas" if remaining == 0
                              else "going_out_discard_needs_canastas", n=need, have=canastas)
        if self.permission is False:
            raise IllegalMove("your partner said no: you may not go out this turn",
                              code="partner_said_no")

    def _commit_plan(self, player: str, plan: _Plan) -> list[Event]:
        team = self._team[player]
        melds = self.team_melds[team]
        hand = self.hands[player]
        for c in plan.used:
            hand.remove(c)
        events: list[Event] = []
        for rank, cards in plan.additions.items():
            m = melds.get(rank)
            before = 0 if m is None else len(m.cards)
            if m is None:
                m = melds[rank] = TableMeld(rank)
            m.extend(cards)
            if before < self.rules.canasta_size <= len(m.cards):
                events.append({"type": "canasta", "team": team, "player": player, "rank": rank,
                               "natural": m.wilds == 0})
        self.melded_players.add(player)
        self.touched_old = self.touched_old or plan.touched_old
        self.turn_new_ranks |= plan.new_ranks
        return events

    # --- taking the pile
    def _plan_take(self, player: str, cards: list[Card], groups: list[list[Card]],
                   check_held: bool = True) -> _Plan:
        r = self.rules
        team = self._team[player]
        hand = self.hands[player]
        block = self.pile_block(team)
        if block == "empty":
            raise IllegalMove("the discard pile is empty: draw from the stock", code="pile_empty")
        top = self.pile[-1]
        if block == "wild":
            raise IllegalMove(f"a wild card ({top.pretty}) is on top: nobody can take the pile "
                              "until it is covered", code="pile_wild_on_top", card=top.text)
        if block == "black_three":
            raise IllegalMove(f"a black three ({top.pretty}) is on top: it stops you taking the "
                              "pile this turn", code="pile_black_three", card=top.text)
        if block == "canasta":
            raise IllegalMove(f"the {top.pretty} matches your completed canasta: it stops you "
                              "taking the pile (Vienna rule)", code="pile_matches_canasta",
                              card=top.text)
        if r.one_card_rule and len(hand) == 1 and len(self.pile) == 1:
            raise IllegalMove("with one card in hand you may not take a one-card pile",
                              code="one_card_pile")
        for c in cards:
            if c.rank != top.rank and not c.is_wild:
                raise IllegalMove(f"{c.pretty} doesn't go with the {top.pretty} on top of the pile",
                                  code="does_not_go_with_top", card=c.text, top=top.text)
        naturals = sum(1 for c in cards if not c.is_wild)
        frozen = self.pile_frozen_for(team)
        if frozen and naturals < 2:
            why = ("your side has not melded yet" if not self.team_melds[team] else
                   "the pile is frozen")
            raise IllegalMove(f"{why}: to take it you must meld the {top.pretty} with two natural "
                              f"{rank_name(top.rank)} from your hand (wild cards don't count)",
                              code="take_unmelded_needs_pair" if not self.team_melds[team]
                              else "take_frozen_needs_pair", card=top.text, rank=top.rank)
        if not frozen and not cards and top.rank not in self.team_melds[team]:
            raise IllegalMove(f"your side has no meld of {rank_name(top.rank)}: show a natural "
                              f"{rank_name(top.rank, plural=False)} and a second natural or "
                              "a wild card to take the pile", code="take_needs_natural_and_second",
                              rank=top.rank)
        if not frozen and cards and naturals < 1:
            raise IllegalMove(f"to take the pile with a wild card you also need a natural "
                              f"{rank_name(top.rank, plural=False)}",
                              code="take_wild_needs_natural", rank=top.rank)
        incoming = sum(1 for c in self.pile[:-1] if not c.is_red_three)
        return self._plan(player, groups, [], top_group=[top, *cards], incoming=incoming,
                          concealed_exempt=False, check_held=check_held)

