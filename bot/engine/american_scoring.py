"""A side's hand score in Modern American (B.15), in the six parts of every score sheet:

- ``melded``: its melded cards, as minus when it has no canasta;
- ``canastas``: the bonuses (sevens and natural aces 2 500; wild canastas 3 000 for seven 2s,
  2 500 with the four jokers, else 2 000; natural 500; mixed 300);
- ``red_threes``: the threes of each colour, laid out or kept in hand (1: 100, 2: 300,
  3: 500, 4: 1 000), minus with no canasta, nothing with one, plus with two or more;
- ``going_out``: 100, or the special hand's value (the side then scores nothing else);
- ``in_hand``: the cards left in its players' hands (a 3 counts 5);
- ``penalties``: an unfinished meld of sevens or natural aces -2 500, an unfinished wild meld
  -2 000 (PG's -2 500 when it holds all four jokers: ``unfinished_four_jokers_penalty``),
  three or more sevens (or aces) left in one hand -1 500, "yes" not followed -100.
"""

from __future__ import annotations

from collections import Counter

from .melds import canasta_bonus
from .table_state import TableState


def _threes(state: TableState, team: int, count_hands: bool) -> tuple[int, int]:
    red = len(state.red3[team])
    black = len(state.black3[team])
    if count_hands:
        for p in state.members[team]:
            for c in state.hands[p]:
                if c.rank == "3":
                    red += c.is_red_three
                    black += c.is_black_three
    return red, black


def american_breakdown(state: TableState, team: int, going_out: int,
                       special: int | None = None, count_hands: bool = True,
                       ) -> dict[str, int]:
    """The six parts of one side's score (``special``: the value of its special hand;
    ``count_hands=False``: what is on the table only, for the running score)."""
    r = state.rules
    if special is not None:
        return {"melded": 0, "canastas": 0, "red_threes": 0, "going_out": special,
                "in_hand": 0, "penalties": 0}
    melds = list(state.team_melds[team].values())
    canastas = [m for m in melds if m.is_canasta(r)]
    melded = sum(m.points for m in melds)
    if not canastas and r.melds_minus_without_canasta:
        melded = -melded
    table = dict(r.threes_by_colour)
    threes = sum(table.get(n, 0) if n <= max(table) else table[max(table)]
                 for n in _threes(state, team, count_hands) if n)
    if not canastas:
        threes = -threes
    elif len(canastas) < r.red_threes_canastas:
        threes = 0
    penalties = state.penalties[team]
    for m in melds:
        if m.is_canasta(r):
            continue
        if m.shape == "wild":
            four_jokers = sum(1 for c in m.cards if c.is_joker) == 4
            penalties += (r.unfinished_four_jokers_penalty
                          if four_jokers and r.unfinished_four_jokers_penalty
                          else r.unfinished_wild_penalty)
        elif m.rank in r.wildless_ranks and not m.wilds:
            penalties += r.unfinished_rank_penalty
    in_hand = 0
    if count_hands:
        for p in state.members[team]:
            if p not in state.order:
                continue
            cards = state.hands[p]
            in_hand += sum(5 if c.rank == "3" else c.points for c in cards)
            ranks = Counter(c.rank for c in cards)
            penalties += r.rank_in_hand_penalty * sum(
                1 for rank in r.wildless_ranks if ranks[rank] >= 3)
    return {"melded": melded, "canastas": sum(canasta_bonus(r, m) for m in canastas),
            "red_threes": threes, "going_out": going_out, "in_hand": -in_hand,
            "penalties": -penalties}
