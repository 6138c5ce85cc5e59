"""`/rules` in the reader's language: the table's rules in brief, built from the engine's
`Rules` (numbers, options) and the catalogs (the words), then how to type cards with the
language's own rank letters."""

from __future__ import annotations

from collections.abc import Callable

from bot import i18n
from bot.engine import Rules
from bot.engine.rules import (
    CANASTA_MINIMUM,
    NATURAL_CANASTA_MINIMUM,
    NEGATIVE,
    count_bonus_groups,
)
from bot.engine.variants import VARIANT_DESCRIPTIONS, VARIANTS


def _n(lang: str, value: int) -> str:
    return i18n.number(lang, value)


def rules_lines(rules: Rules, lang: str) -> list[str]:
    """The rules of a table in brief, one line each, in `lang`."""
    t = i18n.text
    if rules.lone_hand:
        sides = t(lang, "rules.lone_sides")
    elif rules.individual:
        sides = t(lang, "rules.individual")
    elif rules.players % rules.teams == 0:
        sides = t(lang, "rules.teams", teams=rules.teams, size=rules.players // rules.teams)
    else:
        sides = t(lang, "rules.two_against_three")
    about_key = f"variant_about.{rules.name}"
    about = (t(lang, about_key) if i18n.has_key(about_key)
             else VARIANT_DESCRIPTIONS.get(rules.name, rules.name))
    minimums = ", ".join(_minimum(lang, score, m) for score, m in rules.initial_minimums)
    sets = ", ".join(f"{count} = {_n(lang, value)}" for count, value in rules.red_three_sets
                     if value != count * rules.red_three)  # "each" says the others
    own = _own_part(rules, lang)
    lines = [
        i18n.plural(lang, "rules.players", rules.players, about=about, sides=sides),
        own("deal") or i18n.plural(lang, "rules.deal", rules.draw, deck=rules.deck_size,
                                   hand=rules.hand_size),
        own("wild") or t(lang, "rules.wild"),
        own("melds") or t(lang, "rules.melds_capped" if rules.wilds_at_most_naturals
                          else "rules.melds", n=rules.max_wilds),
        *([c] if (c := own("canastas")) else _canasta_lines(rules, lang)),
        own("going_out") or _going_out(rules, lang),
        *([] if own("canastas") else _pile_lines(rules, lang)),
        own("initial") or _initial(rules, lang, minimums),
        own("threes") or _red_threes(rules, lang, sets),
        *_count_bonus_lines(rules, lang),
        *_hand_end_lines(rules, lang),
    ]
    if not rules.deals:
        lines.append(t(lang, "rules.target", target=_n(lang, rules.target)))
    elif not rules.play_to_stock_end:
        lines.append(i18n.plural(lang, "rules.deals", rules.deals))
    if not rules.individual and not rules.play_to_stock_end and not own("going_out"):
        lines.append(t(lang, "rules.ask"))  # a variant's own going-out line says its asking
    if rules.concession:
        lines.append(t(lang, "rules.acaba", points=_n(lang, rules.concession)))
    if not rules.one_card_rule:
        lines.append(t(lang, "rules.one_card"))
    if rules.canasta_rank_blocks:
        lines.append(t(lang, "rules.vienna_block"))
    if rules.concealed_hand_canasta:
        lines.append(t(lang, "rules.hand_canasta", points=_n(lang, rules.concealed_hand_canasta)))
    lines += _own_lines(rules, lang)
    lines.append(t(lang, "rules.typing"))
    if rules.sequences:
        lines.append(t(lang, "rules.sequence_typing"))
    elif rules.wild_melds:
        lines.append(t(lang, "rules.wild_typing"))
    lines.append(t(lang, "rules.letters"))
    return [line[:1].upper() + line[1:] for line in lines]


def _own_part(rules: Rules, lang: str) -> Callable[[str], str | None]:
    """A variant's own words for one of the lines every variant has (``rules.own.
    hand_and_foot.initial``: the minimums go by the hand's number), or None."""
    kinds = dict(rules.going_out_kinds)
    values = {"deck": _n(lang, rules.deck_size), "red": _n(lang, abs(rules.red_three)),
              "natural": kinds.get("natural", 0), "mixed": kinds.get("mixed", 0)}

    def own(part: str) -> str | None:
        key = f"rules.own.{rules.name}.{part}"
        return i18n.text(lang, key, **values) if i18n.has_key(key) else None
    return own


def _own_lines(rules: Rules, lang: str) -> list[str]:
    """What a variant of issue 12 plays its own way, in the catalogs' words
    (``rules.own.<variant>.1``, ``.2``, ...): the foot, bonus cards, special hands..."""
    lines: list[str] = []
    while i18n.has_key(key := f"rules.own.{rules.name}.{len(lines) + 1}"):
        lines.append(i18n.text(lang, key))
    return lines


def _minimum(lang: str, score: int, minimum: int) -> str:
    t = i18n.text
    if minimum in (CANASTA_MINIMUM, NATURAL_CANASTA_MINIMUM):
        key = ("rules.first_canasta_minimum" if minimum == CANASTA_MINIMUM
               else "rules.first_natural_canasta_minimum")
        return t(lang, key, score=t(lang, "rules.min_from", minimum="", score=_n(lang, score))
                 .strip())
    if score == NEGATIVE:
        return t(lang, "rules.min_below_zero", minimum=_n(lang, minimum))
    return t(lang, "rules.min_from", minimum=_n(lang, minimum), score=_n(lang, score))


def _kind(lang: str, name: str) -> str:
    return i18n.text(lang, f"canasta_kind.{name}")


def _canasta_lines(rules: Rules, lang: str) -> list[str]:
    """Canasta values: natural and mixed, sequences, wild melds, a rank's own canasta."""
    t = i18n.text
    lines = [t(lang, "rules.canastas", natural=_n(lang, rules.natural_canasta),
               mixed=_n(lang, rules.mixed_canasta))]
    for rank, natural, mixed in rules.rank_canastas:
        lines.append(t(lang, "rules.rank_canasta", rank=t(lang, f"rank_name.{rank}"),
                       natural=_n(lang, natural), mixed=_n(lang, mixed)))
    if rules.sequences:
        lines.append(t(lang, "rules.sequences", kind=_kind(lang, rules.sequence_canasta_name),
                       points=_n(lang, rules.sequence_canasta)))
    if rules.wild_melds:
        values = [_n(lang, rules.wild_canasta)] + [
            t(lang, "rules.wild_mix", deuces=deuces, jokers=jokers, points=_n(lang, bonus))
            if jokers else t(lang, "rules.wild_deuces", deuces=deuces, points=_n(lang, bonus))
            for deuces, jokers, bonus in rules.wild_canasta_values]
        lines.append(t(lang, "rules.wild_melds", kind=_kind(lang, rules.wild_canasta_name),
                       points="; ".join(values)))
    if rules.duplicate_melds:
        lines.append(t(lang, "rules.duplicates"))
    if rules.max_meld_size:
        lines.append(t(lang, "rules.max_meld", n=rules.max_meld_size))
    return lines


def _going_out(rules: Rules, lang: str) -> str:
    t = i18n.text
    if rules.play_to_stock_end:
        return t(lang, "rules.no_going_out", cards=rules.first_canasta_cards, deals=rules.deals)
    line = i18n.plural(lang, "rules.going_out", rules.canastas_to_go_out,
                       bonus=_n(lang, rules.going_out),
                       concealed=_n(lang, rules.concealed_going_out))
    extra = [t(lang, "rules.going_out_needs", kind=_kind(lang, kind))
             for kind in rules.going_out_needs]
    extra += [t(lang, "rules.going_out_ignores", kind=_kind(lang, kind))
              for kind in rules.going_out_ignores]
    return " ".join([line, *extra])


def _pile_lines(rules: Rules, lang: str) -> list[str]:
    t = i18n.text
    lines = []
    if rules.pile_always_frozen:
        lines.append(t(lang, "rules.always_frozen"))
    elif rules.take_needs_pair:
        lines.append(t(lang, "rules.take_pair"))
    if rules.initial_meld_natural:
        lines.append(t(lang, "rules.natural_first"))
    if rules.pile_take_limit:
        lines.append(t(lang, "rules.take_limit", n=rules.pile_take_limit))
    return lines


def _initial(rules: Rules, lang: str, minimums: str) -> str:
    """The initial meld's minimum: by the side's score, or by the deal (Hand and Foot)."""
    if rules.deal_minimums:
        return i18n.text(lang, "rules.deal_minimums",
                         minimums=", ".join(_n(lang, m) for m in rules.deal_minimums))
    return i18n.text(lang, "rules.initial", minimums=minimums)


def _red_threes(rules: Rules, lang: str, sets: str) -> str:
    each = _n(lang, rules.red_three)
    if not rules.red_threes_need_canasta:
        return i18n.text(lang, "rules.red_threes_meld", each=each, sets=sets)
    if rules.red_threes_canastas > 1:
        line = i18n.plural(lang, "rules.red_threes_canastas", rules.red_threes_canastas,
                           each=each, sets=sets)
    else:
        line = i18n.text(lang, "rules.red_threes", each=each, sets=sets)
    return " ".join([line, *(i18n.text(lang, "rules.red_threes_ignores", kind=_kind(lang, kind))
                             for kind in rules.red_threes_ignores)])


def _count_bonus_lines(rules: Rules, lang: str) -> list[str]:
    """Italian's bonuses for the number of canastas: in each group the first row met pays
    ("or else"), and the groups add up ("and a further")."""
    if not rules.canasta_count_bonuses:
        return []

    def row(canastas: int, natural: int, bonus: int) -> str:
        key = ("rules.count_bonus_natural" if natural >= canastas
               else "rules.count_bonus_some" if natural else "rules.count_bonus_any")
        return i18n.plural(lang, key, canastas, naturals=natural, points=_n(lang, bonus))

    def joined(key: str, parts: list[str]) -> str:
        text = parts[0]
        for part in parts[1:]:
            text = i18n.text(lang, key, first=text, second=part)
        return text

    groups = [joined("rules.count_bonus_else", [row(*r) for r in group])
              for group in count_bonus_groups(rules.canasta_count_bonuses)]
    return [i18n.text(lang, "rules.count_bonuses",
                      bonuses=joined("rules.count_bonus_and", groups))]


def _hand_end_lines(rules: Rules, lang: str) -> list[str]:
    t = i18n.text
    lines = []
    if rules.in_hand_values:
        letters = i18n.rank_letters(lang)
        values = ", ".join(f"{letters.get(rank, rank)} = −{_n(lang, value)}"
                           for rank, value in rules.in_hand_values)
        lines.append(t(lang, "rules.in_hand", values=values))
    if rules.short_sequence_penalty:
        lines.append(t(lang, "rules.short_sequence", size=rules.short_sequence_size,
                       points=_n(lang, rules.short_sequence_penalty)))
    return lines


def variant_name(lang: str, variant: str) -> str:
    """A variant's name in `lang` ("классическая"), its id when the catalogs lack it."""
    key = f"variant.{variant}"
    return i18n.text(lang, key) if i18n.has_key(key) else variant


def rules_text(rules: Rules, lang: str, *, at_table: bool = True) -> str:
    """/rules: the title and one bullet a line; away from a table (the default variant's
    rules) it ends with the other variants and why Boat canasta is not among them."""
    title = i18n.text(lang, "rules.title", variant=variant_name(lang, rules.name))
    text = title + "\n" + "\n".join(f"• {line}" for line in rules_lines(rules, lang))
    if not at_table:
        others = ", ".join(variant_name(lang, name) for name in VARIANTS if name != rules.name)
        text += "\n" + i18n.text(lang, "rules.other_variants", variants=others)
    return text


def rules_messages(rules: Rules, lang: str, limit: int, *, at_table: bool = True) -> list[str]:
    """`rules_text` as the messages /rules sends: one when it fits in `limit` characters (a
    Discord message), else cut between its lines (Italian's canasta bonuses take its rules
    past 2 000 characters in Bulgarian, Lithuanian and Russian)."""
    messages: list[str] = []
    for line in rules_text(rules, lang, at_table=at_table).split("\n"):
        if messages and len(messages[-1]) + 1 + len(line) <= limit:
            messages[-1] += "\n" + line
        else:
            messages.append(line)
    return messages


__all__ = ["rules_lines", "rules_messages", "rules_text", "variant_name"]
