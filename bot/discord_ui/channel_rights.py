"""What a member and the bot may do in the channel of an interaction, as Discord sends it
with the interaction (the member's `permissions`, the bot's `app_permissions`): no request.

A table is opened only where its host could have posted the lobby and made its thread
themselves, and where the bot can run it (post, make and post in the thread, attach the
pictures). A public answer goes public only where the member may post; elsewhere it is
private, so nobody uses the bot to speak where they may not.
"""

from __future__ import annotations

import discord

HOST_NEEDS = ("send_messages", "create_public_threads")
BOT_NEEDS = ("view_channel", "send_messages", "read_message_history",
             "create_public_threads", "send_messages_in_threads", "attach_files",
             "embed_links")


def lacking(permissions: discord.Permissions, needed: tuple[str, ...]) -> list[str]:
    return [name for name in needed if not getattr(permissions, name)]


def host_lacks(interaction: discord.Interaction) -> list[str]:
    """What the member lacks to open a table in this channel."""
    return lacking(interaction.permissions, HOST_NEEDS)


def bot_lacks(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks to run a table from this channel."""
    return lacking(interaction.app_permissions, BOT_NEEDS)


def may_post(interaction: discord.Interaction) -> bool:
    """Whether the member may post where the interaction comes from (a thread: post in
    threads). Outside a server (a DM) anyone may."""
    if interaction.guild_id is None:
        return True
    permissions = interaction.permissions
    if isinstance(interaction.channel, discord.Thread):
        return permissions.send_messages_in_threads
    return permissions.send_messages
