"""Taking the discard pile (A.8): every kind of take, and the exact "can this player take it?".

A kind of take is how many naturals of the top card's rank and how many wild cards from the
hand join the top card. For each kind the search is exact: the take by itself, else (a side
that has not melded) the further melds that reach the minimum while keeping two cards, else
(a pile of at most two cards) melding the whole hand with it to go out. A.10's "cannot take
the discard" asks the same question, so the stock-end rule and the offered moves agree.
"""

from __future__ import annotations

from .actions import TakePile, take_of
from .cards import Card, card_texts
from .going_out import fewest_to_meld, meld_everything
from .initial_meld import MeldTable, most_points
from .meld_limits import onto_short_meld
from .melds import meld_ok, other_canastas
from .pile_take import PileTake, once
from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM
from .table_state import TableState


class _Search(PileTake):
    """One player's pile takes in one position: each kind by itself, else with further
    melds that reach the initial minimum, else going out with it."""

    def __init__(self, game: TableState, player: str, tops: list[Card]) -> None:
        super().__init__(game, player, tops)
        self._table: MeldTable | None = None   # the rest's new melds (``_with_minimum``)

    def takes(self) -> list[TakePile]:
        """``take`` of every kind, in the order of ``kinds``."""
        quick = self.by_counts(self._further)
        if quick is not None:
            return quick
        alone, further = self._alone(), self._further
        out: list[TakePile] = []
        for n, w in self.kinds():
            action = alone(n, w)
            if action is None:
                action = further(n, w)
                if action is None:
                    continue
            out.append(action)
        return out

    def take(self, n: int, w: int) -> TakePile | None:
        """A legal take with ``n`` naturals and ``w`` wild cards beside the top card."""
        action = self._alone()(n, w)
        return action if action is not None else self._further(n, w)

    def _further(self, n: int, w: int) -> TakePile | None:
        """The take with further melds that reach the minimum, else going out with it."""
        left = len(self.hand) + self.incoming + self.arriving - n - w
        r = self.game.rules
        if (not self.all_melds and left >= 5
                # a wild card beside the top card in Italian's natural first meld: refused
                # whatever the further melds (``_refused``)
                and not (w and r.initial_meld_natural and not r.blocking_canasta)
                # the take's own meld, which the move keeps two cards beside (so does not
                # go out), whichever wild cards go beside the top card
                and meld_ok(r, self.top.rank, n + 1, w, False)):
            jokers, deuces = self.jokers_deuces
            for a in range(min(w, len(jokers)), -1, -1):
                if w - a > len(deuces):
                    continue
                action = self._with_minimum(n, jokers[:a] + deuces[:w - a], a, left - 2)
                if action is not None:
                    return action
        return self._going_out(n, w)

    def _with_minimum(self, n: int, wilds: list[Card], jokers: int,
                      room: int) -> TakePile | None:
        """The take plus the fewest further melds that reach the initial minimum
        (``jokers``: how many of ``wilds`` are jokers), in at most ``room`` cards (the
        hand keeps two); its own meld is lawful (``_further``)."""
        if room < 3:
            return None
        cards = self.tops[:n] + wilds
        beside = 0   # the points of the cards beside the top card
        for c in cards:
            beside += c.points
        need = self.minimum - self.top_points - beside
        naturals, most = self._rest
        if most < need:
            return None   # not even every meld the rest of the hand holds
        table = self._table
        if table is None:
            table = self._table = MeldTable(self.game.rules, naturals, self.wilds,
                                            len(self.hand) - len(self.tops))
        groups = table.find(need, room, len(table.jokers) - jokers,
                            len(table.deuces) - (len(wilds) - jokers))
        if groups is None or self._refused(n, len(wilds), groups):
            return None
        if self._facts is not None and self.minimum not in (CANASTA_MINIMUM,
                                                            NATURAL_CANASTA_MINIMUM):
            # as the planner judges it where the rules judge melds by their counts: the
            # take's own meld is lawful (``_further``), so are the groups (``MeldTable`` makes only
            # lawful ones, of no black threes, so no blocking canasta), two cards stay
            # (``room``), so the minimum is all that is left
            points = self.top.points + beside
            for g in groups:
                for c in g:
                    points += c.points
            if points < self.minimum:
                return None
            return take_of(card_texts(cards), [card_texts(g) for g in groups])
        return self._legal(cards, groups)

    @once
    def _rest(self) -> tuple[dict[str, list[Card]], int]:
        """The naturals by rank of the rest of the hand (the cards not of the top card's
        rank), and a bound on the points of the new melds it can make (``most_points``)."""
        rules, rank = self.game.rules, self.top.rank
        naturals: dict[str, list[Card]] = {}
        for c in self.hand:
            x = c.rank
            if x in naturals:
                naturals[x].append(c)
            elif x != rank and not c.is_wild:
                naturals[x] = [c]
        return naturals, most_points(rules, naturals, self.wilds)

    def _going_out(self, n: int, w: int) -> TakePile | None:
        """The take that melds the whole hand (but a card to discard) and goes out."""
        # the naturals of the top card's rank beside it are all the hand's, but a spare one
        tops, rank = len(self.tops), self.top.rank
        if n != tops and n != tops - 1 or self.game.permission is False:
            return None
        if self.incoming > 1 or n != tops and self.incoming:
            return None
        spares: list[Card | None] = [None]
        if self.incoming == 0:
            spares += list({c.rank: c for c in self.hand}.values())
        counts, short = self._stranded
        if len(short) > 1:
            return None
        r, melds = self.game.rules, self.melds
        have: int | None = None
        for spare in spares:
            if tops - (spare is not None and spare.rank == rank) != n:
                continue
            if spare is None or spare.is_wild:
                if short:
                    continue
            else:
                x = spare.rank
                if short and short != {x}:
                    continue
                if (x != rank and x not in melds
                        and 0 < counts[x] - 1 < fewest_to_meld(r, x)):
                    continue
            cards = list(self.hand)
            if spare is not None:
                cards.remove(spare)
            if have is None:
                have = other_canastas(self.game.rules, self.all_melds)
            plan = meld_everything(self.game.rules, self.melds, cards, top=self.top,
                                   top_wilds=w, lay_off_wilds=False, have=have)
            if plan is None:
                continue
            with_top = plan.pop(self.top.rank)
            groups = list(plan.values())
            if self._refused(n, w, groups):
                continue
            action = self._legal(with_top, groups)
            if action is not None:
                return action
        return None

    @once
    def _stranded(self) -> tuple[dict[str, int], set[str]]:
        """The hand's naturals by rank, and the ranks whose naturals no meld of going out
        with the top card can take (``going_out.stranded``): none may be left once the
        spare card is put aside."""
        counts: dict[str, int] = {}
        for c in self.hand:
            if not c.is_wild:
                counts[c.rank] = counts.get(c.rank, 0) + 1
        r, melds, rank = self.game.rules, self.melds, self.top.rank
        return counts, {x for x, k in counts.items()
                        if x != rank and x not in melds and k < fewest_to_meld(r, x)}

def _search(game: TableState, player: str) -> _Search | None:
    team = game.team_of(player)
    if game.pile_block(team) is not None:
        return None
    hand = game.hands[player]
    if game.rules.one_card_rule and len(hand) == 1 and len(game.pile) == 1:
        return None
    card = game.pile[-1]
    top, melds = card.rank, game.team_melds[team]
    tops = [c for c in hand if c.rank == top]
    if not tops and top not in melds:
        return None  # no natural to show and no meld to lay the top card off on
    if (len(tops) < 2 and game.pile_frozen_for(team)
            and not onto_short_meld(game.rules, melds, card)):
        return None  # a frozen pile wants a natural pair (``_Search.kinds``)
    return _Search(game, player, tops)


def take_actions(game: TableState, player: str) -> list[TakePile]:
    """One legal take of each kind (naturals and wild cards beside the top card)."""
    search = _search(game, player)
    return [] if search is None else search.takes()


def any_take(game: TableState, player: str) -> bool:
    """Exactly: has ``player`` any legal way to take the discard pile now?"""
    search = _search(game, player)
    return search is not None and any(search.take(n, w) is not None for n, w in search.kinds())


def forced_take(game: TableState, player: str) -> bool:
    """Stock exhausted: must this player take the pile (A.10)?"""
    if game.stock or not game.pile:
        return False
    if game.rules.forced_take_any:
        return any_take(game, player)
    return lay_off_take(game, player) is not None


def lay_off_take(game: TableState, player: str) -> TakePile | None:
    """The take that lays the top card off on the side's meld of its rank, if legal."""
    search = _search(game, player)
    if search is None or search.frozen or search.top.rank not in search.melds:
        return None
    return search.take(0, 0)
