"""The going-out lines of sets (A.9), for ``legal``: for each rank of card that can be the
last one discarded, and for melding the whole hand, one meld that does it.

A line is worked out by counts (``going_out.Everything``) and judged by counts as the
planner would judge it, where the rules allow (``_quick_going_out``); its cards are laid
out only when it is offered. Elsewhere the planner judges it.
"""

from __future__ import annotations

from typing import Any

from .actions import Meld, meld_of
from .cards import Card
from .errors import accepted
from .going_out import Everything, assemble, fewest_to_meld, wild_room
from .legal_melds import Seat, legal_meld
from .melds import TableMeld, meld_ok, other_canastas, set_kind
from .planning import check_going_out
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM, Rules


def going_out_lines(seat: Seat) -> list[Meld]:
    """Every way to go out by melding this turn: one Meld for each rank of card that can be
    the last one left to discard, and one melding the whole hand (A.9). Each line is worked
    out by counts (``wilds_given``) and judged by counts where the rules allow
    (``_going_out_judge``); its cards are laid out only when it is offered."""
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
    spares: list[Card | None] = list(left) or [None, *_spares(r, melds, hand)]
    naturals: dict[str, list[Card]] = {}   # the hand by rank, in the hand's order
    wilds: list[Card] = []
    for c in hand:
        if c.is_wild:
            wilds.append(c)
        else:
            naturals.setdefault(c.rank, []).append(c)
    counts = {rank: len(cs) for rank, cs in naturals.items()}
    quick = _quick_going_out(seat, foot)
    everything = Everything(r, melds, counts, len(wilds), have=have, need=0 if foot else None)
    lines: list[Meld] = []
    # a line refused may be one whose spare wild cards spoil the natural canasta it needs
    keep_natural = any(kind == "natural" for kind, _ in r.going_out_kinds)
    if quick:
        texts = {rank: [c.text for c in cs] for rank, cs in naturals.items()}
        return _quick_lines(seat, everything, spares, counts, texts, wilds, keep_natural)
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
        if action is None and keep_natural:
            given = _keeping_natural(everything, spare, given)
            if given is not None:
                action = _line(seat, given, nat, wl)
        if action is not None:
            lines.append(action)
    return lines


def _quick_lines(seat: Seat, everything: Everything, spares: list[Card | None],
                 counts: dict[str, int], texts: dict[str, list[str]], wilds: list[Card],
                 keep_natural: bool) -> list[Meld]:
    """The going-out lines judged by their counts (``_Judge``), each laid out in notation as
    ``assemble`` would lay it out: a rank's naturals in the hand's order, then its wild
    cards taken from the end of the hand's wild cards."""
    judge = _Judge(seat)
    melds = seat.sets
    lines: list[Meld] = []
    wild_texts = [c.text for c in wilds]
    for spare in spares:
        cnt, txt, wt = counts, texts, wild_texts
        if spare is not None and spare.is_wild:
            wt = list(wild_texts)
            del wt[wilds.index(spare)]
        elif spare is not None:
            cnt, txt = dict(counts), dict(texts)
            rank = spare.rank
            if cnt[rank] > 1:
                cnt[rank] -= 1
                txt[rank] = rest = list(txt[rank])
                rest.remove(spare.text)
            else:
                del cnt[rank], txt[rank]
        if not cnt and not wt:
            continue
        given = everything.without(spare)
        if given is None:
            continue
        if not judge.accepts(given, cnt, spare):
            if not keep_natural:
                continue
            given = _keeping_natural(everything, spare, given)
            if given is None or not judge.accepts(given, cnt, spare):
                continue
        # the wild cards in the order they are handed out (from the end)
        handed = wt[::-1]
        used = 0
        group_texts: list[list[str]] = []
        add_texts: dict[Any, list[str]] = {}
        for rank, count in given:
            meld_texts = txt.get(rank)
            if count:
                meld_texts = (meld_texts + handed[used:used + count] if meld_texts
                              else handed[used:used + count])
                used += count
            elif meld_texts:
                meld_texts = list(meld_texts)
            else:
                continue
            if rank in melds:
                add_texts[rank] = meld_texts
            else:
                group_texts.append(meld_texts)
        line = meld_of(group_texts, add_texts)
        lines.append(line)
    return lines


def _keeping_natural(everything: Everything, spare: Card | None,
                     given: list[tuple[str, int]]) -> list[tuple[str, int]] | None:
    """The line's other spreading of wild cards, where the first spoils a natural canasta
    going out needs (``None`` when it is the same)."""
    other = everything.without(spare, keep_natural=True)
    return None if other == given else other


def _line(seat: Seat, given: list[tuple[str, int]], naturals: dict[str, list[Card]],
          wilds: list[Card]) -> Meld | None:
    """The line ``given`` laid out and judged by the planner."""
    plan = assemble(given, naturals, wilds)
    melds = seat.sets
    groups = [g for rank, g in plan.items() if rank not in melds]
    adds = {rank: g for rank, g in plan.items() if rank in melds and g}
    return legal_meld(seat, groups, adds)


def _quick_going_out(seat: Seat, foot: bool) -> bool:
    """Can a going-out line be judged by its counts (``_going_out_judge``) as the planner
    judges it? Not where the foot waits, a packet comes with a canasta, the rules look
    beyond a meld's counts and its wild cards (Modern American's rule of five and wildless
    ranks), a first meld brings cards or has Modern American's limits, or a 3 other than a
    black three (or Kombo's black threes) is in the hand."""
    game, r = seat.game, seat.rules
    if foot or r.meld_base or r.wildless_ranks or (
            r.foot_on == "canasta" and game.feet.get(seat.player)):
        return False
    if seat.threes and (seat.threes > len(seat.black) or r.black_threes_any_time):
        return False
    return bool(seat.table) or not (r.initial_clean_triple or r.splash
                                    or not r.initial_top_counts or game.bonus
                                    or r.first_meld_cards)


class _Judge:
    """The planner's verdict on a going-out line, from its counts (``accepts``): each meld
    it makes or grows, the initial minimum (a side's first meld, concealed or not), and
    what going out needs (``check_going_out``). Only where ``_quick_going_out`` says so.
    What does not change from line to line is worked out once: the verdict on each meld
    by its counts, and on each list of canastas going out would leave."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        r = seat.rules
        # the side's canastas by key, as they are (a meld a line does not join keeps its kind)
        self.kinds = [(key, m.kind(r) or "") for key, m in seat.table.items()
                      if m.is_canasta(r)]
        self.points = sum(c.points for c in seat.hand) if not seat.table else 0
        # (rank, naturals from the hand, wild cards given) -> lawful, the canasta's kind
        self.melds: dict[tuple[str, int, int], tuple[bool, str | None]] = {}
        # (canastas by kind, cards left) -> does going out allow it?
        self.outs: dict[tuple[tuple[str, ...], int], bool] = {}
        # Italian's rules for wild cards (``check_wild_use``): a line melds every wild card
        # but the spare, on sets; none in a natural first meld, no 2 (no wild card) while
        # the side has a wild meld short of a canasta
        self.no_wilds = bool(r.initial_meld_natural and not seat.table)
        self.no_deuces = False
        if (r.deuces_reserved or r.wilds_reserved) and any(
                m.shape == "wild" and not m.is_canasta(r) for m in seat.table.values()):
            self.no_wilds = self.no_wilds or r.wilds_reserved
            self.no_deuces = r.deuces_reserved
        self.deuces = sum(1 for c in seat.wilds if not c.is_joker)

    def _meld(self, rank: str, own: int, given_wilds: int) -> tuple[bool, str | None]:
        r = self.seat.rules
        old = self.seat.sets.get(rank)
        wilds, naturals = given_wilds, own
        if old is not None:
            wilds += old.wilds
            naturals += old.naturals
        ok = meld_ok(r, rank, naturals, wilds, True)
        name = set_kind(r, rank, wilds) if ok and naturals + wilds >= r.canasta_size else None
        known = self.melds[(rank, own, given_wilds)] = (ok, name)
        return known

    def accepts(self, given: list[tuple[str, int]], counts: dict[str, int],
                spare: Card | None) -> bool:
        seat = self.seat
        game, r = seat.game, seat.rules
        remaining = 0 if spare is None else 1
        if r.sevens_held and spare is not None and spare.rank == "7":
            return False   # Pennies: a seven is never the going-out discard
        if (r.play_to_stock_end or not r.going_out_by_discard) and remaining == 1:
            return False
        if remaining == 0 and r.going_out_discards:
            return False
        if self.no_wilds or self.no_deuces:
            spare_wild = spare is not None and spare.is_wild
            spare_deuce = spare is not None and spare.is_wild and not spare.is_joker
            if self.no_wilds and len(seat.wilds) - spare_wild > 0:
                return False
            if self.no_deuces and self.deuces - spare_deuce > 0:
                return False
        known = self.melds
        joined: list[str] = []
        made: list[str] = []
        for rank, given_wilds in given:
            own = counts.get(rank, 0)
            if not (given_wilds or own):
                continue
            joined.append(rank)
            verdict = known.get((rank, own, given_wilds))
            if verdict is None:
                verdict = self._meld(rank, own, given_wilds)
            ok, name = verdict
            if not ok:
                return False
            if name is not None:
                made.append(name)
        kinds = [kind for key, kind in self.kinds if key not in joined] + made
        if not seat.table:
            minimum = game.minimum_of(seat.player)
            counted = [k for k in kinds if k not in r.going_out_ignores]
            concealed = (not game.melded_before and not r.play_to_stock_end
                         and len(counted) >= r.canastas_to_go_out)
            points = self.points - (spare.points if spare else 0)
            if not concealed and (minimum == CANASTA_MINIMUM and not made
                                  or minimum == NATURAL_CANASTA_MINIMUM
                                  and "natural" not in made
                                  or points < minimum):
                return False
        out = (tuple(kinds), remaining)
        allowed = self.outs.get(out)
        if allowed is None:
            allowed = self.outs[out] = accepted(check_going_out, game, seat.team, kinds,
                                                remaining)
        return allowed


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


def _spares(rules: Rules, melds: dict[str, TableMeld], hand: list[Card]) -> list[Card]:
    """One card of each rank whose discard could end a going out: not the last but one of a
    rank that must still make a new meld (what is left of it would be stranded)."""
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    spares: dict[str, Card] = {}
    for c in hand:
        if c.rank in spares:
            continue
        rest = counts[c.rank] - 1
        if (c.is_wild or c.rank in melds or rest == 0
                or rest >= fewest_to_meld(rules, c.rank)):
            spares[c.rank] = c
    return list(spares.values())


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
