"""/canasta new for the Samba family (issue 11, "At the table"): the variant autocomplete
with a one-line description in the user's language, only the player counts a variant
supports, a clear refusal of the others, and /rules for the active variant."""

from __future__ import annotations

import pytest
import simcord
from canasta_table import restart
from test_bot_languages import client_locales  # noqa: F401  (a fixture)

from bot import i18n
from bot.discord_ui.discord_limits import CONTENT
from bot.engine import VARIANTS, variant
from bot.engine.variants import PLAYER_COUNTS
from bot.i18n.rules_text import rules_messages, rules_text, variant_name

SAMBA_FAMILY = ("samba", "bolivia", "brazilian", "chilean", "italian", "cuban", "kombo")


async def test_every_variant_autocompletes_with_its_description_in_the_users_language(
    simcord_env: simcord.Env, client_locales: dict[int, str]  # noqa: F811
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    offered = await ana.autocomplete(channel, "canasta new", "variant", "")
    assert [c["value"] for c in offered] == list(VARIANTS)
    named = {c["value"]: c["name"] for c in offered}
    assert named["samba"].startswith("samba: three packs") and "1500" in named["samba"]
    assert "escalera" in named["bolivia"]
    assert "Bolivian canasta" in named["kombo"]  # the name players there use is kept
    [bolivia] = await ana.autocomplete(channel, "canasta new", "variant", "escalera")
    assert bolivia["value"] == "bolivia"
    ivan = guild.add_member(simcord_env.create_user("Ivan"))
    client_locales[ivan.id] = "ru"
    russian = {c["value"]: c["name"] for c in
               await ivan.autocomplete(channel, "canasta new", "variant", "")}
    assert "последовательности одной масти" in russian["samba"]
    assert "эскалера" in russian["bolivia"]
    for name in SAMBA_FAMILY:
        for lang in i18n.LANGUAGES:
            assert i18n.has_key(f"variant_about.{name}") and i18n.text(lang, f"variant.{name}")


async def test_the_lobby_offers_only_the_player_counts_of_the_variant(
    simcord_env: simcord.Env, client_locales: dict[int, str]  # noqa: F811
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    for name in ("classic", "samba", "cuban", "kombo"):
        offered = await ana.autocomplete(channel, "canasta new", "players", "",
                                         variant=name)
        assert [c["value"] for c in offered] == list(PLAYER_COUNTS[name]), name
    [four] = await ana.autocomplete(channel, "canasta new", "players", "", variant="kombo")
    assert four["name"] == "4 players"
    refused = await ana.slash(channel, "canasta new", variant="samba", players=5)
    assert refused.ephemeral
    assert refused.response.content == "samba is for 2, 3, 4, 6 players, not 5"
    refused = await ana.slash(channel, "canasta new", variant="cuban", players=2)
    assert "Cuban is for 4 players, not 2" in refused.response.content
    assert channel.threads == []  # nothing was opened
    ivan = guild.add_member(simcord_env.create_user("Ivan"))
    client_locales[ivan.id] = "ru"
    refused = await ivan.slash(channel, "canasta new", variant="kombo", players=6)
    assert refused.response.content == "«комбо»: число игроков — 4, а не 6"
    opened = await ana.slash(channel, "canasta new", variant="samba", players=6)
    assert not opened.ephemeral and "samba" in opened.response.content


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", SAMBA_FAMILY)
def test_rules_say_minimums_canasta_values_and_going_out(name: str, lang: str) -> None:
    rules = variant(name, 4)
    text = rules_text(rules, lang)
    n = i18n.number
    assert all(n(lang, m) in text for _, m in rules.initial_minimums if m > 0)
    assert n(lang, rules.natural_canasta) in text and n(lang, rules.mixed_canasta) in text
    if rules.sequences:
        assert n(lang, rules.sequence_canasta) in text
        assert i18n.text(lang, f"canasta_kind.{rules.sequence_canasta_name}") in text
        assert "5-7h" in text  # the shorthand is documented where it is used
    if rules.wild_melds:
        assert n(lang, rules.wild_canasta) in text
        assert all(n(lang, bonus) in text for *_, bonus in rules.wild_canasta_values)
    for kind in rules.going_out_needs + rules.going_out_ignores:
        assert i18n.text(lang, f"canasta_kind.{kind}") in text
    if rules.play_to_stock_end:
        assert "11" in text and i18n.text(lang, "rules.ask") not in text
    else:
        assert i18n.plural(lang, "rules.going_out", rules.canastas_to_go_out,
                           bonus=n(lang, rules.going_out),
                           concealed=n(lang, rules.concealed_going_out)) in text
    assert all(len(m) <= CONTENT for m in rules_messages(rules, lang, CONTENT))


def test_rules_longer_than_a_message_are_cut_between_lines() -> None:
    rules = variant("classic", 4)
    messages = rules_messages(rules, "en", 400)
    assert len(messages) > 1 and "\n".join(messages) == rules_text(rules, "en")
    assert all(len(m) <= 400 for m in messages) and messages[0].startswith("**Rules: ")
    assert rules_messages(rules, "en", CONTENT) == [rules_text(rules, "en")]


def test_rules_of_bolivia_in_english_read_as_a_player_expects() -> None:
    text = rules_text(variant("bolivia", 4), "en")
    assert "7 make a canasta (escalera, 1,500)" in text
    assert "7 make a canasta (bolivia, 2,500)" in text
    assert "Going out needs 2 canastas; bonus 200, concealed 200. At least one escalera" in text
    assert "Left in hand at the end, each: 3 = −100." in text
    assert "plus with 2 canastas" in text
    brazilian = rules_text(variant("brazilian", 4), "en")
    assert "a canasta from 7,000" in brazilian and "a natural canasta from 9,000" in brazilian
    assert "A sequence of 5 cards or fewer" in brazilian


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_italian_rules_say_its_red_threes_and_canasta_bonuses(lang: str) -> None:
    """B.7's DEFAULTs in /rules: a wild canasta does not count for red threes; RG's bonuses
    for 5 and 10 canastas (LT's with the option)."""
    n = i18n.number
    text = rules_text(variant("italian", 4), lang)
    wild = i18n.text(lang, "canasta_kind.wild")
    assert i18n.text(lang, "rules.red_threes_ignores", kind=wild) in text
    bonuses = i18n.text(lang, "rules.count_bonuses", bonuses="").split(":")[0]
    line = next(x for x in text.splitlines() if bonuses in x)
    assert all(n(lang, v) in line for v in (2000, 1000)) and "10" in line
    lt_scale = rules_text(variant("italian", 4, italian_bonuses="lt"), lang)
    assert all(n(lang, v) in lt_scale for v in (20000, 10000, 25000))
    messages = rules_messages(variant("italian", 4), lang, CONTENT)
    assert "\n".join(messages) == text and all(len(m) <= CONTENT for m in messages)


async def test_slash_rules_past_one_message_comes_in_two(
    simcord_env: simcord.Env, db_path: str, client_locales: dict[int, str],  # noqa: F811
) -> None:
    """Italian's rules in Lithuanian are longer than a Discord message: /rules sends them
    in two, cut between lines."""
    await restart(simcord_env, db_path, default_variant="italian")
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    client_locales[ana.id] = "lt"
    said = await ana.slash(channel, "rules")
    texts = [r.content for r in [said.response, *said.followups] if r is not None]
    title = i18n.text("lt", "rules.title", variant=variant_name("lt", "italian"))
    assert len(texts) == 2 and texts[0].startswith(title)
    assert "\n".join(texts) == rules_text(variant("italian", 4), "lt", at_table=False)
