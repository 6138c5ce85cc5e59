"""Planning a melding move before anything changes (A.6-A.9).

``apply`` first plans a move: which cards leave the hand, which melds they join, whether the
result is a legal meld, meets the initial minimum and, when the hand would be (nearly) empty,
is a legal going out. Only a complete plan is committed, so a refused move changes nothing.
``legal_actions`` uses the same planner, so it can never offer an illegal move.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .blocking import check_blocking, hand_canastas
from .bonus_cards import first_meld_brings, first_meld_cards
from .canasta_needs import kinds_problem, last_card_seven
from .cards import Card
from .errors import IllegalMove
from .meld_keys import check_wild_use, group_key, merge_pairs, resolve_key, take_key
from .meld_limits import initial_points, initial_problem, onto_short_meld, set_problem
from .melds import (
    TableMeld,
    meld_ok,
    meld_problem,
    rank_name,
    rekey,
    set_kind,
    shape_problem,
)
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM
from .table_state import TableState

Event = dict[str, Any]


class Plan:
    """What a melding move would do, worked out before anything changes."""

    __slots__ = ("used", "additions", "remaining", "points", "new_ranks", "touched_old",
                 "fresh", "merges", "blocking", "hand_canastas")

    def __init__(self, used: list[Card], additions: dict[str, list[Card]], remaining: int,
                 fresh: dict[str, TableMeld], merges: list[tuple[str, str]],
                 blocking: bool) -> None:
        self.used = used                    # cards leaving the hand
        self.additions = additions          # meld key -> cards joining the meld
        self.remaining = remaining          # hand size after the move
        self.points = 0                     # a first meld's count (only then worked out)
        self.new_ranks: set[str] = set()    # melds this move starts (their keys)
        self.touched_old = False            # joins a meld older than this turn
        self.fresh = fresh                  # new melds not keyed by rank
        self.merges = merges                # (kept, dropped) meld keys
        self.blocking = blocking            # South American: a blocking canasta
        self.hand_canastas: list[str] = []  # ... natural 8s from the hand


def plan_meld(state: TableState, player: str, groups: list[list[Card]],
              adds: list[tuple[Any, list[Card]]], top_group: list[Card] | None = None,
              incoming: int = 0, concealed_exempt: bool = True, check_held: bool = True,
              combine: list[list[Any]] | None = None) -> Plan:
    """The plan of a melding move by ``player``, or ``IllegalMove`` (``top_group``: the
    pile's top card and the hand cards that go with it; ``incoming``: the pile's cards that
    come to the hand; ``check_held=False``: the caller knows the cards are in the hand)."""
    r = state.rules
    team = state.side_of[player]
    melds = state.team_melds[team]
    hand = state.hands[player]
    used: list[Card] = [c for g in groups for c in g] + [c for _, g in adds for c in g]
    if top_group:
        used += top_group[1:]
    if check_held:
        check_holding(hand, used)
    additions: dict[str, list[Card]] = {}
    fresh: dict[str, TableMeld] = {}     # melds this move starts that are not a rank's set
    wild_count: dict[str, int] = {}      # the wild cards each meld receives
    for g in groups:
        if not g:
            continue
        ranks: set[str] = set()
        wilds = 0
        red = False
        for c in g:   # one pass: the ranks of its naturals, its wild cards, a red three
            if c.is_wild:
                wilds += 1
            else:
                ranks.add(c.rank)
                red = red or c.is_red_three
        if red:
            raise IllegalMove("red threes are never melded: they are laid out by themselves",
                              code="red_threes_never_melded")
        key = group_key(r, melds, additions, fresh, g, ranks)
        additions.setdefault(key, []).extend(g)
        wild_count[key] = wild_count.get(key, 0) + wilds
    for k, g in adds:
        key = resolve_key(state, team, k)
        m = melds[key]
        wilds = 0
        if m.shape == "set":
            for c in g:
                if c.is_wild:
                    wilds += 1
                    if m.rank != "3":
                        continue
                if c.rank != m.rank:
                    raise IllegalMove(f"{c.pretty} doesn't go on the {rank_name(m.rank)}",
                                      code="does_not_go_on", card=c.text, rank=m.rank)
        else:
            wilds = sum(1 for c in g if c.is_wild)
        additions.setdefault(key, []).extend(g)
        wild_count[key] = wild_count.get(key, 0) + wilds
    if top_group:
        key = take_key(state, team, top_group[0], len(top_group) > 1, additions, fresh)
        additions.setdefault(key, []).extend(top_group)
        wild_count[key] = wild_count.get(key, 0) + sum(1 for c in top_group if c.is_wild)
    merges = merge_pairs(state, team, combine, additions) if combine else []
    if merges:   # the dropped meld's cards joined the kept one's
        wild_count = {key: sum(1 for c in cards if c.is_wild)
                      for key, cards in additions.items()}
    if not additions:
        raise IllegalMove("name the cards to meld", code="nothing_to_meld")
    blocking = r.blocking_canasta != 0 and check_blocking(state, team, groups, additions,
                                                          with_pile=bool(top_group))
    remaining = len(hand) - len(used) + incoming
    remaining += first_meld_brings(state, team)
    going_out = remaining <= 1 and not state.foot_pending(player)
    plan = Plan(used=used, additions=additions, remaining=remaining, fresh=fresh,
                merges=merges, blocking=blocking)
    kinds: list[str] = []  # counted only where it matters: going out (and so a concealed one)
    if going_out:
        dropped = {drop for _, drop in merges}
        for key, m in melds.items():
            if key not in additions and key not in dropped and m.is_canasta(r):
                kinds.append(m.kind(r) or "")
    made_canasta = made_natural = False
    for key, cards in additions.items():
        old = melds.get(key)
        if old is None:
            plan.new_ranks.add(key)
        elif key in state.turn_start_ranks:
            plan.touched_old = True
        shape = old.shape if old is not None else fresh[key].shape if key in fresh else "set"
        if shape != "set":
            whole = (old.cards if old is not None else []) + cards
            problem = shape_problem(r, shape, whole)
            if problem:
                raise problem
            size, wilds = len(whole), (len(whole) if shape == "wild" else 0)
            name = r.sequence_canasta_name if shape == "sequence" else r.wild_canasta_name
        else:
            wilds = wild_count[key]
            naturals = len(cards) - wilds
            if old is not None:
                wilds += old.wilds
                naturals += old.naturals
            rank = old.rank if old is not None else fresh[key].rank if key in fresh else key
            if rank == "3" and r.black_threes_any_time and naturals + wilds > 4:
                raise IllegalMove("a meld of black threes holds at most 4 of them",
                                  code="black_threes_at_most", most=4)
            problem = (None if meld_ok(r, rank, naturals, wilds, going_out)
                       else meld_problem(r, rank, naturals, wilds, going_out))
            if problem is None and r.strict_melds:
                problem = set_problem(r, rank, old, cards, naturals, not melds,
                                      has_wild=wild_count[key] > 0)
            if problem:
                raise problem
            size = naturals + wilds
            name = set_kind(r, rank, wilds)
        if size >= r.canasta_size:
            kinds.append(name)
            made_canasta = True
            made_natural = made_natural or name == "natural"
    if going_out and made_canasta and r.foot_on == "canasta" and state.feet.get(player):
        going_out = False   # Pennies: the canasta picks up the packet, play goes on
        if any(c.is_black_three for c in used) and not r.black_threes_any_time:
            raise IllegalMove("black threes may be melded only in the turn you go out",
                              code="black_threes_only_going_out")
    if r.deuces_reserved or r.initial_meld_natural or r.wilds_reserved:
        check_wild_use(state, team, additions, fresh)
    if r.hand_canasta_eight:
        plan.hand_canastas = hand_canastas(r, additions, plan.new_ranks)
    if not melds and not blocking:
        plan.points = sum(c.points for cards in additions.values() for c in cards)
        minimum = state.minimum_of(player)
        counted = [k for k in kinds if k not in r.going_out_ignores]
        concealed = (concealed_exempt and going_out and not state.melded_before
                     and not r.play_to_stock_end
                     and len(counted) >= r.canastas_to_go_out)
        if minimum == CANASTA_MINIMUM and not made_canasta and not concealed:
            raise IllegalMove("your side's first meld must make a canasta",
                              code="initial_meld_canasta")
        if minimum == NATURAL_CANASTA_MINIMUM and not made_natural and not concealed:
            raise IllegalMove("your side's first meld must make a natural canasta",
                              code="initial_meld_natural_canasta")
        if r.initial_clean_triple or r.splash or not r.initial_top_counts:
            top = top_group[0] if top_group else None
            plan.points = initial_points(r, additions, top)
            problem = initial_problem(r, additions, top, plan.points,
                                      -(10**9) if concealed else minimum)
            if problem:
                raise problem
        elif plan.points < minimum and not concealed:
            raise IllegalMove(f"your side's first meld must count at least {minimum} points "
                              f"(this counts {plan.points}); put more melds in the same move",
                              code="first_meld_minimum", minimum=minimum, points=plan.points)
    if going_out and not blocking:   # a blocking canasta ends the hand, going out or not
        if last_card_seven(state, player, used,
                           state.pile_cards_to_hand(team) if top_group else [], remaining):
            raise IllegalMove("that would leave you a seven to discard, and a seven is "
                              "never the going-out discard", code="seven_going_out")
        if (r.play_to_stock_end or not r.going_out_by_discard) and remaining == 1:
            raise IllegalMove("that would leave you one card, and your last card must be "
                              "melded, not discarded", code="meld_leaves_one_card")
        if remaining == 0 and r.going_out_discards:
            raise IllegalMove("you go out only by discarding: keep a card to discard",
                              code="going_out_needs_discard")
        check_going_out(state, team, kinds, remaining)
    return plan


def check_holding(hand: list[Card], used: list[Card]) -> None:
    if not used:
        return
    need: dict[Card, int] = {}
    for c in used:
        need[c] = need.get(c, 0) + 1
    have = Counter(hand) if len(need) > 12 else None   # (list.count: no Python hashing)
    for c, n in need.items():
        held = have[c] if have is not None else hand.count(c)
        if held < n:
            if not held:
                raise IllegalMove(f"you don't hold {c.pretty}", code="not_held", card=c.text)
            raise IllegalMove(f"you hold {held} {c.pretty}, not {n}", code="held_fewer",
                              held=held, card=c.text, n=n)


def check_going_out(state: TableState, team: int, kinds: list[str], remaining: int) -> None:
    """``kinds``: the side's canastas after the move, by kind (``TableMeld.kind``)."""
    r = state.rules
    need = r.canastas_to_go_out
    left = "no cards" if remaining == 0 else "one card to discard"
    canastas = len(kinds)
    if r.going_out_ignores:
        canastas = sum(1 for k in kinds if k not in r.going_out_ignores)
        if canastas < need:
            ignored = r.going_out_ignores[0]
            raise IllegalMove(f"that would leave you {left}, which is going out, and your "
                              f"side needs {need} canastas to go out, not counting "
                              f"{ignored} canastas (it has {canastas})",
                              code="going_out_canastas_of_kind", need=need, have=canastas,
                              kind=ignored)
    for kind in r.going_out_needs:
        if kind not in kinds:
            raise IllegalMove(f"that would leave you {left}, which is going out, and one "
                              f"of your side's canastas must be a {kind}",
                              code="going_out_needs_kind", kind=kind)
    problem = kinds_problem(r, kinds, left) if r.going_out_kinds else None
    if problem:
        raise problem
    if canastas < need:
        raise IllegalMove(f"that would leave you {left}, which is going out, and your side "
                          f"needs {need} canasta{'s' if need > 1 else ''} to go out "
                          f"(it has {canastas})",
                          code="going_out_needs_canastas" if remaining == 0
                          else "going_out_discard_needs_canastas", n=need, have=canastas)
    threes = len(state.red3[team])
    if threes < r.red_threes_to_go_out:
        raise IllegalMove(f"going out needs {r.red_threes_to_go_out} red threes laid out "
                          f"by your side (it has {threes})",
                          code="going_out_needs_red_threes", n=r.red_threes_to_go_out,
                          have=threes)
    if state.permission is False:
        raise IllegalMove("your partner said no: you may not go out this turn",
                          code="partner_said_no")


def commit_plan(state: TableState, player: str, plan: Plan) -> list[Event]:
    team = state.side_of[player]
    melds = state.team_melds[team]
    first = not melds
    hand = state.hands[player]
    for c in plan.used:
        hand.remove(c)
    events: list[Event] = []
    for key, cards in plan.additions.items():
        m = melds.get(key)
        before = 0 if m is None else len(m.cards)
        if m is None:
            m = melds[key] = plan.fresh.get(key) or TableMeld(key)
        m.extend(cards)
        if before < state.rules.canasta_size <= len(m.cards):
            events.append({"type": "canasta", "team": team, "player": player,
                           "rank": m.rank or key, "natural": m.wilds == 0,
                           "key": key, "kind": m.kind(state.rules)})
    state.melded_players.add(player)
    state.touched_old = state.touched_old or plan.touched_old
    state.turn_new_ranks |= plan.new_ranks
    if plan.merges:
        for _keep, drop in plan.merges:
            del melds[drop]
            state.touched_old = True
            state.turn_new_ranks.discard(drop)
        renamed = rekey(melds)
        state.team_melds[team] = {renamed[k]: m for k, m in melds.items()}
        state.turn_new_ranks = {renamed[k] for k in state.turn_new_ranks if k in renamed}
        state.turn_start_ranks = {renamed.get(k, k) for k in state.turn_start_ranks}
    if first and (state.rules.bonus_piles or state.rules.keep_three):
        events += first_meld_cards(state, player)
    return events


# --- taking the pile
def plan_take(state: TableState, player: str, cards: list[Card], groups: list[list[Card]],
              check_held: bool = True) -> Plan:
    """The plan of taking the pile with ``cards`` beside its top card and the further new
    melds ``groups`` (A.8), or ``IllegalMove``."""
    r = state.rules
    team = state.side_of[player]
    hand = state.hands[player]
    block = state.pile_block(team)
    if block == "empty":
        raise IllegalMove("the discard pile is empty: draw from the stock", code="pile_empty")
    top = state.pile[-1]
    if block == "wild":
        raise IllegalMove(f"a wild card ({top.pretty}) is on top: nobody can take the pile "
                          "until it is covered", code="pile_wild_on_top", card=top.text)
    if block == "black_three":
        raise IllegalMove(f"a black three ({top.pretty}) is on top: it stops you taking the "
                          "pile this turn", code="pile_black_three", card=top.text)
    if block == "blocking_rank":
        raise IllegalMove(f"the {top.pretty} on top blocks the pile: nobody can take it "
                          "this turn", code="pile_blocking_rank", card=top.text)
    if block == "canasta":
        raise IllegalMove(f"the {top.pretty} matches your completed canasta: it stops you "
                          "taking the pile (Vienna rule)", code="pile_matches_canasta",
                          card=top.text)
    if r.one_card_rule and len(hand) == 1 and len(state.pile) == 1:
        raise IllegalMove("with one card in hand you may not take a one-card pile",
                          code="one_card_pile")
    for c in cards:
        if c.rank != top.rank and not c.is_wild:
            raise IllegalMove(f"{c.pretty} doesn't go with the {top.pretty} on top of the pile",
                              code="does_not_go_with_top", card=c.text, top=top.text)
    naturals = sum(1 for c in cards if not c.is_wild)
    frozen = state.pile_frozen_for(team)
    if frozen and naturals < 2 and not (
            not cards and onto_short_meld(r, state.team_melds[team], top)):
        why = ("your side has not melded yet" if not state.team_melds[team] else
               "the pile is frozen")
        raise IllegalMove(f"{why}: to take it you must meld the {top.pretty} with two natural "
                          f"{rank_name(top.rank)} from your hand (wild cards don't count)",
                          code="take_unmelded_needs_pair" if not state.team_melds[team]
                          else "take_frozen_needs_pair", card=top.text, rank=top.rank)
    if not frozen and not cards and top.rank not in state.team_melds[team]:
        raise IllegalMove(f"your side has no meld of {rank_name(top.rank)}: show a natural "
                          f"{rank_name(top.rank, plural=False)} and a second natural or "
                          "a wild card to take the pile", code="take_needs_natural_and_second",
                          rank=top.rank)
    if not frozen and cards and naturals < 1:
        raise IllegalMove(f"to take the pile with a wild card you also need a natural "
                          f"{rank_name(top.rank, plural=False)}",
                          code="take_wild_needs_natural", rank=top.rank)
    if cards and naturals < 2 and r.take_needs_pair:
        raise IllegalMove(f"to take the pile you must meld the {top.pretty} with two natural "
                          f"{rank_name(top.rank)} from your hand (or, when it is not frozen, "
                          "put it alone on your meld of its rank)", code="take_needs_pair",
                          card=top.text, rank=top.rank)
    if not frozen and not cards and r.take_below_canasta and not any(
            m.shape == "set" and m.rank == top.rank and not m.is_canasta(r)
            for m in state.team_melds[team].values()):
        raise IllegalMove(f"the {top.pretty} alone may only go on a meld of "
                          f"{rank_name(top.rank)} that is not yet a canasta: show a natural "
                          "pair to take the pile", code="take_onto_canasta",
                          card=top.text, rank=top.rank)
    incoming = len(state.pile_cards_to_hand(team))
    return plan_meld(state, player, groups, [], top_group=[top, *cards], incoming=incoming,
                      concealed_exempt=False, check_held=check_held)

