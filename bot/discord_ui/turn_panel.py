"""The controls on a person's hand message: Draw, Take the pile, Meld, Discard, Ask partner,
Hint (when the table allows hints) and a link to the game's thread. Built from the engine's
legal moves, so every option is a move the engine accepts (unless the table moved on since).

A panel belongs to one turn: its custom ids carry the game id and a turn token (hand number
and the count of discards so far), so after a restart a click still finds its game, and a
click on an old panel is recognised and refused politely.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot import i18n
from bot.discord_ui import custom_ids
from bot.discord_ui.discord_limits import BUTTON_LABEL, CHOICE_TEXT, CHOICES, fit
from bot.engine import AskToGoOut, Discard, Draw, Game, Meld, TakePile
from bot.i18n.speech import card_text, cards_text, say
from bot.service.card_input import meld_words
from bot.service.hints import hints_allowed
from bot.service.live_game import turn_token

if TYPE_CHECKING:
    from bot.service import LiveGame

TYPE_IT = "type"
NO_CARDS = "-"


def thread_link(live: LiveGame) -> str | None:
    record = live.record
    if record.thread_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.thread_id}"


def _size(action: Meld | TakePile) -> int:
    if isinstance(action, Meld):
        return sum(len(g) for g in action.groups) + sum(len(v) for v in action.add.values())
    return len(action.cards) + sum(len(g) for g in action.melds)


def meld_choices(game: Game, player: str, legal: list[Any] | None = None,
                 lang: str = i18n.BASE_LANGUAGE) -> list[tuple[str, str]]:
    """(label, value) of the legal melds and lay-offs, the most cards first."""
    legal = game.legal_actions(player) if legal is None else legal
    melds = [a for a in legal if isinstance(a, Meld)]
    melds.sort(key=_size, reverse=True)
    out = []
    on_table: dict[str, list[str]] = {}
    keys: list[str] = []
    ranks: dict[str, str] = {}
    if any(meld.add or meld.combine for meld in melds):
        mine = game.view(player)
        side = mine["teams"][mine["team"]]["melds"]
        on_table = {m["key"]: m["cards"] for m in side}
        keys = [m["key"] for m in side]
        ranks = {m["key"]: m["rank"] for m in side}
    for meld in melds:
        combine = [[_key(keys, a), _key(keys, b)] for a, b in meld.combine]
        value = meld_words(meld.groups, {str(k): v for k, v in meld.add.items()}, combine)
        label = ", ".join([cards_text(lang, g) for g in meld.groups]
                          + [_lay_off_label(lang, str(k), list(v), on_table)
                             for k, v in meld.add.items()]
                          + [say(lang, "panel.meld_combine", rank=ranks.get(a) or a)
                             for a, _ in combine])
        out.append((label, value))
    return out


def _key(keys: list[str], named: object) -> str:
    """A meld named by its index in `game.melds(team)` as the key /meld reads."""
    if isinstance(named, int) and 0 <= named < len(keys):
        return keys[named]
    return str(named)


def _lay_off_label(lang: str, key: str, cards: list[str],
                   on_table: dict[str, list[str]]) -> str:
    """"9♥ on nines"; onto a sequence, a wild meld or a second meld of a rank, the meld's
    cards: "8♥ on 5♥ 6♥ 7♥"."""
    if key in i18n.rank_letters(lang) and key != "JK":
        return say(lang, "panel.meld_lay_off", cards=cards, rank=key)
    return say(lang, "panel.meld_lay_off_on", cards=cards,
               meld=cards_text(lang, on_table.get(key, [])))


def take_choices(game: Game, player: str, legal: list[Any] | None = None,
                 lang: str = i18n.BASE_LANGUAGE) -> list[tuple[str, str]]:
    """(label, value) of the legal ways to take the pile; value: `cards | melds`."""
    legal = game.legal_actions(player) if legal is None else legal
    takes = [a for a in legal if isinstance(a, TakePile)]
    takes.sort(key=_size, reverse=True)
    out = []
    for take in takes:
        value = f"{' '.join(take.cards) or NO_CARDS}|{meld_words(take.melds)}"
        label = (say(lang, "panel.take_with", cards=list(take.cards)) if take.cards
                 else say(lang, "panel.take_lay_off"))
        if take.melds:
            label += say(lang, "panel.then_meld",
                         melds=", ".join(cards_text(lang, g) for g in take.melds))
        out.append((label, value))
    return out


def parse_take(value: str) -> tuple[list[str], str]:
    cards, _, melds = value.partition("|")
    return ([] if cards == NO_CARDS else cards.split()), melds


def _options(pairs: Iterable[tuple[str, str]], room: int) -> list[discord.SelectOption]:
    options: list[discord.SelectOption] = []
    seen: set[str] = set()
    for label, value in pairs:
        if len(options) == room:
            break
        if len(value) > CHOICE_TEXT or value in seen:
            continue
        seen.add(value)
        options.append(discord.SelectOption(label=fit(label, CHOICE_TEXT), value=value))
    return options


def panel(live: LiveGame, player: str, *, link: bool = True,
          lang: str = i18n.BASE_LANGUAGE) -> discord.ui.View | None:
    """The controls for `player` now, labelled in `lang` (None: nothing to press but the
    link)."""
    game = live.game
    view = discord.ui.View(timeout=None)
    game_id = live.record.id
    token = turn_token(game)
    mine = live.status == "active" and game.turn == player and game.phase in ("draw", "play")
    legal = game.legal_actions(player) if mine else []

    def cid(verb: str) -> str:
        return custom_ids.move(game_id, token, verb)

    if mine and game.phase == "draw":
        if any(isinstance(a, Draw) for a in legal):
            view.add_item(discord.ui.Button(label=i18n.text(lang, "panel.draw"),
                                            style=discord.ButtonStyle.primary,
                                            custom_id=cid("draw"), row=0))
        takes = take_choices(game, player, legal, lang)
        if len(takes) == 1:
            view.add_item(discord.ui.Button(label=i18n.text(lang, "panel.take"),
                                            custom_id=cid("take"),
                                            style=discord.ButtonStyle.success, row=0))
        elif takes:
            view.add_item(discord.ui.Select(
                custom_id=cid("takes"), placeholder=i18n.text(lang, "panel.take_menu"), row=1,
                options=_options(takes, CHOICES)))
    if mine and game.phase == "play":
        melds = _options(meld_choices(game, player, legal, lang), CHOICES - 1)
        melds.append(discord.SelectOption(label=i18n.text(lang, "panel.type_it"),
                                          value=TYPE_IT))
        view.add_item(discord.ui.Select(custom_id=cid("meld"), row=1, options=melds,
                                        placeholder=i18n.text(lang, "panel.meld_menu")))
        cards = sorted({a.card for a in legal if isinstance(a, Discard)})
        if cards:
            view.add_item(discord.ui.Select(
                custom_id=cid("discard"), placeholder=i18n.text(lang, "panel.discard_menu"),
                row=2, options=_options(((f"{card_text(lang, c)} ({c})", c) for c in cards),
                                        CHOICES)))
        if any(isinstance(a, AskToGoOut) for a in legal):
            view.add_item(discord.ui.Button(label=i18n.text(lang, "panel.ask"),
                                            custom_id=cid("ask"), row=0))
    if mine and hints_allowed(live.record.options, live.seats):
        view.add_item(hint_button(game_id, lang))
    url = thread_link(live) if link else None
    if url is not None:
        view.add_item(discord.ui.Button(label=fit(i18n.text(lang, "panel.thread"), BUTTON_LABEL),
                                        url=url, row=0))
    return view if view.children else None


def hint_button(game_id: int, lang: str) -> discord.ui.Button[discord.ui.View]:
    """Hint: privately, the move the hard computer would make now (see hint_answer.py)."""
    return discord.ui.Button(label=fit(i18n.text(lang, "panel.hint"), BUTTON_LABEL),
                             custom_id=custom_ids.hint(game_id), row=0)


def turn_is(game: Game, token: str) -> bool:
    return turn_token(game) == token


def values(interaction: discord.Interaction) -> list[str]:
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or []]
