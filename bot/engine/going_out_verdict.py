"""The planner's verdict on going out, from counts (``Judge``), where the rules allow it
(``quick_going_out``): for ``going_out_judge``'s lines, and for a building candidate that
melds all the hand but at most one card (``judged_going_out``).
"""

from __future__ import annotations

from .bonus_cards import first_meld_brings
from .cards import Card
from .errors import accepted
from .legal_melds import Part, Seat, meets_minimum
from .melds import law_key, meld_ok, remembered, set_kind
from .planning import check_going_out


def quick_going_out(seat: Seat, foot: bool) -> bool:
    """Can a going-out line be judged by its counts (``going_out_judge.Judge``) as the planner
    judges it? Not where the foot waits, a packet comes with a canasta, the rules look
    beyond a meld's counts and its wild cards (Modern American's rule of five and wildless
    ranks), a first meld brings a bonus pile or a single card (Mexican's 13 make it a
    building meld: ``Judge.going_out``) or has Modern American's limits, or a 3 other than
    a black three is in the hand (Kombo's black threes are judged as any meld, at most four
    to a meld)."""
    game, r = seat.game, seat.rules
    if foot or r.meld_base or r.wildless_ranks or (
            r.foot_on == "canasta" and game.feet.get(seat.player)):
        return False
    if seat.threes > len(seat.black):
        return False
    return bool(seat.table) or not (r.initial_clean_triple or r.splash
                                    or not r.initial_top_counts or game.bonus
                                    or r.first_meld_cards
                                    and first_meld_brings(game, seat.team) == 1)


class Judge:
    """The planner's verdict on a going-out line, from its counts (``accepts``): each meld
    it makes or grows, the initial minimum (a side's first meld, concealed or not), and
    what going out needs (``check_going_out``). Only where ``quick_going_out`` says so.
    What does not change from line to line is worked out once: the verdict on each meld
    by its counts, and on each list of canastas going out would leave."""

    def __init__(self, seat: Seat, points: int | None = None) -> None:
        """(``points``: the hand's, where the caller knows them.)"""
        self.seat = seat
        r = seat.rules
        # the side's canastas by key, as they are (a meld a line does not join keeps its kind)
        self.kinds = [(key, m.kind(r) or "") for key, m in seat.table.items()
                      if m.is_canasta(r)]
        self.points = (0 if seat.table else points if points is not None
                       else sum(c.points for c in seat.hand))
        # a side's first meld: the initial minimum (the same for every line)
        self.minimum = seat.game.minimum_of(seat.player) if not seat.table else 0
        # a side's first meld that brings cards after it (Mexican's 13) never goes out:
        # its lines are building melds, judged by the law and the minimum alone
        self.going_out = bool(seat.table) or not (
            r.first_meld_cards and first_meld_brings(seat.game, seat.team))
        self.sets = seat.sets
        # (rank, naturals, wild cards of the meld) -> lawful, the canasta's kind,
        # remembered on the rules
        self.law: dict[tuple[str, int, int], tuple[bool, str | None]] = remembered(
            r, "_going_out_verdicts" if self.going_out else "_building_verdicts",
            lambda r: (law_key(r), r.canasta_size, r.rank_canasta_kinds))
        # (canastas by kind, cards left) -> does going out allow it? Where going out looks
        # at no kind (``check_going_out``), the number of canastas stands for them
        self.outs: dict[tuple[tuple[str, ...] | int, int], bool] = {}
        self.by_number = not (r.going_out_ignores or r.going_out_needs or r.going_out_kinds)
        # a first meld that goes out may be concealed (not bound by the minimum)?
        self.concealable = self.going_out and not (seat.game.melded_before
                                                   or r.play_to_stock_end)
        # Italian's rules for wild cards (``check_wild_use``): a line melds every wild card
        # but the spare, on sets; none in a natural first meld, no 2 (no wild card) while
        # the side has a wild meld short of a canasta
        self.no_wilds = bool(r.initial_meld_natural and not seat.table)
        self.no_deuces = False
        if (r.deuces_reserved or r.wilds_reserved) and any(
                m.shape == "wild" and not m.is_canasta(r) for m in seat.table.values()):
            self.no_wilds = self.no_wilds or r.wilds_reserved
            self.no_deuces = r.deuces_reserved
        self.natural_refused: bool | None = None   # (``refuses``, a natural spare's)
        self.deuces = sum(1 for c in seat.wilds if not c.is_joker) if self.no_deuces else 0

    def _meld(self, rank: str, naturals: int, wilds: int) -> tuple[bool, str | None]:
        """``verdict`` of the meld as it would be, worked out and remembered."""
        r = self.seat.rules
        ok = meld_ok(r, rank, naturals, wilds, self.going_out) and not (
            rank == "3" and r.black_threes_any_time and naturals + wilds > 4)
        name = set_kind(r, rank, wilds) if ok and naturals + wilds >= r.canasta_size else None
        known = self.law[(rank, naturals, wilds)] = (ok, name)
        return known

    def refuses(self, spare: Card | None) -> bool:
        """Does going out with this spare (``None``: melding the whole hand) fail whatever
        the melds: the rules' discard, Italian's wild cards? (One answer for every natural
        spare but a seven.)"""
        if spare is not None and not spare.is_wild and spare.rank != "7":
            known = self.natural_refused
            if known is None:
                known = self.natural_refused = self._refuses(spare)
            return known
        return self._refuses(spare)

    def _refuses(self, spare: Card | None) -> bool:
        seat = self.seat
        r = seat.rules
        if self.going_out:
            remaining = 0 if spare is None else 1
            if r.sevens_held and spare is not None and spare.rank == "7":
                return True   # Pennies: a seven is never the going-out discard
            if (r.play_to_stock_end or not r.going_out_by_discard) and remaining == 1:
                return True
            if remaining == 0 and r.going_out_discards:
                return True
        if self.no_wilds or self.no_deuces:
            spare_wild = spare is not None and spare.is_wild
            spare_deuce = spare is not None and spare.is_wild and not spare.is_joker
            if self.no_wilds and len(seat.wilds) - spare_wild > 0:
                return True
            if self.no_deuces and self.deuces - spare_deuce > 0:
                return True
        return False

    def verdict(self, rank: str, own: int, given_wilds: int) -> tuple[bool, str | None]:
        """The meld of ``rank`` going out with ``own`` naturals from the hand and
        ``given_wilds`` wild cards: lawful, the canasta it is (``None``: none)."""
        old = self.sets.get(rank)
        if old is not None:
            own += old.naturals
            given_wilds += old.wilds
        known = self.law.get((rank, own, given_wilds))
        return self._meld(rank, own, given_wilds) if known is None else known

    def accepts(self, given: list[tuple[str, int]], counts: dict[str, int],
                spare: Card | None) -> bool:
        if self.refuses(spare):
            return False
        joined: list[str] = []
        made: list[str] = []
        for rank, given_wilds in given:
            own = counts.get(rank, 0)
            if not (given_wilds or own):
                continue
            joined.append(rank)
            ok, name = self.verdict(rank, own, given_wilds)
            if not ok:
                return False
            if name is not None:
                made.append(name)
        kinds = [kind for key, kind in self.kinds if key not in joined] + made
        return self.allows(kinds, made, spare)

    def allows(self, kinds: list[str], made: list[str], spare: Card | None) -> bool:
        """Its melds lawful, the line leaving the side with canastas of ``kinds`` (those
        it makes: ``made``): does it meet the initial minimum, and may the side go out?"""
        seat = self.seat
        game, r = seat.game, seat.rules
        remaining = 0 if spare is None else 1
        if not seat.table:
            concealed = False
            if self.concealable:
                ignored = r.going_out_ignores
                counted = (sum(1 for k in kinds if k not in ignored) if ignored
                           else len(kinds))
                concealed = counted >= r.canastas_to_go_out
            points = self.points - (spare.points if spare else 0)
            if not concealed and not meets_minimum(seat, points, bool(made), "natural" in made,
                                                   self.minimum):
                return False
            if not self.going_out:
                return True
        out = (len(kinds) if self.by_number else tuple(kinds), remaining)
        allowed = self.outs.get(out)
        if allowed is None:
            allowed = self.outs[out] = accepted(check_going_out, game, seat.team, kinds,
                                                remaining)
        return allowed


def judged_going_out(seat: Seat, parts: list[Part], add_parts: list[Part],
                     size: int) -> bool | None:
    """A candidate of ``size`` cards that melds all the hand but at most one card (so goes
    out), its groups and lay-offs worked out (``Seat.part``): the ``Judge``'s verdict by
    its counts where the rules allow (``quick_going_out``, melds that are sets keyed by
    rank); ``None`` where the planner must judge it."""
    hand, melds = seat.hand, seat.sets
    if size < len(hand) - 1:
        return None
    game = seat.game
    if not quick_going_out(seat, game.foot_pending(seat.player)):
        return None
    given: list[tuple[str, int]] = []   # (rank, wild cards from the hand)
    counts: dict[str, int] = {}         # rank -> naturals from the hand
    points = wilds = jokers = 0
    for p in parts + add_parts:
        rank = p[1]
        if rank in counts:
            return None   # two melds of a rank
        old = melds.get(rank)
        own_wilds = p[6] - old.wilds if old is not None else p[6]
        counts[rank] = p[5] - old.naturals if old is not None else p[5]
        given.append((rank, own_wilds))
        points += p[7]
        if own_wilds:
            wilds += own_wilds
            jokers += sum(1 for c in p[0] if c.is_joker)
    spare: Card | None = None
    if size < len(hand):   # the card left to discard
        spare = _left(seat, counts, wilds, jokers)
        if spare is None:
            return None
        points += spare.points
    return Judge(seat, points).accepts(given, counts, spare)


def _left(seat: Seat, counts: dict[str, int], wilds: int, jokers: int) -> Card | None:
    """The one card of the hand a candidate leaves (``counts``: the naturals of each rank
    it melds, with ``wilds`` wild cards, ``jokers`` of them jokers): a lone natural, a wild
    card (one like it) or a black three; ``None`` where that is not clear by counts."""
    left: Card | None = None
    for rank, cards in seat.naturals.items():
        n = len(cards) - counts.get(rank, 0)
        if n:
            if n > 1 or len(cards) > 1 or left is not None:
                return None
            left = cards[0]
    if wilds < len(seat.wilds):
        if left is not None or len(seat.wilds) - wilds > 1:
            return None
        held = sum(1 for c in seat.wilds if c.is_joker)
        left = next(c for c in seat.wilds if c.is_joker == (jokers < held))
    black = len(seat.black) - counts.get("3", 0)
    if black:
        if left is not None or black > 1:
            return None
        left = seat.black[0]
    return left
