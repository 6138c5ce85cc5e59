"""The bytes the bot uploads to Discord, per round of turns, in the two tables `bench.bot`
plays: four people (its latency tables), and one person with three computers (played
here). Every upload is counted: the turn messages' hand pictures (posted and edited), the
live table's pictures, the new-hand posts and the score sheets.

Bars (issue "The picture in front of a player is always the game as it is now"), the mean
over the run: four people at most 600 KB a round, one person and three computers at most
250 KB a round.
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

BAR_PEOPLE_KB = 600.0
BAR_SOLO_KB = 250.0
SOLO_ROUNDS = 40  # rounds of the one-person table (its person's turns), over several hands
KB = 1000  # the bars' KB: a thousand bytes


@dataclass
class Uploads:
    """Every picture uploaded while counting: (attachment name, bytes)."""

    files: list[tuple[str, int]] = field(default_factory=list)

    def since(self, start: int) -> list[tuple[str, int]]:
        return self.files[start:]


@contextlib.contextmanager
def counting() -> Iterator[Uploads]:
    """Count every `discord.File` the bot makes (each is one upload: a post or an edit)."""
    import discord

    uploads = Uploads()
    real_file = discord.File.__init__

    def counted_file(self: Any, fp: Any, filename: str | None = None, **kwargs: Any) -> None:
        real_file(self, fp, filename, **kwargs)
        size = len(fp.getbuffer()) if hasattr(fp, "getbuffer") else 0
        uploads.files.append((str(filename), size))

    discord.File.__init__ = counted_file  # type: ignore[method-assign]
    try:
        yield uploads
    finally:
        discord.File.__init__ = real_file  # type: ignore[method-assign]


def report(label: str, files: list[tuple[str, int]], rounds: float, bar_kb: float,
           hands: int) -> bool:
    """Print the bytes per round (and by picture) and whether the bar holds."""
    by_name: dict[str, list[int]] = defaultdict(list)
    for name, size in files:
        by_name[name].append(size)
    per_round = sum(size for _, size in files) / rounds / KB if rounds else 0.0
    parts = ", ".join(f"{name} {len(sizes) / rounds:.2f} x {sum(sizes) / len(sizes) / KB:.0f} KB"
                      for name, sizes in sorted(by_name.items()))
    ok = per_round <= bar_kb
    print(f"uploads, {label} ({rounds:.0f} rounds, {hands} hands ended): {per_round:.0f} KB a "
          f"round ({parts})")
    print(f"bar: {label}: <= {bar_kb:.0f} KB a round: {'PASS' if ok else 'FAIL'}")
    return ok


async def solo_table(db: str, choose: Any) -> tuple[list[tuple[str, int]], float, int]:
    """One person and three computers (normal) play `SOLO_ROUNDS` rounds, across hands:
    (the uploads, the rounds, the hands ended). `choose(game, player)` gives the person's
    move as (slash command, options)."""
    import simcord

    from bot import create_bot, i18n

    bot = create_bot(db, ai_delay=0)
    with counting() as uploads:
        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild()
                channel = guild.create_text_channel("canasta-solo")
                person = guild.add_member(env.create_user("solo"))
                await person.slash(channel, "canasta new", players=4, seating="join", timer=0)
                for _ in range(3):
                    asked = await person.click(channel.history()[0],
                                               label=i18n.text("en", "button.computer"))
                    assert asked.response is not None, asked
                    normal = i18n.text("en", "level.normal").capitalize()
                    await person.click(asked.response, label=normal)
                await person.click(channel.history()[0], label=i18n.text("en", "button.start"))
                thread = channel.threads[0]
                record = await bot.service.game_in_thread(thread.id)
                assert record is not None
                me, rounds = str(person.id), 0
                while True:
                    game = (await bot.service.live(record.id)).game
                    if game.phase == "over" or (game.phase == "draw" and rounds == SOLO_ROUNDS):
                        break
                    assert game.turn == me, "the computers never wait for the person"
                    rounds += game.phase == "draw"  # her turn starts: a round
                    command, options = choose(game, me)
                    await person.slash(thread, command, **options)
                hands = len(await bot.store.hand_results(record.id)) // 2
        finally:
            await bot.close_store()
    return uploads.files, float(rounds), hands
