"""The replays open in this process: each person's private message stepping through a hand
(`/replay`), its steps, where it stands, and the pictures drawn for it.

A picture is drawn when a step is first shown and kept while the replay is open, at most
`KEEP_PICTURES` of them (the least recently shown goes first) and for at most `KEEP_SECONDS`
after the replay opened: then the replay closes and its pictures go. Its buttons carry its
key (`custom_ids.replay`), so a click finds it whatever discord.py holds; a click on a replay
that closed (or that a restart forgot) is told so, and only its owner may step through it.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.discord_limits import CHOICE_TEXT, fit
from bot.discord_ui.pictures import picture
from bot.service import Replay

KEEP_SECONDS = 600.0
KEEP_PICTURES = 30
MENU_OPTIONS = 25  # Discord's most per menu: a window of steps around the one shown
OPEN_AT_MOST = 500  # replays held at once in one process (the oldest closes first)


@dataclass
class OpenReplay:
    key: str
    owner: int
    replay: Replay
    lang: str
    opened: float
    step: int = 0
    pictures: OrderedDict[int, bytes] = field(default_factory=OrderedDict)

    @property
    def last(self) -> int:
        return len(self.replay.steps) - 1

    def caption(self) -> str:
        step = self.replay.steps[self.step]
        return fit(i18n.text(self.lang, "replay.caption", game=self.replay.game_id,
                             hand=self.replay.hand, step=self.step + 1,
                             steps=self.last + 1, move=step.said))

    async def picture(self) -> bytes:
        """This step's picture: drawn the first time it is shown, then kept."""
        png = self.pictures.get(self.step)
        if png is None:
            view = {**self.replay.steps[self.step].view, "language": self.lang}
            png = await picture("replay", view)
            self.pictures[self.step] = png
            while len(self.pictures) > KEEP_PICTURES:
                self.pictures.popitem(last=False)
        self.pictures.move_to_end(self.step)
        return png

    def controls(self) -> discord.ui.View:
        """◀ ▶ and a menu of the moves around this step (the layout only: see
        discord_limits)."""
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="◀", custom_id=custom_ids.replay(self.key, "back"),
                                        disabled=self.step == 0))
        view.add_item(discord.ui.Button(label="▶", custom_id=custom_ids.replay(self.key, "next"),
                                        disabled=self.step == self.last))
        start = max(0, min(self.step - MENU_OPTIONS // 2, self.last + 1 - MENU_OPTIONS))
        options = [discord.SelectOption(
            label=fit(f"{i + 1}. {self.replay.steps[i].said}", CHOICE_TEXT), value=str(i),
            default=i == self.step)
            for i in range(start, min(self.last + 1, start + MENU_OPTIONS))]
        view.add_item(discord.ui.Select(custom_id=custom_ids.replay(self.key, "menu"),
                                        placeholder=i18n.text(self.lang, "replay.menu"),
                                        options=options, row=1))
        return view


class ReplayDesk:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._open: OrderedDict[str, OpenReplay] = OrderedDict()

    def open(self, owner: int, replay: Replay, lang: str) -> OpenReplay:
        self._close_old()
        key = secrets.token_hex(8)
        opened = OpenReplay(key, owner, replay, lang, self.clock())
        self._open[key] = opened
        while len(self._open) > OPEN_AT_MOST:
            self._open.popitem(last=False)
        with contextlib.suppress(RuntimeError):  # no loop running: closed at the next look
            asyncio.get_running_loop().call_later(KEEP_SECONDS, self._close_old)
        return opened

    def get(self, key: str) -> OpenReplay | None:
        """The replay of that key, if it is still open."""
        self._close_old()
        return self._open.get(key)

    def __len__(self) -> int:
        return len(self._open)

    def _close_old(self) -> None:
        now = self.clock()
        for key in [k for k, r in self._open.items() if now - r.opened >= KEEP_SECONDS]:
            del self._open[key]
