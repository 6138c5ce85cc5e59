"""/canasta new and /rules for the later variants (Modern American, Hand and Foot, Pennies
from Heaven, Slavic, Mexican, South American, cut-throat): each offered with its one-line
description in the user's language and only its player counts; /rules says what each plays
its own way, in every language and within one message; away from a table /rules names the
other variants and says Boat canasta is not played."""

from __future__ import annotations

import pytest
import simcord
from test_bot_languages import client_locales  # noqa: F401  (a fixture)

from bot import i18n
from bot.engine import VARIANTS, variant
from bot.engine.variants import PLAYER_COUNTS
from bot.i18n.rules_text import rules_text

ISSUE_12 = ("modern_american", "hand_and_foot", "pennies", "slavic", "mexican",
            "south_american", "cutthroat")
LANDED = ISSUE_12  # every engine branch has landed: each must be in VARIANTS


def test_every_variant_of_the_issue_is_offered() -> None:
    assert set(ISSUE_12) <= set(VARIANTS)
    for name in LANDED:
        for lang in i18n.LANGUAGES:
            assert i18n.has_key(f"variant_about.{name}") and i18n.text(lang, f"variant.{name}")
            assert i18n.has_key(f"rules.own.{name}.1"), name


async def test_the_lobby_offers_the_variants_and_their_counts_in_the_users_language(
    simcord_env: simcord.Env, client_locales: dict[int, str]  # noqa: F811
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    offered = {c["value"]: c["name"] for c in
               await ana.autocomplete(channel, "canasta new", "variant", "")}
    assert set(LANDED) <= set(offered)
    assert offered["cutthroat"].startswith("cutthroat: three players")
    ivan = guild.add_member(simcord_env.create_user("Ivan"))
    client_locales[ivan.id] = "ru"
    russian = {c["value"]: c["name"] for c in
               await ivan.autocomplete(channel, "canasta new", "variant", "")}
    for name in LANDED:
        about = i18n.text("ru", f"variant_about.{name}")
        assert russian[name].startswith(f"{name}: {about[:40]}")  # the id players type
    for name in LANDED:
        counts = await ana.autocomplete(channel, "canasta new", "players", "", variant=name)
        assert [c["value"] for c in counts] == list(PLAYER_COUNTS[name]), name
    refused = await ana.slash(channel, "canasta new", variant="cutthroat", players=4)
    assert refused.ephemeral
    assert refused.response.content == "cut-throat is for 3 players, not 4"
    refused = await ivan.slash(channel, "canasta new", variant="cutthroat", players=2)
    assert refused.response.content == "«на троих»: число игроков — 3, а не 2"
    assert channel.threads == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", LANDED)
def test_rules_say_what_the_variant_plays_its_own_way(name: str, lang: str) -> None:
    for players in PLAYER_COUNTS[name]:
        text = rules_text(variant(name, players), lang)
        assert len(text) <= 2000, (name, players, len(text))
        own = [i18n.text(lang, f"rules.own.{name}.{n}") for n in range(1, 10)
               if i18n.has_key(f"rules.own.{name}.{n}")]
        assert own and all(f"• {line}" in text for line in own)
        assert i18n.text(lang, "rules.other_variants", variants="")[:12] not in text


def test_cut_throat_rules_in_english() -> None:
    text = rules_text(variant("cutthroat", 3), "en")
    assert "3 players, each for themselves until the pile is first taken, then one against two" \
        in text
    assert "• The first player to take the pile plays alone" in text
    assert "Going out needs 2 canastas" in text and "Game to 7,500." in text
    assert "may I go out" not in text


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rules_away_from_a_table_name_the_variants_and_leave_boat_canasta_out(
        lang: str) -> None:
    text = rules_text(variant("classic", 4), lang, at_table=False)
    assert len(text) <= 2000
    assert "Boat canasta" in text
    for name in VARIANTS:
        if name != "classic":
            assert i18n.text(lang, f"variant.{name}") in text
    assert "Boat" not in rules_text(variant("classic", 4), lang)


async def test_slash_rules_in_a_dm_says_boat_canasta_is_not_played(
    simcord_env: simcord.Env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("canasta")
    ana = guild.add_member(simcord_env.create_user("Ana"))
    said = await ana.slash(channel, "rules")
    assert said.ephemeral
    assert "Boat canasta is not played here" in said.response.content
    assert "cut-throat" in said.response.content
