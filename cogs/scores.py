"""/scores (this game's sheet), /leaderboard (this server), /stats (one player)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, name
from bot.discord_ui.discord_limits import respond, send_private
from bot.discord_ui.pictures import as_file, picture
from bot.discord_ui.slow_down import too_soon
from bot.engine import VARIANTS, quoted
from bot.i18n.rules_text import variant_name
from cogs.lobby import variant_choices


class Scores(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    @app_commands.command(name=name("scores"), description=about("scores"))
    @app_commands.guild_only()
    async def scores(self, interaction: discord.Interaction) -> None:
        record = None
        if interaction.channel_id is not None:
            record = await self.bot.service.game_in_thread(interaction.channel_id)
        if record is None or record.status not in ("active", "over"):
            await send_private(interaction, i18n.text(await self.bot.languages.of(interaction),
                                                      "scores.none"))
            return
        if await too_soon(self.bot, interaction, "picture"):  # a picture is dear
            return
        await interaction.response.defer(thinking=True)
        lang = await self.bot.languages.server(interaction.guild_id)
        view = await self.bot.service.view(record.id, None)
        view["language"] = lang
        png = await picture("scores", view)
        scores = view.get("scores") or []
        names = view.get("team_names") or []
        line = ", ".join(f"{names[t] if t < len(names) else t}: {i18n.number(lang, s)}"
                         for t, s in enumerate(scores))
        await respond(interaction, i18n.text(lang, "scores.line", game=record.id, scores=line),
                      private=False, file=as_file(png, "scores"))

    @app_commands.command(name=name("leaderboard"), description=about("leaderboard"))
    @app_commands.rename(variant=name("leaderboard.variant"))
    @app_commands.describe(variant=about("leaderboard.variant"))
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction, variant: str | None = None
    ) -> None:
        name = (variant or "").strip().lower() or None
        if name is not None and name not in VARIANTS:  # never echoed in public
            mine = await self.bot.languages.of(interaction)
            await send_private(interaction, i18n.text(
                mine, "leaderboard.no_variant", text=quoted(variant or ""),
                choices=", ".join(VARIANTS)))
            return
        lang = await self.bot.languages.server(interaction.guild_id)
        board = await self.bot.service.leaderboard(interaction.guild_id, name)
        title = (i18n.text(lang, "leaderboard.title_variant", variant=variant_name(lang, name))
                 if name
                 else i18n.text(lang, "leaderboard.title"))
        if not board:
            await respond(interaction, f"{title}\n{i18n.text(lang, 'leaderboard.empty')}",
                          private=False)
            return
        head = [i18n.text(lang, f"leaderboard.{k}") for k in ("player", "wins", "games", "best")]
        lines = [title, "```", f"{'#':>2}  {head[0][:17]:<18}{head[1][:5]:>6}{head[2][:5]:>6}"
                               f"{'%':>6}{head[3][:9]:>10}"]
        for rank, p in enumerate(board, start=1):
            best = "—" if p.best_hand is None else str(p.best_hand)
            lines.append(f"{rank:>2}  {p.name[:17]:<18}{p.wins:>6}{p.games:>6}"
                         f"{p.win_rate * 100:>5.0f}%{best:>10}")
        lines.append("```")
        await respond(interaction, "\n".join(lines), private=False)

    @leaderboard.autocomplete("variant")
    async def variant_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_choices(current, await self.bot.languages.of(interaction))

    @app_commands.command(name=name("stats"), description=about("stats"))
    @app_commands.rename(player=name("stats.player"))
    @app_commands.describe(player=about("stats.player"))
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        who = player or interaction.user
        lang = await self.bot.languages.server(interaction.guild_id)
        stats = await self.bot.service.player_stats(interaction.guild_id, str(who.id))
        hints = ("" if stats is None or not stats.hints else
                 " " + i18n.text(lang, "stats.hints", n=i18n.number(lang, stats.hints)))
        if stats is None or (stats.games == 0 and stats.hands == 0):
            await respond(interaction, i18n.text(lang, "stats.none", player=who.display_name)
                          + hints, private=False)
            return
        line = i18n.text(
            lang, "stats.line", player=who.display_name,
            games=i18n.plural(lang, "stats.games", stats.games),
            wins=i18n.plural(lang, "stats.wins", stats.wins),
            rate=f"{stats.win_rate * 100:.0f}",
            canastas=i18n.plural(lang, "stats.canastas", stats.canastas),
            went_out=i18n.plural(lang, "stats.went_out", stats.went_out),
            hands=i18n.plural(lang, "stats.hands", stats.hands,
                              average=i18n.number(lang, round(stats.average_hand))))
        best = ("." if stats.best_hand is None else
                i18n.text(lang, "stats.best", best=i18n.number(lang, stats.best_hand)))
        await respond(interaction, line + best + hints, private=False)


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Scores(bot))
