"""/scores (this game's sheet), /leaderboard (this server), /stats (one player)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import i18n
from bot.discord_ui.channel_rights import may_post
from bot.discord_ui.client import CanastaBot
from bot.discord_ui.command_words import about, name
from bot.discord_ui.discord_limits import respond, send_private
from bot.discord_ui.names import in_code, shown
from bot.discord_ui.pictures import as_file, picture
from bot.discord_ui.slow_down import too_soon
from bot.engine import VARIANTS, quoted
from bot.service.names import clean_name
from bot.store import FAMILIES, PlayerStats, family_of
from bot.store.rating_model import COMPUTER_PREFIX


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
        public = may_post(interaction)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        lang = await self.bot.languages.server(interaction.guild_id)
        view = await self.bot.service.view(record.id, None)
        view["language"] = lang
        png = await picture("scores", view)
        scores = view.get("scores") or []
        names = [shown(name) for name in view.get("team_names") or []]
        line = ", ".join(f"{names[t] if t < len(names) else t}: {i18n.number(lang, s)}"
                         for t, s in enumerate(scores))
        await respond(interaction, i18n.text(lang, "scores.line", game=record.id, scores=line),
                      private=not public, file=as_file(png, "scores"))

    @app_commands.command(name=name("leaderboard"), description=about("leaderboard"))
    @app_commands.rename(family=name("leaderboard.family"))
    @app_commands.describe(family=about("leaderboard.family"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction,
                          family: str | None = None) -> None:
        """The family's rated players and computer levels, by conservative rating."""
        chosen = family_named(family) if family and family.strip() else family_of(
            self.bot.service.default_variant)
        if chosen is None:  # never echoed in public
            mine = await self.bot.languages.of(interaction)
            await send_private(interaction, i18n.text(
                mine, "leaderboard.no_family", text=quoted(family or ""),
                choices=", ".join(i18n.text(mine, f"family.{f}") for f in FAMILIES)))
            return
        lang = await self.bot.languages.server(interaction.guild_id)
        board = await self.bot.service.rating_board(interaction.guild_id, chosen)
        title = i18n.text(lang, "leaderboard.title_family",
                          family=i18n.text(lang, f"family.{chosen}"))
        if not board:
            await respond(interaction, f"{title}\n{i18n.text(lang, 'leaderboard.empty')}",
                          private=not may_post(interaction))
            return
        head = [i18n.text(lang, f"leaderboard.{k}") for k in ("player", "rating", "games")]
        lines = [title, "```", f"{'#':>2}  {head[0][:21]:<22}{head[1][:8]:>9}{head[2][:7]:>8}"]
        for rank, r in enumerate(board, start=1):
            who = in_code(rated_name(lang, r.player, r.name))
            lines.append(f"{rank:>2}  {who[:21]:<22}{i18n.decimal(lang, r.ordinal):>9}"
                         f"{r.games:>8}")
        lines += ["```", i18n.text(lang, "leaderboard.rating_is")]
        await respond(interaction, "\n".join(lines), private=not may_post(interaction))

    @leaderboard.autocomplete("family")
    async def family_names(self, interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        lang = await self.bot.languages.of(interaction)
        offered = [app_commands.Choice(name=i18n.text(lang, f"family.{f}"), value=f)
                   for f in FAMILIES]
        fitting = [c for c in offered if current.strip().lower() in c.name.lower()
                   or current.strip().lower() in c.value]
        return fitting or offered

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
        spoken = shown(clean_name(who.display_name))
        hints = ("" if stats is None or not stats.hints else
                 " " + i18n.text(lang, "stats.hints", n=i18n.number(lang, stats.hints)))
        ratings = await self.bot.service.player_ratings(interaction.guild_id, str(who.id))
        if (stats is None or (stats.games == 0 and stats.hands == 0)) and not ratings:
            await respond(interaction, i18n.text(lang, "stats.none", player=spoken) + hints,
                          private=not may_post(interaction))
            return
        lines = []
        if stats is not None and (stats.games or stats.hands):
            lines.append(_stats_line(lang, spoken, stats) + hints)
        for now, _ in ratings:
            lines.append(i18n.text(
                lang, "stats.rating", family=i18n.text(lang, f"family.{now.family}"),
                rating=i18n.decimal(lang, now.ordinal), mu=i18n.decimal(lang, now.mu),
                sigma=i18n.decimal(lang, now.sigma),
                matches=i18n.plural(lang, "stats.rated_matches", now.games)))
        if not ratings:
            await respond(interaction, "\n".join(lines), private=not may_post(interaction))
            return
        if await too_soon(self.bot, interaction, "picture"):  # a picture is dear
            return
        public = may_post(interaction)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        png = await picture("rating", {
            "language": lang, "player": clean_name(who.display_name),
            "series": [{"family": now.family, "points": [h.ordinal for h in history]}
                       for now, history in ratings]})
        await respond(interaction, "\n".join(lines), private=not public,
                      file=as_file(png, "rating"))


def family_named(text: str) -> str | None:
    """The family a typed word names: its key, its name in any language, or one of its
    variants ("vienna" is an Official Laws variant); None when it names none."""
    word = " ".join(text.split()).lower()
    if word in FAMILIES:
        return word
    if word in VARIANTS:
        return family_of(word)
    for family in FAMILIES:
        if any(i18n.text(lang, f"family.{family}").lower() == word for lang in i18n.LANGUAGES):
            return family
    return None


def rated_name(lang: str, player: str, name: str) -> str:
    """A rated player's name as the boards show it (a computer level: "computer (hard)")."""
    if player.startswith(COMPUTER_PREFIX):
        level = player[len(COMPUTER_PREFIX):]
        return i18n.text(lang, "leaderboard.computer", level=i18n.text(lang, f"level.{level}"))
    return name


def _stats_line(lang: str, player: str, stats: PlayerStats) -> str:
    line = i18n.text(
        lang, "stats.line", player=player,
        games=i18n.plural(lang, "stats.games", stats.games),
        wins=i18n.plural(lang, "stats.wins", stats.wins),
        rate=f"{stats.win_rate * 100:.0f}",
        canastas=i18n.plural(lang, "stats.canastas", stats.canastas),
        went_out=i18n.plural(lang, "stats.went_out", stats.went_out),
        hands=i18n.plural(lang, "stats.hands", stats.hands,
                          average=i18n.number(lang, round(stats.average_hand))))
    best = ("." if stats.best_hand is None else
            i18n.text(lang, "stats.best", best=i18n.number(lang, stats.best_hand)))
    return line + best


async def setup(bot: CanastaBot) -> None:
    await bot.add_cog(Scores(bot))
