"""The going-out lines of sets (A.9), for ``legal``: for each rank of card that can be the
last one discarded, and for melding the whole hand, one meld that does it.

A line is worked out by counts (``going_out.Everything``) and judged by counts as the
planner would judge it, where the rules allow (``quick_going_out``); its cards are laid
out only when it is offered. Elsewhere the planner judges it.
"""

from __future__ import annotations

from .actions import Meld
from .cards import CARDS, Card
from .going_out import Everything, assemble, fewest_to_meld, wild_room
from .going_out_judge import quick_lines, respreadings, spread_again
from .going_out_verdict import quick_going_out
from .legal_melds import Seat, legal_meld
from .melds import TableMeld, other_canastas
from .rules import Rules


def going_out_lines(seat: Seat) -> list[Meld]:
    """Every way to go out by melding this turn: one Meld for each rank of card that can be
    the last one left to discard, and one melding the whole hand (A.9), which comes first
    where there is one (every other keeps back one card). Each line is worked
    out by counts (``wilds_given``) and judged by counts where the rules allow
    (``going_out_judge.Judge``); its cards are laid out only when it is offered."""
    game, r = seat.game, seat.rules
    if game.permission is False:
        return []
    melds = seat.sets
    left = _stranded(seat)
    if left is None:
        return []
    hand = seat.hand
    have = other_canastas(r, seat.table)
    foot = game.foot_pending(seat.player)   # Hand and Foot: melding the hand away picks it up
    if not (foot or _canastas_within_reach(r, melds, seat, have)):
        return []
    # the hand by rank, in the hand's order: each rank's notation, its first card
    texts: dict[str, list[str]] = {}
    firsts: list[Card] = []
    wilds: list[Card] = []
    # the first wild card of each rank, with the natural ranks the hand showed before it
    first_wilds: list[tuple[int, Card]] = []
    for c in hand:
        if c.is_wild:
            if not first_wilds or first_wilds[0][1].rank != c.rank and len(first_wilds) < 2:
                first_wilds.append((len(firsts), c))   # (two ranks of wild cards at most)
            wilds.append(c)
        else:
            held = texts.get(c.rank)
            if held is None:
                texts[c.rank] = [c.text]
                firsts.append(c)
            else:
                held.append(c.text)
    counts = {rank: len(ts) for rank, ts in texts.items()}
    spares: list[Card | None] = list(left) or [None, *_spares(r, melds, firsts, counts,
                                                              first_wilds)]
    everything = Everything(r, melds, counts, len(wilds), have=have, need=0 if foot else None)
    # a line refused may be one whose spare wild cards spoil the natural canasta it needs,
    # or leave natural the canasta that must be mixed
    respread = respreadings(r)
    if quick_going_out(seat, foot):
        # (a side's first meld: the hand's points, a rank's naturals alike, its 3s black)
        points = None if seat.table else (sum(c.points * counts[c.rank] for c in firsts)
                                          + sum(c.points for c in wilds))
        return quick_lines(seat, everything, spares, counts, texts, wilds, respread, points)
    naturals = {rank: [CARDS[t] for t in ts] for rank, ts in texts.items()}
    lines: list[Meld] = []
    for spare in spares:
        nat, cnt, wl = naturals, counts, wilds
        if spare is not None and spare.is_wild:
            i = wilds.index(spare)
            wl = wilds[:i] + wilds[i + 1:]
        elif spare is not None:
            nat, cnt = dict(naturals), dict(counts)
            left = list(nat[spare.rank])
            left.remove(spare)
            if left:
                nat[spare.rank], cnt[spare.rank] = left, len(left)
            else:
                del nat[spare.rank], cnt[spare.rank]
        if not cnt and not wl:
            continue
        given = everything.without(spare)
        if given is None:
            continue
        action = _line(seat, given, nat, wl)
        if action is None and respread:
            for other in spread_again(everything, spare, given, respread):
                action = _line(seat, other, nat, wl)
                if action is not None:
                    break
        if action is not None:
            lines.append(action)
    return lines


def _line(seat: Seat, given: list[tuple[str, int]], naturals: dict[str, list[Card]],
          wilds: list[Card]) -> Meld | None:
    """The line ``given`` laid out and judged by the planner."""
    plan = assemble(given, naturals, wilds)
    melds = seat.sets
    groups = [g for rank, g in plan.items() if rank not in melds]
    adds = {rank: g for rank, g in plan.items() if rank in melds and g}
    return legal_meld(seat, groups, adds)


def _stranded(seat: Seat) -> list[Card] | None:
    """The cards no going out can meld (a lone natural of a rank the side has not melded, one
    or two black threes), or ``None`` when there are more of them than one discard
    (``going_out.stranded``, from the split hand)."""
    r = seat.rules
    melds = seat.sets
    out: list[Card] = []
    need = r.min_naturals
    for rank, cards in seat.naturals.items():
        if rank not in melds and len(cards) < need:
            out += cards
            if len(out) > 1:
                return None
    if seat.threes and "3" not in melds and seat.threes < fewest_to_meld(r, "3"):
        out += [c for c in seat.hand if c.rank == "3"]
        if len(out) > 1:
            return None
    return out


def _spares(rules: Rules, melds: dict[str, TableMeld], firsts: list[Card],
            counts: dict[str, int], first_wilds: list[tuple[int, Card]]) -> list[Card]:
    """One card of each rank whose discard could end a going out, the first of its rank
    in the hand, in the hand's order: not the last but one of a rank that must still make
    a new meld (what is left of it would be stranded). (``firsts``: the hand's first
    natural of each rank, in the hand's order, ``counts`` its naturals by rank;
    ``first_wilds``: its first wild card of each rank, with the natural ranks seen before
    it.)"""
    out: list[Card] = []
    w = 0
    for k, c in enumerate(firsts):
        while w < len(first_wilds) and first_wilds[w][0] <= k:
            out.append(first_wilds[w][1])
            w += 1
        rank = c.rank
        rest = counts[rank] - 1
        if rank in melds or rest == 0 or rest >= fewest_to_meld(rules, rank):
            out.append(c)
    out += [c for _, c in first_wilds[w:]]
    return out


def _canastas_within_reach(r: Rules, melds: dict[str, TableMeld], seat: Seat,
                           have: int) -> bool:
    """Could melding the whole hand give the side the canastas it needs to go out? (A quick
    bound: each meld with all its naturals from the hand and every wild card.)"""
    size, need = r.canasta_size, r.canastas_to_go_out
    if have >= need:
        return True
    wilds = len(seat.wilds)
    hand, threes = seat.naturals, seat.threes
    for rank, m in melds.items():   # each meld with the hand's naturals of its rank
        own = hand.get(rank)
        w = m.wilds
        n = len(m.cards) - w + (len(own) if own else 0) + (threes if rank == "3" else 0)
        if (n + w + wilds >= size
                and n + w + min(wilds, wild_room(r, rank, n, w)) >= size):
            have += 1
            if have >= need:
                return True
    for rank, cards in hand.items():   # the new melds
        n = len(cards)
        if (rank not in melds and n + wilds >= size
                and n + min(wilds, wild_room(r, rank, n, 0)) >= size):
            have += 1
            if have >= need:
                return True
    return bool(threes and "3" not in melds and threes + wilds >= size
                and threes + min(wilds, wild_room(r, "3", threes, 0)) >= size
                and have + 1 >= need)
