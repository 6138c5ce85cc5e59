"""`/language`: the language of a player's own replies and DMs (remembered), or their
Discord client's again. The server's language is `/canasta language` (cogs/lobby.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, choice, name
from bot.discord_ui.discord_limits import send_private
from bot.discord_ui.slow_down import too_soon

AUTO = "auto"


def language_choices(auto_key: str) -> list[app_commands.Choice[str]]:
    """Each language under its own name (the same in every client), then "as Discord says"
    (forget the choice), translated."""
    return [app_commands.Choice(name=i18n.text(lang, "language.own"), value=lang)
            for lang in i18n.LANGUAGES] + [app_commands.Choice(name=choice(auto_key), value=AUTO)]


class Language(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    @app_commands.command(name=name("language"), description=about("language"))
    @app_commands.rename(language=name("language.language"))
    @app_commands.describe(language=about("language.language"))
    @app_commands.choices(language=language_choices("language.auto"))
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        if await too_soon(self.bot, interaction, "click"):
            return
        player = str(interaction.user.id)
        chosen = language if language in i18n.LANGUAGES else None
        await self.bot.languages.choose_for_player(player, chosen)
        lang = await self.bot.languages.of(interaction)
        key = "reply.language_set" if chosen else "reply.language_auto"
        await send_private(interaction, i18n.text(
            lang, key, language=i18n.text(lang, f"language.in.{lang}")))


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Language(bot))
