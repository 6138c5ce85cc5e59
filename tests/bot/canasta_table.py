"""Helpers for end-to-end tests: open a table, find messages, play moves as the players."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from PIL import Image

from bot import create_bot
from bot.discord_ui.client import CanastaBot
from bot.engine import Discard, Draw, Game, Meld, TakePile
from bot.service import LiveGame
from bot.store.sql import dumps

SEED = 2024
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


@dataclass
class Table:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    members: list[simcord.MemberActor]
    thread: simcord.ChannelHandle
    lobby: discord.Message
    game_id: int
    by_id: dict[str, simcord.MemberActor] = field(default_factory=dict)

    @property
    def bot(self) -> CanastaBot:
        bot = self.env.bot
        assert isinstance(bot, CanastaBot)
        return bot

    async def live(self) -> LiveGame:
        return await self.bot.service.live(self.game_id)

    async def game(self) -> Game:
        return (await self.live()).game

    def member(self, player: str) -> simcord.MemberActor:
        return self.by_id[player]

    async def actions(self) -> int:
        return len(await self.bot.store.actions(self.game_id))


async def open_table(
    env: simcord.Env, players: int = 4, *, seating: str = "join", start: bool = True,
    shard_id: int | None = None, **options: Any,
) -> Table:
    guild = env.create_guild(shard_id=shard_id)
    channel = guild.create_text_channel("canasta")
    members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
    result = await members[0].slash(channel, "canasta new", players=players, seating=seating,
                                    **options)
    assert result.response is not None, "the lobby message was not posted"
    lobby = result.response.message
    [thread] = channel.threads
    game_id = int(lobby.content.split("#", 1)[1].split("*", 1)[0])
    for member in members[1:]:
        joined = await member.click(channel.history()[0], label="Join")
        assert not joined.ephemeral, joined.response
    table = Table(env, guild, channel, members, thread, channel.history()[0], game_id,
                  {str(m.id): m for m in members})
    if start:
        started = await members[0].click(channel.history()[0], label="Start")
        assert started.acknowledged
    return table


async def add_computer(host: simcord.MemberActor, channel: simcord.ChannelHandle,
                       level: str = "normal") -> simcord.InteractionResult:
    """The host presses Add computer on the lobby, then picks the level."""
    asked = await host.click(channel.history()[0], label="Add computer")
    assert asked.ephemeral and asked.response is not None, asked
    if "level" not in asked.response.content:
        return asked  # refused
    return await host.click(asked.response, label=level.capitalize())


async def open_mixed_table(
    env: simcord.Env, seats: list[str], *, timer: int = 2, start: bool = True,
    shard_id: int | None = None, **options: Any,
) -> Table:
    """A table seated in join order: "human" takes the next person (Ana first, the host),
    a level ("easy", "normal", "hard") adds a computer of that level."""
    guild = env.create_guild(shard_id=shard_id)
    channel = guild.create_text_channel("canasta")
    people = sum(1 for s in seats if s == "human")
    members = [guild.add_member(env.create_user(name)) for name in NAMES[:people]]
    host = members[0]
    result = await host.slash(channel, "canasta new", players=len(seats), seating="join",
                              timer=timer, **options)
    assert result.response is not None
    game_id = int(result.response.content.split("#", 1)[1].split("*", 1)[0])
    waiting = iter(members[1:])
    for index, seat in enumerate(seats):
        if seat != "human":
            picked = await add_computer(host, channel, seat)
            assert "takes seat" in picked.response.content, picked.response.content
        elif index:
            joined = await next(waiting).click(channel.history()[0], label="Join")
            assert not joined.ephemeral
    [thread] = channel.threads
    table = Table(env, guild, channel, members, thread, channel.history()[0], game_id,
                  {str(m.id): m for m in members})
    if start:
        started = await host.click(channel.history()[0], label="Start")
        assert started.acknowledged and not started.ephemeral, started.response
    return table


def posts(table: Table) -> list[str]:
    """What the thread says now, line by line: its posts and the live table's log."""
    return said(table.thread)


def said(thread: simcord.ChannelHandle) -> list[str]:
    """Every line the thread shows now: its posts' lines and the live table's log lines
    (without their bullet), for tests that look for what was narrated."""
    return [line.removeprefix("• ") for m in thread.history() for line in m.content.split("\n")]


def live_table(thread: simcord.ChannelHandle) -> discord.Message:
    """The live table message (the latest post with the table picture)."""
    return next(m for m in reversed(thread.history())
                if m.attachments and m.attachments[0].filename == "table.png")


async def decode_picture(attachment: discord.Attachment) -> Image.Image:
    raw = await attachment.read()
    image = Image.open(io.BytesIO(raw))
    image.load()
    assert image.format == "PNG"
    return image


def meld_text(action: Meld) -> str:
    parts = [" ".join(group) for group in action.groups]
    parts += [f"{key}: {' '.join(cards)}" for key, cards in action.add.items()]
    return ", ".join(parts)


def _size(action: Any) -> int:
    if isinstance(action, Meld):
        return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())
    if isinstance(action, TakePile):
        return len(action.cards) + sum(len(g) for g in action.melds)
    return 0


def greedy_move(game: Game) -> Any:
    """The move of the player to act: take the pile when possible, meld as much as
    possible, else discard the highest card."""
    legal = game.legal_actions(game.turn)
    if game.phase == "draw":
        takes = [a for a in legal if isinstance(a, TakePile)]
        if takes:
            return max(takes, key=_size)
        return next(a for a in legal if isinstance(a, Draw))
    if game.phase == "play":
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=_size)
        return [a for a in legal if isinstance(a, Discard)][-1]
    raise AssertionError(f"unexpected phase {game.phase}")


async def play_one(table: Table) -> simcord.InteractionResult:
    """The player to act makes the greedy move through slash commands."""
    game = await table.game()
    member = table.member(game.turn)
    move = greedy_move(game)
    if isinstance(move, TakePile):
        melds = ", ".join(" ".join(g) for g in move.melds)
        return await member.slash(table.thread, "pickup", cards=" ".join(move.cards),
                                  melds=melds)
    if isinstance(move, Draw):
        return await member.slash(table.thread, "draw")
    if isinstance(move, Meld):
        return await member.slash(table.thread, "meld", groups=meld_text(move))
    return await member.slash(table.thread, "discard", card=move.card)


async def play_the_hand(table: Table) -> int:
    """The person (Ana, the host) plays greedy moves by slash commands until hand 1 ends;
    whenever the bot is idle it must be her turn (computers never wait for a click).
    Returns how many moves she made."""
    ana = str(table.members[0].id)
    moves = 0
    while (game := await table.game()).hand_number == 1 and game.phase != "over":
        assert game.turn == ana, f"the table waits for {game.turn}"
        result = await play_one(table)
        assert result.response is not None and not result.response.content.startswith(
            "Not allowed"), result.response.content
        moves += 1
        assert moves < 400, "the hand does not end"
    return moves


async def restart(env: simcord.Env, db_path: str, **settings: Any) -> CanastaBot:
    """A new bot instance on the same database replaces the running one."""
    old = env.bot
    fresh = create_bot(db_path, seed=SEED, ai_delay=0, **settings)
    await env.restart_bot(fresh)
    assert isinstance(old, CanastaBot)
    await old.close_store()
    return fresh


async def set_position(table: Table, position: Callable[[list[str]], Game]) -> Game:
    """Put a prepared position (`Game.from_position`) on a started table, through the store:
    `position` gets the seated players' ids in seat order and returns the game; the service
    forgets what it held, so the next command reads the new snapshot."""
    store = table.bot.store
    seats = sorted(await store.seats(table.game_id), key=lambda s: s.seat)
    game = position([s.player for s in seats])
    async with store._transaction() as tx:  # noqa: SLF001 - test setup, no public door
        await tx.execute("UPDATE games SET snapshot = ? WHERE id = ?",
                         (dumps(game.to_dict()), table.game_id))
    table.bot.service.forget()
    return game
