"""What separates the heuristic levels: the ``Style`` of play, its switches and its numbers.

The easy and normal levels are fixed Styles (``EASY``, ``NORMAL``); ``STRONG`` is a Style
tuned by duplicate arenas against normal (``python -m bench.tune``), meant for the hard
level's base move and rollouts. Every number the heuristics weigh is a field here, with
normal's value as the default; new ideas sit behind fields that normal leaves off.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from bot.engine import Rules


@dataclass(frozen=True)
class Style:
    """One way of playing by the heuristics (hard uses one for its rollouts)."""

    # ------------------------------------------------------------------ switches
    keep_pairs: bool = True        # hold natural pairs to take the pile with
    value_pile: bool = True        # weigh the pile's cards before taking it
    freeze: bool = True            # freeze a big pile with a wild card
    count_cards: bool = True       # use the cards seen to judge what the next player holds
    time_going_out: bool = True    # build canastas first unless going out is urgent
    hold_sets: bool = True         # keep a small set of an unmelded rank in hand for a while
    ask_partner: bool = True

    # ------------------------------------------------------------------ discarding
    keep_two: float = 45.0         # what holding a deuce is worth
    keep_joker: float = 70.0       # ... a joker
    keep_wild_points: float = 0.5  # a wild card's points weigh this much (times endgame)
    keep_black_three: float = 6.0  # a black three early (less by 5 x endgame)
    black_three_late: float = 5.0
    keep_melded: float = 30.0      # a card of a rank the side has melded
    keep_set: float = 40.0         # three or more of a rank in hand
    keep_pair: float = 22.0        # a pair (12 without keep_pairs)
    keep_single: float = 4.0       # a lone card ...
    keep_unseen: float = 0.6       # ... plus this much per unseen card of its rank
    danger_per_card: float = 9.0   # what the next player's pile take costs, per pile card
    danger_base: float = 25.0
    danger_unmelded: float = 0.4   # a frozen pile: the odds scale if the next side has not melded
    danger_discarded: float = 0.4  # the next player discarded this rank earlier
    lay_off_cost: float = 1000.0   # a card the next opponent lays off
    freeze_pile: int = 10          # freeze a pile this big ...
    freeze_hand: int = 7           # ... while the next player holds this many cards
    freeze_per_card: float = 3.5
    danger_rich: float = 0.0       # (new) a take costs this much more per wild card in the pile
    pile_law: bool = False         # (new) judge the next player's take by the variant's own
    # law of the pile where it asks a natural pair (Samba: a pair, or the top card alone on a
    # meld of its rank that is not yet a canasta; no natural and wild card)
    frozen_lay_off: bool = False   # (new) a card of a rank the next side has melded costs the
    # lay-off only where the pile is not frozen for that side (frozen, the discard alone
    # cannot take it: a take asks a natural pair, which ``danger`` weighs)

    # ------------------------------------------------------------------ the hand's stage
    endgame_stock: int = 8         # the end nears with this few cards in the stock
    endgame_early: float = 0.3     # how much the points in hand weigh before that
    threat_cards: int = 6          # an opponent this close to going out is a threat

    # ------------------------------------------------------------------ taking the pile
    draw_value: float = 8.0        # a pile take must be worth more than drawing
    pile_red_three: float = 100.0
    pile_wild: float = 40.0
    pile_black_three: float = 1.0
    pile_melded: float = 14.0      # a pile card of a rank the side has melded
    pile_match: float = 9.0        # ... of a rank in hand
    pile_other: float = 3.0        # ... anything else (less its points as the end nears)
    pile_first_take: float = 30.0  # taking the pile with the initial meld
    pile_take: float = 10.0
    pile_pair_new: float = 2.0     # a pair of a new rank takes it (-1: of a melded rank)
    lone_hand: float = 300.0       # cut-throat: what playing alone against two costs a take

    # ------------------------------------------------------------------ melding
    build_from: int = 4            # a meld this big is worth building into a canasta first
    hold_below: int = 5            # until the end nears, fewer naturals of a new rank stay
    wildless_from: int = 6         # Modern American: natural sevens (aces) start with this many
    meld_pairs_wild: bool = False  # (new) lay a natural pair with a wild card while building
    meld_late: int = 0             # (new) with fewer stock cards than this, meld all now

    # ------------------------------------------------------------------ going out
    urgent_stock: int = 12         # go out at once with this few cards in the stock
    out_bonus: float = 100.0       # going out, counted when comparing the sides
    hand_card: float = 8.0         # what a card in an opponent's (partner's) hand costs
    out_lead: float = 100.0        # go out unless ahead by more than this
    out_extra: int = 2             # ... or with this many canastas beyond the need
    ask_hand: int = 7              # ask the partner while they hold this many cards
    refuse_points: float = 100.0   # say no with this many points in hand ...
    refuse_meldable: int = 4       # ... and this many meldable cards


EASY = Style(keep_pairs=False, value_pile=False, freeze=False, count_cards=False,
             time_going_out=False, ask_partner=False, hold_sets=False)
NORMAL = Style()
# Tuned by ``python -m bench.tune --search --from-normal --hands 30 --variants classic
# --fields ...`` (24 fields: the keep_, danger_, freeze_, pile_ numbers, draw_value,
# endgame_stock, build_from, hold_below, urgent_stock, out_lead, hold_sets, time_going_out,
# meld_pairs_wild, meld_late; seeds 1..120; each step taken beat the Style before it over
# 120 deals; 3 steps in 30 minutes on half a core): discards weigh the
# next player's pile take more, sets of three or four of a new rank are held less dearly
# and stay in hand up to five naturals. Confirmed on fresh seeds: see bench/tune.py.
STRONG = Style(keep_set=24.0, danger_base=37.5, hold_below=6)


# Classic's: STRONG, searched further by ``python -m bench.tune --search --variants classic
# --hands 40 --minutes 24`` (43 fields; seeds 1..160: danger_per_card 9 -> 13.5, then
# keep_set 24 -> 14.4 on 80 deals), with threat_cards and danger_unmelded from the same
# search's runners-up, kept as together they beat STRONG by +89 a hand on seeds 200..599
# (+163 against normal). Fresh seeds 100000..100399: +172 a hand against normal
# (95% CI +114 .. +230), where STRONG scored +60. Discards weigh the next player's pile take
# more still (per pile card, and when that side must still meld on a frozen pile), sets of
# a new rank are held less dearly, and an opponent is a threat with 4 cards or fewer.
# Then ``frozen_lay_off``: a card of a rank the next side has melded was never discarded
# while anything else was held (the 1 000-point lay-off cost), frozen pile or not; on a
# frozen pile the discard alone cannot take it (A.7: a take asks a natural pair), so such a
# card is among the safest. Heuristics alone on fresh seeds 500000..500399: +294 a hand
# against normal (95% CI +237 .. +351), +141 over the Style without it (+82 .. +201, the
# same deals).
CLASSIC = replace(STRONG, danger_per_card=13.5, keep_set=14.4, threat_cards=4,
                  danger_unmelded=0.24, frozen_lay_off=True)
# The samba family's: STRONG judging the next player's take by Samba's law of the pile
# (``pile_law``: a natural pair, or the top card alone on a meld not yet a canasta; never a
# natural and a wild card, which the common model counts and which made every unfrozen
# discard look twice as dangerous as it is). Played by the heuristics alone on seeds
# 300000..300399: +310 a hand against normal (95% CI +224 .. +396), where STRONG scored +64
# (-13 .. +142) and normal with pile_law alone +296. Before it, STRONG lost to normal by 88 a
# hand in samba and normal's numbers did no better as the hard level's Style (hard - normal
# +51 on seeds 1..200, against +146 and +112 with STRONG).
SAMBA = replace(STRONG, pile_law=True)
# Hand and Foot's and Modern American's: STRONG knowing a discard alone cannot take a frozen
# pile (``frozen_lay_off``, as CLASSIC). Heuristics alone on fresh seeds 500000..500299:
# Hand and Foot +521 a hand against normal (95% CI +422 .. +620), +555 over STRONG
# (+434 .. +676), where STRONG scored -35; Modern American, whose pile is always frozen, +834
# (+577 .. +1 092), +647 over STRONG (+393 .. +901).
FOOT = replace(STRONG, frozen_lay_off=True)
AMERICAN = replace(STRONG, frozen_lay_off=True)
STRONG_BY_FAMILY: dict[str, Style] = {
    "classic": CLASSIC,           # classic and its kin: one or two packs, no sequences
    "samba": SAMBA,               # sequences: Samba, Bolivia, Brazilian, Chilean, Italian, ...
    "foot": FOOT,                 # a foot or packet to pick up: Hand and Foot, Pennies
    "modern_american": AMERICAN,  # sevens and aces canastas, special hands
}


def family(rules: Rules) -> str:
    """The family of variants ``rules`` belongs to, as ``STRONG_BY_FAMILY`` names them."""
    if rules.special_hands or rules.wildless_ranks:
        return "modern_american"
    if rules.foot_size:
        return "foot"
    if rules.sequences:
        return "samba"
    return "classic"


def strong_for(rules: Rules) -> Style:
    """The hard level's Style for the variant of ``rules``."""
    return STRONG_BY_FAMILY[family(rules)]


def style_fields() -> dict[str, type]:
    """Each field's name and the type of its value (bool, int or float)."""
    return {f.name: type(getattr(NORMAL, f.name)) for f in fields(Style)}


def with_values(style: Style, values: dict[str, float]) -> Style:
    """``style`` with some fields set (cast to each field's own type)."""
    kinds = style_fields()
    unknown = sorted(set(values) - set(kinds))
    if unknown:
        raise ValueError(f"no such Style field: {', '.join(unknown)}")
    return replace(style, **{k: kinds[k](v) for k, v in values.items()})


__all__ = ["AMERICAN", "CLASSIC", "EASY", "FOOT", "NORMAL", "SAMBA", "STRONG", "STRONG_BY_FAMILY",
           "Style", "family", "strong_for", "style_fields", "with_values"]
