"""`/rules` in the reader's language: the table's rules in brief, built from the engine's
`Rules` (numbers, options) and the catalogs (the words), then how to type cards with the
language's own rank letters."""

from __future__ import annotations

from bot import i18n
from bot.engine import Rules
from bot.engine.rules import NEGATIVE, VARIANT_DESCRIPTIONS


def _n(lang: str, value: int) -> str:
    return i18n.number(lang, value)


def rules_lines(rules: Rules, lang: str) -> list[str]:
    """The rules of a table in brief, one line each, in `lang`."""
    t = i18n.text
    if rules.individual:
        sides = t(lang, "rules.individual")
    elif rules.players % rules.teams == 0:
        sides = t(lang, "rules.teams", teams=rules.teams, size=rules.players // rules.teams)
    else:
        sides = t(lang, "rules.two_against_three")
    about_key = f"variant_about.{rules.name}"
    about = (t(lang, about_key) if i18n.has_key(about_key)
             else VARIANT_DESCRIPTIONS.get(rules.name, rules.name))
    minimums = ", ".join(
        t(lang, "rules.min_below_zero", minimum=_n(lang, m)) if score == NEGATIVE
        else t(lang, "rules.min_from", minimum=_n(lang, m), score=_n(lang, score))
        for score, m in rules.initial_minimums)
    sets = ", ".join(f"{count} = {_n(lang, value)}" for count, value in rules.red_three_sets)
    lines = [
        i18n.plural(lang, "rules.players", rules.players, about=about, sides=sides),
        i18n.plural(lang, "rules.deal", rules.draw, deck=rules.deck_size, hand=rules.hand_size),
        t(lang, "rules.wild"),
        t(lang, "rules.melds_capped" if rules.wilds_at_most_naturals else "rules.melds",
          n=rules.max_wilds),
        i18n.plural(lang, "rules.going_out", rules.canastas_to_go_out,
                    bonus=_n(lang, rules.going_out),
                    concealed=_n(lang, rules.concealed_going_out)),
        t(lang, "rules.initial", minimums=minimums),
        t(lang, "rules.red_threes" if rules.red_threes_need_canasta else "rules.red_threes_meld",
          each=_n(lang, rules.red_three), sets=sets),
        t(lang, "rules.target", target=_n(lang, rules.target)),
    ]
    if not rules.individual:
        lines.append(t(lang, "rules.ask"))
    if rules.concession:
        lines.append(t(lang, "rules.acaba", points=_n(lang, rules.concession)))
    if not rules.one_card_rule:
        lines.append(t(lang, "rules.one_card"))
    if rules.canasta_rank_blocks:
        lines.append(t(lang, "rules.vienna_block"))
    if rules.concealed_hand_canasta:
        lines.append(t(lang, "rules.hand_canasta", points=_n(lang, rules.concealed_hand_canasta)))
    lines += [t(lang, "rules.typing"), t(lang, "rules.letters")]
    return [line[:1].upper() + line[1:] for line in lines]


def variant_name(lang: str, variant: str) -> str:
    """A variant's name in `lang` ("классическая"), its id when the catalogs lack it."""
    key = f"variant.{variant}"
    return i18n.text(lang, key) if i18n.has_key(key) else variant


def rules_text(rules: Rules, lang: str) -> str:
    title = i18n.text(lang, "rules.title", variant=variant_name(lang, rules.name))
    return title + "\n" + "\n".join(f"• {line}" for line in rules_lines(rules, lang))


__all__ = ["rules_lines", "rules_text", "variant_name"]
