"""/canasta new for the Samba family (issue 11, "At the table"): the variant autocomplete
with a one-line description in the user's language, only the player counts a variant
supports, a clear refusal of the others, and /rules for the active variant."""

from __future__ import annotations

import pytest
import simcord
from test_bot_languages import client_locales  # noqa: F401  (a fixture)

from bot import i18n
from bot.engine import VARIANTS, variant
from bot.engine.variants import PLAYER_COUNTS
from bot.rules_text import rules_text

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
    assert len(text) <= 2000


def test_rules_of_bolivia_in_english_read_as_a_player_expects() -> None:
    text = rules_text(variant("bolivia", 4), "en")
    assert "7 make a canasta (escalera, 1,500)" in text
    assert "7 make a canasta (bolivia, 2,500)" in text
    assert "Going out needs 2 canastas; bonus 200, concealed 200. At least one escalera" in text
    assert "Left in hand at the end, each: 3 = −100." in text
    assert "plus with 2 canastas" in text
    brazilian = rules_text(variant("brazilian", 4), "en")
    assert "a canasta from 7,000" in brazilian and "a natural canasta from 9,000" in brazilian
    assert "fewer than 5 cards" in brazilian
