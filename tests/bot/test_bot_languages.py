"""Issue 10 end to end: a Russian server plays a hand in Russian (lobby, thread, refusals,
table picture), a Lithuanian player there reads their own replies and hand in Lithuanian,
and /meld takes Russian rank letters."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import simcord
import simcord.interactions
from canasta_table import NAMES, Table, greedy_move, meld_text, restart

import bot.render
from bot import i18n
from bot.engine import Discard, Draw, Meld, TakePile
from bot.i18n.catalog import po_catalog

RUSSIAN_LETTERS = {"A": "т", "K": "к", "Q": "д", "J": "в", "JK": "дж"}


@pytest.fixture
def client_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Each user's Discord client language (simcord sends en-US for everyone)."""
    locales: dict[int, str] = {}
    build = simcord.interactions.base_payload

    def with_locale(*args: Any, **kwargs: Any) -> Any:
        record, payload = build(*args, **kwargs)
        payload["locale"] = locales.get(int(kwargs["user_id"]), "en-US")
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    return locales


@pytest.fixture
def drawn_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str, str]]]:
    """(kind, language, player) of every picture the bot draws."""
    drawn: list[tuple[str, str, str]] = []
    for kind in ("hand", "table", "scores"):
        draw = getattr(bot.render, f"render_{kind}")

        def recording(view: dict[str, Any], kind: str = kind, draw: Any = draw) -> bytes:
            drawn.append((kind, view.get("language", "en"), str(view.get("player"))))
            return draw(view)

        monkeypatch.setattr(bot.render, f"render_{kind}", recording)
    yield drawn


def english_words() -> set[str]:
    """Words of the English catalog that no Russian sentence also uses (Discord, Regency…)."""
    def words(lang: str) -> set[str]:
        out: set[str] = set()
        for message in po_catalog(lang):
            if not message.id:  # the header
                continue
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            for form in forms:
                text = re.sub(r"\{\w+\}", " ", form or "")
                out.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", text))
        return out
    return words("en") - words("ru")


def leaks(texts: list[str]) -> list[str]:
    """The English catalog words in these texts (player names are not catalog words)."""
    found = english_words()
    names = {n.lower() for n in NAMES}
    return [w for t in texts for w in re.findall(r"[A-Za-z]{3,}", t)
            if w.lower() in found and w.lower() not in names]


def texts_of(result: simcord.InteractionResult) -> list[str]:
    out = [result.response] if result.response is not None else []
    return [r.content for r in out + result.followups]


async def russian_table(env: simcord.Env, locales: dict[int, str], *, lithuanian: bool = False
                        ) -> Table:
    """A server whose admin chose Russian; four players with Russian Discord clients."""
    users = [env.create_user(name) for name in NAMES[:4]]
    guild = env.create_guild(owner=users[0])
    channel = guild.create_text_channel("канаста")
    members = [guild.add_member(u) for u in users]
    for member in members:
        locales[member.id] = "ru"
    refused = await members[1].slash(channel, "canasta language", language="ru")
    assert texts_of(refused) == [i18n.text("ru", "reply.admins_only")]
    chosen = await members[0].slash(channel, "canasta language", language="ru")
    assert chosen.ephemeral and "русский" in texts_of(chosen)[0], texts_of(chosen)
    if lithuanian:
        said = await members[1].slash(channel, "language", language="lt")
        assert texts_of(said) == [i18n.text("lt", "reply.language_set",
                                            language="lietuviškai")]
    opened = await members[0].slash(channel, "canasta new", players=4, seating="join")
    lobby = opened.response
    assert lobby is not None and lobby.content.startswith("**Канаста #"), lobby
    game_id = int(lobby.content.split("#", 1)[1].split("*", 1)[0])
    for member in members[1:]:
        joined = await member.click(channel.history()[0], label=i18n.text("ru", "button.join"))
        assert not joined.ephemeral
    [thread] = channel.threads
    assert thread.name.startswith("Канаста #")
    started = await members[0].click(channel.history()[0], label=i18n.text("ru", "button.start"))
    assert started.acknowledged
    return Table(env, guild, channel, members, thread, channel.history()[0], game_id,
                 {str(m.id): m for m in members})


def russian(move: Meld) -> str:
    """A meld typed by rank with Russian letters: ["QH", "QS", "2C"] -> "дд2"."""
    def letters(cards: list[str]) -> str:
        return "".join(RUSSIAN_LETTERS.get(c if c == "JK" else c[:-1], c[:-1]) for c in cards)
    parts = [letters(g) for g in move.groups]
    parts += [f"{RUSSIAN_LETTERS.get(key, key)}: {letters(cards)}"
              for key, cards in move.add.items()]
    return ", ".join(parts)


async def play(table: Table, *, russian_melds: bool) -> tuple[list[str], int]:
    """Greedy moves through slash commands until the first hand ends; the replies, and how
    many melds were typed with Russian letters."""
    replies: list[str] = []
    typed = 0
    for _ in range(600):
        game = await table.game()
        if game.hand_number > 1 or game.phase == "over":
            return replies, typed
        member = table.member(game.turn)
        move = greedy_move(game)
        if isinstance(move, TakePile):
            result = await member.slash(table.thread, "pickup", cards=" ".join(move.cards),
                                        melds=", ".join(" ".join(g) for g in move.melds))
        elif isinstance(move, Draw):
            result = await member.slash(table.thread, "draw")
        elif isinstance(move, Meld):
            text = russian(move) if russian_melds else meld_text(move)
            before = len(game.hand(game.turn))
            result = await member.slash(table.thread, "meld", groups=text)
            if russian_melds and len((await table.game()).hand(game.turn)) < before:
                typed += 1
        else:
            assert isinstance(move, Discard)
            result = await member.slash(table.thread, "discard", card=move.card)
        said = texts_of(result)
        refusal = i18n.text("ru", "reply.not_allowed", reason="")
        assert not any(t.startswith(refusal.strip()) for t in said), said
        replies += said
    raise AssertionError("the hand did not end")


async def test_a_russian_server_plays_a_hand_in_russian(
    simcord_env: simcord.Env, client_locales: dict[int, str],
    drawn_in: list[tuple[str, str, str]],
) -> None:
    table = await russian_table(simcord_env, client_locales)
    game = await table.game()
    waiting = next(p for p in table.by_id if p != game.turn)
    early = await table.member(waiting).slash(table.thread, "discard", card="9c")
    [text] = texts_of(early)
    turn_name = (await table.live()).names[game.turn]
    assert text == i18n.text("ru", "reply.not_allowed", reason=i18n.text(
        "ru", "refusal.not_your_turn", player=turn_name) + ".")
    first = await table.member(game.turn).slash(table.thread, "discard", card="9c")
    assert texts_of(first)[0].startswith("Нельзя: сначала возьмите карту"), texts_of(first)

    replies, typed = await play(table, russian_melds=True)
    assert typed >= 1, "no meld was typed with Russian letters"

    lobby = table.channel.history()[0].content
    thread = [m.content for m in table.thread.history()]
    assert any(line.startswith("Конец раздачи 1") for line in thread), thread
    assert "Игра идёт: играйте в ветке." in lobby
    assert not leaks([lobby, *thread, text, *replies]), leaks([lobby, *thread, *replies])
    dms = [m.content for m in table.members[0].user.dm_channel.history()]
    assert dms and dms[0].startswith("Канаста #") and not leaks(dms), dms[:2]
    tables = {lang for kind, lang, _ in drawn_in if kind == "table"}
    assert tables == {"ru"}, drawn_in
    assert {lang for kind, lang, _ in drawn_in if kind in ("hand", "scores")} == {"ru"}


async def test_a_lithuanian_player_in_a_russian_server(
    simcord_env: simcord.Env, client_locales: dict[int, str],
    drawn_in: list[tuple[str, str, str]],
) -> None:
    table = await russian_table(simcord_env, client_locales, lithuanian=True)
    bo = table.members[1]
    bo_id = str(bo.id)
    game = await table.game()
    names = (await table.live()).names
    assert game.turn != bo_id
    refused = await bo.slash(table.thread, "draw")
    assert texts_of(refused) == [i18n.text("lt", "reply.not_allowed", reason=i18n.text(
        "lt", "refusal.not_your_turn", player=names[game.turn]) + ".")]
    await play(table, russian_melds=False)
    caption = bo.user.dm_channel.history()[0].content
    assert caption.startswith("Kanasta #") and "padalijimas" in caption, caption
    bo_name = names[bo_id]  # views name players as people know them
    hands = {lang for kind, lang, player in drawn_in if kind == "hand" and player == bo_name}
    assert hands == {"lt"}, drawn_in
    others = {lang for kind, lang, player in drawn_in if kind == "hand" and player != bo_name}
    assert others == {"ru"}
    assert {lang for kind, lang, _ in drawn_in if kind == "table"} == {"ru"}
    rules = await bo.slash(table.thread, "rules")
    assert texts_of(rules)[0].startswith("**Taisyklės:"), texts_of(rules)


async def test_the_server_language_falls_back_to_the_guild_locale_then_the_default(
    simcord_env: simcord.Env, db_path: str, client_locales: dict[int, str],
) -> None:
    await restart(simcord_env, db_path, default_language="bg")
    heads = {}
    for locale in ("de", "lt", "en-US"):
        host = simcord_env.create_user(f"host-{locale}")
        guild = simcord_env.create_guild(owner=host, preferred_locale=locale)
        channel = guild.create_text_channel("canasta")
        member = guild.add_member(host)
        opened = await member.slash(channel, "canasta new", players=2)
        assert opened.response is not None
        heads[locale] = opened.response.content.split("#", 1)[0]
        if locale == "de":  # then its admin chooses Russian, and back to the default
            await member.slash(channel, "canasta language", language="ru")
            await simcord_env.advance_time(30)  # /canasta new: once in 30 s per member
            again = await member.slash(channel, "canasta new", players=2)
            assert again.response is not None and again.response.content.startswith("**Канаста")
            back = await member.slash(channel, "canasta language", language="auto")
            assert "Bulgarian" in texts_of(back)[0], texts_of(back)  # her client is English
    assert heads == {"de": "**Канаста ", "lt": "**Kanasta ", "en-US": "**Canasta "}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rules_of_every_variant_in_every_language(lang: str) -> None:
    """/rules for each variant and table size: in messages Discord takes (one, or two cut
    between lines), the rank letters of the language named, and (other than in English) no
    English catalog word."""
    from bot.discord_ui.discord_limits import CONTENT
    from bot.engine import VARIANTS, variant
    from bot.engine.variants import PLAYER_COUNTS
    from bot.i18n.rules_text import rules_messages, rules_text

    letters = " ".join(i18n.rank_letters(lang)[r] for r in ("A", "K", "Q", "J"))
    for name in VARIANTS:
        for players, teams in ((2, None), (3, None), (4, None), (5, None), (6, 2), (6, 3)):
            if players not in PLAYER_COUNTS[name]:
                continue
            rules = variant(name, players, **({"teams": teams} if teams else {}))
            text = rules_text(rules, lang)
            messages = rules_messages(rules, lang, CONTENT)
            assert "\n".join(messages) == text and len(messages) <= 2, (name, players)
            assert all(len(m) <= CONTENT for m in messages), (name, players, len(text))
            assert all(letter in text for letter in letters.split()), (lang, letters)
            if lang == "ru":
                assert not leaks([text]), leaks([text])


def test_own_letters_read_as_the_english_ranks() -> None:
    from bot.service.card_input import own_letters, parse_groups

    assert own_letters("ддд, к: 2c дж", "ru") == "QQQ, K: 2c *"
    assert own_letters("ааа ппп вв2", "bg") == "AAA KKK JJ2"
    assert own_letters("ddv ttt kd td t♥", "lt") == "QQJ AAA kd td t♥"  # kd, td: English cards
    assert own_letters("QQQ tt", "en") == "QQQ tt"
    hand = ["QH", "QD", "QS", "2C", "JK", "KH", "KS", "KD"]
    assert parse_groups(own_letters("дд2 ккк", "ru"), hand) == (
        [["QD", "QH", "2C"], ["KD", "KH", "KS"]], {})


async def test_a_computer_player_is_named_in_the_servers_language(
    simcord_env: simcord.Env, client_locales: dict[int, str],
) -> None:
    host = simcord_env.create_user("Ana")
    guild = simcord_env.create_guild(owner=host)
    channel = guild.create_text_channel("канаста")
    ana = guild.add_member(host)
    client_locales[ana.id] = "ru"
    await ana.slash(channel, "canasta language", language="ru")
    await ana.slash(channel, "canasta new", players=2)
    asked = await ana.click(channel.history()[0], label=i18n.text("ru", "button.computer"))
    assert asked.response is not None and asked.response.content.startswith("Какой уровень")
    picked = await ana.click(asked.response, label="Обычный")
    assert picked.response is not None
    lobby = channel.history()[0].content
    assert "2. Компьютер 1 (компьютер, обычный)" in lobby, lobby
    assert not leaks([lobby, picked.response.content]), lobby
