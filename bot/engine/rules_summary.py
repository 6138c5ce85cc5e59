"""The rules in brief, in English: what a developer (and the engine's tests) read to check
a variant's ``Rules`` at a glance. Players read ``bot.i18n.rules_text``, in their language."""

from __future__ import annotations

from .rules import CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM, NEGATIVE, Rules, count_bonus_groups


def summary(rules: Rules) -> list[str]:
    """The rules in brief, one English line each (players read them in `bot.i18n.rules_text`)."""
    sides = ("individual" if rules.individual
             else f"{rules.teams} teams of {rules.players // rules.teams}"
             if rules.players % rules.teams == 0 else "a team of 2 against a team of 3, "
             "one of the three sits out each hand")
    lines = [
        f"{rules.description}: {rules.players} players, {sides}.",
        f"{rules.deck_size} cards, {rules.hand_size} each; draw {rules.draw} card"
        f"{'s' if rules.draw > 1 else ''} a turn, discard 1.",
        "Melds: 3+ cards of one rank, at least 2 naturals, at most "
        f"{rules.max_wilds} wild cards" + (" (never more wilds than naturals)"
                                          if rules.wilds_at_most_naturals else "") + ".",
        ("No going out: the hand is played until the stock is gone; the last card is "
         "melded, never discarded." if rules.play_to_stock_end else
         f"Going out needs {rules.canastas_to_go_out} canasta"
         f"{'s' if rules.canastas_to_go_out > 1 else ''}; bonus {rules.going_out}, "
         f"concealed {rules.concealed_going_out}."),
        "Initial meld: " + ", ".join(
            (f"{_minimum_text(m)} below 0" if t == NEGATIVE
             else f"{_minimum_text(m)} from {t}")
            for t, m in rules.initial_minimums) + ".",
        f"Red threes {rules.red_three} each ("
        + ", ".join(f"{n} = {v}" for n, v in rules.red_three_sets) + "), plus with "
        + (("a canasta" if rules.red_threes_canastas == 1
            else f"{rules.red_threes_canastas} canastas")
           if rules.red_threes_need_canasta else "a meld") + ", else minus.",
        f"A match of {rules.deals} deals." if rules.deals else f"Game to {rules.target}.",
    ]
    if rules.sequences:
        lines.append(f"Sequences: 3+ naturals of one suit in a row (4 low, ace high, no "
                     f"wild cards), at most {rules.canasta_size}; a "
                     f"{rules.sequence_canasta_name} of {rules.canasta_size} scores "
                     f"{rules.sequence_canasta}.")
    if rules.wild_melds:
        values = ", ".join(f"{d} deuces and {j} jokers {v}"
                           for d, j, v in rules.wild_canasta_values)
        lines.append(f"Wild melds: 3+ wild cards; a {rules.wild_canasta_name} canasta of "
                     f"{rules.canasta_size} scores {rules.wild_canasta}"
                     + (f" ({values})" if values else "") + ".")
    if rules.duplicate_melds:
        lines.append("A side may hold two melds of the same rank.")
    if rules.going_out_needs or rules.going_out_ignores:
        lines.append("Going out: " + "; ".join(
            [f"one canasta must be a {k}" for k in rules.going_out_needs]
            + [f"a {k} canasta does not count" for k in rules.going_out_ignores]) + ".")
    if rules.red_threes_ignores:
        lines.append("Red threes: " + "; ".join(
            f"a {k} canasta does not count" for k in rules.red_threes_ignores) + ".")
    if rules.canasta_count_bonuses:
        lines.append("At the hand's end, to any side: " + count_bonus_text(
            rules.canasta_count_bonuses) + ".")
    if rules.concession:
        lines.append("Acaba: a side may concede a hand; "
                     f"the opponents score {rules.concession}.")
    if not rules.one_card_rule:
        lines.append("A one-card hand may take a one-card pile.")
    if rules.canasta_rank_blocks:
        lines.append("A discard matching your completed canasta stops you taking the pile.")
    if rules.concealed_hand_canasta:
        lines.append(f"Concealed with a canasta from the hand: {rules.concealed_hand_canasta}.")
    if rules.foot_size:
        foot = rules.foot_on == "hand_empty"
        lines.append(f"Each player also gets a face-down {'foot' if foot else 'packet'} "
                     f"of {rules.foot_size} cards, picked up "
                     + ("when the hand is used up." if foot else "on completing a canasta."))
    if rules.pile_take_limit:
        lines.append(f"Taking the pile gets only its top {rules.pile_take_limit} cards.")
    if rules.going_out_kinds:
        lines.append("Going out needs " + ", ".join(
            f"{n} {kind}" for kind, n in rules.going_out_kinds) + " canasta(s).")
    if rules.sevens_held:
        lines.append("No seven is discarded until both sides have a sevens canasta, and "
                     "never as the last card.")
    if rules.deal_minimums:
        lines.append("Initial meld by deal, whatever the score: "
                     + " / ".join(map(str, rules.deal_minimums)) + ".")
    if not rules.black_threes_meldable:
        lines.append("Threes are never melded: black threes are only discarded.")
    if rules.wilds_fewer_than_naturals:
        lines.append("A meld holds fewer wild cards than naturals.")
    if rules.red_threes_as_is:
        lines.append(f"Each red three counts {rules.red_three}, whatever the side melded.")
    for rank, kind in rules.rank_canasta_kinds:
        bonus = next((n for r, n, _ in rules.rank_canastas if r == rank), None)
        lines.append(f"A canasta of {rank}s is a {kind} canasta"
                     + (f" ({bonus})." if bonus is not None else "."))
    if rules.red_threes_need_kind:
        lines.append(f"Red threes count plus only with a {rules.red_threes_need_kind} canasta.")
    if rules.bonus_piles:
        lines.append("Bonus cards: " + ", then ".join(map(str, rules.bonus_piles))
                     + " to the sides in the order they first meld, while the turn card "
                     f"({rules.turn_card}th from the bottom of the stock) is not drawn.")
    if rules.threes_laid_out:
        lines.append("Red and black threes are laid out and replaced; threes are never "
                     "discarded" + ("; one 3 may stay in hand for a Straight until the side "
                                    "melds" if rules.keep_three else "") + ".")
    if rules.discard_limits:
        lines.append("Wild cards are discarded only from a hand of wild cards or to go "
                     "out; sevens, aces, wild cards and dead ranks never on an empty pile.")
    if rules.meld_base:
        lines.append(f"After the initial meld a wild card joins only a meld of "
                     f"{rules.meld_base} naturals.")
    if rules.wildless_ranks:
        lines.append("No wild cards on " + " or ".join(rules.wildless_ranks) + " melds"
                     + (f" (except {', '.join(rules.initial_wild_ranks)} in the initial "
                        "meld)" if rules.initial_wild_ranks else "")
                     + f"; unfinished at the end: -{rules.unfinished_rank_penalty}; three "
                     f"or more left in a hand: -{rules.rank_in_hand_penalty}.")
    if rules.initial_clean_triple or not rules.initial_top_counts or rules.splash:
        lines.append("Initial meld: a clean triple, the top discard does not count; a "
                     "natural canasta from the hand always qualifies.")
    if rules.threes_by_colour:
        lines.append("Threes per colour: " + ", ".join(
            f"{n} = {v}" for n, v in rules.threes_by_colour)
            + f"; minus with no canasta, nothing with one, plus with "
            f"{rules.red_threes_canastas}.")
    if rules.melds_minus_without_canasta:
        lines.append("A side without a canasta scores its melds as minus.")
    if rules.going_out_discards:
        lines.append("Going out only with a discard.")
    if rules.ask_once_a_hand:
        lines.append("\"May I go out?\" once a hand.")
    if rules.take_onto_short_meld:
        lines.append("The pile's top card may also go alone onto your meld of 3 or 4 cards.")
    if rules.special_hands:
        lines.append("Special hands (14 cards, the side's first meld, ending the hand): "
                     + ", ".join(f"{n.replace('_', ' ')} {v}" for n, v in rules.special_hands)
                     + ".")
    if rules.lone_hand:
        lines.append("The first to take the pile plays alone against the other two, who "
                     "join their melds; each scores his own red threes.")
    if rules.unfrozen_take_top_only:
        lines.append("An unfrozen pile gives only its top card.")
    if not rules.going_out_by_discard:
        lines.append("Going out melds every card: never by a discard.")
    if rules.canasta_rank_freezes:
        lines.append("A top card matching your completed canasta freezes the pile for you.")
    if rules.partner_melds_after_out:
        lines.append("When a player goes out, his partner lays down his whole hand if "
                     "every card of it can be melded.")
    if rules.wild_canasta_whole:
        lines.append(f"A wild canasta is melded all at once: {rules.wild_canasta}.")
    if rules.first_meld_cards:
        lines.append(f"The side's first meld brings its maker {rules.first_meld_cards} "
                     "cards from the stock.")
    if rules.blocking_ranks:
        lines.append(f"A {' or '.join(rules.blocking_ranks)} on top blocks the pile.")
    if rules.red_threes_to_go_out:
        lines.append(f"Going out also needs {rules.red_threes_to_go_out} red threes.")
    if rules.blocking_canasta:
        lines.append("Blocking canasta: four black threes and three matching wild cards, "
                     f"melded at once: {rules.blocking_canasta}, ends the hand and cancels "
                     "the opponents' melds.")
    if rules.mixed_canasta_by_wilds:
        lines.append("Mixed canastas by wild cards: " + ", ".join(
            f"{w}: {v}" for w, v in rules.mixed_canasta_by_wilds) + ".")
    if rules.hand_canasta_eight:
        lines.append("A natural canasta of 8 melded from the hand: "
                     f"{rules.hand_canasta_eight}.")
    return lines


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
