"""The simulated Discord outlives the bot: a crash test saves simcord's backend (every guild,
channel, thread and message) when the bot process dies, and a restart attaches a new bot to
it. Test-only."""

from __future__ import annotations

import json
import pickle
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord
from simcord.builders import ChannelHandle, GuildHandle, UserHandle

BACKEND = "discord.pickle"
META = "discord.json"


@dataclass
class Handles:
    """What a test needs to act again: the guild, the lobby channel and the people."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    members: list[simcord.MemberActor]


def save(env: simcord.Env, folder: Path, handles: Handles) -> None:
    backend = env.backend
    # The listeners are the running bot's; the logs are only logs (and large).
    kept = backend.subscribers, backend.http_requests, backend.transcript
    backend.subscribers, backend.http_requests, backend.transcript = [], [], []
    try:
        data = pickle.dumps(backend)
    finally:
        backend.subscribers, backend.http_requests, backend.transcript = kept
    (folder / BACKEND).write_bytes(data)
    meta = {"guild": handles.guild.id, "channel": handles.channel.id,
            "members": [m.id for m in handles.members]}
    (folder / META).write_text(json.dumps(meta))


@asynccontextmanager
async def restored(folder: Path, bot: discord.Client) -> AsyncIterator[tuple[simcord.Env,
                                                                             Handles]]:
    """A running simcord env on the saved Discord, with `bot` attached (it sees READY)."""
    env = simcord.Env(bot)
    env.backend = pickle.loads((folder / BACKEND).read_bytes())
    meta: dict[str, Any] = json.loads((folder / META).read_text())
    await env.start()
    clock = env.time_context()
    clock.__enter__()
    try:
        backend = env.backend
        guild = GuildHandle(env, backend.guilds[meta["guild"]])
        channel = ChannelHandle(env, guild, backend.channels[meta["channel"]])
        members = [simcord.MemberActor(env, guild, UserHandle(env, backend.users[m]))
                   for m in meta["members"]]
        yield env, Handles(guild, channel, members)
    finally:
        try:
            await env.shutdown()
        finally:
            clock.__exit__(None, None, None)
