"""A seeded fuzz of the bot as a hostile or careless crowd uses it: random users (players and
people who are not), random channels, threads and DMs, random strings (unicode, mentions,
6 000 characters), moves out of turn, clicks on old buttons, lobby buttons, new tables.

Every interaction must be answered; no handler may fail; a refused interaction must leave
every game, its seats and its action log exactly as they were. (Every request the bot makes
is checked against Discord's limits by the autouse fixture in conftest.py.)"""

from __future__ import annotations

import logging
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import simcord
from canasta_table import Table, meld_text, open_table, play_one

from bot.engine import AskToGoOut, Concede, Discard, Draw, Meld, TakePile

INTERACTIONS = 1000
FUZZ_SEED = 1414
ROW_TABLES = ("games", "seats", "actions", "hand_results", "stats", "deadlines")
ACCEPTED = ("Done", "A computer player has", "Welcome back", "Which level")
MOVES = ("draw", "pickup", "meld", "discard", "goout", "acaba")
LOOKS = ("hand", "table", "rules", "scores", "leaderboard", "stats")
SEATS = ("leave", "rejoin", "replace")
TEXT_OPTIONS = {"pickup": ("cards", "melds"), "meld": ("groups",), "discard": ("card",),
                "canasta new": ("variant",), "leaderboard": ("family",)}


def rows(db_path: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row a game is made of, read straight from the database file."""
    with sqlite3.connect(db_path) as db:
        return {name: db.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
                for name in ROW_TABLES}


class Crowd:
    """The random source of users, places and things to type."""

    def __init__(self, env: simcord.Env, table: Table, outsiders: list[simcord.MemberActor],
                 seed: int) -> None:
        self.env = env
        self.table = table
        self.rng = random.Random(seed)
        self.people = table.members + outsiders
        self.other_channel = table.guild.create_text_channel("elsewhere")

    def someone(self) -> simcord.MemberActor:
        return self.rng.choice(self.people)

    def place(self) -> simcord.ChannelHandle:
        threads = [t for c in (self.table.channel, self.other_channel) for t in c.threads]
        return self.rng.choice([self.table.channel, self.other_channel, *threads,
                                self.table.thread, self.table.thread])

    async def hand_of(self, member: simcord.MemberActor) -> list[str]:
        game = await self.table.game()
        player = str(member.id)
        return [c.text for c in game.hand(player)] if player in game.players else []

    def text(self, hand: list[str]) -> str:
        rng = self.rng
        kind = rng.randrange(9)
        if kind == 0:
            return ""
        if kind == 1 and hand:
            return " ".join(rng.sample(hand, rng.randint(1, min(4, len(hand)))))
        if kind == 2:
            return rng.choice(["777", "QQ2", "k: 2c", "7h 7d 7s", "jk jk jk", "10d td", "x*",
                               "3c", "4h,4d,4s", "a: 2c jk", "ac ac ac", "5♥ 5♦ 5♣", "9"])
        if kind == 3:
            return "".join(chr(_codepoint(rng)) for _ in range(rng.randint(1, 60)))
        if kind == 4:
            return (rng.choice(["7h ", "<@1> ", "🂡", "ż\u200b", "**x** "]) * 3000)[:6000]
        if kind == 5:
            user = rng.choice(self.people).id
            return f"<@{user}> @everyone @here <@&{user}> [click](https://evil.example)"
        if kind == 6:
            return rng.choice(["classic", "vienna", "british", "uruguayan", " Vienna ", "samba"])
        if kind == 7:
            return " \n\t " * rng.randint(1, 50)
        return str(rng.getrandbits(200))


def _codepoint(rng: random.Random) -> int:
    """Any character a Discord client can send (no lone surrogates)."""
    while True:
        point = rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000),
                            rng.randrange(0x1F000, 0x1FAFF), rng.randrange(0x200B, 0x2070)])
        if not 0xD800 <= point <= 0xDFFF:
            return point


class Fuzz:
    def __init__(self, crowd: Crowd, db_path: str) -> None:
        self.crowd = crowd
        self.env = crowd.env
        self.db_path = db_path
        self.count = 0
        self.refused = 0
        self.skipped = 0

    async def step(self) -> None:
        rng = self.crowd.rng
        roll = rng.random()
        if roll < 0.04:
            await self.env.advance_time(rng.choice([5, 30, 61, 130, 400]))
            return
        chosen: Callable[[], Awaitable[simcord.InteractionResult | list[Any]]]
        if roll < 0.22:
            chosen = self.legal_move
        elif roll < 0.50:
            chosen = self.random_move
        elif roll < 0.62:
            chosen = self.look
        elif roll < 0.67:
            chosen = self.seat
        elif roll < 0.72:
            chosen = self.new_table
        elif roll < 0.90:
            chosen = self.click
        else:
            chosen = self.autocomplete
        before = rows(self.db_path)
        try:
            result = await chosen()
        except simcord.SetupError:
            self.skipped += 1  # Discord itself would not let a user do that
            return
        self.count += 1
        if isinstance(result, list):  # autocomplete choices: answered, nothing changes
            assert rows(self.db_path) == before
            return
        self.check_answered(result)
        if self.is_refusal(result):
            self.refused += 1
            assert rows(self.db_path) == before, f"a refused interaction changed a game: {result}"

    @staticmethod
    def replies(result: simcord.InteractionResult) -> list[simcord.ResponseMessage]:
        return ([result.response] if result.response is not None else []) + result.followups

    def check_answered(self, result: simcord.InteractionResult) -> None:
        assert result.acknowledged, f"an interaction was never answered: {result}"
        if result.deferred:
            assert result.followups, f"deferred and never followed up: {result}"
        for reply in self.replies(result):
            assert "Something went wrong" not in reply.content, reply.content

    def is_refusal(self, result: simcord.InteractionResult) -> bool:
        replies = self.replies(result)
        return (bool(replies) and all(r.ephemeral for r in replies)
                and not any(r.content.startswith(ACCEPTED) or " takes seat " in r.content
                            for r in replies))

    # ------------------------------------------------------------------ interactions

    async def legal_move(self) -> simcord.InteractionResult:
        """A move the rules allow, by the player whose turn it is (or the partner's answer),
        so that the game moves on: hands end, partners are asked, new hands are dealt."""
        table, rng = self.crowd.table, self.crowd.rng
        record = await table.bot.store.game(table.game_id)
        game = await table.game()
        if record is None or record.status != "active" or game.phase == "over":
            return await self.random_move()
        question = game.view(game.turn).get("question") or {}
        if question.get("partners"):
            return await self.answer(question["partners"])
        live = await table.live()
        if live.stand_in(game.turn) is not None:
            return await self.random_move()
        legal = game.legal_actions(game.turn)
        asks = [a for a in legal if isinstance(a, AskToGoOut)]
        if asks and rng.random() < 0.8:
            return await table.member(game.turn).slash(table.thread, "goout")
        if rng.random() < 0.6:
            return await play_one(table)
        return await self.slash_for(rng.choice(legal), table.member(game.turn))

    async def answer(self, partners: list[str]) -> simcord.InteractionResult:
        table = self.crowd.table
        prompts = [m for m in self.env.backend.messages[table.thread.id].values()
                   if "may I go out?" in m.content and m.components
                   and not m.components[0]["components"][0].get("disabled")]
        people = [p for p in partners if p in table.by_id]
        if not prompts or not people:
            raise simcord.SetupError("no prompt a person can answer")
        label = self.crowd.rng.choice(["Yes", "No"])
        return await table.member(self.crowd.rng.choice(people)).click(
            simcord.ResponseMessage(self.env, prompts[-1]), label=label)

    async def slash_for(self, action: Any, member: simcord.MemberActor
                        ) -> simcord.InteractionResult:
        thread = self.crowd.table.thread
        if isinstance(action, TakePile):
            return await member.slash(thread, "pickup", cards=" ".join(action.cards),
                                      melds=", ".join(" ".join(g) for g in action.melds))
        if isinstance(action, Meld):
            return await member.slash(thread, "meld", groups=meld_text(action))
        if isinstance(action, Discard):
            return await member.slash(thread, "discard", card=action.card)
        command = {Draw: "draw", AskToGoOut: "goout", Concede: "acaba"}[type(action)]
        return await member.slash(thread, command)

    async def random_move(self) -> simcord.InteractionResult:
        crowd = self.crowd
        member, command = crowd.someone(), crowd.rng.choice(MOVES)
        hand = await crowd.hand_of(member)
        options = {name: crowd.text(hand) for name in TEXT_OPTIONS.get(command, ())
                   if name != "cards" or crowd.rng.random() < 0.7}
        if command in ("meld", "discard") and not options.get(TEXT_OPTIONS[command][0]):
            options[TEXT_OPTIONS[command][0]] = crowd.rng.choice(hand or ["7h"])
        return await member.slash(crowd.place(), command, **options)

    async def look(self) -> simcord.InteractionResult:
        crowd = self.crowd
        member, command = crowd.someone(), crowd.rng.choice(LOOKS)
        options: dict[str, Any] = {}
        if command == "leaderboard" and crowd.rng.random() < 0.6:
            options["family"] = crowd.text([])
        if command == "stats" and crowd.rng.random() < 0.5:
            options["player"] = crowd.someone()
        if command == "rules" and crowd.rng.random() < 0.3:
            return await member.user.slash("rules")  # in the bot's DMs
        return await member.slash(crowd.place(), command, **options)

    async def seat(self) -> simcord.InteractionResult:
        crowd = self.crowd
        member, command = crowd.someone(), crowd.rng.choice(SEATS)
        options = {"player": crowd.someone()} if command == "replace" else {}
        return await member.slash(crowd.place(), command, **options)

    async def new_table(self) -> simcord.InteractionResult:
        crowd = self.crowd
        rng = crowd.rng
        options: dict[str, Any] = {"players": rng.randint(2, 6)}
        if rng.random() < 0.6:
            options["family"] = crowd.text([])
        if rng.random() < 0.3:
            options["teams"] = rng.randint(2, 3)
        if rng.random() < 0.3:
            options["target"] = rng.randint(500, 100000)
        channel = rng.choice([crowd.table.channel, crowd.other_channel, crowd.table.thread])
        return await crowd.someone().slash(channel, "canasta new", **options)

    async def click(self) -> simcord.InteractionResult:
        """Any enabled button anywhere: lobbies, prompts answered or not, Rematch, the level
        picker someone else was shown (read from the in-memory Discord, not message by
        message, to keep the fuzz quick)."""
        crowd = self.crowd
        buttons = [(message, item["label"])
                   for channel in self.env.backend.messages.values()
                   for message in channel.values()
                   for row in message.components for item in row.get("components", [])
                   if item.get("type") == 2 and item.get("label") and not item.get("disabled")]
        if not buttons:
            raise simcord.SetupError("no button to click")
        message, label = crowd.rng.choice(buttons)
        return await crowd.someone().click(simcord.ResponseMessage(self.env, message),
                                           label=label)

    async def autocomplete(self) -> list[Any]:
        crowd = self.crowd
        command = crowd.rng.choice(list(TEXT_OPTIONS))
        option = crowd.rng.choice(TEXT_OPTIONS[command])
        member = crowd.someone()
        typed = crowd.text(await crowd.hand_of(member))
        channel = crowd.table.channel if command in ("canasta new", "leaderboard") \
            else crowd.place()
        offered = await member.autocomplete(channel, command, option, typed)
        assert offered is not None
        return offered


async def test_a_thousand_random_interactions(
    simcord_env: simcord.Env, db_path: str, caplog: pytest.LogCaptureFixture,
) -> None:
    started = time.monotonic()
    caplog.set_level(logging.WARNING)
    table = await open_table(simcord_env, timer=1)
    outsiders = [table.guild.add_member(simcord_env.create_user(name))
                 for name in ("Mallory", "Trudy")]
    fuzz = Fuzz(Crowd(simcord_env, table, outsiders, FUZZ_SEED), db_path)
    while fuzz.count < INTERACTIONS:
        await fuzz.step()
    elapsed = time.monotonic() - started

    assert simcord_env.errors == [], "handlers failed"
    public = [m.content for channel in simcord_env.backend.messages.values()
              for m in channel.values() if not m.flags & 64]  # 64: ephemeral
    assert not [t for t in public if "evil.example" in t or "<@&" in t or "@everyone" in t]
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]
    assert fuzz.refused > INTERACTIONS // 5  # the hostile part happened
    accepted_moves = await table.actions()
    assert accepted_moves > 50  # and so did a game
    with sqlite3.connect(db_path) as db:
        statuses = dict(db.execute("SELECT status, count(*) FROM games GROUP BY status"))
        answers = db.execute("SELECT count(*) FROM actions WHERE action LIKE '%answer%'")
        hands = db.execute("SELECT count(DISTINCT game_id || '-' || hand) FROM hand_results")
        reached = f"{answers.fetchone()[0]} answers to 'may I go out?', " \
                  f"{hands.fetchone()[0]} hands ended"
    print(f"fuzz: {fuzz.count} interactions ({fuzz.refused} refused, {fuzz.skipped} "
          f"impossible in Discord), {accepted_moves} moves in the main game, tables {statuses}, "
          f"{reached}, {elapsed:.1f} s")
