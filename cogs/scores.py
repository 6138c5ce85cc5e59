"""/scores (this game's sheet), /leaderboard (this server), /stats (one player)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CanastaBot
from bot.discord_limits import respond, send_private
from bot.engine import VARIANTS, quoted
from bot.pictures import as_file, picture
from bot.words import plural
from cogs.lobby import variant_choices


class Scores(commands.Cog):
    def __init__(self, bot: CanastaBot) -> None:
        self.bot = bot

    @app_commands.command(name="scores", description="This game's score sheet")
    @app_commands.guild_only()
    async def scores(self, interaction: discord.Interaction) -> None:
        record = None
        if interaction.channel_id is not None:
            record = await self.bot.service.game_in_thread(interaction.channel_id)
        if record is None or record.status not in ("active", "over"):
            await send_private(interaction, "There is no game being played in this thread.")
            return
        await interaction.response.defer(thinking=True)
        view = await self.bot.service.view(record.id, None)
        png = await picture("scores", view)
        scores = view.get("scores") or []
        names = view.get("team_names") or []
        line = ", ".join(f"{names[t] if t < len(names) else t}: {s}"
                         for t, s in enumerate(scores))
        await respond(interaction, f"Canasta #{record.id} — {line}", private=False,
                      file=as_file(png, "scores.png"))

    @app_commands.command(name="leaderboard", description="This server's best Canasta players")
    @app_commands.describe(variant="Only games of this variant")
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction, variant: str | None = None
    ) -> None:
        name = (variant or "").strip().lower() or None
        if name is not None and name not in VARIANTS:  # never echoed in public
            await send_private(interaction, f"There is no variant called {quoted(variant or '')}"
                                            f": choose one of {', '.join(VARIANTS)}.")
            return
        board = await self.bot.service.leaderboard(interaction.guild_id, name)
        title = f"**Leaderboard{f' ({name})' if name else ''}**"
        if not board:
            await respond(interaction, f"{title}\nNo finished games yet.", private=False)
            return
        lines = [title, "```", f"{'#':>2}  {'player':<18}{'wins':>5}{'games':>6}{'win%':>6}"
                               f"{'best hand':>10}"]
        for rank, p in enumerate(board, start=1):
            best = "—" if p.best_hand is None else str(p.best_hand)
            lines.append(f"{rank:>2}  {p.name[:17]:<18}{p.wins:>5}{p.games:>6}"
                         f"{p.win_rate * 100:>5.0f}%{best:>10}")
        lines.append("```")
        await respond(interaction, "\n".join(lines), private=False)

    @leaderboard.autocomplete("variant")
    async def variant_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return variant_choices(current)

    @app_commands.command(name="stats", description="A player's Canasta statistics here")
    @app_commands.describe(player="Whose statistics (you, by default)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        who = player or interaction.user
        stats = await self.bot.service.player_stats(interaction.guild_id, str(who.id))
        if stats is None or (stats.games == 0 and stats.hands == 0):
            await respond(interaction, f"{who.display_name} has not finished a hand of Canasta "
                                       "here yet.", private=False)
            return
        await respond(
            interaction, f"**{who.display_name}**: {plural(stats.games, 'game')}, "
            f"{plural(stats.wins, 'win')} ({stats.win_rate * 100:.0f}%), "
            f"{plural(stats.canastas, 'canasta')} made, "
            f"went out {plural(stats.went_out, 'time')}, average hand score "
            f"{stats.average_hand:.0f} over {plural(stats.hands, 'hand')}"
            + (f", best hand {stats.best_hand}." if stats.best_hand is not None else "."),
            private=False,
        )


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Scores(bot))
