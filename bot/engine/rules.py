"""Rules as data: one frozen dataclass (the named variants are in ``variants``).

Every number and switch that differs between the Official Laws and the variants of RULES.md
part B is a field here, so a new variant is a function returning ``Rules`` (plus, where a
variant adds a new kind of meld or pile, a small hook in ``melds``/``game``), never an
``if name == ...`` inside the engine.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cached_property

from .cards import Card

NEGATIVE = -(10**9)  # threshold standing for "any negative score"

CLASSIC_MINIMUMS: tuple[tuple[int, int], ...] = ((NEGATIVE, 15), (0, 50), (1500, 90), (3000, 120))
SAMBA_MINIMUMS = CLASSIC_MINIMUMS + ((7000, 150),)
# Red threes (count -> total): Classic's all four 800 (A.4), and the three-pack scale (B.1, RG:
# 100 each up to four, five 1 000, six 1 200) of every game scoring them "as Classic" with more
# than four red threes in the deck (B.12's DEFAULT).
CLASSIC_RED_THREES: tuple[tuple[int, int], ...] = ((4, 800),)
THREE_PACK_RED_THREES: tuple[tuple[int, int], ...] = ((5, 1000), (6, 1200))
# Initial minimums that are not points (Brazilian, B.4): the first meld must hold a canasta.
CANASTA_MINIMUM = -1
NATURAL_CANASTA_MINIMUM = -2


def _as_json(value: object) -> object:
    if isinstance(value, tuple):
        return [list(x) if isinstance(x, tuple) else x for x in value]
    return value


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about one way of playing."""

    name: str = "classic"
    players: int = 4
    teams: int = 2                     # 2 or 3 sides; individual play: teams == players
    packs: int = 2
    jokers: int = 4
    hand_size: int = 11
    draw: int = 1                      # cards drawn from the stock per turn
    upcard: bool = True                # turn a card to start the pile (Modern American: no)
    target: int = 5000
    initial_minimums: tuple[tuple[int, int], ...] = CLASSIC_MINIMUMS  # (from score, minimum)
    canasta_size: int = 7
    max_meld_size: int | None = None   # capped melds (Cuban, Modern American: 7)
    min_naturals: int = 2
    max_wilds: int = 3
    wilds_at_most_naturals: bool = False   # Vienna: K-K-2-2-2 illegal
    canastas_to_go_out: int = 1
    natural_canasta: int = 500
    mixed_canasta: int = 300
    going_out: int = 100
    concealed_going_out: int = 200     # total bonus for going out concealed
    concealed_hand_canasta: int | None = None  # Vienna: 1000 with a canasta made from the hand
    concealed_with_pile: bool = True   # Vienna: taking the pile on that turn: only the plain 100
    red_three: int = 100
    red_three_sets: tuple[tuple[int, int], ...] = CLASSIC_RED_THREES   # count -> total value
    red_threes_need_canasta: bool = False   # plus only with a canasta (Vienna); else with a meld
    red_three_in_hand_penalty: int = 500
    permission_penalty: int = 100
    one_card_rule: bool = True         # one card in hand may not take a one-card pile
    pile_always_frozen: bool = False   # Cuban, Italian: natural pair only
    canasta_rank_blocks: bool = False  # Vienna: a discard matching your canasta stops you
    forced_take_any: bool = False      # stock exhausted: must take "if able" (WP) vs lay-off (BG)
    concession: int | None = None      # British "Acaba": the opponents score this much
    # --- the Samba family (B.2-B.7)
    sequences: bool = False            # runs of one suit, 4 low .. A high, no wild cards
    duplicate_melds: bool = False      # a side may hold two melds of one rank
    wild_melds: bool = False           # melds of 2s and jokers only (at most a canasta)
    sequence_canasta: int = 1500
    sequence_canasta_name: str = "samba"     # Bolivia: "escalera"
    wild_canasta: int = 2000
    wild_canasta_name: str = "wild"          # Bolivia: "bolivia"
    wild_canasta_values: tuple[tuple[int, int, int], ...] = ()   # (deuces, jokers, bonus)
    going_out_needs: tuple[str, ...] = ()    # canasta kinds going out needs (Bolivia: escalera)
    going_out_ignores: tuple[str, ...] = ()  # canasta kinds that don't count (Italian: wild)
    red_threes_canastas: int = 1       # with red_threes_need_canasta: how many canastas
    red_threes_ignores: tuple[str, ...] = ()  # canasta kinds they don't count (Italian: wild)
    # (canastas, of them natural, bonus) at the hand's end (Italian): for each number of
    # canastas the first row the side meets pays; rows of different numbers add up
    canasta_count_bonuses: tuple[tuple[int, int, int], ...] = ()
    take_needs_pair: bool = False      # Samba: a take shows a natural pair, frozen or not
    take_below_canasta: bool = False   # Samba: the top card alone goes on a meld < a canasta
    in_hand_values: tuple[tuple[str, int], ...] = ()   # rank -> value left in hand (Bolivia)
    short_sequence_size: int = 0       # Brazilian: a sequence this short at the end costs
    short_sequence_penalty: int = 0
    initial_meld_natural: bool = False  # Italian: no wild card in the initial meld
    deuces_reserved: bool = False      # Italian: an unfinished wild meld keeps the 2s
    upcard_packet: bool = False        # Italian: the upcard's value in cards goes under it
    black_three_first_round: bool = False   # Cuban: no black-three discard in the first round
    removed_black_three: int = 0       # Cuban: black threes from a taken pile, each
    removed_black_threes_all: int = 0  # Cuban: ... all four
    black_threes_any_time: bool = False     # Kombo: 3 or 4 black threes melded any time
    rank_canastas: tuple[tuple[str, int, int], ...] = ()  # rank, natural, mixed (Kombo: 7s)
    play_to_stock_end: bool = False    # Kombo: no going out; the last card is never discarded
    first_canasta_cards: int = 0       # Kombo: the hand's first canasta draws 11 more cards
    deals: int = 0                     # Kombo: a match of 4 deals (0: play to the target)
    # --- Modern American (B.15)
    threes_laid_out: bool = False      # black threes too are laid out and replaced
    keep_three: bool = False           # one 3 stays in hand (for a Straight) until the side melds
    bonus_piles: tuple[int, ...] = ()  # cards to the first, second... side to meld (4, 3)
    turn_card: int = 0                 # bonus cards only while the stock holds this many cards
    discard_limits: bool = False       # no threes; wilds only when nothing else; SWAD, empty pile
    meld_base: int = 0                 # after the initial meld, wilds join a meld of 5 naturals
    wildless_ranks: tuple[str, ...] = ()     # ranks melded without wild cards (7s, aces)
    initial_wild_ranks: tuple[str, ...] = ()  # ... except in the initial meld (aces)
    unfinished_rank_penalty: int = 0   # an unfinished meld of a wildless rank at the end
    rank_in_hand_penalty: int = 0      # 3+ cards of a wildless rank left in one hand
    wilds_reserved: bool = False       # an unfinished wild meld keeps every wild card
    unfinished_wild_penalty: int = 0   # an unfinished wild meld at the end
    unfinished_four_jokers_penalty: int = 0  # PG: ... holding all four jokers (0: as above)
    initial_clean_triple: bool = False  # the initial meld holds three naturals of a rank
    initial_top_counts: bool = True    # the pile's top card counts toward the minimum
    splash: bool = False               # a natural canasta from the hand meets any minimum
    threes_by_colour: tuple[tuple[int, int], ...] = ()  # count of one colour -> value
    melds_minus_without_canasta: bool = False
    going_out_discards: bool = False   # going out only by discarding (special hands aside)
    ask_once_a_hand: bool = False      # "may I go out?" once a hand per player
    special_hands: tuple[tuple[str, int], ...] = ()   # pattern -> value (14 cards, first meld)
    take_onto_short_meld: bool = False  # PG: the top card alone onto a meld of 3 or 4 cards
    description: str = "Classic Canasta by the Official Canasta Laws"
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
    # --- cut-throat (B.1), Slavic (B.11), Mexican (B.12), South American (B.14)
    lone_hand: bool = False            # cut-throat: the first to take the pile plays alone
    unfrozen_take_top_only: bool = False   # Slavic: an unfrozen pile gives its top card only
    going_out_by_discard: bool = True  # Slavic: no; going out melds every card
    canasta_rank_freezes: bool = False  # Slavic: a top card matching your canasta freezes
    partner_melds_after_out: bool = False   # Slavic: the partner melds his whole hand, or none
    red_threes_all_need_canasta: bool = False  # Slavic: all four and no canasta count minus
    wild_canasta_whole: bool = False   # Slavic: a wild canasta is melded all at once
    stock_end_difference: bool = False  # Slavic: at the stock's end hands count the difference
    first_meld_cards: int = 0          # Mexican: the side's first meld draws 13 more cards
    blocking_ranks: tuple[str, ...] = ()   # Mexican: a seven on top stops the pile
    red_threes_to_go_out: int = 0      # Mexican: going out needs two red threes
    blocking_canasta: int = 0          # South American: 4 black threes + 3 matching wilds
    mixed_canasta_by_wilds: tuple[tuple[int, int], ...] = ()  # South American: wilds -> bonus
    hand_canasta_eight: int = 0        # South American: 8 naturals melded at once
    # --- Hand and Foot (B.16) and Pennies from Heaven (B.13)
    foot_size: int = 0                 # a face-down foot (packet) per player; 0: none
    foot_on: str = "hand_empty"        # picked up when the hand is used up, or "canasta"
    pile_take_limit: int = 0           # a take gets only the top N cards (0: the whole pile)
    wilds_fewer_than_naturals: bool = False  # Hand and Foot: K-K-2-2 illegal, K-K-2 legal
    black_threes_meldable: bool = True  # Hand and Foot: threes are never melded
    red_threes_as_is: bool = False     # red-three value kept as it is (H&F: -300 each)
    going_out_kinds: tuple[tuple[str, int], ...] = ()  # canasta kind -> how many going out needs
    rank_canasta_kinds: tuple[tuple[str, str], ...] = ()  # rank -> its canasta kind (Pennies: 7s)
    red_threes_need_kind: str = ""     # Pennies: red threes plus only with a sevens canasta
    sevens_held: bool = False          # Pennies: no seven discarded before both sevens canastas
    deal_minimums: tuple[int, ...] = ()  # Hand and Foot: the initial minimum by deal number

    @cached_property
    def strict_melds(self) -> bool:
        """Whether a meld's legality depends on more than its own counts (the planner judges)."""
        return bool(self.deuces_reserved or self.wilds_reserved or self.meld_base
                    or self.wildless_ranks)

    @cached_property
    def one_set_a_rank(self) -> bool:
        """Whether every set is keyed by its rank, one a rank, and nothing but its counts
        and the hand's (the law, the minimum, going out) decides whether a move of sets
        is legal: no sequences, no second meld of a rank, no special hands (wild melds and
        South American's blocking and hand canastas aside)."""
        return not (self.sequences or self.duplicate_melds or self.special_hands)

    @cached_property
    def first_meld_by_counts(self) -> bool:
        """Whether a side's first meld that keeps two cards is judged by its counts and the
        minimum alone (no natural, clean triple or splash rule, the top card counting)."""
        return not (self.strict_melds or self.initial_meld_natural or self.initial_clean_triple
                    or self.splash or not self.initial_top_counts)

    @property
    def individual(self) -> bool:
        return self.teams == self.players

    @property
    def deck_size(self) -> int:
        return self.packs * 52 + self.jokers

    def in_hand_value(self, card: Card) -> int:
        """What a card left in hand costs (A.11; Bolivia's black threes: 100)."""
        for rank, value in self.in_hand_values:
            if card.rank == rank and not card.is_red_three:
                return value
        return card.points

    def minimum_for(self, score: int) -> int:
        """The initial-meld minimum of a side whose cumulative score is ``score`` (A.7)."""
        need = self.initial_minimums[0][1]
        for threshold, minimum in self.initial_minimums:
            if score >= threshold:
                need = minimum
        return need

    def red_three_value(self, count: int) -> int:
        """Value of ``count`` red threes held by one side, before the plus/minus sign (A.4):
        the total ``red_three_sets`` gives for that count, else ``red_three`` each; beyond the
        largest count it lists (a deck of more packs than the scale was made for), each
        further red three adds ``red_three`` to that count's total, so one more red three
        never scores less."""
        for n, total in self.red_three_sets:
            if count == n:
                return total
        if self.red_three_sets:
            n, total = max(self.red_three_sets)
            if count > n:
                return total + (count - n) * self.red_three
        return count * self.red_three

    def to_dict(self) -> dict[str, object]:
        """Every field, tuples as lists (the shape JSON gives back). Worked out once per
        Rules, since they are frozen (every view carries them); each call gets its own copy."""
        fields = self.__dict__.get("_fields_as_json")
        if fields is None:
            fields = {f.name: _as_json(getattr(self, f.name)) for f in dataclasses.fields(self)}
            object.__setattr__(self, "_fields_as_json", fields)
            object.__setattr__(self, "_list_fields", [name for name, value in fields.items()
                                                      if isinstance(value, list)])
        out = dict(fields)
        for name in self.__dict__["_list_fields"]:
            out[name] = [list(x) if isinstance(x, list) else x for x in fields[name]]
        return out

    @classmethod
    def from_dict(cls, d: dict[str, object]) -> Rules:
        """The rules of a snapshot (fields added since it was written keep their defaults).

        Equal rules come back as one object: they are frozen, and the thousands of games a
        process holds in memory play a handful of different sets (each set, with its JSON
        form worked out by `to_dict`, is a third of a game's memory)."""
        d = dict(d)
        for name, value in d.items():
            if isinstance(value, list):
                d[name] = tuple(tuple(x) if isinstance(x, list) else x for x in value)
        rules = cls(**d)  # type: ignore[arg-type]
        if rules.extra:  # outside equality: such rules stay their own
            return rules
        shared = _SHARED.get(rules)
        if shared is not None:
            return shared
        if len(_SHARED) < SHARED_MAX:
            _SHARED[rules] = rules
        return rules


_SHARED: dict[Rules, Rules] = {}  # equal rules -> the one object games share
SHARED_MAX = 512  # different sets remembered at most (options make new ones)


def count_bonus_groups(rows: tuple[tuple[int, int, int], ...],
                       ) -> list[list[tuple[int, int, int]]]:
    """``canasta_count_bonuses`` by number of canastas, in the order given: within a group
    the first row met pays, and the groups add up."""
    groups: dict[int, list[tuple[int, int, int]]] = {}
    for row in rows:
        groups.setdefault(row[0], []).append(row)
    return list(groups.values())
