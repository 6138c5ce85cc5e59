"""Rules as data: one frozen dataclass (the named variants are in ``variants``).

Every number and switch that differs between the Official Laws and the variants of RULES.md
part B is a field here, so a new variant is a function returning ``Rules`` (plus, where a
variant adds a new kind of meld or pile, a small hook in ``melds``/``game``), never an
``if name == ...`` inside the engine.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

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

    @property
    def strict_melds(self) -> bool:
        """Whether a meld's legality depends on more than its own counts (the planner judges)."""
        return bool(self.deuces_reserved or self.wilds_reserved or self.meld_base
                    or self.wildless_ranks)

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

    def summary(self) -> list[str]:
        """The rules in brief, for ``/rules``."""
        sides = ("individual" if self.individual
                 else f"{self.teams} teams of {self.players // self.teams}"
                 if self.players % self.teams == 0 else "a team of 2 against a team of 3, "
                 "one of the three sits out each hand")
        lines = [
            f"{self.description}: {self.players} players, {sides}.",
            f"{self.deck_size} cards, {self.hand_size} each; draw {self.draw} card"
            f"{'s' if self.draw > 1 else ''} a turn, discard 1.",
            "Melds: 3+ cards of one rank, at least 2 naturals, at most "
            f"{self.max_wilds} wild cards" + (" (never more wilds than naturals)"
                                              if self.wilds_at_most_naturals else "") + ".",
            ("No going out: the hand is played until the stock is gone; the last card is "
             "melded, never discarded." if self.play_to_stock_end else
             f"Going out needs {self.canastas_to_go_out} canasta"
             f"{'s' if self.canastas_to_go_out > 1 else ''}; bonus {self.going_out}, "
             f"concealed {self.concealed_going_out}."),
            "Initial meld: " + ", ".join(
                (f"{_minimum_text(m)} below 0" if t == NEGATIVE
                 else f"{_minimum_text(m)} from {t}")
                for t, m in self.initial_minimums) + ".",
            f"Red threes {self.red_three} each ("
            + ", ".join(f"{n} = {v}" for n, v in self.red_three_sets) + "), plus with "
            + (("a canasta" if self.red_threes_canastas == 1
                else f"{self.red_threes_canastas} canastas")
               if self.red_threes_need_canasta else "a meld") + ", else minus.",
            f"A match of {self.deals} deals." if self.deals else f"Game to {self.target}.",
        ]
        if self.sequences:
            lines.append(f"Sequences: 3+ naturals of one suit in a row (4 low, ace high, no "
                         f"wild cards), at most {self.canasta_size}; a "
                         f"{self.sequence_canasta_name} of {self.canasta_size} scores "
                         f"{self.sequence_canasta}.")
        if self.wild_melds:
            values = ", ".join(f"{d} deuces and {j} jokers {v}"
                               for d, j, v in self.wild_canasta_values)
            lines.append(f"Wild melds: 3+ wild cards; a {self.wild_canasta_name} canasta of "
                         f"{self.canasta_size} scores {self.wild_canasta}"
                         + (f" ({values})" if values else "") + ".")
        if self.duplicate_melds:
            lines.append("A side may hold two melds of the same rank.")
        if self.going_out_needs or self.going_out_ignores:
            lines.append("Going out: " + "; ".join(
                [f"one canasta must be a {k}" for k in self.going_out_needs]
                + [f"a {k} canasta does not count" for k in self.going_out_ignores]) + ".")
        if self.red_threes_ignores:
            lines.append("Red threes: " + "; ".join(
                f"a {k} canasta does not count" for k in self.red_threes_ignores) + ".")
        if self.canasta_count_bonuses:
            lines.append("At the hand's end, to any side: " + count_bonus_text(
                self.canasta_count_bonuses) + ".")
        if self.concession:
            lines.append("Acaba: a side may concede a hand; "
                         f"the opponents score {self.concession}.")
        if not self.one_card_rule:
            lines.append("A one-card hand may take a one-card pile.")
        if self.canasta_rank_blocks:
            lines.append("A discard matching your completed canasta stops you taking the pile.")
        if self.concealed_hand_canasta:
            lines.append(f"Concealed with a canasta from the hand: {self.concealed_hand_canasta}.")
        if self.foot_size:
            foot = self.foot_on == "hand_empty"
            lines.append(f"Each player also gets a face-down {'foot' if foot else 'packet'} "
                         f"of {self.foot_size} cards, picked up "
                         + ("when the hand is used up." if foot else "on completing a canasta."))
        if self.pile_take_limit:
            lines.append(f"Taking the pile gets only its top {self.pile_take_limit} cards.")
        if self.going_out_kinds:
            lines.append("Going out needs " + ", ".join(
                f"{n} {kind}" for kind, n in self.going_out_kinds) + " canasta(s).")
        if self.sevens_held:
            lines.append("No seven is discarded until both sides have a sevens canasta, and "
                         "never as the last card.")
        if self.deal_minimums:
            lines.append("Initial meld by deal, whatever the score: "
                         + " / ".join(map(str, self.deal_minimums)) + ".")
        if not self.black_threes_meldable:
            lines.append("Threes are never melded: black threes are only discarded.")
        if self.wilds_fewer_than_naturals:
            lines.append("A meld holds fewer wild cards than naturals.")
        if self.red_threes_as_is:
            lines.append(f"Each red three counts {self.red_three}, whatever the side melded.")
        for rank, kind in self.rank_canasta_kinds:
            bonus = next((n for r, n, _ in self.rank_canastas if r == rank), None)
            lines.append(f"A canasta of {rank}s is a {kind} canasta"
                         + (f" ({bonus})." if bonus is not None else "."))
        if self.red_threes_need_kind:
            lines.append(f"Red threes count plus only with a {self.red_threes_need_kind} canasta.")
        if self.bonus_piles:
            lines.append("Bonus cards: " + ", then ".join(map(str, self.bonus_piles))
                         + " to the sides in the order they first meld, while the turn card "
                         f"({self.turn_card}th from the bottom of the stock) is not drawn.")
        if self.threes_laid_out:
            lines.append("Red and black threes are laid out and replaced; threes are never "
                         "discarded" + ("; one 3 may stay in hand for a Straight until the side "
                                        "melds" if self.keep_three else "") + ".")
        if self.discard_limits:
            lines.append("Wild cards are discarded only from a hand of wild cards or to go "
                         "out; sevens, aces, wild cards and dead ranks never on an empty pile.")
        if self.meld_base:
            lines.append(f"After the initial meld a wild card joins only a meld of "
                         f"{self.meld_base} naturals.")
        if self.wildless_ranks:
            lines.append("No wild cards on " + " or ".join(self.wildless_ranks) + " melds"
                         + (f" (except {', '.join(self.initial_wild_ranks)} in the initial "
                            "meld)" if self.initial_wild_ranks else "")
                         + f"; unfinished at the end: -{self.unfinished_rank_penalty}; three "
                         f"or more left in a hand: -{self.rank_in_hand_penalty}.")
        if self.initial_clean_triple or not self.initial_top_counts or self.splash:
            lines.append("Initial meld: a clean triple, the top discard does not count; a "
                         "natural canasta from the hand always qualifies.")
        if self.threes_by_colour:
            lines.append("Threes per colour: " + ", ".join(
                f"{n} = {v}" for n, v in self.threes_by_colour)
                + f"; minus with no canasta, nothing with one, plus with "
                f"{self.red_threes_canastas}.")
        if self.melds_minus_without_canasta:
            lines.append("A side without a canasta scores its melds as minus.")
        if self.going_out_discards:
            lines.append("Going out only with a discard.")
        if self.ask_once_a_hand:
            lines.append("\"May I go out?\" once a hand.")
        if self.take_onto_short_meld:
            lines.append("The pile's top card may also go alone onto your meld of 3 or 4 cards.")
        if self.special_hands:
            lines.append("Special hands (14 cards, the side's first meld, ending the hand): "
                         + ", ".join(f"{n.replace('_', ' ')} {v}" for n, v in self.special_hands)
                         + ".")
        if self.lone_hand:
            lines.append("The first to take the pile plays alone against the other two, who "
                         "join their melds; each scores his own red threes.")
        if self.unfrozen_take_top_only:
            lines.append("An unfrozen pile gives only its top card.")
        if not self.going_out_by_discard:
            lines.append("Going out melds every card: never by a discard.")
        if self.canasta_rank_freezes:
            lines.append("A top card matching your completed canasta freezes the pile for you.")
        if self.partner_melds_after_out:
            lines.append("When a player goes out, his partner lays down his whole hand if "
                         "every card of it can be melded.")
        if self.wild_canasta_whole:
            lines.append(f"A wild canasta is melded all at once: {self.wild_canasta}.")
        if self.first_meld_cards:
            lines.append(f"The side's first meld brings its maker {self.first_meld_cards} "
                         "cards from the stock.")
        if self.blocking_ranks:
            lines.append(f"A {' or '.join(self.blocking_ranks)} on top blocks the pile.")
        if self.red_threes_to_go_out:
            lines.append(f"Going out also needs {self.red_threes_to_go_out} red threes.")
        if self.blocking_canasta:
            lines.append("Blocking canasta: four black threes and three matching wild cards, "
                         f"melded at once: {self.blocking_canasta}, ends the hand and cancels "
                         "the opponents' melds.")
        if self.mixed_canasta_by_wilds:
            lines.append("Mixed canastas by wild cards: " + ", ".join(
                f"{w}: {v}" for w, v in self.mixed_canasta_by_wilds) + ".")
        if self.hand_canasta_eight:
            lines.append("A natural canasta of 8 melded from the hand: "
                         f"{self.hand_canasta_eight}.")
        return lines

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


def count_bonus_text(rows: tuple[tuple[int, int, int], ...]) -> str:
    """The canasta-count bonuses in English words (``summary``)."""
    def one(canastas: int, natural: int, bonus: int) -> str:
        if natural >= canastas:
            return f"{bonus} for {canastas} natural canastas"
        if natural:
            return f"{bonus} for {canastas} canastas, at least {natural} of them natural"
        return f"{bonus} for {canastas} canastas of any kind"
    return "; and a further ".join(", or else ".join(one(*row) for row in group)
                         for group in count_bonus_groups(rows))


def _minimum_text(minimum: int) -> str:
    if minimum == CANASTA_MINIMUM:
        return "a canasta"
    if minimum == NATURAL_CANASTA_MINIMUM:
        return "a natural canasta"
    return str(minimum)
